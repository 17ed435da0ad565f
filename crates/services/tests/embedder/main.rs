//! The sentence-embedding providers of matching (`services::matching::embedder`): the
//! settings, the OpenAI-compatible provider against a local fake, and the local model (needs
//! `scripts/fetch-model.sh`; `WAYPOINT_SKIP_MODEL_TESTS=1` skips those tests).

mod model;
mod openai;
mod settings;

use std::{collections::HashMap, path::Path};

use services::matching::embedder::EmbeddingSettings;

/// Settings from these variables alone (the process environment is not read).
pub fn settings(data_dir: &Path, vars: &[(&str, &str)]) -> Result<EmbeddingSettings, String> {
    let vars: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    EmbeddingSettings::from_env(data_dir, |name| vars.get(name).cloned())
}

pub fn norm(v: &[f32]) -> f32 {
    v.iter().map(|x| x * x).sum::<f32>().sqrt()
}

pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}
