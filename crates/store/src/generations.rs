//! The write generations in memory, on PostgreSQL (issue 31, "PostgreSQL within 1.5×").
//!
//! A kept page, count or view is trusted at its generation: the site's list generation
//! (`crate::list_counts::generation`) or a person's pair (`crate::person_generations`). On
//! SQLite reading one is a B-tree lookup inside the process; on PostgreSQL it is a round trip,
//! and it was most of what a kept page cost there. So on PostgreSQL each instance keeps the
//! generations it has read, and forgets one as soon as it moves: migration m0047 announces
//! every bump on a channel, and [`Generations::watch`] listens to it.
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
    ConnectionTrait, DatabaseConnection,
};
use tokio::sync::oneshot;

use crate::{migrations::m0047_generation_notices::CHANNEL, person_generations::PersonGeneration, StoreResult};

/// People whose generations are kept before the set is cleared (two integers each).
const MAX_PEOPLE: usize = 200_000;

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
    sites: HashMap<i64, Learnt>,
    /// Persons' own generations, and everyone's under user 0.
    people: HashMap<i64, Learnt>,
}

/// A generation, and when it was read.
#[derive(Clone, Copy)]
struct Learnt {
    generation: i64,
    at: Instant,
}

impl Learnt {
    fn now(generation: i64) -> Self {
        Learnt { generation, at: Instant::now() }
    }

    fn trusted(self) -> Option<i64> {
        (self.at.elapsed() < TRUST_FOR).then_some(self.generation)
    }
}

/// What memory says of a generation.
enum Lookup<T> {
    Known(T),
    /// Not known: read it, and remember it if nothing was heard since `heard`.
    Unknown {
        heard: u64,
    },
    /// Not listening: read it, and do not remember it.
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

    /// The site's list write generation (`crate::list_counts::generation`).
    pub async fn site(&self, db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<i64> {
        let lookup = self.watch.as_ref().map_or(Lookup::Off, |watch| watch.site(tenant_id));
        let heard = match lookup {
            Lookup::Known(generation) => return Ok(generation),
            Lookup::Unknown { heard } => Some(heard),
            Lookup::Off => None,
        };
        let generation = crate::list_counts::generation(db, tenant_id).await?;
        if let (Some(watch), Some(heard)) = (&self.watch, heard) {
            watch.learn(heard, |known| {
                known.sites.insert(tenant_id, Learnt::now(generation));
            });
        }
        Ok(generation)
    }

    /// A person's generations (`crate::person_generations::of`).
    pub async fn person(&self, db: &impl ConnectionTrait, user_id: i64) -> StoreResult<PersonGeneration> {
        let lookup = self.watch.as_ref().map_or(Lookup::Off, |watch| watch.person(user_id));
        let heard = match lookup {
            Lookup::Known(generation) => return Ok(generation),
            Lookup::Unknown { heard } => Some(heard),
            Lookup::Off => None,
        };
        let generation = crate::person_generations::of(db, user_id).await?;
        if let (Some(watch), Some(heard)) = (&self.watch, heard) {
            watch.learn(heard, |known| {
                if known.people.len() >= MAX_PEOPLE {
                    known.people.clear();
                }
                known.people.insert(user_id, Learnt::now(generation.person));
                known.people.insert(0, Learnt::now(generation.everyone));
            });
        }
        Ok(generation)
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
        self.sites.clear();
        self.people.clear();
    }
}

impl Watch {
    fn lock(&self) -> MutexGuard<'_, Known> {
        self.known.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn lock_marks(&self) -> MutexGuard<'_, HashMap<u64, oneshot::Sender<()>>> {
        self.marks.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn site(&self, tenant_id: i64) -> Lookup<i64> {
        let known = self.lock();
        if !known.live {
            return Lookup::Off;
        }
        match known.sites.get(&tenant_id).and_then(|learnt| learnt.trusted()) {
            Some(generation) => Lookup::Known(generation),
            None => Lookup::Unknown { heard: known.heard },
        }
    }

    fn person(&self, user_id: i64) -> Lookup<PersonGeneration> {
        let known = self.lock();
        if !known.live {
            return Lookup::Off;
        }
        let trusted = |user_id| known.people.get(&user_id).and_then(|learnt| learnt.trusted());
        match (trusted(user_id), trusted(0)) {
            (Some(person), Some(everyone)) => Lookup::Known(PersonGeneration { person, everyone }),
            _ => Lookup::Unknown { heard: known.heard },
        }
    }

