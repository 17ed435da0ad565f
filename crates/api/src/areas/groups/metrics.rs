//! `GET /groups/metrics/`: the counts of a group's admin dashboard.

use axum::{extract::State, Json};
use domain::FieldErrors;
use serde::{Deserialize, Serialize};
use store::queries::groups as group_q;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{require_admin, view, visible_group};
use crate::extract::caller_of;
use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiResult, ErrorBody},
    extract::{id_param, ApiQuery, AuthUser, Tenant},
    param,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(metrics))
}

/// The admin dashboard's counts (spec 001 §7, 002 §7 "Admin").
#[derive(Debug, Serialize, ToSchema)]
pub struct Metrics {
    /// Accepted members of the group.
    pub total_members: u64,
    /// Circles directly below the group.
    pub total_circles: u64,
    /// Events directly below the group that the caller may see.
    pub total_events: u64,
    /// Pending requests (wait-listed ones too) in the group and every group below it.
    pub total_pending_members: u64,
    /// Pending requests to the group itself: what its members list's Pending tab shows (the
    /// admin dashboard's to-do card; requests to the circles below are their admins' to-do).
    pub pending_members_count: u64,
    /// The group's job posts, drafts included.
    pub total_jobs: u64,
    /// The site's organization only (0 for other groups): the site's draft job posts.
    pub total_pending_jobs: u64,
    /// The site's organization only: resources waiting for moderation.
    pub total_pending_resources: u64,
    /// The site's organization only: AI tools waiting for moderation.
    pub total_pending_ai_tools: u64,
    /// The site's organization only: use cases waiting for moderation.
    pub total_pending_use_cases: u64,
}

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MetricsQuery {
    /// The group; the site's organization when absent.
    #[param(value_type = Option<i64>)]
    pub group_id: Option<String>,
}

/// Counts for a group's administrators (the admin dashboard's overview).
#[utoipa::path(
    get,
    operation_id = "group_metrics",
    path = "/api/v1/groups/metrics/",
    tag = "groups",
    params(MetricsQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Data<Metrics>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
)]
async fn metrics(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiQuery(query): ApiQuery<MetricsQuery>,
) -> ApiResult<Json<Data<Metrics>>> {
    let mut errors = FieldErrors::new();
    let id = id_param(&mut errors, param!(query.group_id)).unwrap_or(tenant.organization_id());
    errors.into_result()?;
    let caller = caller_of(Some(user));
    let group = visible_group(&state, &tenant, &caller, id).await?;
    require_admin(&state, &caller, &group).await?;
    let counts = group_q::counts(&state.db, &[group.id]).await?.remove(&group.id).unwrap_or_default();
    let filter = |kind: &str| group_q::ListFilter {
        group_types: vec![kind.to_string()],
        parent_id: Some(group.id),
        ..Default::default()
    };
    let viewer = caller.viewer();
    let events =
        group_q::list(&state.db, &state.list_counts, tenant.id(), viewer, &filter("event"), view::today(), 0, 1)
            .await?
            .count;
    // Whoever administers the group administers everything below it: its to-do count is
    // every pending request there.
    let pending = group_q::pending_in_hierarchy(&state.db, tenant.id(), group.id).await?;
    // The admin dashboard's to-do list: what waits for the site's administrators.
    let todo = if group.id == tenant.organization_id() {
        store::queries::admin_metrics::pending_counts(&state.db, tenant.id()).await?
    } else {
        Default::default()
    };
    Ok(Json(Data::new(Metrics {
        total_members: counts.accepted,
        total_circles: counts.circles,
        total_events: events,
        total_pending_members: pending,
        pending_members_count: counts.pending,
        total_jobs: store::queries::job_posts::count_live(&state.db, tenant.id(), group.id).await?,
        total_pending_jobs: todo.jobs,
        total_pending_resources: todo.resources,
        total_pending_ai_tools: todo.ai_tools,
        total_pending_use_cases: todo.use_cases,
    })))
}
