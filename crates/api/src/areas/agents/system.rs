//! The system agents for organization administrators (spec 002 §3 "System agent", §6
//! "Organization administrator", §7 "agents/system-agents/", "agents/metrics/",
//! "/rerun-system-agent/", "System agents list (group_id, entity user or use_case)"; issue 18).
//!
//! - `GET /api/v1/agents/system-agents/` `group_id`, `entity` (user or use_case): the site's
//!   system agents (registration_approval, ai_enthusiasm_ranking, usecase_curation).
//! - `GET /api/v1/agents/metrics/`: per agent of the site, runs, reports, uses this month,
//!   answers given and the average feedback rating, counted in SQL (members: the active
//!   CareerGPS agents only).
//! - `POST /api/v1/rerun-system-agent/` `{system_agent_id, content_type, content_ids}` (also
//!   `agent_id`, `object_ids`): judges up to 500 members or use cases of the site again; a
//!   few at once (their answers come back), more as background jobs. 'Agent rerun
//!   successfully.'; the web shows 'Failed to rerun agent: <message>' on a refusal.
//!
//! Who: staff, and administrators (accepted admin role) of the site's organization (the
//! metrics: every signed-in member, who sees the agents they can use). The
//! agents themselves work in `services::system_agents`; their offline rules are
//! `domain::agents::system`.

use axum::{extract::State, Json};
use domain::agents::{
    access::usage_period,
    system::{SystemAgentType, SystemResponse, CONTENT_USER, CONTENT_USE_CASE},
};
use domain::{
    pagination::PageRequest,
    sent::{Pk, Sent, WholeNumber},
};
use serde::{Deserialize, Serialize};
use store::{
    entities::{agent_responses, agents as agent_rows, users},
    queries::{
        agents::{self as q, system as system_q},
        memberships as member_q,
    },
};
use utoipa::{IntoParams, ToSchema};

use super::{MSG_NO_AGENT, MSG_NO_USER};
use crate::{
    areas::AppState,
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, ApiQuery, AuthUser, Tenant},
};

pub const MSG_RERUN_DONE: &str = "Agent rerun successfully.";
/// The web prefixes a refusal's message with this.
pub const MSG_RERUN_FAILED: &str = "Failed to rerun agent:";
pub const MSG_NO_USE_CASE: &str = "No use case found";
/// Objects one rerun may name.
pub const MAX_RERUN: usize = 500;
/// Objects judged during the request when no model is configured (the rules take
/// milliseconds); more go to the job queue.
pub const INLINE_OFFLINE: usize = 25;
/// The same with a model (each judgement may take seconds).
pub const INLINE_WITH_MODEL: usize = 1;

/// Staff, or an administrator of the site's organization; 403 otherwise.
pub async fn require_reviewer(state: &AppState, tenant: &Tenant, user: &users::Model) -> ApiResult<()> {
    if is_reviewer(state, tenant, user).await? {
        Ok(())
    } else {
        Err(ApiError::forbidden())
    }
}

/// Staff, or an accepted administrator of the site's organization.
async fn is_reviewer(state: &AppState, tenant: &Tenant, user: &users::Model) -> ApiResult<bool> {
    if user.is_staff {
        return Ok(true);
    }
    Ok(member_q::find(&state.db, tenant.organization_id(), user.id)
        .await?
        .is_some_and(|m| m.status == member_q::STATUS_ACCEPTED && m.role == "admin"))
}

/// What a system agent judges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entity {
    User,
    UseCase,
}

impl Entity {
    fn parse(text: &str) -> Option<Self> {
        match text.trim() {
            "user" => Some(Entity::User),
            "use_case" | "usecase" | CONTENT_USE_CASE => Some(Entity::UseCase),
            _ => None,
        }
    }

    fn of(kind: SystemAgentType) -> Self {
        if kind.content_type() == CONTENT_USE_CASE {
            Entity::UseCase
        } else {
            Entity::User
        }
    }

    fn name(self) -> &'static str {
        match self {
            Entity::User => "user",
            Entity::UseCase => "use_case",
        }
    }
}

