//! The process's Prometheus series (`/metrics`, served by `api::metrics` on its own
//! listener when `WAYPOINT_METRICS_ADDR` is set).
//!
//! One [`Metrics`] per application state, with its own registry (no global recorder), so
//! every test sees only its own numbers. Counters are bumped where the work happens (the
//! job worker, the model client, the page caches, the socket loop); gauges that describe
//! the database (pools, job queue) are read when scraped.
//!
//! No label carries tenant data, a host, a user, a raw path or a secret: routes are axum's
//! templates (`/api/v1/circles/{id}/`), and every other label is one of a few fixed words.

use prometheus::{
    Encoder, Gauge, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, IntGaugeVec, Opts, Registry,
    TextEncoder,
};

/// The label of a request that matched no route (web app fallback, unknown paths).
pub const UNMATCHED_ROUTE: &str = "unmatched";

/// Latency buckets in seconds: 1 ms to 10 s.
const LATENCY_BUCKETS: &[f64] = &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

/// Every series of the process.
#[derive(Clone)]
pub struct Metrics {
    registry: Registry,
    /// `waypoint_http_request_duration_seconds{route,method,status}`; its `_count` is the
    /// number of requests.
    pub http: HistogramVec,
    /// `waypoint_db_connections{pool,state}`: `state` is `in_use` or `idle`.
    pub db_connections: IntGaugeVec,
    /// `waypoint_jobs_pending`: jobs waiting to run (due or scheduled).
    pub jobs_pending: IntGauge,
    /// `waypoint_jobs_oldest_due_age_seconds`: how long the oldest due job has waited (0 when none).
    pub jobs_oldest_due_age: Gauge,
    /// `waypoint_jobs_failed_total{outcome}`: `retried` (runs again later) or `gave_up`.
    pub jobs_failed: IntCounterVec,
    /// `waypoint_mail_total{outcome}`: `delivered`, `retried` or `failed` (gave up).
    pub mail: IntCounterVec,
    /// `waypoint_sockets_open`: open real-time sockets (`/ws/events/…`) on this instance.
    pub sockets_open: IntGauge,
    /// `waypoint_socket_events_lagged_total`: events a socket too slow to read missed (it
    /// reads them again over HTTP).
    pub socket_events_lagged: IntCounter,
    /// Calls to the configured AI model.
    pub model: ModelCounters,
    /// `waypoint_page_cache_total{list,event}`: `hit` or `rebuild` of kept list pages.
    pub page_cache: IntCounterVec,
}

/// The model client's counters: `waypoint_model_calls_total{outcome}` (`ok`, `error`,
/// `timeout`) and `waypoint_model_fallbacks_total` (the built-in answer was used instead).
#[derive(Clone, Debug)]
pub struct ModelCounters {
    pub ok: IntCounter,
    pub error: IntCounter,
    pub timeout: IntCounter,
    pub fallback: IntCounter,
}

impl Default for ModelCounters {
    /// Counters that belong to no registry (a client built outside an application state).
    fn default() -> Self {
        let detached = |name: &str| IntCounter::new(name, "detached").expect("a valid counter name");
        ModelCounters {
            ok: detached("model_ok"),
            error: detached("model_error"),
            timeout: detached("model_timeout"),
            fallback: detached("model_fallback"),
        }
    }
}

/// What the scrape reads from a database pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolReading {
    pub size: u32,
    pub idle: u32,
}

