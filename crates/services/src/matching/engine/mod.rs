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
    collections::{HashMap, HashSet},
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use chrono::NaiveDate;
use domain::matching::{
    rank::{self, Fit, Signals},
    reason::{self, MemberWords},
    ItemKind, ItemMeta, GOAL_KIND,
};
use store::{
    queries::matching::{
        cards::{self, Card},
        items,
        member::{self, Held, Stamps},
        sources,
    },
    sea_orm::ConnectionTrait,
    StoreResult,
};

use super::{
    documents::{self, Labels},
    embedder::Embedder,
    index::{Entry, Facts, Indexes, Query, SiteIndex},
};

mod answer;
mod people;

pub use answer::{Answer, Ask};
use people::KeptPeople;
pub use people::{PeopleFor, PeopleQuery, PeopleStamp, RankedPerson};

/// The memory the kept recommendation lists may take, counted by [`Ranked::bytes`]: an
/// every-kind list of about thirty items is some ten kilobytes, so this keeps about a
/// thousand members' lists (a list not kept is ranked again in a few milliseconds).
const KEPT_RECOMMENDATION_BYTES: usize = 12 << 20;
/// Cards kept at most, per process.
const KEPT_CARDS: usize = 20_000;
/// Question vectors kept at most.
const KEPT_QUESTIONS: usize = 2_048;
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

/// A ranked item before its card is read (what the cache keeps).
#[derive(Debug, Clone, PartialEq)]
struct Ranked {
    kind: ItemKind,
    id: i64,
    score: f64,
    reason: String,
    topics: Vec<String>,
    date: Option<NaiveDate>,
    location: Option<String>,
}

impl Ranked {
    /// About what it holds in memory: itself and its texts.
    fn bytes(&self) -> usize {
        std::mem::size_of::<Self>()
            + self.reason.capacity()
            + self.topics.capacity() * std::mem::size_of::<String>()
            + self.topics.iter().map(String::capacity).sum::<usize>()
            + self.location.as_ref().map_or(0, String::capacity)
    }
}

/// The asker as ranking sees them.
#[derive(Default)]
struct Member {
    user_id: i64,
    profile: Option<ItemMeta>,
    goal: Option<ItemMeta>,
    /// Goal and profile blended (or the one there is).
    blend: Option<Query>,
    goal_query: Option<Query>,
    profile_query: Option<Query>,
    topic_keys: HashSet<String>,
    /// `topic_keys` as the site's vocabulary numbers them, sorted ([`Member::resolve`]).
    topic_ids: Vec<u32>,
    terms: Vec<String>,
    country: Option<String>,
    /// `country` as the site's vocabulary numbers it ([`Member::resolve`]).
    country_id: Option<u32>,
    stage: Option<i64>,
    field: Option<i64>,
}

impl Member {
    fn words(&self) -> MemberWords<'_> {
        MemberWords {
            goal: self.goal.as_ref().and_then(|g| g.goal.as_deref()),
            title: self.profile.as_ref().and_then(|p| p.title.as_deref()),
        }
    }

    /// Numbers its topics as the site's index does (after every topic is added).
    fn resolve(&mut self, site: &SiteIndex) {
        self.topic_ids = site.word_ids(&self.topic_keys);
        self.country_id = self.country.as_deref().map(|c| site.word_id(c));
    }

    fn fit(&self, site: &SiteIndex, entry: &Entry) -> Fit {
        Fit {
            shared_topics: site.shared_topics(entry, |id| self.topic_ids.binary_search(&id).is_ok()),
            same_country: self.country_id.is_some_and(|c| entry.facts.countries().contains(&c)),
            same_stage: self.stage.is_some_and(|s| entry.facts.stages().contains(&s)),
            same_field: self.field.is_some_and(|f| entry.facts.fields().contains(&f)),
            peers_joined: 0,
        }
    }
}

#[derive(Clone)]
struct KeptRecommendations {
    stamps: Stamps,
    at: Instant,
    items: Arc<Vec<Ranked>>,
}

type RecommendationKey = (i64, i64, u32, usize);

