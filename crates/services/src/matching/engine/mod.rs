//! The matching engine (issue 29): one answer to "what here fits this person?" for the
//! assistant ([`Engine::answer`]), every recommendation list ([`Engine::recommend`]) and the
//! people ranked for a group, a job or a mentoring request ([`Engine::rank_people`]).
//!
//! A read costs a few primary-key lookups and scans of the site's in-process index
//! ([`super::index`]); the only model call on a read is embedding the question (remembered
//! for repeats). A member's recommendations are kept per (member, generation): trusted while
//! the site's items, the member's own version (what they joined, applied to, follow, their
//! profile's vector) and, for people, the site's people are unchanged, and at most
//! [`PEOPLE_TTL`] for people when only others' profiles moved.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use chrono::NaiveDate;
use domain::matching::{
    rank::{self, Signals},
    reason, ItemKind, ItemMeta, GOAL_KIND,
};
use store::{
    queries::matching::{
        cards::{self, Card},
        items,
        member::{self, Stamps},
        sources,
    },
    sea_orm::ConnectionTrait,
    StoreResult,
};

use super::{
    documents::{self, Labels},
    embedder::Embedder,
    index::{Entry, Facts, Indexes, SiteIndex},
};

mod answer;
mod asker;
mod kept;
mod people;
mod question;

use crate::turns::Turns;
pub use answer::{Answer, Ask};
use asker::{is_held, member_from, Member};
use kept::{KeptLists, KeptRecommendations, Ranked};
use people::KeptPeople;
pub use people::{PeopleFor, PeopleQuery, PeopleStamp, RankedPerson};
use question::QuestionOutcome;

/// Cards kept at most, per process.
const KEPT_CARDS: usize = 20_000;
/// How long a member's recommended people are trusted while only other members' profiles
/// changed.
pub const PEOPLE_TTL: Duration = Duration::from_secs(300);
/// Members most like the asker whose circles and events count as "members like you joined".
const PEERS: usize = 20;
/// Nearest by sign bits looked at for a member's recommendations of one kind (a few are
/// shown): the exact ranking's best are among them.
const LIST_PREFILTER: usize = 150;
/// Nearest by sign bits looked at for a member's peers.
const PEERS_PREFILTER: usize = 100;
/// The goal's share of the member's query when they wrote one.
const GOAL_SHARE: f32 = 0.6;

/// One item found for a member, with what its card shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    pub kind: ItemKind,
    pub id: i64,
    pub slug: String,
    pub name: String,
    /// Plain text, at most 200 characters.
    pub description: String,
    pub image_path: Option<String>,
    pub reason: String,
    pub score: f64,
    /// The item's topics the member shares (display names).
    pub topics: Vec<String>,
    /// A job's group slug (its page is under the group).
    pub group_slug: Option<String>,
    /// An event's first day, a job's close date.
    pub date: Option<NaiveDate>,
    pub location: Option<String>,
}

impl Found {
    /// Where it opens in the app.
    pub fn path(&self) -> String {
        self.kind.path(&self.slug)
    }
}

/// How often [`Engine::keep_warm`] catches the held indexes up.
const WARM_EVERY: Duration = Duration::from_secs(2);
/// Rows caught up since the last release after which [`Engine::keep_warm`] hands the memory
/// the catch-ups freed back to the system (a burst of writes, not a trickle).
const RELEASE_AFTER_ROWS: u64 = 1_000;

/// Cards kept at one site stamp, by (site, kind, id).
type KeptCards = (Stamps, HashMap<(i64, ItemKind, i64), Arc<Card>>);

/// Items of one kind, scored, with what scored them.
type ScoredKind = (ItemKind, Vec<(f64, Arc<Entry>, Signals)>);

/// Whether an item of `kind` may still be taken up on `today` (an event not over, a job
/// still taking applications, a circle not finished).
fn open_on(kind: ItemKind, meta: &Facts, today: NaiveDate) -> bool {
    match kind {
        ItemKind::Event | ItemKind::Circle => meta.ends_on.or(meta.starts_on).is_none_or(|end| end >= today),
        ItemKind::Job => meta.closes_on.is_none_or(|close| close >= today),
        _ => true,
    }
}

