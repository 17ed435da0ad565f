//! A sentence-transformers BERT model (all-MiniLM-L6-v2 by default) run on the CPU by candle,
//! with the sentence-transformers semantics: the token vectors' mean over the attention mask,
//! then L2 normalisation.
//!
//! The folder holds `config.json`, `tokenizer.json`, `model.safetensors` and
//! `1_Pooling/config.json` (which must pool by mean; any other pooling is refused), and
//! optionally `sentence_bert_config.json` (its `max_seq_length`, 256 for MiniLM).
//!
//! The shipped tokenizer pads every text to 128 tokens and cuts at 128: here texts are cut at
//! the model's `max_seq_length` and padded only to the longest text of their batch. Texts are
//! sorted by token count before batching, so a batch holds texts of about one length and little
//! padding is computed; the vectors come back in input order. Padding does not change a text's
//! vector (the mask keeps pad tokens out of attention and out of the mean).
//!
//! Inference is CPU-bound: it runs on a blocking thread, one call at a time, on a rayon pool of
//! its own (`threads`) that bounds every parallel loop of candle, gemm and the tokenizer.

use std::{path::Path, sync::Arc};

use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use serde_json::Value;
use tokenizers::{
    utils::padding::{pad_encodings, PaddingParams, PaddingStrategy},
    Encoding, Tokenizer, TruncationParams,
};
use tokio::sync::Semaphore;

use super::{
    bert::{Bert, BertConfig},
    normalize, EmbedError, Embedder,
};

pub const DEFAULT_BATCH_SIZE: usize = 32;
/// A batch holds at most this many (texts × tokens²): attention's scores grow with the
/// square of a batch's length, so long texts go a few at a time (at 256 tokens, 4) and the
/// memory of a pass stays within some tens of megabytes.
const ATTENTION_BUDGET: usize = 1 << 18;
/// all-MiniLM-L6-v2's `max_seq_length`, for a folder that does not say.
const DEFAULT_MAX_TOKENS: usize = 256;

#[derive(Debug, Clone)]
pub struct LocalOptions {
    /// Texts per forward pass (`None`: [`DEFAULT_BATCH_SIZE`]).
    pub batch_size: Option<usize>,
    /// Compute threads (at least 1).
    pub threads: usize,
}

pub struct LocalBert {
    model_id: String,
    dimensions: usize,
    engine: Arc<Engine>,
    /// One computation at a time: a second would only share the same cores.
    turn: Arc<Semaphore>,
}

impl std::fmt::Debug for LocalBert {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LocalBert")
            .field("model_id", &self.model_id)
            .field("dimensions", &self.dimensions)
            .field("max_tokens", &self.engine.max_tokens)
            .field("batch_size", &self.engine.batch_size)
            .field("threads", &self.engine.pool.current_num_threads())
            .finish()
    }
}

struct Engine {
    model: Bert,
    tokenizer: Tokenizer,
    padding: PaddingParams,
    max_tokens: usize,
    batch_size: usize,
    pool: rayon::ThreadPool,
}

impl LocalBert {
    /// Loads the folder (about 90 MB of weights for MiniLM; blocking reads). The model's
    /// identity is the folder's name, e.g. `all-MiniLM-L6-v2`.
    pub fn load(dir: &Path, options: &LocalOptions) -> Result<Self, EmbedError> {
        let fail = |reason: String| EmbedError::Model { dir: dir.display().to_string(), reason };
        let json = |file: &str| -> Result<Value, EmbedError> {
            let text = std::fs::read_to_string(dir.join(file)).map_err(|e| fail(format!("{file}: {e}")))?;
            serde_json::from_str(&text).map_err(|e| fail(format!("{file}: {e}")))
        };

        let config: BertConfig = serde_json::from_value(json("config.json")?)
            .map_err(|e| fail(format!("config.json is not a BERT configuration: {e}")))?;
        check_mean_pooling(&json("1_Pooling/config.json")?, config.hidden_size).map_err(fail)?;
        let max_tokens = match dir.join("sentence_bert_config.json").is_file() {
            true => json("sentence_bert_config.json")?["max_seq_length"].as_u64().map(|n| n as usize),
            false => None,
        }
        .unwrap_or(DEFAULT_MAX_TOKENS)
        .min(config.max_position_embeddings);

        let mut tokenizer =
            Tokenizer::from_file(dir.join("tokenizer.json")).map_err(|e| fail(format!("tokenizer.json: {e}")))?;
        // Pad per batch (below), not to the file's fixed length.
        let padding = PaddingParams {
            strategy: PaddingStrategy::BatchLongest,
            ..tokenizer.get_padding().cloned().unwrap_or_default()
        };
        tokenizer.with_padding(None);
        tokenizer
            .with_truncation(Some(TruncationParams { max_length: max_tokens, ..Default::default() }))
            .map_err(|e| fail(format!("tokenizer.json: {e}")))?;

        let weights =
            std::fs::read(dir.join("model.safetensors")).map_err(|e| fail(format!("model.safetensors: {e}")))?;
        let vb = VarBuilder::from_buffered_safetensors(weights, DType::F32, &Device::Cpu)
            .map_err(|e| fail(format!("model.safetensors: {e}")))?;
        let model = Bert::load(vb, &config).map_err(|e| fail(format!("model.safetensors: {e}")))?;

        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(options.threads.max(1))
            .thread_name(|i| format!("embedder-{i}"))
            .build()
            .map_err(|e| fail(format!("compute threads: {e}")))?;
        let model_id = dir
            .canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .ok_or_else(|| fail("the folder has no name".into()))?;
        let batch_size = options.batch_size.unwrap_or(DEFAULT_BATCH_SIZE).max(1);
        Ok(Self {
            model_id,
            dimensions: config.hidden_size,
            engine: Arc::new(Engine { model, tokenizer, padding, max_tokens, batch_size, pool }),
            turn: Arc::new(Semaphore::new(1)),
        })
    }
}

