//! The asker as ranking sees them: their profile's and goal's facts, words and vectors, and
//! what they already hold.

use std::collections::HashSet;

use domain::matching::{rank::Fit, reason::MemberWords, ItemKind, ItemMeta};
use store::queries::matching::member::Held;

use super::{
    super::index::{Entry, Query, SiteIndex},
    GOAL_SHARE,
};

/// The asker as ranking sees them.
#[derive(Default)]
pub(super) struct Member {
    pub(super) user_id: i64,
    pub(super) profile: Option<ItemMeta>,
    pub(super) goal: Option<ItemMeta>,
    /// Goal and profile blended (or the one there is).
    pub(super) blend: Option<Query>,
    pub(super) goal_query: Option<Query>,
    pub(super) profile_query: Option<Query>,
    pub(super) topic_keys: HashSet<String>,
    /// `topic_keys` as the site's vocabulary numbers them, sorted ([`Member::resolve`]).
    pub(super) topic_ids: Vec<u32>,
    pub(super) terms: Vec<String>,
    pub(super) country: Option<String>,
    /// `country` as the site's vocabulary numbers it ([`Member::resolve`]).
    pub(super) country_id: Option<u32>,
    pub(super) stage: Option<i64>,
    pub(super) field: Option<i64>,
}

impl Member {
    pub(super) fn words(&self) -> MemberWords<'_> {
        MemberWords {
            goal: self.goal.as_ref().and_then(|g| g.goal.as_deref()),
            title: self.profile.as_ref().and_then(|p| p.title.as_deref()),
        }
    }

    /// Numbers its topics as the site's index does (after every topic is added).
    pub(super) fn resolve(&mut self, site: &SiteIndex) {
        self.topic_ids = site.word_ids(&self.topic_keys);
        self.country_id = self.country.as_deref().map(|c| site.word_id(c));
    }

    pub(super) fn has_topic(&self, id: u32) -> bool {
        self.topic_ids.binary_search(&id).is_ok()
    }

    /// What an item shares with the member, its shared topics counted but not named
    /// ([`Member::name_shared_topics`] names them for the items shown).
    pub(super) fn fit(&self, site: &SiteIndex, entry: &Entry) -> Fit {
        Fit {
            topics_in_common: site.topics_in_common(entry, |id| self.has_topic(id)),
            shared_topics: Vec::new(),
            same_country: self.country_id.is_some_and(|c| entry.facts.countries().contains(&c)),
            same_stage: self.stage.is_some_and(|s| entry.facts.stages().contains(&s)),
            same_field: self.field.is_some_and(|f| entry.facts.fields().contains(&f)),
            peers_joined: 0,
        }
    }

    /// Names the shared topics of the items chosen to be shown. The site's words are only
    /// ever added to, so a topic's number read before an await names the same topic after it.
    pub(super) fn name_shared_topics(&self, site: &SiteIndex, entry: &Entry, fit: &mut Fit) {
        fit.shared_topics = site.shared_topics(entry, |id| self.has_topic(id));
    }
}

/// A member from their profile and goal facts and vectors.
pub(super) fn member_from(
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

pub(super) fn is_held(kind: ItemKind, id: i64, held: &Held) -> bool {
    match kind {
        ItemKind::Circle | ItemKind::Event => held.groups.contains(&id),
        ItemKind::Job => held.jobs.contains(&id),
        ItemKind::User => held.people.contains(&id),
        _ => false,
    }
}