/// A system agent (spec 002 §3 "System agent": id, agent_type).
#[derive(Debug, Serialize, ToSchema)]
pub struct SystemAgentView {
    pub id: i64,
    pub name: String,
    pub slug: String,
    /// registration_approval, ai_enthusiasm_ranking or usecase_curation.
    pub agent_type: String,
    /// What it judges: user or use_case.
    pub entity: String,
    /// The rerun's `content_type` for it: user or aiusecase.
    pub content_type: String,
    pub is_active: bool,
}

fn system_view(row: &agent_rows::Model) -> Option<SystemAgentView> {
    let kind = SystemAgentType::parse(&row.agent_type)?;
    Some(SystemAgentView {
        id: row.id,
        name: row.name.clone(),
        slug: row.slug.clone(),
        agent_type: row.agent_type.clone(),
        entity: Entity::of(kind).name().into(),
        content_type: kind.content_type().into(),
        is_active: row.is_active,
    })
}

/// Values are read as text, so a bad one gets the spec's message on its parameter.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SystemAgentsQuery {
    /// The site's organization
    #[param(value_type = Option<i64>)]
    pub group_id: Option<String>,
    /// user or use_case
    pub entity: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 50 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 50)]
    pub page_size: Option<String>,
}

/// The site's active system agents, for the admin members (`entity=user`) and use cases
/// (`entity=use_case`) tables. `group_id`, when given, must be the site's organization.
#[utoipa::path(
    get,
    path = "/api/v1/agents/system-agents/",
    tag = "agents",
    params(SystemAgentsQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Page<SystemAgentView>),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "group_id is not the site's organization")
    )
)]
pub async fn system_agents(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<SystemAgentsQuery>,
) -> ApiResult<Json<Page<SystemAgentView>>> {
    let page = PageRequest::parse(query.page.as_deref(), query.page_size.as_deref(), super::list::PAGE_SIZE)?;
    let entity = match query.entity.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(text) => Some(Entity::parse(text).ok_or_else(|| ApiError::field("entity", "Choose user or use_case."))?),
    };
    if let Some(raw) = query.group_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        let id: i64 = raw.parse().map_err(|_| ApiError::field("group_id", "A valid integer is required."))?;
        if id != tenant.organization_id() {
            return Err(ApiError::not_found());
        }
    }
    require_reviewer(&state, &tenant, &user).await?;
    let types: Vec<&str> = SystemAgentType::ALL
        .into_iter()
        .filter(|k| entity.is_none_or(|e| Entity::of(*k) == e))
        .map(SystemAgentType::as_str)
        .collect();
    let paged = system_q::system_agents(state.read_db(), tenant.id(), &types, page.offset(), page.page_size).await?;
    let items = paged.items.iter().filter_map(system_view).collect();
    Ok(Json(Page::new(items, paged.count, &page, &url)))
}

/// One agent's figures on the site.
#[derive(Debug, Serialize, ToSchema)]
pub struct AgentMetrics {
    pub agent_id: i64,
    pub name: String,
    pub slug: String,
    pub agent_type: String,
    pub is_system: bool,
    pub is_active: bool,
    /// Runs started (system agents: judgements made).
    pub runs: u64,
    pub completed_runs: u64,
    pub reports: u64,
    /// Uses counted this month (`period`).
    pub usage_this_month: u64,
    /// Members or use cases a system agent has an answer about.
    pub responses: u64,
    pub feedback_count: u64,
    /// The mean star rating of the agent's reports, two decimals; null without ratings.
    pub feedback_average: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MetricsView {
    /// The month the usage counts: YYYY-MM (UTC).
    pub period: String,
    pub agents: Vec<AgentMetrics>,
}

/// The site's agents with their runs, reports, uses this month, answers and feedback
/// average: every agent for staff and the organization's administrators; the active
/// CareerGPS agents (no system agent) for other signed-in members (spec 002 §7: registered
/// users).
#[utoipa::path(
    get,
    operation_id = "agent_metrics",
    path = "/api/v1/agents/metrics/",
    tag = "agents",
    security(("bearer" = [])),
    responses((status = 200, body = Data<MetricsView>))
)]
pub async fn metrics(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
) -> ApiResult<Json<Data<MetricsView>>> {
    let reviewer = is_reviewer(&state, &tenant, &user).await?;
    let period = usage_period(chrono::Utc::now());
    let db = state.read_db();
    let mut agents = system_q::all_agents(db, tenant.id()).await?;
    if !reviewer {
        agents.retain(|a| a.is_active && !a.is_system);
    }
    let counts = system_q::metrics(db, tenant.id(), &period).await?;
    let agents = agents
        .into_iter()
        .map(|a| {
            let c = counts.get(&a.id).copied().unwrap_or_default();
            AgentMetrics {
                agent_id: a.id,
                name: a.name,
                slug: a.slug,
                agent_type: a.agent_type,
                is_system: a.is_system,
                is_active: a.is_active,
                runs: c.runs,
                completed_runs: c.completed_runs,
                reports: c.reports,
                usage_this_month: c.usage,
                responses: c.responses,
                feedback_count: c.feedback_count,
                feedback_average: (c.feedback_count > 0)
                    .then(|| (c.feedback_total as f64 / c.feedback_count as f64 * 100.0).round() / 100.0),
            }
        })
        .collect();
    Ok(Json(Data::new(MetricsView { period, agents })))
}