    /// Remembers what `write` files, unless something was heard since `heard` or the
    /// listener went away.
    fn learn(&self, heard: u64, write: impl FnOnce(&mut Known)) {
        let mut known = self.lock();
        if known.live && known.heard == heard {
            write(&mut known);
        }
    }

    /// A notice `"{schema} site {tenant}"` or `"{schema} person {user}"`: forgets that
    /// generation. One that cannot be read forgets everything. `"{schema} mark {n}"` is
    /// [`Generations::caught_up`]'s.
    fn heard(&self, notice: &str, schema: &str) {
        let mut words = notice.split(' ');
        let (Some(of_schema), Some(kind), Some(id), None) = (words.next(), words.next(), words.next(), words.next())
        else {
            self.lock().forget();
            return;
        };
        if of_schema != schema {
            return;
        }
        if kind == "mark" {
            if let Some(waiting) = id.parse().ok().and_then(|mark| self.lock_marks().remove(&mark)) {
                let _ = waiting.send(());
            }
            return;
        }
        let mut known = self.lock();
        known.heard = known.heard.wrapping_add(1);
        match (kind, id.parse::<i64>()) {
            ("site", Ok(tenant_id)) => {
                known.sites.remove(&tenant_id);
            }
            ("person", Ok(user_id)) => {
                known.people.remove(&user_id);
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

    fn site(watch: &Watch, tenant_id: i64) -> Option<i64> {
        match watch.site(tenant_id) {
            Lookup::Known(generation) => Some(generation),
            _ => None,
        }
    }

    fn heard_since(watch: &Watch) -> u64 {
        match watch.site(i64::MAX) {
            Lookup::Unknown { heard } => heard,
            _ => panic!("the watch is live"),
        }
    }

    #[test]
    fn a_notice_forgets_its_row_and_a_read_overtaken_by_one_is_not_kept() {
        let watch = live_watch();
        let before = heard_since(&watch);
        watch.learn(before, |known| {
            known.sites.insert(1, Learnt::now(4));
            known.sites.insert(2, Learnt::now(9));
        });
        assert_eq!(site(&watch, 1), Some(4));

        watch.heard("public site 1", "public");
        assert_eq!(site(&watch, 1), None, "its own row");
        assert_eq!(site(&watch, 2), Some(9), "another site's");

        // A read that started before the notice files nothing.
        watch.learn(before, |known| {
            known.sites.insert(1, Learnt::now(4));
        });
        assert_eq!(site(&watch, 1), None);

        watch.heard("other_schema site 2", "public");
        assert_eq!(site(&watch, 2), Some(9), "another schema's notice");
        watch.heard("public nonsense", "public");
        assert_eq!(site(&watch, 2), None, "an unreadable notice forgets everything");
    }

    #[test]
    fn a_person_is_known_with_everyone_and_forgotten_with_everyone() {
        let watch = live_watch();
        let heard = heard_since(&watch);
        watch.learn(heard, |known| {
            known.people.insert(7, Learnt::now(3));
            known.people.insert(0, Learnt::now(1));
        });
        assert!(matches!(watch.person(7), Lookup::Known(PersonGeneration { person: 3, everyone: 1 })));
        watch.heard("public person 0", "public");
        assert!(matches!(watch.person(7), Lookup::Unknown { .. }), "everyone's write");
    }

    #[test]
    fn nothing_is_trusted_while_the_listener_is_away_or_after_it_comes_back() {
        let watch = live_watch();
        let heard = heard_since(&watch);
        watch.learn(heard, |known| {
            known.sites.insert(1, Learnt::now(4));
        });
        watch.set_live(false);
        assert!(matches!(watch.site(1), Lookup::Off));
        watch.learn(heard, |known| {
            known.sites.insert(1, Learnt::now(4));
        });
        watch.set_live(true);
        assert_eq!(site(&watch, 1), None);
    }

    #[test]
    fn a_generation_is_trusted_for_a_second_without_a_notice() {
        let watch = live_watch();
        let heard = heard_since(&watch);
        let long_ago = Learnt { generation: 4, at: Instant::now() - TRUST_FOR };
        watch.learn(heard, |known| {
            known.sites.insert(1, long_ago);
            known.sites.insert(2, Learnt::now(5));
        });
        assert_eq!(site(&watch, 1), None);
        assert_eq!(site(&watch, 2), Some(5));
    }
}
