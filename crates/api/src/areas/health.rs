//! Liveness and readiness for load balancers.

use axum::{extract::State, http::StatusCode, Json};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::areas::AppState;

#[derive(Serialize, ToSchema)]
pub struct HealthStatus {
    pub status: &'static str,
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(healthz)).routes(routes!(readyz))
}

/// The process is up.
#[utoipa::path(get, path = "/healthz", tag = "health", responses((status = 200, body = HealthStatus)))]
async fn healthz() -> Json<HealthStatus> {
    Json(HealthStatus { status: "ok" })
}

/// The database answers.
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "health",
    responses((status = 200, body = HealthStatus), (status = 503, body = HealthStatus))
)]
async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<HealthStatus>) {
    match state.db.ping().await {
        Ok(()) => (StatusCode::OK, Json(HealthStatus { status: "ready" })),
        Err(err) => {
            tracing::warn!(error = %err, "database not reachable");
            (StatusCode::SERVICE_UNAVAILABLE, Json(HealthStatus { status: "unavailable" }))
        }
    }
}