/// Members' recommendation lists within [`KEPT_RECOMMENDATION_BYTES`]: when a list would
/// pass it, every list is dropped (each is ranked again when next asked for). A count of
/// lists would not bound the memory: an every-kind list is twenty times a one-kind list.
#[derive(Default)]
struct KeptLists {
    lists: HashMap<RecommendationKey, (KeptRecommendations, usize)>,
    bytes: usize,
}

impl KeptLists {
    fn get(&self, key: &RecommendationKey) -> Option<&KeptRecommendations> {
        self.lists.get(key).map(|(kept, _)| kept)
    }

    fn insert(&mut self, key: RecommendationKey, kept: KeptRecommendations) {
        let size = kept.items.iter().map(Ranked::bytes).sum::<usize>() + std::mem::size_of_val(&kept);
        if self.bytes + size > KEPT_RECOMMENDATION_BYTES {
            self.lists.clear();
            self.bytes = 0;
        }
        if let Some((_, old)) = self.lists.insert(key, (kept, size)) {
            self.bytes -= old;
        }
        self.bytes += size;
    }
}

/// How often [`Engine::keep_warm`] catches the held indexes up.
const WARM_EVERY: Duration = Duration::from_secs(2);
/// Rows caught up since the last release after which [`Engine::keep_warm`] hands the memory
/// the catch-ups freed back to the system (a burst of writes, not a trickle).
const RELEASE_AFTER_ROWS: u64 = 1_000;

/// One new question's embedding, awaited by everyone asking it meanwhile.
type QuestionTurn = tokio::sync::OnceCell<Option<Arc<Vec<f32>>>>;

/// Removes a question's turn from those in flight when an asker's wait ends, however it
/// ends: a turn left behind by a cancelled request would stay in the map for good.
struct TurnEnding<'a> {
    in_flight: &'a Mutex<HashMap<String, Arc<QuestionTurn>>>,
    key: &'a str,
    turn: &'a Arc<QuestionTurn>,
}

impl Drop for TurnEnding<'_> {
    fn drop(&mut self) {
        let mut in_flight = self.in_flight.lock().unwrap_or_else(|p| p.into_inner());
        if in_flight.get(self.key).is_some_and(|current| Arc::ptr_eq(current, self.turn)) {
            in_flight.remove(self.key);
        }
    }
}

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
    /// Questions being embedded now, each with the one vector its askers wait for
    /// ([`Engine::question_vector`]).
    questions_in_flight: Mutex<HashMap<String, Arc<QuestionTurn>>>,
    people_lists: Mutex<HashMap<(i64, String), KeptPeople>>,
}

