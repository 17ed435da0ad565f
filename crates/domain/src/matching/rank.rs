//! The score of one item for one member (and their question): similarity of meaning first,
//! then what the member's profile shares with the item (topics and skills, country, career
//! stage, field), what members like them joined, and, when asked, when and where. No single
//! signal is required: an item that shares a member's skills, stage and country ranks even
//! when no word of its name is in their profile.
//!
//! Similarities are cosines of unit vectors (related career texts score about 0.35 to 0.7
//! with MiniLM, unrelated ones below 0.2). Without a model, the share of the question's (or
//! the member's) rare words an item holds stands in for them.

use super::ItemKind;

/// How an item's place relates to the one asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlaceFit {
    /// No place asked, or the item has none to compare.
    #[default]
    Unknown,
    /// In the place asked for (or the asker's country).
    There,
    /// Online or remote: reachable from anywhere.
    Online,
    /// Somewhere else.
    Elsewhere,
}

/// What one item shares with the member's profile.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fit {
    /// How many of the member's topics and skills the item has too: what ranking counts.
    pub topics_in_common: usize,
    /// Their display names, read only for the items shown (a reason, a card): naming every
    /// candidate's would cost a ranked list more than scoring it.
    pub shared_topics: Vec<String>,
    pub same_country: bool,
    pub same_stage: bool,
    pub same_field: bool,
    /// How many of the members most like this one joined it (circles and events).
    pub peers_joined: u32,
}

/// Everything ranking knows of one item for one asker.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Signals {
    pub kind: Option<ItemKind>,
    /// Cosine with the question's subject (none: no subject, or no vectors).
    pub question: Option<f32>,
    /// Cosine with the member (their goal and profile blended; none: no vectors).
    pub member: Option<f32>,
    /// Cosine with the member's goal alone (the reason names the goal when it leads).
    pub goal: Option<f32>,
    /// Share of the question's rare words the item holds (0 to 1).
    pub question_words: f32,
    /// Share of the member's rare words the item holds (0 to 1).
    pub member_words: f32,
    pub fit: Fit,
    /// The question named the item's kind.
    pub kind_asked: bool,
    pub place: PlaceFit,
    /// Days until an event starts (or a job closes), when it has a date.
    pub days_until: Option<i64>,
    /// A time was asked for ("coming up", "this month").
    pub time_asked: bool,
    /// Mentors asked for: how many career stages further along the person is than the asker.
    pub stage_lead: Option<i64>,
    /// A person offered for a question that asked for no kind: questions without "who",
    /// "someone" or "mentor" ask for something to join, read or do first.
    pub person_unasked: bool,
    /// The question leans to the item's kind without asking for it ("how are nurses using
    /// AI?" and use cases).
    pub leaned_to: bool,
}

/// What each signal is worth. One table, so the balance is read in one place.
pub mod weights {
    /// Points per unit of cosine with the question.
    pub const QUESTION: f64 = 8.0;
    /// … with the member, when they ask a question (their fit breaks near ties).
    pub const MEMBER_IN_ANSWER: f64 = 2.0;
    /// … with the member, for recommendations.
    pub const MEMBER: f64 = 8.0;
    /// Words of the question found in the item, next to meaning (a skill's exact name).
    pub const QUESTION_WORDS: f64 = 1.5;
    /// Words of the question found in the item, without a model.
    pub const QUESTION_WORDS_ONLY: f64 = 6.0;
    /// Words of the member's profile found in the item, without a model.
    pub const MEMBER_WORDS_ONLY: f64 = 4.0;
    /// Each shared topic or skill, at most [`MAX_TOPICS`] counted.
    pub const TOPIC: f64 = 0.5;
    pub const MAX_TOPICS: usize = 3;
    pub const COUNTRY: f64 = 0.5;
    pub const STAGE: f64 = 0.4;
    pub const FIELD: f64 = 0.4;
    /// Each peer who joined, at most [`MAX_PEERS`] counted.
    pub const PEER: f64 = 0.2;
    pub const MAX_PEERS: u32 = 3;
    /// The place asked for: there, online.
    pub const PLACE_THERE: f64 = 2.0;
    pub const PLACE_ONLINE: f64 = 0.5;
    /// A time asked for: the soonest gains up to this.
    pub const SOON: f64 = 1.0;
    /// Mentors asked for: per stage further along (at most two), or behind.
    pub const STAGE_LEAD: f64 = 0.6;
    pub const STAGE_BEHIND: f64 = -1.0;
    /// The kind the question named, when several were named or none.
    pub const KIND_ASKED: f64 = 0.5;
    /// The kind the question leans to.
    pub const LEANED_TO: f64 = 1.0;
    /// A person offered when no kind was asked for.
    pub const PERSON_UNASKED: f64 = -1.0;
    /// The scale of cosines: below this, an item shares nothing but being about careers.
    pub const COSINE_FLOOR: f32 = 0.1;
}

/// The least cosine with a question's subject (or share of its words, without a model) an
/// item needs to be offered as an answer to it.
pub const MIN_QUESTION_COSINE: f32 = 0.2;
pub const MIN_QUESTION_WORDS: f32 = 0.34;

fn similarity(cosine: f32) -> f64 {
    (cosine - weights::COSINE_FLOOR).max(0.0) as f64
}

fn fit_points(fit: &Fit) -> f64 {
    use weights::*;
    fit.topics_in_common.min(MAX_TOPICS) as f64 * TOPIC
        + if fit.same_country { COUNTRY } else { 0.0 }
        + if fit.same_stage { STAGE } else { 0.0 }
        + if fit.same_field { FIELD } else { 0.0 }
        + fit.peers_joined.min(MAX_PEERS) as f64 * PEER
}

