//! Which embedder the deployment uses, read from the environment (through a closure, so
//! tests pass a map).
//!
//! | variable | default | meaning |
//! | --- | --- | --- |
//! | `WAYPOINT_EMBEDDING_PROVIDER` | `local` | `local`, `openai` or `off` |
//! | `WAYPOINT_EMBEDDING_MODEL_DIR` | `<data_dir>/models/all-MiniLM-L6-v2` | the local sentence-transformers folder |
//! | `WAYPOINT_EMBEDDING_MODEL` | `text-embedding-3-small` | the `openai` provider's model |
//! | `WAYPOINT_EMBEDDING_DIMENSIONS` | known for OpenAI's models | the vector size of another `openai` model |
//! | `WAYPOINT_EMBEDDING_BATCH_SIZE` | 32 local, 64 openai | texts per forward pass or request |
//! | `WAYPOINT_EMBEDDING_THREADS` | the cores | CPU threads the local model computes on |
//!
//! The `openai` provider reuses `WAYPOINT_AI_BASE_URL`, `WAYPOINT_AI_API_KEY` and
//! `WAYPOINT_AI_TIMEOUT_SECS`, and is only used when chosen: texts would leave the deployment.

use std::{
    fmt,
    path::{Path, PathBuf},
    time::Duration,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    Local,
    OpenAi,
    Off,
}

#[derive(Debug, Clone, PartialEq)]
pub struct EmbeddingSettings {
    pub provider: Provider,
    pub model_dir: PathBuf,
    /// Set when (and only when) the provider is `openai`.
    pub openai: Option<OpenAiSettings>,
    /// `None`: the provider's own default.
    pub batch_size: Option<usize>,
    /// The local model's compute threads.
    pub threads: usize,
}

#[derive(Clone, PartialEq)]
pub struct OpenAiSettings {
    /// Without the trailing slash, e.g. `https://api.openai.com/v1`.
    pub base_url: String,
    pub api_key: String,
    pub model: String,
    pub dimensions: usize,
    /// Bounds each whole request.
    pub timeout: Duration,
}

impl fmt::Debug for OpenAiSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never print the key.
        f.debug_struct("OpenAiSettings")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("dimensions", &self.dimensions)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

pub const DEFAULT_MODEL_FOLDER: &str = "models/all-MiniLM-L6-v2";
pub const DEFAULT_OPENAI_MODEL: &str = "text-embedding-3-small";
const DEFAULT_TIMEOUT_SECS: u64 = 20;

/// Vector sizes of OpenAI's embedding models (their default output).
fn known_dimensions(model: &str) -> Option<usize> {
    match model {
        "text-embedding-3-small" | "text-embedding-ada-002" => Some(1536),
        "text-embedding-3-large" => Some(3072),
        _ => None,
    }
}

impl EmbeddingSettings {
    /// The settings for `data_dir`, or what is wrong with them (a message naming the variable).
    pub fn from_env(data_dir: &Path, var: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let get = |name: &str| var(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let number = |name: &str, range: std::ops::RangeInclusive<usize>| -> Result<Option<usize>, String> {
            get(name)
                .map(|v| {
                    v.parse::<usize>().ok().filter(|n| range.contains(n)).ok_or_else(|| {
                        format!("{name} must be a whole number from {} to {}", range.start(), range.end())
                    })
                })
                .transpose()
        };

        let provider = match get("WAYPOINT_EMBEDDING_PROVIDER").map(|p| p.to_ascii_lowercase()).as_deref() {
            None | Some("local") => Provider::Local,
            Some("openai") => Provider::OpenAi,
            Some("off") => Provider::Off,
            Some(_) => return Err("WAYPOINT_EMBEDDING_PROVIDER must be local, openai or off".into()),
        };
        let model_dir = get("WAYPOINT_EMBEDDING_MODEL_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| data_dir.join(DEFAULT_MODEL_FOLDER));
        let batch_size = number("WAYPOINT_EMBEDDING_BATCH_SIZE", 1..=2048)?;
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let threads = number("WAYPOINT_EMBEDDING_THREADS", 1..=256)?.unwrap_or(cores);

        let openai = if provider == Provider::OpenAi {
            let base_url = get("WAYPOINT_AI_BASE_URL")
                .ok_or("WAYPOINT_EMBEDDING_PROVIDER=openai needs WAYPOINT_AI_BASE_URL (and WAYPOINT_AI_API_KEY)")?;
            if !(base_url.starts_with("https://") || base_url.starts_with("http://")) {
                return Err("WAYPOINT_AI_BASE_URL must be an http(s) URL".into());
            }
            let model = get("WAYPOINT_EMBEDDING_MODEL").unwrap_or_else(|| DEFAULT_OPENAI_MODEL.into());
            let dimensions = match number("WAYPOINT_EMBEDDING_DIMENSIONS", 1..=65536)? {
                Some(d) => d,
                None => known_dimensions(&model).ok_or_else(|| {
                    format!("WAYPOINT_EMBEDDING_DIMENSIONS is needed: the vector size of {model} is not known")
                })?,
            };
            let timeout = number("WAYPOINT_AI_TIMEOUT_SECS", 1..=300)?.map_or(DEFAULT_TIMEOUT_SECS, |s| s as u64);
            Some(OpenAiSettings {
                base_url: base_url.trim_end_matches('/').to_string(),
                api_key: get("WAYPOINT_AI_API_KEY").unwrap_or_default(),
                model,
                dimensions,
                timeout: Duration::from_secs(timeout),
            })
        } else {
            None
        };
        Ok(Self { provider, model_dir, openai, batch_size, threads })
    }
}