fn kinds_mask(kinds: &[ItemKind]) -> u32 {
    kinds.iter().map(|k| 1u32 << (*k as u32)).fold(0, |a, b| a | b)
}

fn display_country(country: &str) -> String {
    country
        .split(' ')
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The engine: the model (none: the lexical path), every site's index and what is kept.
pub struct Engine {
    embedder: Option<Arc<dyn Embedder>>,
    indexes: Indexes,
    recommendations: Mutex<KeptLists>,
    cards: Mutex<KeptCards>,
    questions: Mutex<HashMap<String, Arc<Vec<f32>>>>,
    /// Questions being embedded now: their askers wait for one embedding
    /// ([`Engine::question_vector`]).
    question_turns: Turns<String, QuestionOutcome>,
    people_lists: Mutex<HashMap<(i64, String), KeptPeople>>,
    /// One ranking in flight per member's list and per kept people list.
    recommendation_turns: Turns<RecommendationKey>,
    people_turns: Turns<(i64, String)>,
    /// Where the site's generations and a member's version are read: in memory on PostgreSQL
    /// while their notices are heard (`store::generations`), else from the database.
    generations: store::generations::Generations,
}

/// A member's kept list: (site, member, kinds, per kind).
type RecommendationKey = (i64, i64, u32, usize);

impl Engine {
    pub fn new(embedder: Option<Arc<dyn Embedder>>) -> Self {
        let model = embedder.as_ref().map(|e| e.model_id().to_string());
        Engine {
            embedder,
            indexes: Indexes::new(model),
            recommendations: Mutex::new(KeptLists::default()),
            cards: Mutex::new((Stamps::default(), HashMap::new())),
            questions: Mutex::new(HashMap::new()),
            question_turns: Turns::default(),
            people_lists: Mutex::new(HashMap::new()),
            recommendation_turns: Turns::default(),
            people_turns: Turns::default(),
            generations: store::generations::Generations::off(),
        }
    }

    /// Reads the generations and stamps through `generations` (the API's, which keeps them in
    /// memory on PostgreSQL).
    pub fn with_generations(mut self, generations: store::generations::Generations) -> Self {
        self.generations = generations;
        self
    }

    /// Whether similarity of meaning is used (a model is configured).
    pub fn has_model(&self) -> bool {
        self.embedder.is_some()
    }

    pub fn embedder(&self) -> Option<&Arc<dyn Embedder>> {
        self.embedder.as_ref()
    }

    /// The site's generations (one primary-key read), for [`PeopleStamp`].
    pub async fn generations(&self, db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<items::Generations> {
        self.generations.matching_site(db, tenant_id).await
    }

    /// Keeps every site's index caught up, so that no request pays for reading what the
    /// worker wrote (the first build of a big site's index takes seconds): every
    /// [`WARM_EVERY`], each site the worker has written items for.
    pub async fn keep_warm(&self, db: &impl ConnectionTrait) {
        let mut applied_at_release = self.indexes.rows_applied();
        loop {
            match items::sites(db).await {
                Ok(sites) => {
                    for tenant_id in sites {
                        if let Err(err) = self.site(db, tenant_id, None).await {
                            tracing::warn!(error = %err, tenant_id, "matching: could not catch the site's index up");
                        }
                    }
                }
                Err(err) => tracing::warn!(error = %err, "matching: could not list the sites to index"),
            }
            let applied = self.indexes.rows_applied();
            if applied - applied_at_release >= RELEASE_AFTER_ROWS {
                crate::memory::release_freed();
                applied_at_release = applied;
            }
            tokio::time::sleep(WARM_EVERY).await;
        }
    }

    /// The member as ranking sees them: from the index, or read now when the worker has not
    /// written them yet (then without vectors: their facts and words still count).
    async fn member_of(
        &self,
        db: &impl ConnectionTrait,
        handle: &super::index::Site,
        tenant_id: i64,
        user_id: i64,
    ) -> StoreResult<Member> {
        let vectors = {
            let site = handle.read();
            site.entry(ItemKind::User.as_str(), user_id).map(|profile| {
                let goal = site.entry(GOAL_KIND, user_id);
                (site.vector_of(&profile), goal.and_then(|g| site.vector_of(&g)))
            })
        };
        if let Some((profile_vector, goal_vector)) = vectors {
            let mut metas =
                read_metas(db, tenant_id, &[(ItemKind::User.as_str(), user_id), (GOAL_KIND, user_id)]).await?;
            let profile = metas.remove(&(ItemKind::User.as_str(), user_id));
            let goal = metas.remove(&(GOAL_KIND, user_id));
            return Ok(member_from(user_id, profile, goal, profile_vector, goal_vector));
        }
        let mut sources = sources::members(db, &[user_id]).await?;
        let docs = sources
            .remove(&user_id)
            .map(|source| documents::member(&source, |_| Labels::default()))
            .unwrap_or_default();
        let mine =
            |kind: &str| docs.iter().find(|d| d.kind == kind && d.tenant_id == tenant_id).map(|d| d.meta.clone());
        Ok(member_from(user_id, mine(ItemKind::User.as_str()), mine(GOAL_KIND), None, None))
    }

    /// The site's index, caught up to its generation.
    async fn site(
        &self,
        db: &impl ConnectionTrait,
        tenant_id: i64,
        generation: Option<i64>,
    ) -> StoreResult<super::index::Site> {
        let generation = match generation {
            Some(g) => g,
            None => self.generations.matching_site(db, tenant_id).await?.generation,
        };
        self.indexes.site(db, tenant_id, generation).await
    }

    /// Recommendations for a member (spec 002 §4 "Recommendations"): at most `per_kind` of
    /// each kind, in the kinds' order; never what they joined, applied to or follow, nor
    /// themselves.
    pub async fn recommend(
        &self,
        db: &impl ConnectionTrait,
        tenant_id: i64,
        user_id: i64,
        kinds: &[ItemKind],
        per_kind: usize,
    ) -> StoreResult<Vec<Found>> {
        let stamps = self.generations.matching_stamps(db, tenant_id, user_id).await?;
        let key = (tenant_id, user_id, kinds_mask(kinds), per_kind);
        let ranked = match self.kept_recommendations(&key, &stamps, kinds) {
            Some(kept) => kept,
            None => {
                let _turn = self.recommendation_turns.take(key).await;
                match self.kept_recommendations(&key, &stamps, kinds) {
                    Some(kept) => kept,
                    None => {
                        let ranked =
                            Arc::new(self.rank_for_member(db, tenant_id, user_id, kinds, per_kind, &stamps).await?);
                        let kept = KeptRecommendations { stamps, at: Instant::now(), items: ranked.clone() };
                        self.recommendations.lock().unwrap_or_else(|p| p.into_inner()).insert(key, kept);
                        ranked
                    }
                }
            }
        };
        self.with_cards(db, tenant_id, &stamps, &ranked).await
    }

    /// The member's list kept under `key`, when still good at `stamps`.
    fn kept_recommendations(
        &self,
        key: &RecommendationKey,
        stamps: &Stamps,
        kinds: &[ItemKind],
    ) -> Option<Arc<Vec<Ranked>>> {
        let kept = self.recommendations.lock().unwrap_or_else(|p| p.into_inner()).get(key).cloned()?;
        self.still_good(&kept, stamps, kinds).then_some(kept.items)
    }

    fn still_good(&self, kept: &KeptRecommendations, stamps: &Stamps, kinds: &[ItemKind]) -> bool {
        kept.stamps.items_generation == stamps.items_generation
            && kept.stamps.member_version == stamps.member_version
            && (!kinds.contains(&ItemKind::User)
                || kept.stamps.people_generation == stamps.people_generation
                || kept.at.elapsed() < PEOPLE_TTL)
    }

    async fn rank_for_member(
        &self,
        db: &impl ConnectionTrait,
        tenant_id: i64,
        user_id: i64,
        kinds: &[ItemKind],
        per_kind: usize,
        stamps: &Stamps,
    ) -> StoreResult<Vec<Ranked>> {
        let handle = self.site(db, tenant_id, Some(stamps.generation)).await?;
        let mut member = self.member_of(db, &handle, tenant_id, user_id).await?;
        // What they bookmarked says what interests them too.
        for name in store::queries::assistant::bookmarked_topic_names_on(db, tenant_id, user_id).await? {
            member.topic_keys.insert(name.to_lowercase());
        }
        member.resolve(&handle.read());
        let held = member::held(db, tenant_id, user_id).await?;
        let today = chrono::Utc::now().date_naive();
        // Every kind's candidates with what the index says of them, then what the members
        // most like this one joined of those circles and events, then the scores.
        let (mut picked, peers) = {
            let site = handle.read();
            let mut picked: Vec<ScoredKind> = Vec::new();
            let mut people_near: Option<Vec<Arc<Entry>>> = None;
            for kind in kinds {
                let member_terms = site.weigh(kind.as_str(), &member.terms);
                let topic_match = |e: &Entry| e.shares_topic(&member.topic_ids);
                let candidates = site.candidates(kind.as_str(), member.blend.as_ref(), LIST_PREFILTER, topic_match);
                if *kind == ItemKind::User {
                    people_near = Some(candidates.clone());
                }
                let mut of_kind = Vec::new();
                for entry in candidates {
                    if !open_on(*kind, &entry.facts, today)
                        || is_held(*kind, entry.id, &held)
                        || (*kind == ItemKind::User && entry.id == user_id)
                    {
                        continue;
                    }
                    let signals = Signals {
                        kind: Some(*kind),
                        member: member.blend.as_ref().and_then(|q| site.similarity(&entry, q)),
                        goal: member.goal_query.as_ref().and_then(|q| site.similarity(&entry, q)),
                        member_words: member_terms.coverage(&entry),
                        fit: member.fit(&site, &entry),
                        ..Default::default()
                    };
                    of_kind.push((0.0, entry, signals));
                }
                picked.push((*kind, of_kind));
            }
            let peers = if kinds.iter().any(|k| matches!(k, ItemKind::Circle | ItemKind::Event)) {
                // Without a goal the member's query is their profile's: the people found
                // for the list are the nearest by profile already (a second pass over
                // every member would find the same).
                let near = people_near.filter(|_| member.goal_query.is_none());
                self.peers_of(&site, &member, near)
            } else {
                Vec::new()
            };
            (picked, peers)
        };
        let groups: Vec<i64> = picked
            .iter()
            .filter(|(kind, _)| matches!(kind, ItemKind::Circle | ItemKind::Event))
            .flat_map(|(_, scored)| scored.iter().map(|(_, e, _)| e.id))
            .collect();
        let joined = member::peers_joined(db, &peers, &groups).await?;
        for (_, scored) in &mut picked {
            for (score, entry, signals) in scored.iter_mut() {
                signals.fit.peers_joined = joined.get(&entry.id).copied().unwrap_or(0);
                *score = rank::recommendation_score(signals);
            }
            scored.retain(|(score, _, _)| *score > 0.0);
            best_first(scored, per_kind * 2 + 2);
        }
        let wanted: Vec<(ItemKind, Vec<i64>)> =
            picked.iter().map(|(kind, scored)| (*kind, scored.iter().map(|(_, e, _)| e.id).collect())).collect();
        let offered = member::still_offered(db, tenant_id, &wanted).await?;
        let offered = &offered;
        let chosen: Vec<(ItemKind, f64, Arc<Entry>, Signals)> = picked
            .into_iter()
            .flat_map(|(kind, scored)| {
                scored
                    .into_iter()
                    .filter(move |(_, e, _)| offered.contains(&(kind, e.id)))
                    .take(per_kind)
                    .map(move |(score, entry, signals)| (kind, score, entry, signals))
            })
            .collect();
        let keys: Vec<(&str, i64)> = chosen.iter().map(|(kind, _, e, _)| (kind.as_str(), e.id)).collect();
        let mut metas = read_metas(db, tenant_id, &keys).await?;
        let words = member.words();
        let mut out = Vec::new();
        let site = handle.read();
        for (kind, score, entry, mut signals) in chosen {
            member.name_shared_topics(&site, &entry, &mut signals.fit);
            let meta = metas.remove(&(kind.as_str(), entry.id)).unwrap_or_default();
            out.push(Ranked {
                kind,
                id: entry.id,
                score,
                reason: reason::recommendation(kind, &meta, &signals, &words, today),
                topics: signals.fit.shared_topics,
                date: entry.facts.date(kind),
                location: meta.location,
            });
        }
        Ok(out)
    }

    /// The members most like this one (by profile), for "members like you joined": among
    /// `near` when given (people found nearest by the profile), else the site's nearest.
    fn peers_of(&self, site: &SiteIndex, member: &Member, near: Option<Vec<Arc<Entry>>>) -> Vec<i64> {
        let Some(query) = member.profile_query.as_ref() else { return Vec::new() };
        let near =
            near.unwrap_or_else(|| site.candidates(ItemKind::User.as_str(), Some(query), PEERS_PREFILTER, |_| false));
        let mut scored: Vec<(f64, Arc<Entry>, ())> = near
            .into_iter()
            .filter(|e| e.id != member.user_id)
            .filter_map(|e| site.similarity(&e, query).filter(|s| *s >= 0.5).map(|s| (s as f64, e, ())))
            .collect();
        best_first(&mut scored, PEERS);
        scored.into_iter().map(|(_, e, _)| e.id).collect()
    }

    /// The cards of ranked items (kept per site generation), as found items.
    async fn with_cards(
        &self,
        db: &impl ConnectionTrait,
        tenant_id: i64,
        stamps: &Stamps,
        ranked: &[Ranked],
    ) -> StoreResult<Vec<Found>> {
        let mut missing: HashMap<ItemKind, Vec<i64>> = HashMap::new();
        {
            let mut kept = self.cards.lock().unwrap_or_else(|p| p.into_inner());
            if kept.0.items_generation != stamps.items_generation
                || kept.0.people_generation != stamps.people_generation
            {
                *kept = (*stamps, HashMap::new());
            }
            for r in ranked {
                if !kept.1.contains_key(&(tenant_id, r.kind, r.id)) {
                    missing.entry(r.kind).or_default().push(r.id);
                }
            }
        }
        for (kind, ids) in missing {
            let read = cards::of(db, kind, &ids).await?;
            let mut kept = self.cards.lock().unwrap_or_else(|p| p.into_inner());
            if kept.1.len() >= KEPT_CARDS {
                kept.1.clear();
            }
            for (id, card) in read {
                kept.1.insert((tenant_id, kind, id), Arc::new(card));
            }
        }
        let kept = self.cards.lock().unwrap_or_else(|p| p.into_inner());
        Ok(ranked
            .iter()
            .filter_map(|r| {
                let card = kept.1.get(&(tenant_id, r.kind, r.id))?;
                Some(Found {
                    kind: r.kind,
                    id: r.id,
                    slug: card.slug.clone(),
                    name: card.name.clone(),
                    description: card.description.clone(),
                    image_path: card.image_path.clone(),
                    reason: r.reason.clone(),
                    score: r.score,
                    topics: r.topics.clone(),
                    group_slug: card.group_slug.clone(),
                    date: r.date,
                    location: r.location.clone(),
                })
            })
            .collect())
    }
}

/// The stored metas of ranked items by (kind, id): the index holds only what ranking
/// compares. A meta that does not parse reads as empty.
async fn read_metas<'k>(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    keys: &[(&'k str, i64)],
) -> StoreResult<HashMap<(&'k str, i64), ItemMeta>> {
    let mut stored = items::metas(db, tenant_id, keys).await?;
    Ok(keys
        .iter()
        .filter_map(|(kind, id)| {
            let json = stored.remove(&(kind.to_string(), *id))?;
            Some(((*kind, *id), serde_json::from_str(&json).unwrap_or_default()))
        })
        .collect())
}

/// Whether an event runs within the window (an open window: starts from its first day on).
fn in_window(meta: &Facts, from: NaiveDate, to: Option<NaiveDate>) -> bool {
    let Some(start) = meta.starts_on else { return false };
    let end = meta.ends_on.unwrap_or(start);
    match to {
        None => start >= from,
        Some(to) => start <= to && end >= from,
    }
}

/// Keeps the best `n` of `scored`, best first (ties by id, for a stable order).
fn best_first<T>(scored: &mut Vec<(f64, Arc<Entry>, T)>, n: usize) {
    if scored.len() > n {
        scored.select_nth_unstable_by(n, |a, b| b.0.total_cmp(&a.0).then(a.1.id.cmp(&b.1.id)));
        scored.truncate(n);
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.id.cmp(&b.1.id)));
}
