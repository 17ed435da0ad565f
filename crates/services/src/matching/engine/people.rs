//! People ranked for a circle, an event, a job or a member ([`Engine::rank_people`]), and
//! the people lists kept per caller and stamp.

use std::{collections::HashSet, sync::Arc, time::Instant};

use domain::matching::{
    rank::{self, Fit, Signals},
    ItemKind, ItemMeta,
};
use store::{sea_orm::ConnectionTrait, StoreResult};

use super::{best_first, read_metas, Engine, PEOPLE_TTL};
use crate::matching::index::{Entry, Query, PREFILTER};

/// What people are ranked for.
#[derive(Debug, Clone)]
pub enum PeopleFor {
    /// A circle, event or job of the site; `facts` stand in while the index does not hold it.
    Item { kind: ItemKind, id: i64, facts: Option<Box<ItemMeta>> },
    /// A member (people to mentor them, or whom they could mentor).
    Member(i64),
}

/// People to rank.
#[derive(Debug, Clone)]
pub struct PeopleQuery<'a> {
    pub tenant_id: i64,
    pub target: PeopleFor,
    /// Only these people (a group's members); none: the site's members.
    pub pool: Option<&'a [i64]>,
    pub exclude: &'a HashSet<i64>,
    /// Only people whose career stage is within these bounds (inclusive).
    pub stages: Option<(i64, i64)>,
    pub limit: usize,
}

/// One person ranked.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RankedPerson {
    pub user_id: i64,
    pub score: f64,
    /// Cosine of their profile with the target (none without vectors).
    pub similarity: Option<f32>,
    /// Their job title.
    pub title: Option<String>,
    pub fit: Fit,
}

/// People kept at most across the kept people lists (a group's recommended people, per
/// group, source and caller; a list holds up to a couple of thousand): some megabytes.
const KEPT_PEOPLE: usize = 50_000;

/// What a kept people list was ranked at: the caller's own write generation of what decides
/// who may be listed (memberships, the group), the site's items and people generations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeopleStamp {
    pub writes: i64,
    pub items_generation: i64,
    pub people_generation: i64,
}

#[derive(Clone)]
pub(super) struct KeptPeople {
    stamp: PeopleStamp,
    at: Instant,
    people: Arc<Vec<RankedPerson>>,
}

impl Engine {
    /// A people list kept under `key` for the site, when still good at `stamp`: the same
    /// writes and items, and the same people or at most [`PEOPLE_TTL`] old.
    pub fn kept_people(&self, tenant_id: i64, key: &str, stamp: PeopleStamp) -> Option<Arc<Vec<RankedPerson>>> {
        let kept = self.people_lists.lock().unwrap_or_else(|p| p.into_inner());
        let found = kept.get(&(tenant_id, key.to_string()))?;
        let good = found.stamp.writes == stamp.writes
            && found.stamp.items_generation == stamp.items_generation
            && (found.stamp.people_generation == stamp.people_generation || found.at.elapsed() < PEOPLE_TTL);
        good.then(|| found.people.clone())
    }

    /// The turn to rank the people list kept under `key`: concurrent misses of one list
    /// rank it once. Look for the kept list again once it is taken.
    pub async fn people_turn(&self, tenant_id: i64, key: &str) -> crate::turns::Turn<(i64, String)> {
        self.people_turns.take((tenant_id, key.to_string())).await
    }

    /// Keeps a people list ranked at `stamp` (read before ranking) under `key`.
    pub fn keep_people(&self, tenant_id: i64, key: &str, stamp: PeopleStamp, people: Arc<Vec<RankedPerson>>) {
        let mut kept = self.people_lists.lock().unwrap_or_else(|p| p.into_inner());
        kept.remove(&(tenant_id, key.to_string()));
        let held: usize = kept.values().map(|k| k.people.len()).sum();
        if held + people.len() > KEPT_PEOPLE {
            kept.clear();
        }
        kept.insert((tenant_id, key.to_string()), KeptPeople { stamp, at: Instant::now(), people });
    }

