//! `/metrics` in the Prometheus text format, on its own listener (`WAYPOINT_METRICS_ADDR`),
//! never on the public port.
//!
//! - [`HttpMetricsLayer`] times every request under its route template (axum's
//!   [`MatchedPath`], never the raw path), method and status. It sits inside the router, so
//!   the route is known; a request that matched no route is `unmatched`. Recording is a
//!   lookup of an existing series by its label values and an atomic add: no allocation.
//! - [`router`] serves the scrape: it first reads what describes the database (the pools'
//!   connections, the job queue's depth and its oldest due job: one indexed statement),
//!   then renders every series of [`services::metrics::Metrics`].

use std::{
    future::Future,
    pin::Pin,
    task::{Context, Poll},
    time::Instant,
};

use axum::{
    extract::{MatchedPath, Request, State},
    http::{header, Method, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
    Router,
};
use prometheus::HistogramVec;
use services::metrics::{Metrics, PoolReading, UNMATCHED_ROUTE};
use tower::{Layer, Service};

use crate::AppState;

/// The scrape endpoint, to be served on the metrics listener only.
pub fn router(state: AppState) -> Router {
    Router::new().route("/metrics", get(scrape)).with_state(state)
}

async fn scrape(State(state): State<AppState>) -> Response {
    match read_database(&state).await {
        Ok(()) => {}
        Err(err) => {
            tracing::warn!(error = %err, "metrics: the job queue could not be read");
            return (StatusCode::SERVICE_UNAVAILABLE, "the database did not answer\n").into_response();
        }
    }
    ([(header::CONTENT_TYPE, services::metrics::CONTENT_TYPE)], state.metrics.render()).into_response()
}

/// Sets the gauges read from the database: pools and job queue.
async fn read_database(state: &AppState) -> Result<(), store::StoreError> {
    let metrics = &state.metrics;
    for (pool, reading) in pool_readings(state) {
        metrics.set_pool(pool, reading);
    }
    let queue = store::queries::mail::queue_stats(state.read_db()).await?;
    metrics.jobs_pending.set(queue.pending);
    let age = queue.oldest_run_at.map(|at| (chrono::Utc::now() - at).num_milliseconds()).unwrap_or(0);
    metrics.jobs_oldest_due_age.set(age.max(0) as f64 / 1000.0);
    Ok(())
}

/// The pools by name: on SQLite the writer and the readers; on PostgreSQL the one pool.
fn pool_readings(state: &AppState) -> Vec<(&'static str, PoolReading)> {
    match (store::connect::pool_stats(&state.db), store::connect::pool_stats(state.read_db())) {
        (Some(store::connect::PoolStats::Postgres(write)), _) => vec![("postgres", reading(write))],
        (Some(store::connect::PoolStats::Sqlite(write)), Some(store::connect::PoolStats::Sqlite(read))) => {
            vec![("sqlite_writer", reading(write)), ("sqlite_readers", reading(read))]
        }
        (Some(store::connect::PoolStats::Sqlite(write)), _) => vec![("sqlite_writer", reading(write))],
        _ => Vec::new(),
    }
}

fn reading(stats: store::connect::PoolCounts) -> PoolReading {
    PoolReading { size: stats.size, idle: stats.idle }
}

/// Times requests into `waypoint_http_request_duration_seconds` (see the module's doc).
#[derive(Clone)]
pub struct HttpMetricsLayer {
    http: HistogramVec,
}

impl HttpMetricsLayer {
    pub fn new(metrics: &Metrics) -> Self {
        HttpMetricsLayer { http: metrics.http.clone() }
    }
}

impl<S> Layer<S> for HttpMetricsLayer {
    type Service = HttpMetrics<S>;

    fn layer(&self, inner: S) -> Self::Service {
        HttpMetrics { inner, http: self.http.clone() }
    }
}

#[derive(Clone)]
pub struct HttpMetrics<S> {
    inner: S,
    http: HistogramVec,
}

impl<S, B, ResB> Service<Request<B>> for HttpMetrics<S>
where
    S: Service<Request<B>, Response = axum::http::Response<ResB>>,
{
    type Response = axum::http::Response<ResB>;
    type Error = S::Error;
    type Future = Timed<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<B>) -> Self::Future {
        let route = req.extensions().get::<MatchedPath>().cloned();
        let method = req.method().clone();
        Timed { inner: self.inner.call(req), started: Instant::now(), route, method, http: self.http.clone() }
    }
}

pin_project_lite::pin_project! {
    /// The inner service's future, observed when it finishes.
    pub struct Timed<F> {
        #[pin]
        inner: F,
        started: Instant,
        route: Option<MatchedPath>,
        method: Method,
        http: HistogramVec,
    }
}

impl<F, E, ResB> Future for Timed<F>
where
    F: Future<Output = Result<axum::http::Response<ResB>, E>>,
{
    type Output = Result<axum::http::Response<ResB>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let outcome = match this.inner.poll(cx) {
            Poll::Pending => return Poll::Pending,
            Poll::Ready(outcome) => outcome,
        };
        if let Ok(response) = &outcome {
            let route = this.route.as_ref().map_or(UNMATCHED_ROUTE, MatchedPath::as_str);
            this.http
                .with_label_values(&[route, method_label(this.method), response.status().as_str()])
                .observe(this.started.elapsed().as_secs_f64());
        }
        Poll::Ready(outcome)
    }
}

/// The standard methods by name; anything else is `other` (a client may send any token).
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}
