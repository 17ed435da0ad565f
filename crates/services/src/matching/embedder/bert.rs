//! The BERT encoder of a sentence-transformers folder, on candle's tensors and layers: the
//! token, position and segment embeddings, then `num_hidden_layers` blocks of self-attention
//! and a feed-forward network, each closed by a residual sum and a layer norm. Inference only
//! (no dropout, no pooler: the caller pools by mean).
//!
//! Written here rather than taken from candle-transformers because that crate compiles about a
//! hundred other models with it: 94 s of a first build's CPU on 2 cores, on its critical path
//! (docs/decisions.md, "First run"). `tests/embedder/model.rs` checks the vectors against an
//! independent float64 implementation.

use candle_core::{DType, Module, Result, Tensor, D};
use candle_nn::{embedding, layer_norm, linear, Embedding, LayerNorm, Linear, VarBuilder};
use serde::Deserialize;

/// The fields of a BERT `config.json` the encoder needs.
#[derive(Debug, Clone, Deserialize)]
pub struct BertConfig {
    pub vocab_size: usize,
    pub hidden_size: usize,
    pub num_hidden_layers: usize,
    pub num_attention_heads: usize,
    pub intermediate_size: usize,
    #[serde(default = "default_activation")]
    pub hidden_act: Activation,
    pub max_position_embeddings: usize,
    #[serde(default = "default_type_vocab_size")]
    pub type_vocab_size: usize,
    #[serde(default = "default_layer_norm_eps")]
    pub layer_norm_eps: f64,
    #[serde(default = "default_position_embedding_type")]
    pub position_embedding_type: String,
}

/// The feed-forward activation: `gelu` is the exact (erf) form, as in the original BERT.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Activation {
    Gelu,
    #[serde(alias = "gelu_new", alias = "gelu_pytorch_tanh")]
    GeluApproximate,
    Relu,
}

fn default_activation() -> Activation {
    Activation::Gelu
}
fn default_type_vocab_size() -> usize {
    2
}
fn default_layer_norm_eps() -> f64 {
    1e-12
}
fn default_position_embedding_type() -> String {
    "absolute".into()
}

impl Activation {
    fn apply(self, xs: &Tensor) -> Result<Tensor> {
        match self {
            Activation::Gelu => xs.gelu_erf(),
            Activation::GeluApproximate => xs.gelu(),
            Activation::Relu => xs.relu(),
        }
    }
}

pub struct Bert {
    words: WordTable,
    positions: Embedding,
    segments: Embedding,
    embeddings_norm: LayerNorm,
    layers: Vec<Layer>,
}

struct Layer {
    query: Linear,
    key: Linear,
    value: Linear,
    heads: usize,
    attention_out: Linear,
    attention_norm: LayerNorm,
    expand: Linear,
    activation: Activation,
    contract: Linear,
    out_norm: LayerNorm,
}

