//! The deployment's OpenAI-compatible chat-completions API (OpenAI, Ollama, vLLM, …):
//! `POST {base_url}/chat/completions` with a bearer key; the first choice's message text is
//! the answer. One client ([`chat_from_env`], read once at start from the `WAYPOINT_AI_*`
//! variables) is shared by the assistant, the CareerGPS reports, the system agents and the
//! resume refinement (which gives it a longer time-out); each wraps it with its own prompts.

use std::time::Duration;

use serde_json::{json, Value};

#[derive(Debug, thiserror::Error)]
pub enum ChatError {
    #[error("AI provider request failed: {0}")]
    Http(String),
    #[error("AI provider did not answer in time")]
    Timeout,
    #[error("AI provider answered with status {0}")]
    Status(u16),
    #[error("AI provider answer could not be used: {0}")]
    BadAnswer(String),
}

/// One OpenAI-compatible endpoint and model.
#[derive(Clone)]
pub struct OpenAiChat {
    client: reqwest::Client,
    base_url: String,
    api_key: String,
    model: String,
    /// Calls, errors, time-outs and fallbacks (`crate::metrics`).
    counters: crate::metrics::ModelCounters,
}

impl std::fmt::Debug for OpenAiChat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the key.
        f.debug_struct("OpenAiChat").field("base_url", &self.base_url).field("model", &self.model).finish()
    }
}

impl OpenAiChat {
    /// `timeout` bounds each whole request.
    pub fn new(
        base_url: impl Into<String>,
        api_key: impl Into<String>,
        model: impl Into<String>,
        timeout: Duration,
    ) -> Self {
        let client = reqwest::Client::builder().timeout(timeout).build().unwrap_or_default();
        Self {
            client,
            base_url: base_url.into().trim_end_matches('/').to_string(),
            api_key: api_key.into(),
            model: model.into(),
            counters: crate::metrics::ModelCounters::default(),
        }
    }

    /// Counts this client's calls in `counters` (an application state's registry).
    pub fn with_counters(mut self, counters: crate::metrics::ModelCounters) -> Self {
        self.counters = counters;
        self
    }

    /// Records that a caller used its built-in answer because this model failed.
    pub fn note_fallback(&self) {
        self.counters.fallback.inc();
    }

    /// Records a time-out that a caller's own budget decided (the request itself did not end).
    pub fn note_timeout(&self) {
        self.counters.timeout.inc();
    }

    pub fn with_client(mut self, client: reqwest::Client) -> Self {
        self.client = client;
        self
    }

    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.client = reqwest::Client::builder().timeout(timeout).build().unwrap_or_default();
        self
    }

    pub fn model(&self) -> &str {
        &self.model
    }

    /// Sends `body` (its `model` is filled in) and returns the first choice's text.
    pub async fn complete(&self, body: Value) -> Result<String, ChatError> {
        let outcome = self.request(body).await;
        match &outcome {
            Ok(_) => self.counters.ok.inc(),
            Err(ChatError::Timeout) => self.counters.timeout.inc(),
            Err(_) => self.counters.error.inc(),
        }
        outcome
    }

    async fn request(&self, mut body: Value) -> Result<String, ChatError> {
        body["model"] = json!(self.model);
        let resp = self
            .client
            .post(format!("{}/chat/completions", self.base_url))
            .bearer_auth(&self.api_key)
            .json(&body)
            .send()
            .await
            .map_err(
                |e| if e.is_timeout() { ChatError::Timeout } else { ChatError::Http(e.without_url().to_string()) },
            )?;
        if !resp.status().is_success() {
            return Err(ChatError::Status(resp.status().as_u16()));
        }
        let v: Value = resp.json().await.map_err(|e| ChatError::BadAnswer(e.without_url().to_string()))?;
        v.pointer("/choices/0/message/content")
            .and_then(|c| c.as_str())
            .map(str::to_string)
            .ok_or_else(|| ChatError::BadAnswer("no message content".into()))
    }
}

/// How long a model call may take unless `WAYPOINT_AI_TIMEOUT_SECS` says otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(20);

/// The model client of the deployment: `WAYPOINT_AI_BASE_URL` (e.g.
/// `https://api.openai.com/v1`), `WAYPOINT_AI_API_KEY`, `WAYPOINT_AI_MODEL` (default
/// `gpt-4o-mini`) and `WAYPOINT_AI_TIMEOUT_SECS` (1 to 300, default 20). `None` when no URL
/// is set. The only reader of these variables for chat completions.
pub fn chat_from_env(var: impl Fn(&str) -> Option<String>) -> Result<Option<OpenAiChat>, String> {
    let get = |name: &str| var(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
    let timeout = match get("WAYPOINT_AI_TIMEOUT_SECS") {
        None => DEFAULT_TIMEOUT,
        Some(v) => Duration::from_secs(
            v.parse::<u64>()
                .ok()
                .filter(|s| (1..=300).contains(s))
                .ok_or("WAYPOINT_AI_TIMEOUT_SECS must be 1 to 300 seconds")?,
        ),
    };
    let Some(base_url) = get("WAYPOINT_AI_BASE_URL") else {
        if get("WAYPOINT_AI_API_KEY").is_some() {
            return Err("WAYPOINT_AI_BASE_URL is needed with WAYPOINT_AI_API_KEY".into());
        }
        return Ok(None);
    };
    if !(base_url.starts_with("https://") || base_url.starts_with("http://")) {
        return Err("WAYPOINT_AI_BASE_URL must be an http(s) URL".into());
    }
    let api_key = get("WAYPOINT_AI_API_KEY").unwrap_or_default();
    let model = get("WAYPOINT_AI_MODEL").unwrap_or_else(|| "gpt-4o-mini".into());
    Ok(Some(OpenAiChat::new(base_url, api_key, model, timeout)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    }

    #[test]
    fn one_client_is_read_from_the_ai_variables() {
        assert!(chat_from_env(env(&[])).unwrap().is_none());
        let chat =
            chat_from_env(env(&[("WAYPOINT_AI_BASE_URL", "http://127.0.0.1:9/v1/"), ("WAYPOINT_AI_MODEL", "m")]))
                .unwrap()
                .unwrap();
        assert_eq!(chat.model(), "m");
        let default = chat_from_env(env(&[("WAYPOINT_AI_BASE_URL", "https://api.example/v1")])).unwrap().unwrap();
        assert_eq!(default.model(), "gpt-4o-mini");
        for (name, value) in [("WAYPOINT_AI_TIMEOUT_SECS", "0"), ("WAYPOINT_AI_TIMEOUT_SECS", "301")] {
            let err = chat_from_env(env(&[("WAYPOINT_AI_BASE_URL", "https://api.example/v1"), (name, value)]));
            assert_eq!(err.unwrap_err(), "WAYPOINT_AI_TIMEOUT_SECS must be 1 to 300 seconds");
        }
        assert!(chat_from_env(env(&[("WAYPOINT_AI_API_KEY", "k")])).is_err(), "a key without a URL");
        assert!(chat_from_env(env(&[("WAYPOINT_AI_BASE_URL", "ftp://x")])).is_err());
    }
}
