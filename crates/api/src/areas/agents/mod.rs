//! CareerGPS agents and their reports (spec 002 §3 "Agent", "Agent report", "Report
//! feedback"; §4 "CareerGPS agent flow"; §7 "agents/…"; issue 18).
//!
//! - `GET /api/v1/agents/`: the site's active CareerGPS and career assistant agents.
//! - `GET /api/v1/agents/slug/{slug}/`: one of them.
//! - `POST /api/v1/agents/process/{agent}/{step}/` `{user_response, user_prompt, user_id}`:
//!   answers one step of an agent; the report step composes and stores the report.
//! - `GET /api/v1/agents/reports/` `page`, `page_size` (10), `user_id`, `created_by`: the
//!   caller's reports (staff: anyone's), newest first.
//! - `GET /api/v1/agents/report/slug/{slug}/`: a report (owner: everything; others: the
//!   shared body only).
//! - `GET /api/v1/agents/report/slug/{slug}/pdf/`: the report as a PDF (owner and staff).
//! - `POST /api/v1/agents/report/slug/{slug}/share/` `{is_public}`: the owner shares it.
//! - `POST /api/v1/agents/feedback/` `{response_id, feedback, rating}`: rates a report.
//! - System agents ([`system`]): `GET agents/system-agents/`, `GET agents/metrics/`,
//!   `POST /rerun-system-agent/`; staff tools ([`staff`]): `PATCH agents/{id}/` (prompts),
//!   `GET agents/{id}/log/`.
//!
//! The rules (steps, answers, access, score, report) live in `domain::agents`; the rows in
//! `store::queries::agents`. A site has the built-in agents from its creation
//! (`store::queries::tenants::create`; sites made before get them when the database is
//! migrated at start): these calls only read them.

pub mod feedback;
pub mod list;
pub mod pdf;
pub mod process;
pub mod reports;
pub mod staff;
pub mod system;

use domain::agents::definition::AgentDefinition;
use store::{entities::agents as agent_rows, queries::agents as q};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    error::{ApiError, ApiResult},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list::list))
        .routes(routes!(list::by_slug))
        .routes(routes!(process::process))
        .routes(routes!(reports::list))
        .routes(routes!(reports::by_slug))
        .routes(routes!(pdf::report_pdf))
        .routes(routes!(reports::share))
        .routes(routes!(feedback::feedback))
        .routes(routes!(system::system_agents))
        .routes(routes!(system::metrics))
        .routes(routes!(system::rerun))
        .routes(routes!(staff::update_prompts))
        .routes(routes!(staff::agent_log))
}

pub const MSG_NO_AGENT: &str = "No agent found";
pub const MSG_NO_REPORT: &str = "No report found";
pub const MSG_NO_USER: &str = "No user found";
pub const MSG_NO_ACCESS: &str = "Sorry, You do not have access to use this feature";

/// The definition a row holds; a row that no longer parses is our fault, not the caller's.
pub fn definition(row: &agent_rows::Model) -> ApiResult<AgentDefinition> {
    q::definition_of(row)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("agent {} holds an invalid definition: {e:?}", row.id)))
}

/// Whether a user is an accepted member of the site's organization.
pub async fn is_member(
    db: &impl store::sea_orm::ConnectionTrait,
    organization_id: i64,
    user_id: i64,
) -> ApiResult<bool> {
    Ok(store::queries::memberships::find(db, organization_id, user_id)
        .await?
        .is_some_and(|m| m.status == store::queries::memberships::STATUS_ACCEPTED))
}
