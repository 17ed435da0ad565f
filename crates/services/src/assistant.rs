//! The AMA assistant (spec 002 §4 "Assistant chat"): one [`ask`] that reads the question,
//! retrieves the site's items for the asker (`store::queries::assistant::retrieve`), and has
//! an [`Assistant`] write the answer's text from them.
//!
//! - [`BuiltIn`] (the default, no third party): the text composed by
//!   `domain::assistant::compose` (what was found and why).
//! - [`OpenAiAssistant`] (`WAYPOINT_AI_BASE_URL`): a chat completion given the asker's
//!   profile, the conversation and the retrieved items. Its text is returned with the same
//!   recommendations (never an item retrieval did not return); any error or timeout falls
//!   back to the built-in text.

use std::time::Duration;

use async_trait::async_trait;
use domain::{
    assistant::{self as rules, ItemKind, Named, QuestionPlan},
    config::AmaPrompts,
};
use serde_json::json;
use store::{
    queries::assistant::{self as q, Asker, Found, Retrieval},
    sea_orm::ConnectionTrait,
    StoreResult,
};

use crate::ai::{ChatError, OpenAiChat};

/// At most this many items are recommended with one answer.
pub const MAX_ITEMS: usize = 12;

/// What the writer of an answer is given.
#[derive(Debug, Clone)]
pub struct AnswerContext<'a> {
    pub site_name: &'a str,
    pub question: &'a str,
    /// "Career stage: …; country: …; topics: …" (no contact data).
    pub asker_summary: String,
    /// Earlier questions and answer texts of the thread, oldest first.
    pub conversation: &'a [(String, String)],
    pub found: &'a [Found],
    /// The built-in answer for the same items.
    pub offline_text: &'a str,
}

/// Writes an answer's text. Implementations must not add items: the recommendations
/// returned are always the retrieved ones.
#[async_trait]
pub trait Assistant: Send + Sync {
    async fn write(&self, context: &AnswerContext<'_>) -> Result<String, ChatError>;
    /// `offline` or `model`, stored with the chat.
    fn source(&self) -> &'static str;
}

/// The built-in writer: the composed text as is.
#[derive(Debug, Clone, Copy, Default)]
pub struct BuiltIn;

#[async_trait]
impl Assistant for BuiltIn {
    async fn write(&self, context: &AnswerContext<'_>) -> Result<String, ChatError> {
        Ok(context.offline_text.to_string())
    }

    fn source(&self) -> &'static str {
        "offline"
    }
}

/// A chat-completion model behind an OpenAI-compatible API.
#[derive(Debug, Clone)]
pub struct OpenAiAssistant {
    chat: OpenAiChat,
}

/// How long an answer may take before the built-in one is given (default).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(20);

impl OpenAiAssistant {
    pub fn new(chat: OpenAiChat) -> Self {
        Self { chat }
    }

    /// The chat-completions endpoint it uses (the system agents share it).
    pub fn chat(&self) -> &OpenAiChat {
        &self.chat
    }

    /// From the `WAYPOINT_AI_*` variables; `None` without a base URL.
    pub fn from_env(var: impl Fn(&str) -> Option<String>, timeout: Duration) -> Result<Option<Self>, String> {
        Ok(crate::ai::chat_from_env(var, timeout)?.map(Self::new))
    }
}

const SYSTEM_PROMPT: &str = "You are the career assistant of a career-networking and AI-upskilling community. \
Answer the member's question in at most 150 words, warmly and concretely, for their profile. \
Recommend only the site's items listed under 'Items found on the site', by their exact names; never invent \
other circles, events, people, jobs, resources, links or URLs. If none fit, say so and suggest how to rephrase.";

fn kind_label(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::Resource => "resource",
        ItemKind::User => "member",
        ItemKind::Event => "event",
        ItemKind::Circle => "circle",
        ItemKind::Job => "job",
        ItemKind::AiTool => "AI tool",
        ItemKind::UseCase => "use case",
    }
}

/// The chat-completion request for a context (the model is filled in by the client).
pub fn completion_body(context: &AnswerContext<'_>) -> serde_json::Value {
    let mut messages = vec![json!({"role": "system", "content": SYSTEM_PROMPT})];
    for (question, answer) in context.conversation {
        messages.push(json!({"role": "user", "content": question}));
        messages.push(json!({"role": "assistant", "content": answer}));
    }
    let items: Vec<String> = context
        .found
        .iter()
        .map(|f| format!("- {} \"{}\": {} ({})", kind_label(f.kind), f.name, f.description, f.reason))
        .collect();
    let items = if items.is_empty() { "(none)".to_string() } else { items.join("\n") };
    messages.push(json!({
        "role": "user",
        "content": format!(
            "Site: {}\nMy profile: {}\n\nItems found on the site:\n{}\n\nMy question: {}",
            context.site_name, context.asker_summary, items, context.question
        ),
    }));
    json!({"temperature": 0.3, "messages": messages})
}

#[async_trait]
impl Assistant for OpenAiAssistant {
    async fn write(&self, context: &AnswerContext<'_>) -> Result<String, ChatError> {
        let text = self.chat.complete(completion_body(context)).await?;
        let text = text.trim();
        if text.is_empty() {
            return Err(ChatError::BadAnswer("empty answer".into()));
        }
        // Answers are shown as text; a runaway model is cut.
        Ok(text.chars().take(4000).collect())
    }

