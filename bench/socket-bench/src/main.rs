//! The socket benchmark's client (bench/sockets.sh): against a server on 127.0.0.1 only,
//! bounded in sockets and time.
//!
//! 1. idle: opens `IDLE` sockets (default 10,000) spread over the bench users, holds them
//!    `HOLD_SECS`, and prints the server's resident memory (`/proc/{SERVER_PID}/status`)
//!    before and with them open.
//! 2. fan-out: closes them, opens `FANOUT_SOCKETS` (default 1,000) spread over the people of
//!    `ROOMS` one-to-one rooms (default 100: 200 people, 5 tabs each), and for `ROUNDS`
//!    rounds every room sends one message over a socket (spread over the round's
//!    `ROUND_MS`, or all at once with SPREAD=0); each delivery to a socket of the room's two
//!    people is timed from send to receive. Prints p50, p99 and max.
//!
//! Environment: WAYPOINT_URL (http://127.0.0.1:PORT), WAYPOINT_JWT_SECRET (the server's),
//! ROOMS_FILE (lines "room_id user_a user_b"), USERS_FILE (one user id a line), SERVER_PID.

use std::{
    collections::HashMap,
    sync::Arc,
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

fn number(name: &str, default: usize) -> usize {
    env(name, &default.to_string()).parse().unwrap_or(default)
}

#[derive(Serialize)]
struct Claims {
    sub: String,
    exp: u64,
    iat: u64,
    typ: &'static str,
}

fn token(secret: &[u8], user: i64) -> String {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs();
    let claims = Claims { sub: user.to_string(), iat: now, exp: now + 3600, typ: "access" };
    jsonwebtoken::encode(&jsonwebtoken::Header::default(), &claims, &jsonwebtoken::EncodingKey::from_secret(secret))
        .expect("a token")
}

fn rss_kib(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn now_micros() -> u128 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_micros()
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn open(ws_base: &str, token: &str) -> Ws {
    let url = format!("{ws_base}/ws/events/{token}/");
    for attempt in 0..5 {
        match tokio_tungstenite::connect_async(url.as_str()).await {
            Ok((socket, _)) => return socket,
            Err(err) if attempt < 4 => {
                eprintln!("connect failed ({err}); retrying");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(err) => panic!("cannot open a socket: {err}"),
        }
    }
    unreachable!()
}

fn percentile(sorted: &[u128], p: f64) -> u128 {
    if sorted.is_empty() {
        return 0;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

#[tokio::main]
async fn main() {
    let base = env("WAYPOINT_URL", "http://127.0.0.1:18182");
    assert!(
        base.starts_with("http://127.0.0.1:") || base.starts_with("http://localhost:"),
        "the bench runs against 127.0.0.1 only"
    );
    let ws_base = base.replacen("http://", "ws://", 1);
    let secret = env("WAYPOINT_JWT_SECRET", "").into_bytes();
    assert!(secret.len() >= 32, "WAYPOINT_JWT_SECRET must be the server's secret");
    let pid = env("SERVER_PID", "");
    let users: Vec<i64> = std::fs::read_to_string(env("USERS_FILE", "users.txt"))
        .expect("USERS_FILE")
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect();
    let rooms: Vec<(i64, i64, i64)> = std::fs::read_to_string(env("ROOMS_FILE", "rooms.txt"))
        .expect("ROOMS_FILE")
        .lines()
        .filter_map(|l| {
            let mut parts = l.split_whitespace().map(|p| p.parse::<i64>().ok());
            Some((parts.next()??, parts.next()??, parts.next()??))
        })
        .collect();
    assert!(!users.is_empty() && !rooms.is_empty(), "no users or rooms to bench with");

    // --- 1. Idle sockets --------------------------------------------------------------------
    let idle = number("IDLE", 10_000).min(20_000);
    let hold = Duration::from_secs(number("HOLD_SECS", 5).min(60) as u64);
    let before = rss_kib(&pid);
    let started = Instant::now();
    let tokens: Vec<String> = users.iter().map(|u| token(&secret, *u)).collect();
    let mut sockets = Vec::with_capacity(idle);
    let batch = 200;
    let mut index = 0;
    while sockets.len() < idle {
        let mut opening = Vec::new();
        for _ in 0..batch.min(idle - sockets.len()) {
            let t = tokens[index % tokens.len()].clone();
            index += 1;
            let base = ws_base.clone();
            opening.push(tokio::spawn(async move { open(&base, &t).await }));
        }
        for task in opening {
            sockets.push(task.await.expect("open task"));
        }
    }
    let opened_in = started.elapsed();
    tokio::time::sleep(hold).await;
    let with = rss_kib(&pid);
    println!("idle sockets: {} opened in {:.1} s", sockets.len(), opened_in.as_secs_f64());
    match (before, with) {
        (Some(b), Some(w)) => println!(
            "server RSS: {:.1} MiB before, {:.1} MiB with them open ({:.1} KiB a socket)",
            b as f64 / 1024.0,
            w as f64 / 1024.0,
            (w.saturating_sub(b)) as f64 / sockets.len() as f64
        ),
        _ => println!("server RSS: unknown (set SERVER_PID)"),
    }
    for mut socket in sockets.drain(..) {
        let _ = socket.close(None).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;

    // --- 2. Fan-out -----------------------------------------------------------------------
    let tabs = number("TABS", 5).clamp(1, 20);
    let rounds = number("ROUNDS", 20).clamp(1, 200);
    let room_count = number("ROOMS", rooms.len()).min(rooms.len());
    let rooms = &rooms[..room_count];
    let latencies = Arc::new(Mutex::new(Vec::<u128>::new()));
    let mut senders: HashMap<i64, futures_util::stream::SplitSink<Ws, Message>> = HashMap::new();
    let mut readers = Vec::new();
    let mut total = 0;
    for (_, a, b) in rooms {
        for person in [*a, *b] {
            let t = token(&secret, person);
            for tab in 0..tabs {
                let socket = open(&ws_base, &t).await;
                total += 1;
                let (sink, mut stream) = socket.split();
                if tab == 0 {
                    senders.insert(person, sink);
                } else {
                    drop(sink);
                }
                let latencies = latencies.clone();
                readers.push(tokio::spawn(async move {
                    while let Some(Ok(frame)) = stream.next().await {
                        let Message::Text(text) = frame else { continue };
                        let Ok(event) = serde_json::from_str::<serde_json::Value>(text.as_str()) else { continue };
                        let Some(value) = event["message"]["messages"][0]["value"].as_str() else { continue };
                        if let Some(sent) = value.strip_prefix("t:").and_then(|v| v.split(':').next()) {
                            if let Ok(sent) = sent.parse::<u128>() {
                                latencies.lock().await.push(now_micros().saturating_sub(sent));
                            }
                        }
                    }
                }));
            }
        }
    }
    let pause = Duration::from_millis(number("ROUND_MS", 200).clamp(10, 5000) as u64);
    // SPREAD=1 (default): the rooms' sends are spread evenly over the round, a steady
    // 100 messages per 200 ms; SPREAD=0: all of a round's sends at once (a burst, which
    // measures the queue of writes as much as the fan-out).
    let spread = number("SPREAD", 1) != 0;
    let gap = if spread { pause / rooms.len().max(1) as u32 } else { Duration::ZERO };
    println!(
        "fan-out: {total} sockets in {} rooms, {rounds} rounds, {}",
        rooms.len(),
        if spread { "sends spread over each round" } else { "each round's sends at once" }
    );
    for round in 0..rounds {
        let round_started = Instant::now();
        for (room, a, b) in rooms {
            let sender = if round % 2 == 0 { *a } else { *b };
            let frame = serde_json::json!({
                "type": "chat_message",
                "room": room,
                "message": {"type": "text", "value": format!("t:{}:{round}", now_micros())},
            });
            if let Some(sink) = senders.get_mut(&sender) {
                let _ = sink.send(Message::Text(frame.to_string().into())).await;
            }
            if spread {
                tokio::time::sleep(gap).await;
            }
        }
        tokio::time::sleep(pause.saturating_sub(round_started.elapsed())).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut measured = latencies.lock().await.clone();
    measured.sort_unstable();
    let expected = rounds * rooms.len() * 2 * tabs;
    println!(
        "deliveries: {} of {expected}; send to receive p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        measured.len(),
        percentile(&measured, 0.50) as f64 / 1000.0,
        percentile(&measured, 0.99) as f64 / 1000.0,
        measured.last().copied().unwrap_or(0) as f64 / 1000.0
    );
    if let Some(rss) = rss_kib(&pid) {
        println!("server RSS after fan-out: {:.1} MiB", rss as f64 / 1024.0);
    }
    for reader in readers {
        reader.abort();
    }
}
