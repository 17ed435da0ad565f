//! Who writes a CareerGPS report (issue 18): an [`AgentModel`].
//!
//! - [`Offline`] (the default, no third party): the report composed from templates and
//!   retrieval (`domain::agents::report::compose`), as it is.
//! - [`OpenAiAgentModel`] (`WAYPOINT_AI_BASE_URL`): a chat completion given the report step's
//!   prompt, the run's answers, the profile facts and the retrieved items
//!   (`domain::agents::model_report::request_text`), asked for JSON matching
//!   `model_report::answer_schema` (`response_format: json_schema`). The answer is checked by
//!   `model_report::accept` (schema, sections, lengths, no links or markup, only retrieved
//!   items); a refused answer is asked for once more with the reason, then the offline
//!   report is used. An error or a timeout falls back at once.
//!
//! The call is made outside any database transaction: the caller reads, asks, then writes.

use async_trait::async_trait;
use domain::agents::{
    definition::{AgentDefinition, RunAnswers},
    model_report::{accept, answer_schema, request_text, SYSTEM_PROMPT},
    report::{ProfileFacts, ReportBody, ReportItem},
    run::{SOURCE_MODEL, SOURCE_OFFLINE},
};
use serde_json::{json, Value};

use crate::ai::{ChatError, OpenAiChat};

/// What a report is written from.
#[derive(Debug, Clone, Copy)]
pub struct ReportRequest<'a> {
    pub agent: &'a AgentDefinition,
    pub answers: &'a RunAnswers,
    pub profile: &'a ProfileFacts,
    /// What retrieval found, best first: the only items a report may name.
    pub items: &'a [ReportItem],
    /// The offline report of the same run (title, template and score come from it).
    pub offline: &'a ReportBody,
    /// A prompt staff are trying instead of the step's own.
    pub user_prompt: Option<&'a str>,
}

/// A written report.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    pub body: ReportBody,
    /// `offline` or `model` (stored as the report's `source`).
    pub source: &'static str,
    /// Entries for the run's agent log (what was asked and why an answer was refused).
    pub log: Vec<Value>,
}

/// Writes a report. Never fails: the offline report is the answer of last resort.
#[async_trait]
pub trait AgentModel: Send + Sync {
    async fn write_report(&self, request: &ReportRequest<'_>) -> Written;
}

/// The built-in writer: the offline report.
#[derive(Debug, Clone, Copy, Default)]
pub struct Offline;

#[async_trait]
impl AgentModel for Offline {
    async fn write_report(&self, request: &ReportRequest<'_>) -> Written {
        Written { body: request.offline.clone(), source: SOURCE_OFFLINE, log: Vec::new() }
    }
}

/// A model behind an OpenAI-compatible chat-completions API.
#[derive(Debug, Clone)]
pub struct OpenAiAgentModel {
    chat: OpenAiChat,
}

/// How many answers are asked for at most (the first, and one retry after a refusal).
pub const ATTEMPTS: usize = 2;

impl OpenAiAgentModel {
    pub fn new(chat: OpenAiChat) -> Self {
        Self { chat }
    }

    /// Counts its calls in an application state's registry (`crate::metrics`).
    pub fn with_counters(mut self, counters: crate::metrics::ModelCounters) -> Self {
        self.chat = self.chat.with_counters(counters);
        self
    }
}

/// The chat-completion request for `messages` (the model is filled in by the client).
pub fn completion_body(messages: &[Value]) -> Value {
    json!({
        "temperature": 0.4,
        "messages": messages,
        "response_format": {
            "type": "json_schema",
            "json_schema": {"name": "agent_report", "strict": true, "schema": answer_schema()}
        }
    })
}

fn log_entry(kind: &str, content: &str, metadata: Value) -> Value {
    let id = format!("report-{}", rand::random::<u32>());
    json!({"type": kind, "id": id, "content": content.chars().take(4000).collect::<String>(),
           "response_metadata": metadata})
}

#[async_trait]
impl AgentModel for OpenAiAgentModel {
    async fn write_report(&self, request: &ReportRequest<'_>) -> Written {
        let user = request_text(
            request.agent,
            request.answers,
            request.profile,
            request.items,
            request.offline,
            request.user_prompt,
        );
        let mut messages =
            vec![json!({"role": "system", "content": SYSTEM_PROMPT}), json!({"role": "user", "content": user})];
        let mut log = vec![log_entry("human", &user, json!({}))];
        let offline = |mut log: Vec<Value>, why: String| {
            self.chat.note_fallback();
            log.push(log_entry(
                "system",
                &format!("The offline report is used: {why}"),
                json!({"source": SOURCE_OFFLINE}),
            ));
            Written { body: request.offline.clone(), source: SOURCE_OFFLINE, log }
        };
        for attempt in 1..=ATTEMPTS {
            let answer = match self.chat.complete(completion_body(&messages)).await {
                Ok(answer) => answer,
                Err(e) => {
                    let why = match &e {
                        ChatError::Http(_) | ChatError::Timeout => {
                            "the model did not answer in time or could not be reached".to_string()
                        }
                        other => other.to_string(),
                    };
                    tracing::warn!(error = %e, "the report model failed; using the offline report");
                    return offline(log, why);
                }
            };
            match accept(&answer, request.offline, request.items) {
                Ok(body) => {
                    log.push(log_entry("ai", &answer, json!({"source": SOURCE_MODEL, "attempt": attempt})));
                    return Written { body, source: SOURCE_MODEL, log };
                }
                Err(why) => {
                    tracing::warn!(attempt, reason = %why, "the report model's answer was refused");
                    log.push(log_entry("ai", &answer, json!({"refused": why, "attempt": attempt})));
                    if attempt == ATTEMPTS {
                        return offline(log, format!("the answer was refused twice ({why})"));
                    }
                    messages.push(json!({"role": "assistant", "content": answer}));
                    messages.push(json!({
                        "role": "user",
                        "content": format!(
                            "That answer was refused: {why}. Answer again with one JSON object matching the schema, \
                             plain text only, naming only the listed items."
                        ),
                    }));
                }
            }
        }
        offline(log, "no answer".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_request_asks_for_the_schema() {
        let body = completion_body(&[json!({"role": "user", "content": "hi"})]);
        assert_eq!(body["response_format"]["type"], "json_schema");
        assert_eq!(body["response_format"]["json_schema"]["strict"], true);
        assert_eq!(body["response_format"]["json_schema"]["schema"]["required"], json!(["summary", "sections"]));
    }
}
