//! The request log never prints the token in the socket's path (`/ws/events/{token}/`).
//! A test binary of its own: it installs a log subscriber, which other tests running at the
//! same time in one process would disturb.

use std::sync::{Arc, Mutex};

use api::{AppState, Settings};
use store::connect::{connect_pools, PoolOptions, Pools};

#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn the_request_log_never_prints_the_sockets_token() {
    let captured = Captured::default();
    let writer = captured.clone();
    tracing_subscriber::fmt()
        .with_max_level(tracing::Level::INFO)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .init();

    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("log.db").display());
    let Pools { write: db, read } = connect_pools(&url, None, PoolOptions::default()).await.unwrap();
    store::migrations::migrate(&db).await.unwrap();
    store::queries::tenants::ensure_default(&db, serde_json::to_value(domain::config::AppConfig::default()).unwrap())
        .await
        .unwrap();
    let state = AppState::new(db.clone(), Settings::for_tests()).unwrap().with_read_pool(read);
    let user = store::queries::users::create(
        &db,
        store::queries::users::NewUser {
            email: "ada@example.com",
            password_hash: None,
            first_name: "Ada",
            last_name: "Lovelace",
            is_verified: true,
            is_staff: false,
            subscribe_to_newsletter: false,
        },
    )
    .await
    .unwrap();
    let token = state.tokens.issue_access(user.id).unwrap();
    let app = api::app(state);

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let service =
        axum::ServiceExt::<axum::extract::Request>::into_make_service_with_connect_info::<std::net::SocketAddr>(app);
    tokio::spawn(async move { axum::serve(listener, service).await.unwrap() });
    let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/ws/events/{token}/")).await.unwrap();
    drop(socket);
    // A refused token is logged the same way.
    let _ = tokio_tungstenite::connect_async(format!("ws://{address}/ws/events/{token}x/")).await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;

    let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    assert!(log.matches("/ws/events/[redacted]/").count() >= 2, "both socket requests are logged: {log}");
    assert!(!log.contains(&token), "the token is not");
    assert!(!log.contains(&token[..20]), "not even its start");
}