    /// People of the site ranked for an item (a group's recommended people, a job's
    /// recommended applicants) or a member (mentors and mentees): by how close their profile is
    /// to it in meaning, then what they share with it (topics and skills, country, stage,
    /// field). Only `pool` when given (else the site's members the index offers), never
    /// `exclude`, at most `limit`. People the index does not hold yet come last.
    pub async fn rank_people(&self, db: &impl ConnectionTrait, q: PeopleQuery<'_>) -> StoreResult<Vec<RankedPerson>> {
        let handle = self.site(db, q.tenant_id, None).await?;
        let (target_meta, target_query) = match &q.target {
            PeopleFor::Item { kind, id, facts } => {
                // Indexed: its vector (with a model) and its stored meta; else the caller's facts.
                let (indexed, query) = {
                    let site = handle.read();
                    let entry = site.entry(kind.as_str(), *id);
                    let query = entry.as_ref().and_then(|e| site.vector_of(e)).map(|v| Query::new(&v));
                    (entry.is_some(), query)
                };
                let stored = if indexed {
                    read_metas(db, q.tenant_id, &[(kind.as_str(), *id)]).await?.remove(&(kind.as_str(), *id))
                } else {
                    None
                };
                (stored.or_else(|| facts.as_deref().cloned()).unwrap_or_default(), query)
            }
            PeopleFor::Member(user_id) => {
                let member = self.member_of(db, &handle, q.tenant_id, *user_id).await?;
                let mut meta = member.profile.clone().unwrap_or_default();
                // A mentor's stage is not the member's: only topics, country and field count.
                meta.stages.clear();
                (meta, member.blend)
            }
        };
        let (scored, not_indexed) = {
            let site = handle.read();
            let target_topics = site.word_ids(target_meta.topics.iter().map(|t| t.to_lowercase()));
            let target = site.facts(&target_meta);
            let in_stages = |e: &Entry| match q.stages {
                Some((low, high)) => e.facts.stages().first().is_some_and(|s| (low..=high).contains(s)),
                None => true,
            };
            let candidates: Vec<Arc<Entry>> = match q.pool {
                Some(pool) => pool.iter().filter_map(|id| site.entry(ItemKind::User.as_str(), *id)).collect(),
                None => {
                    let shares = |e: &Entry| e.shares_topic(&target_topics);
                    site.candidates(ItemKind::User.as_str(), target_query.as_ref(), PREFILTER, shares)
                }
            };
            let mut scored: Vec<(f64, Arc<Entry>, Signals)> = Vec::new();
            for person in candidates {
                if q.exclude.contains(&person.id) || !in_stages(&person) || (q.pool.is_none() && !person.eligible) {
                    continue;
                }
                let fit = Fit {
                    topics_in_common: site.topics_in_common(&target, |id| person.has_topic(id)),
                    shared_topics: Vec::new(),
                    same_country: person.facts.countries().iter().any(|c| target.facts.countries().contains(c)),
                    same_stage: person.facts.stages().iter().any(|s| target.facts.stages().contains(s)),
                    same_field: person.facts.fields().iter().any(|f| target.facts.fields().contains(f)),
                    peers_joined: 0,
                };
                let signals = Signals {
                    kind: Some(ItemKind::User),
                    // Meaning from vectors only: words of a profile are mostly its topics, counted above.
                    member: target_query.as_ref().and_then(|t| site.similarity(&person, t)),
                    fit,
                    ..Default::default()
                };
                let score = rank::recommendation_score(&signals);
                // From the whole site, only people with something in common.
                if q.pool.is_none() && score <= 0.0 {
                    continue;
                }
                scored.push((score, person, signals));
            }
            best_first(&mut scored, q.limit);
            for (_, person, signals) in &mut scored {
                signals.fit.shared_topics = site.shared_topics(&target, |id| person.has_topic(id));
            }
            let not_indexed: HashSet<i64> = q
                .pool
                .unwrap_or_default()
                .iter()
                .filter(|id| site.entry(ItemKind::User.as_str(), **id).is_none())
                .copied()
                .collect();
            (scored, not_indexed)
        };
        let keys: Vec<(&str, i64)> = scored.iter().map(|(_, p, _)| (ItemKind::User.as_str(), p.id)).collect();
        let mut metas = read_metas(db, q.tenant_id, &keys).await?;
        let mut out: Vec<RankedPerson> = scored
            .into_iter()
            .map(|(score, person, signals)| RankedPerson {
                user_id: person.id,
                score,
                similarity: signals.member,
                title: metas.remove(&(ItemKind::User.as_str(), person.id)).and_then(|m| m.title),
                fit: signals.fit,
            })
            .collect();
        if let Some(pool) = q.pool {
            let ranked: HashSet<i64> = out.iter().map(|p| p.user_id).collect();
            for id in pool {
                if out.len() >= q.limit {
                    break;
                }
                if !ranked.contains(id) && !q.exclude.contains(id) && not_indexed.contains(id) && q.stages.is_none() {
                    out.push(RankedPerson { user_id: *id, ..Default::default() });
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamp(writes: i64, items: i64, people: i64) -> PeopleStamp {
        PeopleStamp { writes, items_generation: items, people_generation: people }
    }

    #[test]
    fn a_kept_people_list_is_trusted_only_at_its_writes_and_items_and_per_site() {
        let engine = Engine::new(None);
        let people = Arc::new(vec![RankedPerson { user_id: 7, ..Default::default() }]);
        engine.keep_people(1, "group:3", stamp(10, 4, 2), people.clone());
        assert_eq!(engine.kept_people(1, "group:3", stamp(10, 4, 2)), Some(people.clone()));
        // Others' profiles moved: trusted for a while.
        assert!(engine.kept_people(1, "group:3", stamp(10, 4, 3)).is_some());
        // A membership or the group changed, or the site's items: read again.
        assert!(engine.kept_people(1, "group:3", stamp(11, 4, 2)).is_none());
        assert!(engine.kept_people(1, "group:3", stamp(10, 5, 2)).is_none());
        // Another site, another key.
        assert!(engine.kept_people(2, "group:3", stamp(10, 4, 2)).is_none());
        assert!(engine.kept_people(1, "group:4", stamp(10, 4, 2)).is_none());
    }

    #[test]
    fn kept_people_lists_are_bounded_by_the_people_they_hold() {
        let engine = Engine::new(None);
        let big = Arc::new(vec![RankedPerson::default(); KEPT_PEOPLE / 2 + 1]);
        engine.keep_people(1, "a", stamp(1, 1, 1), big.clone());
        engine.keep_people(1, "a", stamp(1, 1, 1), big.clone());
        assert!(engine.kept_people(1, "a", stamp(1, 1, 1)).is_some(), "keeping a list again replaces it");
        engine.keep_people(1, "b", stamp(1, 1, 1), big);
        assert!(engine.kept_people(1, "a", stamp(1, 1, 1)).is_none(), "past the bound the others go");
        assert!(engine.kept_people(1, "b", stamp(1, 1, 1)).is_some());
    }
}