/// Accepts a sentence-transformers pooling configuration that pools by mean alone, over
/// vectors of the model's size.
fn check_mean_pooling(pooling: &Value, hidden_size: usize) -> Result<(), String> {
    let modes = pooling.as_object().ok_or("1_Pooling/config.json is not an object")?;
    let on: Vec<&str> = modes
        .iter()
        .filter(|(key, value)| key.starts_with("pooling_mode_") && value.as_bool() == Some(true))
        .map(|(key, _)| key.trim_start_matches("pooling_mode_"))
        .collect();
    if on != ["mean_tokens"] {
        return Err(format!("1_Pooling/config.json pools by {on:?}; only mean pooling (mean_tokens) is supported"));
    }
    match pooling["word_embedding_dimension"].as_u64() {
        Some(d) if d as usize != hidden_size => {
            Err(format!("1_Pooling/config.json pools {d} numbers but the model gives {hidden_size}"))
        }
        _ => Ok(()),
    }
}

/// `order` (ascending by length) cut into batches of at most `size` texts whose
/// (texts × longest²) stays within [`ATTENTION_BUDGET`] (a batch holds one text at least).
fn batches(order: &[usize], len: impl Fn(usize) -> usize, size: usize) -> Vec<&[usize]> {
    let mut out = Vec::new();
    let mut start = 0;
    for (at, &i) in order.iter().enumerate() {
        let longest = len(i).max(1);
        let texts = at - start + 1;
        if at > start && (texts > size || texts * longest * longest > ATTENTION_BUDGET) {
            out.push(&order[start..at]);
            start = at;
        }
    }
    if start < order.len() {
        out.push(&order[start..]);
    }
    out
}

impl Engine {
    /// Blocking: tokenises, batches by length and computes.
    fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let inputs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let mut encodings =
            self.tokenizer.encode_batch(inputs, true).map_err(|e| EmbedError::Inference(format!("tokenizer: {e}")))?;
        let mut order: Vec<usize> = (0..texts.len()).collect();
        order.sort_by_key(|&i| encodings[i].len());

        let mut vectors = vec![Vec::new(); texts.len()];
        for chunk in batches(&order, |i| encodings[i].len(), self.batch_size) {
            let mut batch: Vec<Encoding> = chunk.iter().map(|&i| std::mem::take(&mut encodings[i])).collect();
            pad_encodings(&mut batch, &self.padding).map_err(|e| EmbedError::Inference(format!("padding: {e}")))?;
            let pooled = self.forward(&batch).map_err(|e| EmbedError::Inference(e.to_string()))?;
            for (&i, mut vector) in chunk.iter().zip(pooled) {
                normalize(&mut vector);
                vectors[i] = vector;
            }
        }
        Ok(vectors)
    }

    /// The mean of each text's token vectors over its attention mask (not normalised).
    fn forward(&self, batch: &[Encoding]) -> candle_core::Result<Vec<Vec<f32>>> {
        let shape = (batch.len(), batch[0].len());
        let tensor = |part: fn(&Encoding) -> &[u32]| {
            let values: Vec<u32> = batch.iter().flat_map(|e| part(e).iter().copied()).collect();
            Tensor::from_vec(values, shape, &Device::Cpu)
        };
        let ids = tensor(Encoding::get_ids)?;
        let type_ids = tensor(Encoding::get_type_ids)?;
        let mask = tensor(Encoding::get_attention_mask)?;

        let hidden = self.model.forward(&ids, &type_ids, &mask)?;
        let mask = mask.to_dtype(DType::F32)?.unsqueeze(2)?;
        let sums = hidden.broadcast_mul(&mask)?.sum(1)?;
        let counts = mask.sum(1)?.clamp(1e-9f32, f32::MAX)?;
        sums.broadcast_div(&counts)?.to_vec2()
    }
}

#[async_trait::async_trait]
impl Embedder for LocalBert {
    fn model_id(&self) -> &str {
        &self.model_id
    }

    fn dimensions(&self) -> usize {
        self.dimensions
    }

    async fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, EmbedError> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        // Held by the computation itself, so a caller that gives up does not let the next one
        // start beside a computation still running.
        let turn = self.turn.clone().acquire_owned().await.expect("the semaphore is never closed");
        let engine = self.engine.clone();
        let texts = texts.to_vec();
        tokio::task::spawn_blocking(move || {
            let _turn = turn;
            engine.pool.install(|| engine.embed(&texts))
        })
        .await
        .map_err(|e| EmbedError::Inference(format!("the embedding task failed: {e}")))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_go_a_few_at_a_time() {
        let lengths = [10, 10, 10, 256, 256, 256, 256, 256, 256];
        let order: Vec<usize> = (0..lengths.len()).collect();
        let sizes: Vec<usize> = batches(&order, |i| lengths[i], 32).iter().map(|b| b.len()).collect();
        assert_eq!(sizes, vec![4, 4, 1]);
        let short: Vec<usize> = (0..70).collect();
        let sizes: Vec<usize> = batches(&short, |_| 12, 32).iter().map(|b| b.len()).collect();
        assert_eq!(sizes, vec![32, 32, 6]);
    }
}