impl Bert {
    /// Reads the weights under `embeddings.*` and `encoder.layer.N.*`, or under `bert.*` as
    /// checkpoints saved with a task head name them.
    pub fn load(vb: VarBuilder, config: &BertConfig) -> Result<Self> {
        if config.position_embedding_type != "absolute" {
            candle_core::bail!("position_embedding_type {} is not supported", config.position_embedding_type);
        }
        if !config.hidden_size.is_multiple_of(config.num_attention_heads) {
            candle_core::bail!("hidden_size is not a multiple of num_attention_heads");
        }
        let vb = if vb.contains_tensor("embeddings.word_embeddings.weight") { vb } else { vb.pp("bert") };
        let hidden = config.hidden_size;
        let norm = |vb: VarBuilder| layer_norm(hidden, config.layer_norm_eps, vb.pp("LayerNorm"));
        let e = vb.pp("embeddings");
        let words = WordTable::load(config.vocab_size, hidden, e.pp("word_embeddings"))?;
        let positions = embedding(config.max_position_embeddings, hidden, e.pp("position_embeddings"))?;
        let segments = embedding(config.type_vocab_size, hidden, e.pp("token_type_embeddings"))?;
        let embeddings_norm = norm(e.clone())?;
        let layers = (0..config.num_hidden_layers)
            .map(|i| {
                let l = vb.pp(format!("encoder.layer.{i}"));
                let attention = l.pp("attention");
                Ok(Layer {
                    query: linear(hidden, hidden, attention.pp("self.query"))?,
                    key: linear(hidden, hidden, attention.pp("self.key"))?,
                    value: linear(hidden, hidden, attention.pp("self.value"))?,
                    heads: config.num_attention_heads,
                    attention_out: linear(hidden, hidden, attention.pp("output.dense"))?,
                    attention_norm: norm(attention.pp("output"))?,
                    expand: linear(hidden, config.intermediate_size, l.pp("intermediate.dense"))?,
                    activation: config.hidden_act,
                    contract: linear(config.intermediate_size, hidden, l.pp("output.dense"))?,
                    out_norm: norm(l.pp("output"))?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Self { words, positions, segments, embeddings_norm, layers })
    }

    /// The last layer's token vectors, (batch, tokens, hidden), for `ids`, `segment_ids` and
    /// `mask` of shape (batch, tokens); a mask of 0 keeps a (padding) token out of attention.
    pub fn forward(&self, ids: &Tensor, segment_ids: &Tensor, mask: &Tensor) -> Result<Tensor> {
        let tokens = ids.dim(1)?;
        let position_ids = Tensor::arange(0u32, tokens as u32, ids.device())?;
        let summed = (self.words.forward(ids)? + self.segments.forward(segment_ids)?)?
            .broadcast_add(&self.positions.forward(&position_ids)?)?;
        let mut xs = self.embeddings_norm.forward(&summed)?;
        // Masked keys get the lowest float added to their scores, so softmax gives them 0.
        let blocked = ((1.0 - mask.to_dtype(DType::F32)?)? * f32::MIN as f64)?.unsqueeze(1)?.unsqueeze(1)?;
        for layer in &self.layers {
            xs = layer.forward(&xs, &blocked)?;
        }
        Ok(xs)
    }
}

/// The token embeddings held in half precision: the table is looked up, never multiplied, and
/// is half of MiniLM's weights (30,522 × 384 floats, 47 MB in f32, 23 MB in f16). A looked-up
/// row is widened to f32 before anything adds to it; f16's 11-bit mantissa moves a sentence's
/// cosine similarities by less than 1e-4 (`tests/embedder/model.rs` holds them to 1e-3 of a
/// float64 reference).
struct WordTable {
    rows: Tensor,
}

impl WordTable {
    fn load(vocab_size: usize, hidden: usize, vb: VarBuilder) -> Result<Self> {
        Ok(Self { rows: vb.get((vocab_size, hidden), "weight")?.to_dtype(DType::F16)? })
    }

    fn forward(&self, ids: &Tensor) -> Result<Tensor> {
        let mut shape = ids.dims().to_vec();
        shape.push(self.rows.dim(1)?);
        self.rows.index_select(&ids.flatten_all()?, 0)?.to_dtype(DType::F32)?.reshape(shape)
    }
}

impl Layer {
    fn forward(&self, xs: &Tensor, blocked: &Tensor) -> Result<Tensor> {
        let attended = self.attention_out.forward(&self.attention(xs, blocked)?)?;
        let xs = self.attention_norm.forward(&(attended + xs)?)?;
        let expanded = self.activation.apply(&self.expand.forward(&xs)?)?;
        self.out_norm.forward(&(self.contract.forward(&expanded)? + xs)?)
    }

    /// Multi-head scaled dot-product attention of every token over the unmasked tokens.
    fn attention(&self, xs: &Tensor, blocked: &Tensor) -> Result<Tensor> {
        let (batch, tokens, hidden) = xs.dims3()?;
        let head_size = hidden / self.heads;
        // (batch, tokens, hidden) → (batch, heads, tokens, head_size)
        let split = |t: Tensor| t.reshape((batch, tokens, self.heads, head_size))?.transpose(1, 2)?.contiguous();
        let q = split(self.query.forward(xs)?)?;
        let k = split(self.key.forward(xs)?)?;
        let v = split(self.value.forward(xs)?)?;
        let scores = (q.matmul(&k.t()?)? / (head_size as f64).sqrt())?.broadcast_add(blocked)?;
        let weights = candle_nn::ops::softmax(&scores, D::Minus1)?;
        weights.matmul(&v)?.transpose(1, 2)?.contiguous()?.reshape((batch, tokens, hidden))
    }
}
