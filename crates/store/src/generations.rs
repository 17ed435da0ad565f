//! The write generations in memory, on PostgreSQL (issue 31, "PostgreSQL within 1.5×").
//!
//! A kept page, count, view or ranking is trusted at its generation: the site's list
//! generation (`crate::list_counts::generation`), a person's pair (`crate::person_generations`),
//! or the matching index's generations and a member's version (`queries::matching`). On
//! SQLite reading one is a B-tree lookup inside the process; on PostgreSQL it is a round trip,
//! and it was most of what a kept page cost there. So on PostgreSQL each instance keeps the
//! generations it has read, and forgets one as soon as it moves: migration m0047 announces
//! every bump on a channel, and [`Generations::watch`] listens to it. Each table's reader adds
//! its typed method to [`Generations`] beside its database read (`site`, `person`,
//! `matching_site`, `matching_stamps`).
//!
//! - A generation is read from memory only while the listener is subscribed. Subscribing (or
//!   losing the connection) forgets everything, so nothing read before the subscription is
//!   trusted after it.
//! - A generation read from the database is remembered only if no notice arrived while it was
//!   being read (`heard` did not move): a notice for a write that committed during the read
//!   cannot be overtaken by the older value.
//! - An instance forgets everything after its own writes ([`Generations::forget`], called once
//!   a writing request or a background job is done), so a member reads their own write at
//!   once. Other instances learn of a write when its notice arrives, a few milliseconds after
//!   the commit, which is the lag a read replica would have.
//! - A notice only makes an instance forget (it carries no number), so notices from another
//!   schema or a repeated one cost a read, never a wrong page.
//! - A generation is trusted for a second after it was read ([`TRUST_FOR`]): a connection that
//!   dies without a word (a network partition) loses notices before the listener can tell,
//!   and this bounds what such a loss can cost, as the site's settings are bounded
//!   (`api::state::TenantCache`).
//!
//! On SQLite there is no channel, and the generations are read every time, as before.

use std::{
    collections::HashMap,
    future::Future,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, Mutex, MutexGuard, Weak,
    },
    time::{Duration, Instant},
};

use sea_orm::{
    sqlx::{
        self,
        postgres::{PgConnectOptions, PgListener, PgPool, PgPoolOptions},
    },
    DatabaseConnection,
};
use tokio::sync::oneshot;

use crate::StoreResult;

/// The channel the notices go out on (migration m0047 sends them).
pub const CHANNEL: &str = "waypoint_generations";

/// How long a generation read from the database is trusted without a notice.
pub const TRUST_FOR: Duration = Duration::from_secs(1);

/// How long the listener waits before subscribing again after losing its connection.
const RESUBSCRIBE_AFTER: Duration = Duration::from_secs(1);

/// The generations of one database, as a request reads them (cheap to clone).
#[derive(Clone, Default)]
pub struct Generations {
    /// `None`: read from the database every time (SQLite, or the watch turned off).
    watch: Option<Arc<Watch>>,
}

#[derive(Default)]
struct Watch {
    known: Mutex<Known>,
    /// Where [`Generations::caught_up`] sends its marks from (a connection of its own).
    marker: Option<PgPool>,
    next_mark: AtomicU64,
    /// Marks sent and not heard yet, with who waits for each.
    marks: Mutex<HashMap<u64, oneshot::Sender<()>>>,
}

#[derive(Default)]
struct Known {
    /// The listener is subscribed: only then is anything here trusted.
    live: bool,
    /// Moves with every notice and every forgetting.
    heard: u64,
    rows: HashMap<(Announced, i64), Learnt>,
}

/// The rows whose changes are announced (m0047), by the word their notices use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Announced {
    /// `list_generations`, per site.
    Site,
    /// `person_generations`, per person (everyone's under 0).
    Person,
    /// `match_generations`, per site: the matching index's three generations.
    MatchSite,
    /// `match_members`, per member: their version.
    MatchMember,
}

impl Announced {
    fn of_word(word: &str) -> Option<Announced> {
        match word {
            "site" => Some(Announced::Site),
            "person" => Some(Announced::Person),
            "match_site" => Some(Announced::MatchSite),
            "match_member" => Some(Announced::MatchMember),
            _ => None,
        }
    }
}

/// Rows kept before the set is cleared (a few integers each).
const MAX_ROWS: usize = 400_000;

