//! The audit log of administrators' actions (issue 19; spec 002 §6 "Organization
//! administrator"): who accepted, rejected, removed, marked payment, approved, published or
//! changed the configuration, when, and why.
//!
//! - `GET /api/v1/audit-log/?entity_type=user|job|resource|ai_tool|use_case|config&entity_id=N`:
//!   one member's or item's history, newest first, 10 a page, with the actor's name. The
//!   administrators of the site's organization (and staff) only; the rows are the site's.
//!
//! The rows are written by the actions themselves, in their own transactions
//! (`store::queries::audit_log::record`).

use axum::{extract::State, Json};
use domain::{pagination::PageRequest, FieldErrors};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::queries::audit_log as audit;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::caller_of;
use crate::{
    areas::groups::{require_admin, visible_group},
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::{ApiResult, ErrorBody},
    extract::{ApiQuery, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(history))
}

pub const PAGE_SIZE: u64 = 10;

/// One recorded action.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditEntry {
    pub id: i64,
    /// accept, reject, remove, payment_accept, payment_reject, approve, publish, unpublish
    /// or config_change.
    pub action: String,
    pub entity_type: String,
    pub entity_id: i64,
    /// The administrator's note or reason, if any.
    pub reason: Option<String>,
    /// What else changed (the group, the new status).
    #[schema(value_type = Object)]
    pub details: Value,
    /// Who did it (null when that account is gone).
    pub actor_id: Option<i64>,
    pub actor_name: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// Values are read as text, so each mistake gets the spec's message on its parameter.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// user, job, resource, ai_tool, use_case or config.
    #[param(schema_with = entity_types, required = true)]
    pub entity_type: Option<String>,
    /// The member's user id or the item's id (0 for config).
    #[param(value_type = i64, required = true)]
    pub entity_id: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 10 by default.
    #[param(value_type = Option<u64>, minimum = 1, default = 10)]
    pub page_size: Option<String>,
}

fn entity_types() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&audit::ENTITY_TYPES)
}

/// A member's or an item's history of administrators' actions, newest first.
#[utoipa::path(
    get,
    operation_id = "audit_history",
    path = "/api/v1/audit-log/",
    tag = "admin",
    params(HistoryQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Page<AuditEntry>),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn history(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HistoryQuery>,
) -> ApiResult<Json<Page<AuditEntry>>> {
    let caller = caller_of(Some(user));
    let organization = visible_group(&state, &tenant, &caller, tenant.organization_id()).await?;
    require_admin(&state, &caller, &organization).await?;
    let mut errors = FieldErrors::new();
    let entity_type = match query.entity_type.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => {
            errors.add("entity_type", "This field is required.");
            None
        }
        Some(t) if audit::ENTITY_TYPES.contains(&t) => Some(t.to_string()),
        Some(t) => {
            errors.add("entity_type", format!("\"{}\" is not a valid choice.", t.chars().take(50).collect::<String>()));
            None
        }
    };
    let entity_id = match query.entity_id.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => {
            errors.add("entity_id", "This field is required.");
            None
        }
        Some(raw) => match raw.parse::<i64>() {
            Ok(id) if id >= 0 => Some(id),
            _ => {
                errors.add("entity_id", "A valid integer is required.");
                None
            }
        },
    };
    let page = PageRequest::parse(query.page.as_deref(), query.page_size.as_deref(), PAGE_SIZE)?;
    errors.into_result()?;
    let (entity_type, entity_id) = (entity_type.unwrap_or_default(), entity_id.unwrap_or_default());
    let found =
        audit::page(state.read_db(), tenant.id(), &entity_type, entity_id, page.offset(), page.page_size).await?;
    let items = found
        .items
        .into_iter()
        .map(|entry| AuditEntry {
            id: entry.row.id,
            action: entry.row.action,
            entity_type: entry.row.entity_type,
            entity_id: entry.row.entity_id,
            reason: entry.row.reason,
            details: entry.row.details,
            actor_id: entry.row.actor_id,
            actor_name: entry.actor_name,
            created_at: entry.row.created_at,
        })
        .collect();
    Ok(Json(Page::new(items, found.count, &page, &url)))
}
