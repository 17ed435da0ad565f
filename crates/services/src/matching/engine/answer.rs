//! The assistant's answer: what a question asks for, the site's items ranked for it and the
//! asker, and the offline text ([`Engine::answer`]).

use std::{collections::HashMap, sync::Arc};

use domain::matching::{
    answer::{self as compose, Named},
    intent::{self, Intent, Place},
    rank::{self, PlaceFit, Signals},
    reason, ItemKind,
};
use store::{queries::matching::member, sea_orm::ConnectionTrait, StoreResult};

use super::{display_country, in_window, open_on, read_metas, Engine, Found, Ranked};
use crate::matching::{
    documents::canonical_country,
    index::{Entry, Query, PREFILTER},
};

/// What an answer found.
#[derive(Debug, Clone)]
pub struct Answer {
    pub intent: Intent,
    pub items: Vec<Found>,
    /// The offline text: what was found and why.
    pub text: String,
    /// The asker's country as the answer names it ("Kenya").
    pub asker_country: Option<String>,
    /// The asker's career stage on the site (option id).
    pub asker_stage: Option<i64>,
    /// What a model may know of the asker: "title: …", "topics and skills: …", "goal: …"
    /// (no name, no contact data).
    pub profile_summary: Vec<String>,
}

/// A question to answer.
#[derive(Debug, Clone, Copy)]
pub struct Ask<'a> {
    pub tenant_id: i64,
    pub user_id: i64,
    pub question: &'a str,
    pub limit: usize,
    /// Only these kinds (none: what the question asks for).
    pub kinds: &'a [ItemKind],
}

