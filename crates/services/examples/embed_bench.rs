//! How fast the local sentence-embedding model is here: load time and memory, texts per second
//! over 1,000 texts of 30–60 words, and the latency of embedding one short question.
//!
//! ```sh
//! cargo run -p services --example embed_bench            # debug (the profile optimises candle)
//! cargo run -p services --example embed_bench --release
//! ```
//!
//! `WAYPOINT_EMBEDDING_MODEL_DIR` (default `data/models/all-MiniLM-L6-v2`),
//! `WAYPOINT_EMBEDDING_THREADS` (default: the cores) and `WAYPOINT_EMBEDDING_BATCH_SIZE`.

use std::{path::PathBuf, time::Instant};

use services::matching::embedder::{
    local::{LocalBert, LocalOptions},
    Embedder,
};

const WORDS: &str = "career mentor salary interview cloud data engineer manager team goal skills learning \
    network product design python leadership community project feedback growth startup remote hiring portfolio \
    analytics strategy marketing finance health the a of and to in for with on about how we our their is are";

/// Resident and peak resident memory of this process, in MiB (Linux).
fn memory() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
            .map_or(0, |kib| kib / 1024)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// CPU seconds this process has used (user and system, all threads; Linux).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name, which is in parentheses: utime and stime are the
    // 12th and 13th of them, in clock ticks (100 a second).
    let fields: Vec<&str> = stat.rsplit_once(')').map_or("", |(_, rest)| rest).split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

/// 1,000 texts of 30 to 60 words, the same every run (xorshift).
fn texts() -> Vec<String> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state as usize
    };
    let words: Vec<&str> = WORDS.split_whitespace().collect();
    (0..1000)
        .map(|_| {
            let count = 30 + next() % 31;
            (0..count).map(|_| words[next() % words.len()]).collect::<Vec<_>>().join(" ")
        })
        .collect()
}

#[tokio::main]
async fn main() {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<usize>().ok());
    let dir = std::env::var_os("WAYPOINT_EMBEDDING_MODEL_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("data/models/all-MiniLM-L6-v2"));
    let options = LocalOptions {
        batch_size: var("WAYPOINT_EMBEDDING_BATCH_SIZE"),
        threads: var("WAYPOINT_EMBEDDING_THREADS")
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)),
    };
    let profile = if cfg!(debug_assertions) { "debug" } else { "release" };

    let (before, _) = memory();
    let started = Instant::now();
    let model = LocalBert::load(&dir, &options).unwrap_or_else(|e| panic!("{e} (run scripts/fetch-model.sh)"));
    let load = started.elapsed();
    let (after, peak) = memory();
    println!("{profile}, {} threads: {model:?}", options.threads);
    println!("load {:.0} ms; RSS {before} MiB before, {after} MiB after, peak {peak} MiB", load.as_secs_f64() * 1e3);

    let texts = texts();
    let (started, cpu) = (Instant::now(), cpu_seconds());
    let vectors = model.embed(&texts).await.unwrap();
    let (elapsed, cpu) = (started.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    assert_eq!(vectors.len(), texts.len());
    let rate = texts.len() as f64 / elapsed;
    println!("1000 texts of 30-60 words: {elapsed:.2} s, {rate:.0} texts/s; {cpu:.1} CPU seconds");

    let question = vec!["How do I negotiate a higher salary?".to_string()];
    model.embed(&question).await.unwrap();
    let mut latencies: Vec<f64> = Vec::new();
    for _ in 0..30 {
        let started = Instant::now();
        model.embed(&question).await.unwrap();
        latencies.push(started.elapsed().as_secs_f64() * 1e3);
    }
    latencies.sort_by(f64::total_cmp);
    println!("one question: p50 {:.1} ms, p90 {:.1} ms", latencies[15], latencies[27]);
    let (rss, peak) = memory();
    println!("RSS at the end {rss} MiB, peak {peak} MiB");
}
