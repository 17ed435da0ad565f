//! Sentence embeddings for matching: texts in, L2-normalised vectors out, so that a dot
//! product is a cosine similarity.
//!
//! Two providers behind one [`Embedder`] trait:
//! - [`local::LocalBert`] (the default): a sentence-transformers BERT folder
//!   (all-MiniLM-L6-v2, fetched by `scripts/fetch-model.sh`) run on the CPU, in process.
//! - [`openai::OpenAiEmbeddings`]: an OpenAI-compatible `/embeddings` API, only when
//!   `WAYPOINT_EMBEDDING_PROVIDER=openai` says so (texts leave the deployment).
//!
//! No model is not an error: [`from_settings`] then answers `None` and logs why once, and the
//! matching engine ranks on its lexical path.

mod bert;
pub mod local;
pub mod openai;
mod settings;

use std::sync::Arc;

pub use settings::{EmbeddingSettings, OpenAiSettings, Provider};

/// Turns texts into vectors of one model.
#[async_trait::async_trait]
pub trait Embedder: Send + Sync {
    /// Stable identity of the model, e.g. "all-MiniLM-L6-v2" or "openai:text-embedding-3-small";
    /// vectors of different model_ids are never compared.
    fn model_id(&self) -> &str;
    fn dimensions(&self) -> usize;
    /// One L2-normalised vector per text, in input order. Empty input → empty output.
    async fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError>;
}

#[derive(Debug, thiserror::Error)]
pub enum EmbedError {
    /// The model folder cannot be used (missing file, bad config, refused pooling).
    #[error("embedding model {dir}: {reason}")]
    Model { dir: String, reason: String },
    /// The local model failed while computing (tokenizer or tensor error).
    #[error("embedding failed: {0}")]
    Inference(String),
    /// The embeddings API could not be reached or did not answer in time.
    #[error("embeddings API request failed: {0}")]
    Http(String),
    #[error("embeddings API did not answer within {0} s")]
    Timeout(u64),
    #[error("embeddings API answered with status {0}")]
    Status(u16),
    #[error("embeddings API answer could not be used: {0}")]
    BadAnswer(String),
}

/// Why there is no embedder.
#[derive(Debug, thiserror::Error)]
pub enum NoEmbedder {
    #[error("embeddings are off (WAYPOINT_EMBEDDING_PROVIDER=off)")]
    Off,
    #[error("no embedding model in {0} (run scripts/fetch-model.sh, or set WAYPOINT_EMBEDDING_MODEL_DIR)")]
    MissingModel(String),
    #[error(transparent)]
    Unusable(EmbedError),
    #[error("embedding settings: {0}")]
    Settings(&'static str),
}

/// The configured embedder, or why there is none. Loads the local model (a fraction of a
/// second; blocking file reads), so call it once at start.
pub fn try_from_settings(settings: &EmbeddingSettings) -> Result<Arc<dyn Embedder>, NoEmbedder> {
    match settings.provider {
        Provider::Off => Err(NoEmbedder::Off),
        Provider::OpenAi => {
            // `EmbeddingSettings::from_env` refuses `openai` without its settings.
            let openai = settings.openai.as_ref().ok_or(NoEmbedder::Settings("the openai provider has no settings"))?;
            Ok(Arc::new(openai::OpenAiEmbeddings::new(openai, settings.batch_size)))
        }
        Provider::Local => {
            let dir = &settings.model_dir;
            if !dir.join("model.safetensors").is_file() {
                return Err(NoEmbedder::MissingModel(dir.display().to_string()));
            }
            let options = local::LocalOptions { batch_size: settings.batch_size, threads: settings.threads };
            let model = local::LocalBert::load(dir, &options).map_err(NoEmbedder::Unusable)?;
            Ok(Arc::new(model))
        }
    }
}

/// [`try_from_settings`], logging once why there is no embedder (the engine then falls back
/// to its lexical path) or which one is used.
pub fn from_settings(settings: &EmbeddingSettings) -> Option<Arc<dyn Embedder>> {
    match try_from_settings(settings) {
        Ok(embedder) => {
            tracing::info!(model = embedder.model_id(), dimensions = embedder.dimensions(), "sentence embeddings on");
            Some(embedder)
        }
        Err(NoEmbedder::Off) => {
            tracing::info!("sentence embeddings off; matching uses its lexical ranking");
            None
        }
        Err(why) => {
            tracing::warn!(reason = %why, "no sentence embeddings; matching uses its lexical ranking");
            None
        }
    }
}

/// Scales `v` to unit length (a zero vector stays zero), like PyTorch's `F.normalize`.
pub(crate) fn normalize(v: &mut [f32]) {
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt().max(1e-12);
    v.iter_mut().for_each(|x| *x /= norm);
}
