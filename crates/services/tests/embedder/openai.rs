//! The OpenAI-compatible provider against a fake `/embeddings` server on 127.0.0.1. The fake
//! answers text `tN` with the vector (1, N, 0, 0) (not normalised), listed in reverse index
//! order, so order, batching and normalisation all show in the vectors.

use std::{
    path::Path,
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{extract::State, http::HeaderMap, http::StatusCode, response::IntoResponse, routing::post, Json, Router};
use serde_json::{json, Value};
use services::matching::embedder::{openai::OpenAiEmbeddings, try_from_settings, EmbedError, Embedder};

use crate::{norm, settings};

const KEY: &str = "sk-test-SECRET-4242";

#[derive(Clone, Copy)]
enum Mode {
    Answer,
    /// 401 with a body quoting the key, as OpenAI's does.
    Refuse,
    /// One vector too few.
    Short,
    /// Answers after 3 s.
    Slow,
}

#[derive(Clone)]
struct Fake {
    mode: Mode,
    /// Each request's body and Authorization header.
    seen: Arc<Mutex<Vec<(Value, String)>>>,
}

async fn embeddings(State(fake): State<Fake>, headers: HeaderMap, Json(body): Json<Value>) -> axum::response::Response {
    let auth = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    fake.seen.lock().unwrap().push((body.clone(), auth));
    let inputs: Vec<String> =
        body["input"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect();
    let mut data: Vec<Value> = inputs
        .iter()
        .enumerate()
        .map(|(index, text)| {
            let n: f32 = text.trim_start_matches('t').parse().unwrap();
            json!({"object": "embedding", "index": index, "embedding": [1.0, n, 0.0, 0.0]})
        })
        .collect();
    data.reverse();
    match fake.mode {
        Mode::Refuse => {
            let error = json!({"error": {"message": format!("Incorrect API key provided: {KEY}")}});
            return (StatusCode::UNAUTHORIZED, Json(error)).into_response();
        }
        Mode::Short => {
            data.pop();
        }
        Mode::Slow => tokio::time::sleep(Duration::from_secs(3)).await,
        Mode::Answer => {}
    }
    Json(json!({"object": "list", "data": data, "model": body["model"]})).into_response()
}

/// A fake server and an embedder (batches of 64, 1 s timeout) pointed at it.
async fn fake(mode: Mode) -> (Arc<dyn Embedder>, Arc<Mutex<Vec<(Value, String)>>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let app = Router::new().route("/v1/embeddings", post(embeddings)).with_state(Fake { mode, seen: seen.clone() });
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (embedder(&base_url), seen)
}

fn embedder(base_url: &str) -> Arc<dyn Embedder> {
    let s = settings(
        Path::new("data"),
        &[
            ("WAYPOINT_EMBEDDING_PROVIDER", "openai"),
            ("WAYPOINT_AI_BASE_URL", base_url),
            ("WAYPOINT_AI_API_KEY", KEY),
            ("WAYPOINT_EMBEDDING_MODEL", "fake-embed"),
            ("WAYPOINT_EMBEDDING_DIMENSIONS", "4"),
            ("WAYPOINT_AI_TIMEOUT_SECS", "1"),
        ],
    )
    .unwrap();
    try_from_settings(&s).unwrap()
}

fn texts(count: usize) -> Vec<String> {
    (0..count).map(|n| format!("t{n}")).collect()
}

fn assert_no_key(error: &EmbedError) {
    for shown in [error.to_string(), format!("{error:?}")] {
        assert!(!shown.contains("SECRET"), "{shown}");
    }
}

#[tokio::test]
async fn vectors_come_back_in_input_order_normalised_across_batches() {
    let (embedder, seen) = fake(Mode::Answer).await;
    assert_eq!((embedder.model_id(), embedder.dimensions()), ("openai:fake-embed", 4));

    let vectors = embedder.embed(&texts(150)).await.unwrap();
    assert_eq!(vectors.len(), 150);
    for (n, v) in vectors.iter().enumerate() {
        assert!((norm(v) - 1.0).abs() < 1e-6, "text {n}: norm {}", norm(v));
        assert!((v[1] / v[0] - n as f32).abs() < 1e-3, "text {n} got the vector of text {}", v[1] / v[0]);
    }

    let seen = seen.lock().unwrap();
    let sizes: Vec<usize> = seen.iter().map(|(body, _)| body["input"].as_array().unwrap().len()).collect();
    assert_eq!(sizes, [64, 64, 22]);
    for (body, auth) in seen.iter() {
        assert_eq!(body["model"], "fake-embed");
        assert_eq!(auth, &format!("Bearer {KEY}"));
    }
}

#[tokio::test]
async fn no_texts_no_request() {
    let (embedder, seen) = fake(Mode::Answer).await;
    assert!(embedder.embed(&[]).await.unwrap().is_empty());
    assert!(seen.lock().unwrap().is_empty());
}

#[tokio::test]
async fn an_http_error_is_its_status_without_the_key() {
    let (embedder, _) = fake(Mode::Refuse).await;
    let error = embedder.embed(&texts(3)).await.unwrap_err();
    assert!(matches!(error, EmbedError::Status(401)), "{error:?}");
    assert_no_key(&error);
}

#[tokio::test]
async fn an_answer_missing_a_vector_is_refused() {
    let (embedder, _) = fake(Mode::Short).await;
    let error = embedder.embed(&texts(5)).await.unwrap_err();
    assert!(matches!(&error, EmbedError::BadAnswer(m) if m.contains("4 vectors for 5 texts")), "{error:?}");
}

#[tokio::test]
async fn a_slow_answer_times_out() {
    let (embedder, _) = fake(Mode::Slow).await;
    let started = std::time::Instant::now();
    let error = embedder.embed(&texts(2)).await.unwrap_err();
    assert!(matches!(error, EmbedError::Timeout(1)), "{error:?}");
    assert!(started.elapsed() < Duration::from_millis(2500), "{:?}", started.elapsed());
    assert_no_key(&error);
}

#[tokio::test]
async fn an_unreachable_server_is_an_http_error_without_the_key() {
    // A port that was just free: nothing listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let error = embedder(&format!("http://127.0.0.1:{port}/v1")).embed(&texts(1)).await.unwrap_err();
    assert!(matches!(error, EmbedError::Http(_)), "{error:?}");
    assert_no_key(&error);
}

#[test]
fn debug_never_shows_the_key() {
    let s = settings(
        Path::new("data"),
        &[
            ("WAYPOINT_EMBEDDING_PROVIDER", "openai"),
            ("WAYPOINT_AI_BASE_URL", "https://api.openai.com/v1"),
            ("WAYPOINT_AI_API_KEY", KEY),
        ],
    )
    .unwrap();
    let openai = s.openai.unwrap();
    let embedder = OpenAiEmbeddings::new(&openai, None);
    for shown in [format!("{openai:?}"), format!("{embedder:?}")] {
        assert!(!shown.contains("SECRET") && shown.contains("text-embedding-3-small"), "{shown}");
    }
}
