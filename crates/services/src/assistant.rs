//! The AMA assistant (spec 002 §4 "Assistant chat"): one [`ask`] that has the matching
//! engine read the question and rank the site's items for the asker
//! (`crate::matching::Engine::answer`), and an [`Assistant`] write the answer's text from them.
//!
//! - [`BuiltIn`] (the default, no third party): the engine's offline text (what was found and
//!   why, composed by `domain::matching::answer`).
//! - [`OpenAiAssistant`] (`WAYPOINT_AI_BASE_URL`): a chat completion given the asker's
//!   profile, the conversation and the retrieved items with their addresses. Its text keeps
//!   only links to those items (`domain::matching::links`), and the recommendations returned
//!   are always the retrieved ones; any error or timeout falls back to the built-in text.

use std::collections::HashSet;

use async_trait::async_trait;
use domain::{
    assistant as rules,
    config::AmaPrompts,
    matching::links::{keep_returned, Allowed},
};
use serde_json::json;
use store::{sea_orm::ConnectionTrait, StoreResult};

use crate::{
    ai::{ChatError, OpenAiChat},
    matching::{Ask, Engine, Found},
};

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

    /// Called when its answer failed and the built-in text was given instead (counted).
    fn fell_back(&self) {}
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

impl OpenAiAssistant {
    pub fn new(chat: OpenAiChat) -> Self {
        Self { chat }
    }

    /// Counts its calls in an application state's registry (`crate::metrics`).
    pub fn with_counters(mut self, counters: crate::metrics::ModelCounters) -> Self {
        self.chat = self.chat.with_counters(counters);
        self
    }

    /// The chat-completions endpoint it uses (the system agents share it).
    pub fn chat(&self) -> &OpenAiChat {
        &self.chat
    }
}

const SYSTEM_PROMPT: &str = "You are the career assistant of a career-networking and AI-upskilling community. \
Answer the member's question in at most 150 words, warmly and concretely, for their profile. \
Recommend only the site's items listed under 'Items found on the site', by their exact names; you may link \
them with the address given in brackets, and no other link or URL. Never invent circles, events, people, jobs or \
resources. If none fit, say so and suggest how to rephrase.";

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
        .map(|f| format!("- {} \"{}\" ({}): {} ({})", f.kind.singular(), f.name, f.path(), f.description, f.reason))
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

    fn fell_back(&self) {
        self.chat.note_fallback();
    }

    fn source(&self) -> &'static str {
        "model"
    }
}

/// A question to answer.
pub struct Question<'a> {
    pub tenant_id: i64,
    pub user_id: i64,
    pub site_name: &'a str,
    /// The site's host: the only one a model's links may name.
    pub host: &'a str,
    pub text: &'a str,
    /// The site's label of a career stage, for the model's profile summary.
    pub stage_label: &'a (dyn Fn(i64) -> Option<String> + Sync),
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

/// The text a model wrote, with every link that does not open a returned item removed.
pub fn cite_only_found(text: &str, found: &[Found], host: &str) -> String {
    let paths: HashSet<String> = found.iter().map(Found::path).collect();
    keep_returned(text, &Allowed { paths: &paths, host })
}

/// Answers a question: the engine's items and offline text, then the writer (falling back to
/// the offline text on its failure).
pub async fn ask(
    engine: &Engine,
    db: &impl ConnectionTrait,
    writer: Option<&dyn Assistant>,
    question: &Question<'_>,
) -> StoreResult<Answer> {
    let found = engine
        .answer(
            db,
            Ask {
                tenant_id: question.tenant_id,
                user_id: question.user_id,
                question: question.text,
                limit: MAX_ITEMS,
                kinds: &[],
            },
        )
        .await?;
    let mut topics: Vec<String> = Vec::new();
    for f in &found.items {
        for t in &f.topics {
            if !topics.iter().any(|x| x.eq_ignore_ascii_case(t)) {
                topics.push(t.clone());
            }
        }
    }
    let relevant_questions = rules::relevant_questions(
        question.prompts,
        found.asker_country.as_deref(),
        found.asker_stage,
        &topics,
        question.text,
    );
    let mut text = found.text.clone();
    let mut source = BuiltIn.source();
    if let Some(writer) = writer {
        let mut summary = found.profile_summary.clone();
        if let Some(stage) = found.asker_stage.and_then(question.stage_label) {
            summary.insert(0, format!("career stage: {stage}"));
        }
        let context = AnswerContext {
            site_name: question.site_name,
            question: question.text,
            asker_summary: if summary.is_empty() { "(not given)".into() } else { summary.join("; ") },
            conversation: question.conversation,
            found: &found.items,
            offline_text: &found.text,
        };
        match writer.write(&context).await {
            Ok(written) => {
                text = cite_only_found(&written, &found.items, question.host);
                source = writer.source();
            }
            Err(e) => {
                writer.fell_back();
                tracing::warn!(error = %e, "the assistant's model failed; answering with the built-in text")
            }
        }
    }
    Ok(Answer { text, items: found.items, relevant_questions, source })
}
