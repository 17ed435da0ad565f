//! The local all-MiniLM-L6-v2 model, from `WAYPOINT_EMBEDDING_MODEL_DIR` or the workspace's
//! `data/models/all-MiniLM-L6-v2` (where `scripts/fetch-model.sh` puts it). Without it these
//! tests fail and say how to fetch it, unless `WAYPOINT_SKIP_MODEL_TESTS=1`.

use std::{
    io::Write,
    path::{Path, PathBuf},
    sync::{Arc, OnceLock},
};

use services::matching::embedder::{
    local::{LocalBert, LocalOptions},
    Embedder,
};

use crate::{dot, norm};

/// The model, loaded once for all tests; `None` when the tests are to be skipped.
fn model() -> Option<Arc<LocalBert>> {
    static MODEL: OnceLock<Option<Arc<LocalBert>>> = OnceLock::new();
    MODEL
        .get_or_init(|| {
            let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).expect("the workspace root");
            let dir = std::env::var_os("WAYPOINT_EMBEDDING_MODEL_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| workspace.join("data/models/all-MiniLM-L6-v2"));
            if !dir.join("model.safetensors").is_file() {
                if std::env::var("WAYPOINT_SKIP_MODEL_TESTS").as_deref() == Ok("1") {
                    // Straight to stderr: the test harness would hide an eprintln! of a passing test.
                    let _ = writeln!(
                        std::io::stderr(),
                        "embedder: model tests skipped (WAYPOINT_SKIP_MODEL_TESTS=1, no model in {})",
                        dir.display()
                    );
                    return None;
                }
                panic!(
                    "no embedding model in {}: run scripts/fetch-model.sh (or point WAYPOINT_EMBEDDING_MODEL_DIR \
                     at a sentence-transformers folder), or set WAYPOINT_SKIP_MODEL_TESTS=1 to skip the model tests",
                    dir.display()
                );
            }
            let options = LocalOptions { batch_size: None, threads: 2 };
            Some(Arc::new(LocalBert::load(&dir, &options).expect("the model loads")))
        })
        .clone()
}

macro_rules! model_or_skip {
    () => {
        match model() {
            Some(model) => model,
            None => return,
        }
    };
}

fn strings(texts: &[&str]) -> Vec<String> {
    texts.iter().map(|t| t.to_string()).collect()
}

const SALARY: &str = "How do I negotiate a higher salary?";
const RAISE: &str = "Asking your manager for a raise";
const CLOUD: &str = "Introduction to cloud computing";

/// Reference values from an independent implementation: the BERT forward pass written out in
/// numpy (float64) over the folder's model.safetensors (read with the `safetensors` PyPI
/// package) and tokenizer.json (the `tokenizers` PyPI package, truncation 256, no padding),
/// then the mean of the token vectors and L2 normalisation, as sentence-transformers does.
/// (sentence-transformers itself needs torch, too big to install here.)
#[tokio::test]
async fn similarities_match_the_reference() {
    let model = model_or_skip!();
    assert_eq!((model.model_id(), model.dimensions()), ("all-MiniLM-L6-v2", 384));
    let v = model.embed(&strings(&[SALARY, RAISE, CLOUD])).await.unwrap();
    for (pair, expected) in [((0, 1), 0.470840), ((0, 2), -0.002880), ((1, 2), -0.040132)] {
        let got = dot(&v[pair.0], &v[pair.1]);
        assert!((got - expected).abs() < 1e-3, "cos{pair:?} = {got}, reference {expected}");
    }
    let first = [0.005096, 0.02964, -0.014533, 0.00727];
    for (got, expected) in v[0].iter().zip(first) {
        assert!((got - expected).abs() < 1e-3, "{:?} against the reference {first:?}", &v[0][..4]);
    }
}

#[tokio::test]
async fn a_salary_question_is_closer_to_a_raise_than_to_cloud_computing() {
    let model = model_or_skip!();
    let v = model.embed(&strings(&[SALARY, RAISE, CLOUD])).await.unwrap();
    assert!(dot(&v[0], &v[1]) > dot(&v[0], &v[2]) + 0.2, "raise {} cloud {}", dot(&v[0], &v[1]), dot(&v[0], &v[2]));
    for vector in &v {
        assert!((norm(vector) - 1.0).abs() < 1e-5);
    }
}

#[tokio::test]
async fn a_text_has_the_same_vector_alone_and_padded_in_a_batch() {
    let model = model_or_skip!();
    let alone = model.embed(&strings(&[RAISE])).await.unwrap().remove(0);
    let long = "Mentoring circles pair early-career members with experienced professionals who meet \
                every other week to review goals, practise interviews and plan the next step of a career.";
    // RAISE is padded to the long texts' length in its batch, and its position moves.
    let batch = model.embed(&strings(&[long, SALARY, RAISE, long, CLOUD])).await.unwrap();
    let most = alone.iter().zip(&batch[2]).map(|(a, b)| (a - b).abs()).fold(0.0, f32::max);
    assert!(most < 1e-5, "largest difference {most}");
}

#[tokio::test]
async fn inputs_of_any_size_keep_their_order() {
    let model = model_or_skip!();
    assert!(model.embed(&[]).await.unwrap().is_empty());
    // 70 texts of many lengths (three batches), and one past the 256-token limit.
    let mut texts: Vec<String> = (0..70).map(|i| format!("topic {i} ").repeat(1 + i % 9)).collect();
    texts.push("career ".repeat(600));
    let vectors = model.embed(&texts).await.unwrap();
    assert_eq!(vectors.len(), texts.len());
    for i in [0, 13, 44, 69, 70] {
        let alone = model.embed(&texts[i..=i]).await.unwrap().remove(0);
        assert!(dot(&alone, &vectors[i]) > 0.9999, "text {i}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_callers_each_get_their_answer() {
    let model = model_or_skip!();
    let calls = [SALARY, RAISE, CLOUD].map(|text| {
        let model = model.clone();
        tokio::spawn(async move { model.embed(&strings(&[text])).await.unwrap().remove(0) })
    });
    let expected = model.embed(&strings(&[SALARY, RAISE, CLOUD])).await.unwrap();
    for (call, expected) in calls.into_iter().zip(expected) {
        assert!(dot(&call.await.unwrap(), &expected) > 0.9999);
    }
}