/// A row's values (a generation, or the matching index's three), and when they were read.
#[derive(Clone, Copy)]
struct Learnt {
    values: [i64; 3],
    at: Instant,
}

impl Learnt {
    fn now(values: [i64; 3]) -> Self {
        Learnt { values, at: Instant::now() }
    }

    fn trusted(self) -> Option<[i64; 3]> {
        (self.at.elapsed() < TRUST_FOR).then_some(self.values)
    }
}

/// What memory says of some rows.
enum Lookup<T> {
    Known(T),
    /// Not known: read them, and remember them if nothing was heard since `heard`.
    Unknown {
        heard: u64,
    },
    /// Not listening: read them, and do not remember them.
    Off,
}

impl Generations {
    /// Reads every generation from the database (SQLite's way, and the tools').
    pub fn off() -> Self {
        Generations::default()
    }

    /// On PostgreSQL, keeps the generations in memory while a listener subscribed to their
    /// notices (m0047) is connected; it subscribes in the background and again after a lost
    /// connection, on a connection of its own. Elsewhere, [`Generations::off`].
    /// Must be called inside a Tokio runtime.
    pub fn watch(db: &DatabaseConnection) -> Self {
        if db.get_database_backend() != sea_orm::DbBackend::Postgres {
            return Generations::off();
        }
        let options = (*db.get_postgres_connection_pool().connect_options()).clone();
        let marker = PgPoolOptions::new().max_connections(1).connect_lazy_with(options.clone());
        let watch = Arc::new(Watch { marker: Some(marker), ..Watch::default() });
        tokio::spawn(listen(Arc::downgrade(&watch), options));
        Generations { watch: Some(watch) }
    }

    /// Whether generations are being read from memory now (the listener is subscribed).
    pub fn is_live(&self) -> bool {
        self.watch.as_ref().is_some_and(|watch| watch.lock().live)
    }

    /// The rows `keys` from memory, else `read`'s answer (`values` says what to remember
    /// of it, in the order of `keys`). The typed readers are beside the tables' own readers:
    /// `site` in `crate::list_counts`, `person` in `crate::person_generations`, the matching
    /// index's in `queries::matching`.
    pub(crate) async fn recall<const K: usize, T: Copy>(
        &self,
        keys: [(Announced, i64); K],
        read: impl Future<Output = StoreResult<T>>,
        values: impl Fn(&T) -> [[i64; 3]; K],
        from: impl Fn([[i64; 3]; K]) -> T,
    ) -> StoreResult<T> {
        let lookup = self.watch.as_ref().map_or(Lookup::Off, |watch| watch.recall(keys));
        let heard = match lookup {
            Lookup::Known(known) => return Ok(from(known)),
            Lookup::Unknown { heard } => Some(heard),
            Lookup::Off => None,
        };
        let answer = read.await?;
        if let (Some(watch), Some(heard)) = (&self.watch, heard) {
            watch.learn(heard, keys, values(&answer));
        }
        Ok(answer)
    }

    /// The rows `keys` if memory holds them all now, without reading the database.
    pub(crate) fn known<const K: usize>(&self, keys: [(Announced, i64); K]) -> Option<[[i64; 3]; K]> {
        match self.watch.as_ref()?.recall(keys) {
            Lookup::Known(values) => Some(values),
            Lookup::Unknown { .. } | Lookup::Off => None,
        }
    }

    /// Returns once every notice of what committed before the call has been heard, so that
    /// what is read from memory afterwards is as new as a read of the database: for tests and
    /// tools that write around the API. It sends a mark of its own down the channel and waits
    /// for it (notices arrive in commit order), two seconds at the most.
    pub async fn caught_up(&self) -> StoreResult<()> {
        let Some(watch) = self.watch.as_ref().filter(|_| self.is_live()) else { return Ok(()) };
        let Some(marker) = &watch.marker else { return Ok(()) };
        let mark = watch.next_mark.fetch_add(1, Ordering::Relaxed);
        let (heard, wait) = oneshot::channel();
        watch.lock_marks().insert(mark, heard);
        let sent = sqlx::query("SELECT pg_notify($1, current_schema() || ' mark ' || $2)")
            .bind(CHANNEL)
            .bind(mark.to_string())
            .execute(marker)
            .await;
        if let Err(err) = sent {
            watch.lock_marks().remove(&mark);
            return Err(crate::StoreError::Db(sea_orm::DbErr::Custom(format!("sending a generation mark: {err}"))));
        }
        // A lost listener drops the mark's sender (nothing is read from memory then).
        let _ = tokio::time::timeout(Duration::from_secs(2), wait).await;
        Ok(())
    }