/// `POST /rerun-system-agent/` (spec 002 §7). `agent_id` and `object_ids` are accepted for
/// `system_agent_id` and `content_ids`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RerunInput {
    #[schema(value_type = i64, required = true)]
    #[serde(default)]
    pub system_agent_id: Sent<WholeNumber>,
    /// The older name of `system_agent_id`.
    #[schema(ignore)]
    #[serde(default)]
    pub agent_id: Sent<WholeNumber>,
    /// user or aiusecase; optional (the agent's own).
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub content_type: Sent<String>,
    /// 1 to 500 member (user) or use case ids of the site.
    #[schema(value_type = Vec<i64>, required = true)]
    #[serde(default)]
    pub content_ids: Sent<Vec<Pk>>,
    /// The older name of `content_ids`.
    #[schema(ignore)]
    #[serde(default)]
    pub object_ids: Sent<Vec<Pk>>,
}

/// An agent's answer about an object (the admin tables' `agent_responses[]`).
#[derive(Debug, Serialize, ToSchema)]
pub struct AgentResponseView {
    pub agent_id: i64,
    pub agent_type: String,
    pub content_type: String,
    pub object_id: i64,
    pub response: ResponseBody,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResponseBody {
    #[serde(flatten)]
    pub answer: SystemResponse,
    pub last_run_at: chrono::DateTime<chrono::Utc>,
}

pub fn response_view(row: &agent_responses::Model) -> Option<AgentResponseView> {
    let answer: SystemResponse = serde_json::from_value(row.response.clone()).ok()?;
    Some(AgentResponseView {
        agent_id: row.agent_id,
        agent_type: row.agent_type.clone(),
        content_type: row.content_type.clone(),
        object_id: row.object_id,
        response: ResponseBody { answer, last_run_at: row.last_run_at },
    })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RerunResult {
    pub agent_id: i64,
    /// The answers made during the request (a small rerun).
    pub responses: Vec<AgentResponseView>,
    /// Objects left to the job queue (a large rerun); their answers follow shortly.
    pub queued: usize,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RerunAnswer {
    pub data: RerunResult,
    /// 'Agent rerun successfully.'
    pub message: String,
}

fn ids_of(errors: &mut domain::FieldErrors, sent: Sent<Vec<Pk>>) -> Vec<i64> {
    let field = "content_ids";
    let items = match sent {
        Sent::Absent | Sent::Null => {
            errors.add(field, "This field is required.");
            return Vec::new();
        }
        Sent::WrongType => {
            errors.add(field, "Expected a list of ids.");
            return Vec::new();
        }
        Sent::Value(items) => items,
    };
    let mut ids = Vec::with_capacity(items.len());
    for item in items {
        match item {
            Pk::Id(id) if !ids.contains(&id) => ids.push(id),
            Pk::Id(_) => {}
            Pk::Invalid(text) => {
                errors.add(field, format!("Invalid pk \"{text}\" - object does not exist."));
                return Vec::new();
            }
        }
    }
    if ids.is_empty() {
        errors.add(field, "Choose at least one.");
    } else if ids.len() > MAX_RERUN {
        errors.add(field, format!("Ensure this list has no more than {MAX_RERUN} items."));
    }
    ids
}

/// Runs a system agent again on members or use cases of the site (staff and the
/// organization's administrators). Each answer replaces the agent's earlier one and moves
/// its `last_run_at`.
#[utoipa::path(
    post,
    path = "/api/v1/rerun-system-agent/",
    tag = "agents",
    request_body = RerunInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = RerunAnswer),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No agent found; an id that is no member or use case of the site")
    )
)]
pub async fn rerun(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<RerunInput>,
) -> ApiResult<Json<RerunAnswer>> {
    require_reviewer(&state, &tenant, &user).await?;
    let asked = RerunRequest::parse(body)?;
    let agent = q::find(&state.db, tenant.id(), asked.agent_id)
        .await?
        .filter(|a| a.is_system)
        .ok_or_else(|| ApiError::NotFound(MSG_NO_AGENT.into()))?;
    let kind = SystemAgentType::parse(&agent.agent_type).ok_or_else(|| ApiError::NotFound(MSG_NO_AGENT.into()))?;
    let entity = Entity::of(kind);
    if asked.content_type.is_some_and(|c| c != entity) {
        let expected = if entity == Entity::User { CONTENT_USER } else { CONTENT_USE_CASE };
        return Err(ApiError::field("content_type", format!("This agent judges {expected} objects.")));
    }
    let ids = asked.ids;
    let found = match entity {
        Entity::User => system_q::members_among(&state.db, tenant.organization_id(), &ids).await?,
        Entity::UseCase => system_q::use_cases_among(&state.db, tenant.id(), &ids).await?,
    };
    if ids.iter().any(|id| !found.contains(id)) {
        let message = if entity == Entity::User { MSG_NO_USER } else { MSG_NO_USE_CASE };
        return Err(ApiError::NotFound(message.into()));
    }
    let model = state.settings.model.clone().map(|chat| chat.with_counters(state.metrics.model.clone()));
    let inline = if model.is_some() { INLINE_WITH_MODEL } else { INLINE_OFFLINE };
    let mut result = RerunResult { agent_id: agent.id, responses: Vec::new(), queued: 0 };
    if ids.len() <= inline {
        for id in &ids {
            let judged = services::system_agents::evaluate(&state.db, model.as_ref(), &agent, *id)
                .await
                .map_err(|e| ApiError::Internal(e.context("rerun of a system agent")))?;
            if let Some(view) = judged.and_then(|j| response_view(&j.response)) {
                result.responses.push(view);
            }
        }
    } else {
        let txn = store::begin_write(&state.db).await?;
        services::system_agents::queue(&txn, tenant.id(), kind, &ids).await?;
        txn.commit().await?;
        state.jobs_wake.notify_one();
        result.queued = ids.len();
    }
    Ok(Json(RerunAnswer { data: result, message: MSG_RERUN_DONE.into() }))
}

/// A rerun request, checked: the agent, what it judges again, and the kind of that.
struct RerunRequest {
    agent_id: i64,
    ids: Vec<i64>,
    content_type: Option<Entity>,
}

impl RerunRequest {
    fn parse(body: RerunInput) -> Result<RerunRequest, domain::FieldErrors> {
        let mut errors = domain::FieldErrors::new();
        let agent_id = match body.system_agent_id.or_alias(body.agent_id) {
            Sent::Absent | Sent::Null => {
                errors.add("system_agent_id", "This field is required.");
                None
            }
            Sent::Value(WholeNumber(id)) => Some(id),
            Sent::WrongType => {
                errors.add("system_agent_id", "A valid integer is required.");
                None
            }
        };
        let ids = ids_of(&mut errors, body.content_ids.or_alias(body.object_ids));
        let content_type = match body.content_type {
            Sent::Absent | Sent::Null => None,
            sent => match sent.value().as_deref().and_then(Entity::parse) {
                Some(e) => Some(e),
                None => {
                    errors.add("content_type", "Choose user or aiusecase.");
                    None
                }
            },
        };
        errors.into_result()?;
        Ok(RerunRequest { agent_id: agent_id.unwrap_or_default(), ids, content_type })
    }
}