impl Engine {
    /// Answers a question: what it asks for, the site's items ranked for it and the asker,
    /// and the offline text.
    pub async fn answer(&self, db: &impl ConnectionTrait, ask: Ask<'_>) -> StoreResult<Answer> {
        let country_of = |text: &str| canonical_country(text);
        let mut intent = intent::parse(ask.question, &country_of);
        let subject = if intent.has_subject() { self.question_vector(&intent.subject).await } else { None };
        let stamps = self.generations.matching_stamps(db, ask.tenant_id, ask.user_id).await?;
        let handle = self.site(db, ask.tenant_id, Some(stamps.generation)).await?;
        let mut member = self.member_of(db, &handle, ask.tenant_id, ask.user_id).await?;
        member.resolve(&handle.read());
        let mut kinds: Vec<ItemKind> = if !ask.kinds.is_empty() {
            ask.kinds.iter().copied().filter(|k| intent.asks_for(*k)).collect()
        } else if intent.kinds.is_empty() {
            ItemKind::ALL.to_vec()
        } else {
            intent.kinds.clone()
        };
        let today = chrono::Utc::now().date_naive();
        let window = intent.when.map(|w| w.window(today));
        let place = match &intent.place {
            Some(Place::NearAsker) => member.country.clone(),
            Some(Place::Country(c)) => Some(c.clone()),
            _ => None,
        };
        let subject_query = subject.as_deref().map(|v| Query::new(v));
        let scan_query = subject_query.as_ref().or(member.blend.as_ref());
        let score_kinds = |kinds: &[ItemKind], intent: &Intent| {
            let mut scored: Vec<(f64, Arc<Entry>, Signals, ItemKind)> = Vec::new();
            let mut best_cosine = 0f32;
            let site = handle.read();
            let asked_terms = site.word_ids(&intent.terms);
            let place = place.as_deref().map(|c| site.word_id(c));
            for kind in kinds {
                let mut of_kind = Vec::new();
                let question_terms = site.weigh(kind.as_str(), &intent.terms);
                let member_terms = site.weigh(kind.as_str(), &member.terms);
                let term_match = |e: &Entry| e.has_any_term(&asked_terms);
                for entry in site.candidates(kind.as_str(), scan_query, PREFILTER, term_match) {
                    if !open_on(*kind, &entry.facts, today) || (*kind == ItemKind::User && entry.id == ask.user_id) {
                        continue;
                    }
                    let days_until = entry.facts.date(*kind).map(|d| (d - today).num_days());
                    if let Some((from, to)) = window {
                        if *kind == ItemKind::Event && !in_window(&entry.facts, from, to) {
                            continue;
                        }
                    }
                    let question = subject_query.as_ref().and_then(|q| site.similarity(&entry, q));
                    let question_words = question_terms.coverage(&entry);
                    let place_fit = match (&intent.place, &place) {
                        (Some(Place::Online), _) => {
                            if entry.facts.online {
                                PlaceFit::There
                            } else {
                                PlaceFit::Unknown
                            }
                        }
                        (_, Some(target)) if entry.facts.countries().contains(target) => PlaceFit::There,
                        (_, Some(_)) if entry.facts.online => PlaceFit::Online,
                        (_, Some(_)) if !entry.facts.countries().is_empty() => PlaceFit::Elsewhere,
                        _ => PlaceFit::Unknown,
                    };
                    // A named country is where the asker wants it: elsewhere is not an answer.
                    if matches!(intent.place, Some(Place::Country(_))) && place_fit == PlaceFit::Elsewhere {
                        continue;
                    }
                    let signals = Signals {
                        kind: Some(*kind),
                        question,
                        member: member.blend.as_ref().and_then(|q| site.similarity(&entry, q)),
                        goal: member.goal_query.as_ref().and_then(|q| site.similarity(&entry, q)),
                        question_words,
                        member_words: member_terms.coverage(&entry),
                        fit: member.fit(&site, &entry),
                        kind_asked: intent.kinds.contains(kind) && intent.kinds.len() > 1,
                        place: place_fit,
                        days_until,
                        time_asked: intent.when.is_some(),
                        stage_lead: (intent.mentor && *kind == ItemKind::User)
                            .then(|| entry.facts.stages().first().zip(member.stage).map(|(theirs, mine)| theirs - mine))
                            .flatten(),
                        person_unasked: *kind == ItemKind::User && intent.kinds.is_empty(),
                        leaned_to: intent.leans_to.contains(kind),
                    };
                    if let Some(cosine) = signals.question {
                        best_cosine = best_cosine.max(cosine);
                    }
                    of_kind.push((rank::answer_score(&signals), entry, signals));
                }
                scored.extend(of_kind.into_iter().map(|(s, e, sig)| (s, e, sig, *kind)));
            }
            // What says enough about the subject: near the best item, above a floor.
            if intent.has_subject() {
                let floor = rank::subject_floor(best_cosine);
                scored.retain(|(_, _, signals, _)| {
                    rank::answers_subject(signals.question.filter(|_| subject.is_some()), signals.question_words, floor)
                });
            }
            scored
        };
        let mut scored = score_kinds(&kinds, &intent);
        // A kind the question seemed to name but nothing of which is about its subject
        // ("I undercharge for bathroom jobs"): what is about it, of any kind.
        // When that finds nothing either, the answer says so of the kind asked.
        if scored.is_empty() && ask.kinds.is_empty() && !intent.kinds.is_empty() && intent.has_subject() {
            let any_kind = Intent { kinds: Vec::new(), ..intent.clone() };
            let widened = score_kinds(&ItemKind::ALL[..], &any_kind);
            if !widened.is_empty() {
                intent = any_kind;
                kinds = ItemKind::ALL.to_vec();
                scored = widened;
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.id.cmp(&b.1.id)));
        // The best of each kind, with room for what the final check removes.
        let mut kept_of: HashMap<ItemKind, usize> = HashMap::new();
        scored.retain(|(_, _, _, kind)| {
            let n = kept_of.entry(*kind).or_insert(0);
            *n += 1;
            *n <= compose::NAMED_ITEMS * 2
        });
        // Still on offer, at most five of a kind, best first.
        let wanted: Vec<(ItemKind, Vec<i64>)> = kinds
            .iter()
            .map(|kind| (*kind, scored.iter().filter(|s| s.3 == *kind).map(|s| s.1.id).collect()))
            .collect();
        let offered = member::still_offered(db, ask.tenant_id, &wanted).await?;
        let words = member.words();
        let mut per_kind: HashMap<ItemKind, usize> = HashMap::new();
        let mut chosen = Vec::new();
        for (score, entry, signals, kind) in scored {
            if !offered.contains(&(kind, entry.id)) {
                continue;
            }
            let n = per_kind.entry(kind).or_insert(0);
            if *n >= compose::NAMED_ITEMS || chosen.len() >= ask.limit {
                continue;
            }
            *n += 1;
            chosen.push((score, entry, signals, kind));
        }
        let keys: Vec<(&str, i64)> = chosen.iter().map(|(_, e, _, kind)| (kind.as_str(), e.id)).collect();
        let mut metas = read_metas(db, ask.tenant_id, &keys).await?;
        let mut ranked = Vec::new();
        {
            let site = handle.read();
            for (score, entry, mut signals, kind) in chosen {
                member.name_shared_topics(&site, &entry, &mut signals.fit);
                let meta = metas.remove(&(kind.as_str(), entry.id)).unwrap_or_default();
                ranked.push(Ranked {
                    kind,
                    id: entry.id,
                    score,
                    reason: reason::answer(kind, &meta, &signals, &words, today),
                    date: entry.facts.date(kind),
                    location: meta.location,
                    topics: meta.topics,
                });
            }
        }
        let items = self.with_cards(db, ask.tenant_id, &stamps, &ranked).await?;
        let asker_country = member.country.as_deref().map(display_country);
        let named: Vec<Named> = items
            .iter()
            .map(|f| Named {
                kind: f.kind,
                name: f.name.clone(),
                reason: f.reason.clone(),
                date: f.date,
                location: f.location.clone(),
            })
            .collect();
        let text = compose::compose(&intent, &named, asker_country.as_deref());
        let mut profile_summary = Vec::new();
        if let Some(title) = member.profile.as_ref().and_then(|p| p.title.clone()) {
            profile_summary.push(format!("title: {title}"));
        }
        if let Some(country) = &asker_country {
            profile_summary.push(format!("country: {country}"));
        }
        if let Some(topics) = member.profile.as_ref().map(|p| p.topics.join(", ")).filter(|t| !t.is_empty()) {
            profile_summary.push(format!("topics and skills: {topics}"));
        }
        if let Some(goal) = member.goal.as_ref().and_then(|g| g.goal.clone()) {
            profile_summary.push(format!("goal: {goal}"));
        }
        Ok(Answer { intent, items, text, asker_country, asker_stage: member.stage, profile_summary })
    }
}
