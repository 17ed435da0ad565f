//! Embeddings from an OpenAI-compatible API (OpenAI, Ollama, vLLM, …):
//! `POST {base_url}/embeddings` with `{"model": …, "input": [texts]}` and a bearer key; the
//! answer's `data[i].embedding` belongs to the input at `data[i].index`.
//!
//! Texts go in batches (64 by default), one request after the other; each request is bounded by
//! the timeout. No retries here: the matching worker's jobs are retried.

use std::time::Duration;

use serde::Deserialize;
use serde_json::json;

use super::{normalize, EmbedError, Embedder, OpenAiSettings};

pub const DEFAULT_BATCH_SIZE: usize = 64;

pub struct OpenAiEmbeddings {
    client: reqwest::Client,
    url: String,
    api_key: String,
    model: String,
    model_id: String,
    dimensions: usize,
    batch_size: usize,
    timeout: Duration,
}

impl std::fmt::Debug for OpenAiEmbeddings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the key.
        f.debug_struct("OpenAiEmbeddings")
            .field("url", &self.url)
            .field("model", &self.model)
            .field("dimensions", &self.dimensions)
            .field("batch_size", &self.batch_size)
            .finish_non_exhaustive()
    }
}

#[derive(Deserialize)]
struct Answer {
    data: Vec<Item>,
}

#[derive(Deserialize)]
struct Item {
    index: usize,
    embedding: Vec<f32>,
}

impl OpenAiEmbeddings {
    /// `batch_size`: texts per request (`None`: [`DEFAULT_BATCH_SIZE`]).
    pub fn new(settings: &OpenAiSettings, batch_size: Option<usize>) -> Self {
        let client = reqwest::Client::builder()
            .timeout(settings.timeout)
            .connect_timeout(settings.timeout.min(Duration::from_secs(10)))
            .build()
            .unwrap_or_default();
        Self {
            client,
            url: format!("{}/embeddings", settings.base_url.trim_end_matches('/')),
            api_key: settings.api_key.clone(),
            model: settings.model.clone(),
            model_id: format!("openai:{}", settings.model),
            dimensions: settings.dimensions,
            batch_size: batch_size.unwrap_or(DEFAULT_BATCH_SIZE).max(1),
            timeout: settings.timeout,
        }
    }

    async fn request(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let mut request = self.client.post(&self.url).json(&json!({ "model": self.model, "input": texts }));
        if !self.api_key.is_empty() {
            request = request.bearer_auth(&self.api_key);
        }
        let response = request.send().await.map_err(|e| self.http_error(e))?;
        if !response.status().is_success() {
            // The body is not kept: providers quote (part of) a refused key in it.
            return Err(EmbedError::Status(response.status().as_u16()));
        }
        let answer: Answer = response.json().await.map_err(|e| match e.is_timeout() {
            true => self.http_error(e),
            false => EmbedError::BadAnswer(e.without_url().to_string()),
        })?;
        self.in_input_order(answer, texts.len())
    }

    fn http_error(&self, e: reqwest::Error) -> EmbedError {
        if e.is_timeout() {
            EmbedError::Timeout(self.timeout.as_secs())
        } else {
            EmbedError::Http(e.without_url().to_string())
        }
    }

    /// The answer's vectors ordered by `index`, normalised; refuses one that is not exactly
    /// one vector of the model's size per input.
    fn in_input_order(&self, answer: Answer, count: usize) -> Result<Vec<Vec<f32>>, EmbedError> {
        if answer.data.len() != count {
            return Err(EmbedError::BadAnswer(format!("{} vectors for {count} texts", answer.data.len())));
        }
        let mut vectors: Vec<Option<Vec<f32>>> = vec![None; count];
        for item in answer.data {
            if item.embedding.len() != self.dimensions {
                let got = item.embedding.len();
                return Err(EmbedError::BadAnswer(format!("a vector of {got} numbers, not {}", self.dimensions)));
            }
            if item.embedding.iter().any(|x| !x.is_finite()) {
                return Err(EmbedError::BadAnswer("a vector with a number that is not finite".into()));
            }
            let slot = vectors
                .get_mut(item.index)
                .ok_or_else(|| EmbedError::BadAnswer(format!("index {} out of range for {count} texts", item.index)))?;
            if slot.replace(item.embedding).is_some() {
                return Err(EmbedError::BadAnswer(format!("index {} answered twice", item.index)));
            }
        }
        // Every slot is filled: `count` distinct indices below `count`.
        Ok(vectors
            .into_iter()
            .flatten()
            .map(|mut v| {
                normalize(&mut v);
                v
            })
            .collect())
    }
}

#[async_trait::async_trait]
impl Embedder for OpenAiEmbeddings {
    fn model_id(&self) -> &str {
        &self.model_id
    }

    fn dimensions(&self) -> usize {
        self.dimensions
    }

    async fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let mut vectors = Vec::with_capacity(texts.len());
        for batch in texts.chunks(self.batch_size) {
            vectors.extend(self.request(batch).await?);
        }
        Ok(vectors)
    }
}
