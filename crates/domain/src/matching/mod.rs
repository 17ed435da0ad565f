//! The matching engine's pure rules (issue 29): one answer to "what here fits this person?"
//! for the assistant, every recommendation list and the CareerGPS reports.
//!
//! - [`intent`]: a question read into what it asks for (kinds, time, place, mentors) and its
//!   subject.
//! - [`vector`]: the arithmetic of stored vectors (quantised to bytes, compared by dot product,
//!   and one bit per dimension for a first pass over many people).
//! - [`lexical`]: word stems and their weights, the similarity used next to meaning (and
//!   instead of it when no model is configured).
//! - [`rank`]: the signals of one item for one member, and the score a coach would sign.
//! - [`reason`]: why an item is offered, in a sentence a person understands.
//! - [`answer`]: the assistant's offline answer, composed from what was found and why.
//! - [`links`]: a model's text keeps only links to the items retrieval returned.
//!
//! What is read from the database and kept in memory lives in `store::queries::matching` and
//! `services::matching`; everything decided with it is here, tested without either.

pub mod answer;
pub mod intent;
pub mod lexical;
pub mod links;
pub mod rank;
pub mod reason;
pub mod vector;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What can be recommended. The `type` of a recommended item (spec 002 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    Resource,
    User,
    Event,
    Circle,
    Job,
    AiTool,
    UseCase,
    /// A prompt of the prompt library (a `contents` row of type prompt).
    Prompt,
    CareerTip,
}

impl ItemKind {
    /// Every kind, in the order the right panel shows them (spec 002 §4; the kinds that
    /// order does not name last).
    pub const ALL: [ItemKind; 9] = [
        ItemKind::Resource,
        ItemKind::User,
        ItemKind::Event,
        ItemKind::Circle,
        ItemKind::Job,
        ItemKind::AiTool,
        ItemKind::UseCase,
        ItemKind::Prompt,
        ItemKind::CareerTip,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ItemKind::Resource => "resource",
            ItemKind::User => "user",
            ItemKind::Event => "event",
            ItemKind::Circle => "circle",
            ItemKind::Job => "job",
            ItemKind::AiTool => "ai_tool",
            ItemKind::UseCase => "use_case",
            ItemKind::Prompt => "prompt",
            ItemKind::CareerTip => "career_tip",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        ItemKind::ALL.into_iter().find(|k| k.as_str() == text)
    }

    /// "circle", "member", … as a sentence names one.
    pub fn singular(self) -> &'static str {
        match self {
            ItemKind::Resource => "resource",
            ItemKind::User => "member",
            ItemKind::Event => "event",
            ItemKind::Circle => "circle",
            ItemKind::Job => "job",
            ItemKind::AiTool => "AI tool",
            ItemKind::UseCase => "use case",
            ItemKind::Prompt => "prompt",
            ItemKind::CareerTip => "career tip",
        }
    }

    pub fn plural(self) -> &'static str {
        match self {
            ItemKind::Resource => "resources",
            ItemKind::User => "people",
            ItemKind::Event => "events",
            ItemKind::Circle => "circles",
            ItemKind::Job => "jobs",
            ItemKind::AiTool => "AI tools",
            ItemKind::UseCase => "use cases",
            ItemKind::Prompt => "prompts",
            ItemKind::CareerTip => "career tips",
        }
    }

    /// Where the item opens in the web app (`slug` as stored); the model's links are
    /// checked against these.
    pub fn path(self, slug: &str) -> String {
        match self {
            ItemKind::Circle => format!("/circle/{slug}"),
            ItemKind::Event => format!("/event/{slug}"),
            ItemKind::User => format!("/profile/{slug}"),
            ItemKind::Job => format!("/job/{slug}"),
            ItemKind::AiTool => format!("/ai-tool/{slug}"),
            ItemKind::UseCase => format!("/usecase/{slug}"),
            ItemKind::Resource | ItemKind::Prompt => format!("/resource/{slug}"),
            ItemKind::CareerTip => format!("/career-tip/{slug}"),
        }
    }
}

/// The `kind` of a member's goal in `match_items`: a vector of where they want to go, never
/// offered as an item.
pub const GOAL_KIND: &str = "member_goal";

/// What ranking reads of an item (or of a member's profile), stored as JSON with its vector
/// and kept in memory by every instance.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ItemMeta {
    /// The item's name (a person's "First Last").
    #[serde(default)]
    pub name: String,
    /// Topic and skill names as the site shows them (compared ignoring case).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub topics: Vec<String>,
    /// Countries, canonical names lower-cased ("kenya").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub countries: Vec<String>,
    /// Career stage and professional field option ids (a member's own answers).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stages: Vec<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<i64>,
    /// Word stems of the name, topics and the start of the text ([`lexical::terms`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terms: Vec<String>,
    /// An event's or circle's dates, a job's application close date.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts_on: Option<NaiveDate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_on: Option<NaiveDate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closes_on: Option<NaiveDate>,
    /// Online or remote (no place to be).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub online: bool,
    /// A city or address, as given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// What it is about, in a few words: the start of its description (reasons quote it).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub about: String,
    /// A member's job title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// A member's goal, as they wrote it (shortened).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
}