    fn source(&self) -> &'static str {
        "model"
    }
}

/// A question to answer.
pub struct Question<'a> {
    pub tenant_id: i64,
    pub site_name: &'a str,
    pub text: &'a str,
    pub asker: &'a Asker,
    /// Career stage label, for the model's profile summary.
    pub stage_label: Option<String>,
    pub prompts: &'a AmaPrompts,
    pub conversation: &'a [(String, String)],
}

/// The answer: its text, the recommended items and the suggested questions.
#[derive(Debug, Clone)]
pub struct Answer {
    pub text: String,
    pub items: Vec<Found>,
    pub relevant_questions: Vec<String>,
    /// `offline` or `model`.
    pub source: &'static str,
}

/// The retrieval step alone (the CareerGPS agents reuse it): the question read into kinds
/// and words, and the site's items ranked for the asker.
pub async fn retrieve_for(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    asker: &Asker,
    text: &str,
    limit: usize,
) -> StoreResult<(QuestionPlan, Vec<Found>)> {
    let plan = rules::plan(text);
    let kinds: Vec<ItemKind> = if plan.kinds.is_empty() { ItemKind::ALL.to_vec() } else { plan.kinds.clone() };
    let found = q::retrieve(
        db,
        &Retrieval {
            tenant_id,
            asker,
            terms: &plan.terms,
            words: &plan.words,
            kinds: &kinds,
            asked: &plan.kinds,
            limit,
            exclude_joined: false,
        },
    )
    .await?;
    Ok((plan, found))
}

/// Answers a question: retrieval, the built-in text, then the writer (falling back to the
/// built-in text on its failure).
pub async fn ask(
    db: &impl ConnectionTrait,
    writer: Option<&dyn Assistant>,
    question: &Question<'_>,
) -> StoreResult<Answer> {
    let (plan, found) = retrieve_for(db, question.tenant_id, question.asker, question.text, MAX_ITEMS).await?;
    let named: Vec<Named> =
        found.iter().map(|f| Named { kind: f.kind, name: f.name.clone(), reason: f.reason.clone() }).collect();
    let offline_text = rules::compose(&plan, &named);
    let mut topics: Vec<String> = Vec::new();
    for f in &found {
        for t in &f.topics {
            if !topics.iter().any(|x| x.eq_ignore_ascii_case(t)) {
                topics.push(t.clone());
            }
        }
    }
    let relevant_questions = rules::relevant_questions(
        question.prompts,
        question.asker.country.as_deref(),
        question.asker.career_stage,
        &topics,
        question.text,
    );
    let mut text = offline_text.clone();
    let mut source = BuiltIn.source();
    if let Some(writer) = writer {
        let mut summary = Vec::new();
        if let Some(stage) = &question.stage_label {
            summary.push(format!("career stage: {stage}"));
        }
        if let Some(country) = &question.asker.country {
            summary.push(format!("country: {country}"));
        }
        if !question.asker.topics.is_empty() {
            summary.push(format!("topics and skills: {}", question.asker.topics.join(", ")));
        }
        if !question.asker.bookmarked_topics.is_empty() {
            summary.push(format!("topics of what I bookmarked: {}", question.asker.bookmarked_topics.join(", ")));
        }
        let context = AnswerContext {
            site_name: question.site_name,
            question: question.text,
            asker_summary: if summary.is_empty() { "(not given)".into() } else { summary.join("; ") },
            conversation: question.conversation,
            found: &found,
            offline_text: &offline_text,
        };
        match writer.write(&context).await {
            Ok(written) => {
                text = written;
                source = writer.source();
            }
            Err(e) => tracing::warn!(error = %e, "the assistant's model failed; answering with the built-in text"),
        }
    }
    Ok(Answer { text, items: found, relevant_questions, source })
}

/// At most this many recommendations per kind (spec 002 §4).
pub const RECOMMENDATIONS_PER_KIND: usize = 5;

/// Recommendations for a member (spec 002 §4 "Recommendations"): the site's items of
/// `kinds` that share the member's topics, skills and title words (and the topics of what
/// they bookmarked, after their own), ranked for them like an answer, never what they
/// joined or follow; at most 5 per kind, in the kinds' order.
pub async fn recommend(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    asker: &Asker,
    kinds: &[ItemKind],
) -> StoreResult<Vec<Found>> {
    let mut text = asker.topics.iter().chain(&asker.bookmarked_topics).cloned().collect::<Vec<_>>().join(" ");
    if let Some(title) = &asker.title {
        text = format!("{title} {text}");
    }
    let plan = rules::plan(&text);
    let found = q::retrieve(
        db,
        &Retrieval {
            tenant_id,
            asker,
            terms: &plan.terms,
            words: &plan.words,
            kinds,
            asked: &[],
            limit: usize::MAX,
            exclude_joined: true,
        },
    )
    .await?;
    let mut out = Vec::new();
    for kind in kinds {
        out.extend(found.iter().filter(|f| f.kind == *kind).take(RECOMMENDATIONS_PER_KIND).cloned());
    }
    Ok(out)
}