    /// Forgets every generation: this instance has just written (its own notices may not
    /// have arrived yet).
    pub fn forget(&self) {
        if let Some(watch) = &self.watch {
            watch.lock().forget();
        }
    }
}

impl Known {
    fn forget(&mut self) {
        self.heard = self.heard.wrapping_add(1);
        self.rows.clear();
    }
}

impl Watch {
    fn lock(&self) -> MutexGuard<'_, Known> {
        self.known.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn lock_marks(&self) -> MutexGuard<'_, HashMap<u64, oneshot::Sender<()>>> {
        self.marks.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Every one of `keys` trusted, or what to do instead.
    fn recall<const K: usize>(&self, keys: [(Announced, i64); K]) -> Lookup<[[i64; 3]; K]> {
        let known = self.lock();
        if !known.live {
            return Lookup::Off;
        }
        let mut out = [[0; 3]; K];
        for (slot, key) in out.iter_mut().zip(keys) {
            match known.rows.get(&key).and_then(|learnt| learnt.trusted()) {
                Some(values) => *slot = values,
                None => return Lookup::Unknown { heard: known.heard },
            }
        }
        Lookup::Known(out)
    }

    /// Remembers `values` under `keys`, unless something was heard since `heard` or the
    /// listener went away.
    fn learn<const K: usize>(&self, heard: u64, keys: [(Announced, i64); K], values: [[i64; 3]; K]) {
        let mut known = self.lock();
        if !(known.live && known.heard == heard) {
            return;
        }
        if known.rows.len() + K > MAX_ROWS {
            known.rows.clear();
        }
        for (key, values) in keys.into_iter().zip(values) {
            known.rows.insert(key, Learnt::now(values));
        }
    }

    /// A notice `"{schema} {row} {id}"` (`site`, `person`, `match_site`, `match_member`):
    /// forgets that row. One that cannot be read forgets everything. `"{schema} mark {n}"`
    /// is [`Generations::caught_up`]'s.
    fn heard(&self, notice: &str, schema: &str) {
        let mut words = notice.split(' ');
        let (Some(of_schema), Some(word), Some(id), None) = (words.next(), words.next(), words.next(), words.next())
        else {
            self.lock().forget();
            return;
        };
        if of_schema != schema {
            return;
        }
        if word == "mark" {
            if let Some(waiting) = id.parse().ok().and_then(|mark| self.lock_marks().remove(&mark)) {
                let _ = waiting.send(());
            }
            return;
        }
        let mut known = self.lock();
        match (Announced::of_word(word), id.parse::<i64>()) {
            (Some(row), Ok(id)) => {
                known.heard = known.heard.wrapping_add(1);
                known.rows.remove(&(row, id));
            }
            _ => known.forget(),
        }
    }

    fn set_live(&self, live: bool) {
        let mut known = self.lock();
        known.forget();
        known.live = live;
        if !live {
            // Their marks went down a connection that is gone.
            self.lock_marks().clear();
        }
    }
}

/// Subscribes, hands every notice to the watch, and subscribes again after a lost connection,
/// until the watch is dropped.
async fn listen(watch: Weak<Watch>, options: PgConnectOptions) {
    loop {
        match subscribe(&options).await {
            Ok((mut listener, schema)) => {
                match watch.upgrade() {
                    Some(watch) => watch.set_live(true),
                    None => return,
                }
                loop {
                    match listener.try_recv().await {
                        Ok(Some(notice)) => match watch.upgrade() {
                            Some(watch) => watch.heard(notice.payload(), &schema),
                            None => return,
                        },
                        Ok(None) => {
                            tracing::warn!(
                                "generation notices: connection lost; reading generations from the database"
                            );
                            break;
                        }
                        Err(err) => {
                            tracing::warn!(error = %err, "generation notices: listener failed; reading generations from the database");
                            break;
                        }
                    }
                }
            }
            Err(err) => {
                tracing::warn!(error = %err, "generation notices: cannot subscribe; reading generations from the database")
            }
        }
        match watch.upgrade() {
            Some(watch) => watch.set_live(false),
            None => return,
        }
        tokio::time::sleep(RESUBSCRIBE_AFTER).await;
    }
}