impl Metrics {
    pub fn new() -> Self {
        let registry = Registry::new();
        let http = HistogramVec::new(
            HistogramOpts::new(
                "waypoint_http_request_duration_seconds",
                "HTTP requests by route template, method and status, and how long they took.",
            )
            .buckets(LATENCY_BUCKETS.to_vec()),
            &["route", "method", "status"],
        )
        .expect("valid histogram");
        let db_connections = IntGaugeVec::new(
            Opts::new("waypoint_db_connections", "Database connections by pool and state (in_use, idle)."),
            &["pool", "state"],
        )
        .expect("valid gauge");
        let jobs_pending =
            IntGauge::new("waypoint_jobs_pending", "Background jobs waiting to run.").expect("valid gauge");
        let jobs_oldest_due_age = Gauge::new(
            "waypoint_jobs_oldest_due_age_seconds",
            "Seconds the oldest due background job has waited (0 when none is due).",
        )
        .expect("valid gauge");
        let jobs_failed = IntCounterVec::new(
            Opts::new("waypoint_jobs_failed_total", "Background job runs that failed: retried later or given up."),
            &["outcome"],
        )
        .expect("valid counter");
        let mail = IntCounterVec::new(
            Opts::new("waypoint_mail_total", "Outgoing mail: delivered, retried or failed (given up)."),
            &["outcome"],
        )
        .expect("valid counter");
        let sockets_open =
            IntGauge::new("waypoint_sockets_open", "Open real-time sockets on this instance.").expect("valid gauge");
        let socket_events_lagged = IntCounter::new(
            "waypoint_socket_events_lagged_total",
            "Real-time events a slow socket missed (read again over HTTP).",
        )
        .expect("valid counter");
        let model_calls = IntCounterVec::new(
            Opts::new("waypoint_model_calls_total", "Calls to the AI model by outcome (ok, error, timeout)."),
            &["outcome"],
        )
        .expect("valid counter");
        let model_fallbacks = IntCounter::new(
            "waypoint_model_fallbacks_total",
            "Answers, reports and decisions that fell back to the built-in ones because the model failed.",
        )
        .expect("valid counter");
        let page_cache = IntCounterVec::new(
            Opts::new(
                "waypoint_page_cache_total",
                "Kept list pages: served from memory (hit) or read afresh (rebuild).",
            ),
            &["list", "event"],
        )
        .expect("valid counter");
        for collector in [
            Box::new(http.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(db_connections.clone()),
            Box::new(jobs_pending.clone()),
            Box::new(jobs_oldest_due_age.clone()),
            Box::new(jobs_failed.clone()),
            Box::new(mail.clone()),
            Box::new(sockets_open.clone()),
            Box::new(socket_events_lagged.clone()),
            Box::new(model_calls.clone()),
            Box::new(model_fallbacks.clone()),
            Box::new(page_cache.clone()),
        ] {
            registry.register(collector).expect("series names are unique");
        }
        // Series that exist before their first event, so that a dashboard's rate() starts at 0.
        for outcome in ["retried", "gave_up"] {
            jobs_failed.with_label_values(&[outcome]);
        }
        for outcome in ["delivered", "retried", "failed"] {
            mail.with_label_values(&[outcome]);
        }
        let model = ModelCounters {
            ok: model_calls.with_label_values(&["ok"]),
            error: model_calls.with_label_values(&["error"]),
            timeout: model_calls.with_label_values(&["timeout"]),
            fallback: model_fallbacks,
        };
        Metrics {
            registry,
            http,
            db_connections,
            jobs_pending,
            jobs_oldest_due_age,
            jobs_failed,
            mail,
            sockets_open,
            socket_events_lagged,
            model,
            page_cache,
        }
    }

    /// The counter of one list's page-cache `event` (`hit` or `rebuild`).
    pub fn page_cache_counter(&self, list: &str, event: &str) -> IntCounter {
        self.page_cache.with_label_values(&[list, event])
    }

    /// Records a pool's reading under `pool`.
    pub fn set_pool(&self, pool: &str, reading: PoolReading) {
        let idle = reading.idle.min(reading.size);
        self.db_connections.with_label_values(&[pool, "in_use"]).set(i64::from(reading.size - idle));
        self.db_connections.with_label_values(&[pool, "idle"]).set(i64::from(idle));
    }

    /// Every series in the Prometheus text format (version 0.0.4).
    pub fn render(&self) -> String {
        let mut buffer = Vec::new();
        TextEncoder::new().encode(&self.registry.gather(), &mut buffer).expect("encoding into memory succeeds");
        String::from_utf8(buffer).expect("the text format is UTF-8")
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

/// The content type of [`Metrics::render`].
pub const CONTENT_TYPE: &str = prometheus::TEXT_FORMAT;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_holds_the_series_with_their_labels_and_values() {
        let metrics = Metrics::new();
        metrics.http.with_label_values(&["/api/v1/circles/{id}/", "GET", "200"]).observe(0.003);
        metrics.mail.with_label_values(&["delivered"]).inc_by(2);
        metrics.set_pool("sqlite_readers", PoolReading { size: 4, idle: 3 });
        metrics.model.timeout.inc();
        let text = metrics.render();
        assert!(
            text.contains(
                r#"waypoint_http_request_duration_seconds_count{method="GET",route="/api/v1/circles/{id}/",status="200"} 1"#
            ),
            "{text}"
        );
        assert!(text.contains(r#"waypoint_mail_total{outcome="delivered"} 2"#), "{text}");
        assert!(text.contains(r#"waypoint_mail_total{outcome="failed"} 0"#), "series exist before their first event");
        assert!(text.contains(r#"waypoint_db_connections{pool="sqlite_readers",state="in_use"} 1"#), "{text}");
        assert!(text.contains(r#"waypoint_model_calls_total{outcome="timeout"} 1"#), "{text}");
    }

    #[test]
    fn detached_model_counters_count_without_a_registry() {
        let counters = ModelCounters::default();
        counters.ok.inc();
        assert_eq!(counters.ok.get(), 1);
    }
}