fn intent_points(s: &Signals) -> f64 {
    use weights::*;
    let mut points = match s.place {
        PlaceFit::There => PLACE_THERE,
        PlaceFit::Online => PLACE_ONLINE,
        PlaceFit::Unknown | PlaceFit::Elsewhere => 0.0,
    };
    if s.time_asked {
        if let Some(days) = s.days_until {
            // The soonest gain most; a month away half as much.
            points += SOON / (1.0 + days.max(0) as f64 / 30.0);
        }
    }
    if let Some(lead) = s.stage_lead {
        points += if lead > 0 {
            STAGE_LEAD * lead.min(2) as f64
        } else if lead < 0 {
            STAGE_BEHIND
        } else {
            0.0
        };
    }
    if s.kind_asked {
        points += KIND_ASKED;
    }
    if s.leaned_to {
        points += LEANED_TO;
    }
    if s.person_unasked {
        points += PERSON_UNASKED;
    }
    points
}

/// The score of an item recommended to a member (no question).
pub fn recommendation_score(s: &Signals) -> f64 {
    use weights::*;
    let meaning = match s.member {
        Some(cosine) => similarity(cosine) * MEMBER,
        None => s.member_words as f64 * MEMBER_WORDS_ONLY,
    };
    meaning + fit_points(&s.fit) + intent_points(s)
}

/// The score of an item as an answer to a question.
pub fn answer_score(s: &Signals) -> f64 {
    use weights::*;
    let question = match s.question {
        Some(cosine) => similarity(cosine) * QUESTION + s.question_words as f64 * QUESTION_WORDS,
        None => s.question_words as f64 * QUESTION_WORDS_ONLY,
    };
    let member = match s.member {
        Some(cosine) => similarity(cosine) * MEMBER_IN_ANSWER,
        None => s.member_words as f64 * MEMBER_WORDS_ONLY * 0.25,
    };
    question + member + fit_points(&s.fit) + intent_points(s)
}

/// The least cosine an answer needs when the best item on the site reaches `best`: close to
/// the best (a question phrased far from every text still gets its nearest items), never
/// below a floor where nothing is related.
pub fn subject_floor(best: f32) -> f32 {
    (best - 0.08).clamp(LOWEST_QUESTION_COSINE, MIN_QUESTION_COSINE)
}

/// Below this cosine an item is unrelated, however far the best one is.
pub const LOWEST_QUESTION_COSINE: f32 = 0.1;

/// Whether an item says enough about a question's subject to be offered as its answer
/// (`floor`: [`subject_floor`] of the best item's cosine).
pub fn answers_subject(question_cosine: Option<f32>, question_words: f32, floor: f32) -> bool {
    match question_cosine {
        Some(cosine) => cosine >= floor || question_words >= 0.99,
        None => question_words >= MIN_QUESTION_WORDS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meaning_leads_and_the_profile_breaks_near_ties() {
        let close = Signals { member: Some(0.6), ..Default::default() };
        let far_but_fits = Signals {
            member: Some(0.2),
            fit: Fit { topics_in_common: 1, same_country: true, ..Default::default() },
            ..Default::default()
        };
        assert!(recommendation_score(&close) > recommendation_score(&far_but_fits));
        let close_and_fits = Signals { fit: far_but_fits.fit.clone(), ..close.clone() };
        assert!(recommendation_score(&close_and_fits) > recommendation_score(&close));
    }

    #[test]
    fn the_profile_alone_is_enough_to_recommend() {
        let nothing = Signals::default();
        let fits = Signals {
            fit: Fit {
                topics_in_common: 2,
                shared_topics: vec!["Python".into(), "Statistics".into()],
                same_country: true,
                same_stage: true,
                same_field: true,
                peers_joined: 0,
            },
            ..Default::default()
        };
        assert!(recommendation_score(&fits) > recommendation_score(&nothing) + 2.0);
    }

    #[test]
    fn answers_rank_by_the_question_then_place_time_and_mentorship() {
        let on_topic = Signals { question: Some(0.55), ..Default::default() };
        let off_topic_but_fits = Signals {
            question: Some(0.15),
            member: Some(0.7),
            fit: Fit { same_country: true, same_stage: true, ..Default::default() },
            ..Default::default()
        };
        assert!(answer_score(&on_topic) > answer_score(&off_topic_but_fits));
        let here_soon = Signals { place: PlaceFit::There, time_asked: true, days_until: Some(3), ..Default::default() };
        let far_later =
            Signals { place: PlaceFit::Elsewhere, time_asked: true, days_until: Some(60), ..Default::default() };
        assert!(answer_score(&here_soon) > answer_score(&far_later));
        let ahead = Signals { stage_lead: Some(1), ..Default::default() };
        let behind = Signals { stage_lead: Some(-1), ..Default::default() };
        assert!(answer_score(&ahead) > answer_score(&behind));
    }

    #[test]
    fn without_a_model_words_stand_in_for_meaning() {
        let words = Signals { question_words: 1.0, ..Default::default() };
        let none = Signals::default();
        assert!(answer_score(&words) > answer_score(&none) + 3.0);
        assert!(answers_subject(None, 0.5, 0.2) && !answers_subject(None, 0.2, 0.2));
        assert!(answers_subject(Some(0.3), 0.0, 0.2) && !answers_subject(Some(0.1), 0.0, 0.2));
        assert_eq!(subject_floor(0.6), MIN_QUESTION_COSINE);
        assert!((subject_floor(0.15) - LOWEST_QUESTION_COSINE).abs() < 1e-6);
        assert!(answers_subject(Some(0.13), 0.0, subject_floor(0.14)), "the nearest of far items still answers");
    }
}