/// A listener on a connection of its own (outside the request pool), subscribed to the
/// channel, and the schema its notices are expected from.
async fn subscribe(options: &PgConnectOptions) -> Result<(PgListener, String), sqlx::Error> {
    let pool = PgPoolOptions::new().max_connections(1).connect_lazy_with(options.clone());
    let mut listener = PgListener::connect_with(&pool).await?;
    let schema: String = sqlx::query_scalar("SELECT current_schema()").fetch_one(&mut listener).await?;
    listener.listen(CHANNEL).await?;
    Ok((listener, schema))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live_watch() -> Watch {
        let watch = Watch::default();
        watch.set_live(true);
        watch
    }

    fn heard_since(watch: &Watch) -> u64 {
        match watch.recall([(Announced::Site, i64::MAX)]) {
            Lookup::Unknown { heard } => heard,
            _ => panic!("the watch is live"),
        }
    }

    fn site(watch: &Watch, tenant_id: i64) -> Option<i64> {
        match watch.recall([(Announced::Site, tenant_id)]) {
            Lookup::Known([[generation, ..]]) => Some(generation),
            _ => None,
        }
    }

    fn learn_site(watch: &Watch, heard: u64, tenant_id: i64, generation: i64) {
        watch.learn(heard, [(Announced::Site, tenant_id)], [[generation, 0, 0]]);
    }

    #[test]
    fn a_notice_forgets_its_row_and_a_read_overtaken_by_one_is_not_kept() {
        let watch = live_watch();
        let before = heard_since(&watch);
        learn_site(&watch, before, 1, 4);
        learn_site(&watch, before, 2, 9);
        assert_eq!(site(&watch, 1), Some(4));

        watch.heard("public site 1", "public");
        assert_eq!(site(&watch, 1), None, "its own row");
        assert_eq!(site(&watch, 2), Some(9), "another site's");

        // A read that started before the notice files nothing.
        learn_site(&watch, before, 1, 4);
        assert_eq!(site(&watch, 1), None);

        watch.heard("public person 2", "public");
        assert_eq!(site(&watch, 2), Some(9), "a person's row of the same number");
        watch.heard("other_schema site 2", "public");
        assert_eq!(site(&watch, 2), Some(9), "another schema's notice");
        watch.heard("public nonsense", "public");
        assert_eq!(site(&watch, 2), None, "an unreadable notice forgets everything");
    }

    #[test]
    fn rows_read_together_are_known_only_together() {
        let watch = live_watch();
        let heard = heard_since(&watch);
        let keys = [(Announced::MatchSite, 1), (Announced::MatchMember, 7)];
        watch.learn(heard, keys, [[5, 6, 7], [3, 0, 0]]);
        assert!(matches!(watch.recall(keys), Lookup::Known([[5, 6, 7], [3, 0, 0]])));
        watch.heard("public match_member 7", "public");
        assert!(matches!(watch.recall(keys), Lookup::Unknown { .. }), "the member's row");
        assert!(matches!(watch.recall([(Announced::MatchSite, 1)]), Lookup::Known([[5, 6, 7]])), "the site's stays");
    }

    #[test]
    fn nothing_is_trusted_while_the_listener_is_away_or_after_it_comes_back() {
        let watch = live_watch();
        let heard = heard_since(&watch);
        learn_site(&watch, heard, 1, 4);
        watch.set_live(false);
        assert!(matches!(watch.recall([(Announced::Site, 1)]), Lookup::Off));
        learn_site(&watch, heard, 1, 4);
        watch.set_live(true);
        assert_eq!(site(&watch, 1), None);
    }

    #[test]
    fn a_generation_is_trusted_for_a_second_without_a_notice() {
        let watch = live_watch();
        let heard = heard_since(&watch);
        learn_site(&watch, heard, 2, 5);
        watch.lock().rows.insert((Announced::Site, 1), Learnt { values: [4, 0, 0], at: Instant::now() - TRUST_FOR });
        assert_eq!(site(&watch, 1), None);
        assert_eq!(site(&watch, 2), Some(5));
    }
}