impl Engine {
    pub fn new(embedder: Option<Arc<dyn Embedder>>) -> Self {
        let model = embedder.as_ref().map(|e| e.model_id().to_string());
        Engine {
            embedder,
            indexes: Indexes::new(model),
            recommendations: Mutex::new(KeptLists::default()),
            cards: Mutex::new((Stamps::default(), HashMap::new())),
            questions: Mutex::new(HashMap::new()),
            questions_in_flight: Mutex::new(HashMap::new()),
            people_lists: Mutex::new(HashMap::new()),
        }
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
        items::generations(db, tenant_id).await
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

    /// The vector of a question's subject: embedded once, then remembered. Members asking
    /// the same new question at once wait for its one embedding; different new questions
    /// are embedded side by side (the provider decides how many run at once).
    async fn question_vector(&self, text: &str) -> Option<Arc<Vec<f32>>> {
        let embedder = self.embedder.as_ref()?;
        let key = text.trim().to_lowercase();
        if let Some(v) = self.questions.lock().unwrap_or_else(|p| p.into_inner()).get(&key).cloned() {
            return Some(v);
        }
        let turn =
            self.questions_in_flight.lock().unwrap_or_else(|p| p.into_inner()).entry(key.clone()).or_default().clone();
        // Ends the turn when this asker is done, or dropped (a member who left mid-question).
        let _ending = TurnEnding { in_flight: &self.questions_in_flight, key: &key, turn: &turn };
        let vector = turn
            .get_or_init(|| async {
                // Kept by an asker whose turn ended between the first look and this one.
                if let Some(v) = self.questions.lock().unwrap_or_else(|p| p.into_inner()).get(&key).cloned() {
                    return Some(v);
                }
                let v = match embedder.embed(std::slice::from_ref(&key)).await {
                    Ok(mut vectors) if !vectors.is_empty() => Arc::new(vectors.swap_remove(0)),
                    Ok(_) => return None,
                    Err(err) => {
                        tracing::warn!(error = %err, "embedding a question failed; answering on words");
                        return None;
                    }
                };
                let mut kept = self.questions.lock().unwrap_or_else(|p| p.into_inner());
                if kept.len() >= KEPT_QUESTIONS {
                    kept.clear();
                }
                kept.insert(key.clone(), v.clone());
                Some(v)
            })
            .await
            .clone();
        vector
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
            None => items::generations(db, tenant_id).await?.generation,
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
        let stamps = member::stamps(db, tenant_id, user_id).await?;
        let key = (tenant_id, user_id, kinds_mask(kinds), per_kind);
        let kept = self.recommendations.lock().unwrap_or_else(|p| p.into_inner()).get(&key).cloned();
        let ranked = match kept {
            Some(kept) if self.still_good(&kept, &stamps, kinds) => kept.items,
            _ => {
                let ranked = Arc::new(self.rank_for_member(db, tenant_id, user_id, kinds, per_kind, &stamps).await?);
                let kept = KeptRecommendations { stamps, at: Instant::now(), items: ranked.clone() };
                self.recommendations.lock().unwrap_or_else(|p| p.into_inner()).insert(key, kept);
                ranked
            }
        };
        self.with_cards(db, tenant_id, &stamps, &ranked).await
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
        for (kind, score, entry, signals) in chosen {
            let meta = metas.remove(&(kind.as_str(), entry.id)).unwrap_or_default();
            out.push(Ranked {
                kind,
                id: entry.id,
                score,
                reason: reason::recommendation(kind, &meta, &signals, &words, today),
                topics: signals.fit.shared_topics.clone(),
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

/// A member from their profile and goal facts and vectors.
fn member_from(
    user_id: i64,
    profile: Option<ItemMeta>,
    goal: Option<ItemMeta>,
    profile_vector: Option<Vec<f32>>,
    goal_vector: Option<Vec<f32>>,
) -> Member {
    let blend_vector = match (&goal_vector, &profile_vector) {
        (Some(g), Some(p)) => Some(domain::matching::vector::blend(g, GOAL_SHARE, p, 1.0 - GOAL_SHARE)),
        (Some(v), None) | (None, Some(v)) => Some(v.clone()),
        (None, None) => None,
    };
    let mut member = Member {
        user_id,
        blend: blend_vector.as_deref().map(Query::new),
        goal_query: goal_vector.as_deref().map(Query::new),
        profile_query: profile_vector.as_deref().map(Query::new),
        ..Default::default()
    };
    if let Some(p) = &profile {
        member.topic_keys = p.topics.iter().map(|t| t.to_lowercase()).collect();
        member.terms = p.terms.clone();
        member.country = p.countries.first().cloned();
        member.stage = p.stages.first().copied();
        member.field = p.fields.first().copied();
    }
    if let Some(g) = &goal {
        for term in &g.terms {
            if !member.terms.contains(term) {
                member.terms.push(term.clone());
            }
        }
    }
    member.profile = profile;
    member.goal = goal;
    member
}

fn is_held(kind: ItemKind, id: i64, held: &Held) -> bool {
    match kind {
        ItemKind::Circle | ItemKind::Event => held.groups.contains(&id),
        ItemKind::Job => held.jobs.contains(&id),
        ItemKind::User => held.people.contains(&id),
        _ => false,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: usize) -> KeptRecommendations {
        let item = Ranked {
            kind: ItemKind::Circle,
            id: 1,
            score: 1.0,
            reason: "Shares your skills SQL and Tableau".repeat(4),
            topics: vec!["Data science".into(), "SQL".into()],
            date: None,
            location: Some("Nairobi".into()),
        };
        KeptRecommendations { stamps: Stamps::default(), at: Instant::now(), items: Arc::new(vec![item; items]) }
    }

    /// A model that counts its calls and takes a moment over each.
    #[derive(Default)]
    struct CountingModel {
        calls: std::sync::atomic::AtomicUsize,
        running: std::sync::atomic::AtomicUsize,
        most_at_once: std::sync::atomic::AtomicUsize,
    }

    #[async_trait::async_trait]
    impl Embedder for CountingModel {
        fn model_id(&self) -> &str {
            "counting"
        }
        fn dimensions(&self) -> usize {
            2
        }
        async fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, super::super::embedder::EmbedError> {
            use std::sync::atomic::Ordering::SeqCst;
            self.calls.fetch_add(1, SeqCst);
            let running = self.running.fetch_add(1, SeqCst) + 1;
            self.most_at_once.fetch_max(running, SeqCst);
            tokio::time::sleep(Duration::from_millis(20)).await;
            self.running.fetch_sub(1, SeqCst);
            Ok(texts.iter().map(|_| vec![1.0, 0.0]).collect())
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn members_asking_one_new_question_at_once_embed_it_once() {
        let model = Arc::new(CountingModel::default());
        let engine = Arc::new(Engine::new(Some(model.clone())));
        let asks: Vec<_> = (0..16)
            .map(|n| {
                let engine = engine.clone();
                let text = if n % 2 == 0 { "Which circles teach SQL?" } else { " which circles teach sql? " };
                tokio::spawn(async move { engine.question_vector(text).await })
            })
            .collect();
        for ask in asks {
            assert_eq!(ask.await.unwrap().as_deref(), Some(&vec![1.0, 0.0]));
        }
        assert_eq!(model.calls.load(std::sync::atomic::Ordering::SeqCst), 1, "one embedding for one question");
        engine.question_vector("Another question").await.unwrap();
        assert_eq!(model.calls.load(std::sync::atomic::Ordering::SeqCst), 2);
        assert!(engine.questions_in_flight.lock().unwrap().is_empty(), "no turn is left behind");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_question_whose_asker_left_leaves_no_turn_behind() {
        let model = Arc::new(CountingModel::default());
        let engine = Arc::new(Engine::new(Some(model.clone())));
        let asking = {
            let engine = engine.clone();
            tokio::spawn(async move { engine.question_vector("Which circles teach SQL?").await })
        };
        while model.calls.load(std::sync::atomic::Ordering::SeqCst) == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert_eq!(engine.questions_in_flight.lock().unwrap().len(), 1, "the question is in flight");
        asking.abort();
        assert!(asking.await.unwrap_err().is_cancelled());
        assert!(engine.questions_in_flight.lock().unwrap().is_empty(), "the cancelled asker's turn ended");
        // The next asker embeds it.
        assert!(engine.question_vector("Which circles teach SQL?").await.is_some());
        assert_eq!(model.calls.load(std::sync::atomic::Ordering::SeqCst), 2);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn different_new_questions_are_embedded_side_by_side() {
        let model = Arc::new(CountingModel::default());
        let engine = Arc::new(Engine::new(Some(model.clone())));
        let asks: Vec<_> = ["Which circles teach SQL?", "Who mentors product managers?"]
            .into_iter()
            .map(|text| {
                let engine = engine.clone();
                tokio::spawn(async move { engine.question_vector(text).await })
            })
            .collect();
        for ask in asks {
            assert!(ask.await.unwrap().is_some());
        }
        use std::sync::atomic::Ordering::SeqCst;
        assert_eq!(model.calls.load(SeqCst), 2);
        assert_eq!(model.most_at_once.load(SeqCst), 2, "one question does not wait for another");
    }

    #[test]
    fn kept_lists_stay_within_their_memory() {
        let mut kept = KeptLists::default();
        kept.insert((1, 1, 1, 3), list(30));
        let one = kept.bytes;
        assert!(one > 30 * 200, "a list counts its texts: {one} bytes");
        // The same key again replaces the list and its bytes.
        kept.insert((1, 1, 1, 3), list(30));
        assert_eq!(kept.bytes, one);
        let mut member = 2;
        while kept.lists.len() as i64 == member - 1 {
            kept.insert((1, member, 1, 3), list(30));
            member += 1;
            assert!(kept.bytes <= KEPT_RECOMMENDATION_BYTES);
        }
        // The list that would have passed the budget is the only one left.
        assert_eq!(kept.lists.len(), 1);
        assert!(kept.get(&(1, member - 1, 1, 3)).is_some());
        assert!(kept.get(&(1, 1, 1, 3)).is_none());
        assert!((member - 2) as usize * one <= KEPT_RECOMMENDATION_BYTES);
    }
}
