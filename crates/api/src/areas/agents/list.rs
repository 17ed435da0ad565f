//! The site's agents: `GET agents/` and `GET agents/slug/{slug}/`.

use std::collections::HashMap;

use axum::{
    extract::{Path, State},
    Json,
};
use domain::agents::{
    access::usage_period,
    definition::{AgentDefinition, AgentExtraInfo, Audience, FlowItem, Step},
};
use domain::pagination::PageRequest;
use serde::{Deserialize, Serialize};
use store::{
    entities::{agents as agent_rows, users},
    queries::{
        agents::{self as q, runs, usage},
        catalogue as cat_q,
    },
};
use utoipa::{IntoParams, ToSchema};

use super::{definition, MSG_NO_AGENT};
use crate::areas::catalogue::vote_name;
use crate::{
    areas::AppState,
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiQuery, MaybeUser, Tenant},
};

/// Agents per page (the site has a handful; the page keeps the answer bounded).
pub const PAGE_SIZE: u64 = 50;

/// An agent (spec 002 §3 "Agent"): its definition and the screens the caller goes through.
#[derive(Debug, Serialize, ToSchema)]
pub struct AgentView {
    pub id: i64,
    pub name: String,
    pub slug: String,
    /// careergps or career_assistant.
    pub agent_type: String,
    pub is_premium: bool,
    pub can_chat: bool,
    pub description: String,
    pub extra_info: AgentExtraInfo,
    pub steps: Vec<Step>,
    /// The screens the caller goes through, in order: a visitor's (no account, or a trial
    /// account) or a signed-in member's.
    pub flow: Vec<FlowItem>,
    /// The caller's uses of this agent this month (signed-in callers).
    pub usage_count: Option<u64>,
    /// Where the caller's unfinished run of this agent goes on: the order of the first step
    /// after the furthest one answered (a visitor who signed up at the sign-up invitation
    /// comes back to the report step). Null without an open run, and in the list.
    pub resume_step: Option<u32>,
    /// The sum of its votes (`POST /vote/` with content_type agentbuilder).
    pub vote_score: i64,
    /// The caller's vote: upvote, downvote or neutral (neutral for guests).
    pub user_vote_type: String,
}

pub fn audience_of(user: Option<&users::Model>) -> Audience {
    match user {
        Some(u) if !u.is_trial_user => Audience::Member,
        _ => Audience::Visitor,
    }
}

pub fn view(row: &agent_rows::Model, d: AgentDefinition, audience: Audience, usage_count: Option<u64>) -> AgentView {
    let flow = d.flow(audience);
    AgentView {
        id: row.id,
        name: row.name.clone(),
        slug: row.slug.clone(),
        agent_type: row.agent_type.clone(),
        is_premium: row.is_premium,
        can_chat: row.can_chat,
        description: d.description,
        extra_info: d.extra_info,
        steps: d.steps,
        flow,
        usage_count,
        resume_step: None,
        vote_score: row.vote_score,
        user_vote_type: vote_name(0),
    }
}

/// The caller's votes on `agents`, laid on their views (one statement; none for guests).
async fn with_votes(
    state: &AppState,
    tenant_id: i64,
    user: Option<&users::Model>,
    views: &mut [AgentView],
) -> ApiResult<()> {
    let Some(user) = user else { return Ok(()) };
    let ids: Vec<i64> = views.iter().map(|v| v.id).collect();
    let flags = cat_q::flags(state.read_db(), tenant_id, user.id, cat_q::AGENT, &ids).await?;
    for view in views {
        view.user_vote_type = vote_name(flags.get(&view.id).map_or(0, |f| f.vote));
    }
    Ok(())
}

/// The agent `id` while the site offers it (active, no system agent), or 404.
pub async fn offered(state: &AppState, tenant: &Tenant, id: i64) -> ApiResult<agent_rows::Model> {
    q::find(state.read_db(), tenant.id(), id)
        .await?
        .filter(|a| !a.is_system && a.is_active)
        .ok_or_else(|| ApiError::NotFound(MSG_NO_AGENT.into()))
}

/// The step the caller's open run of `row` goes on at (see [`AgentView::resume_step`]).
async fn resume_step(
    state: &AppState,
    tenant_id: i64,
    row: &agent_rows::Model,
    d: &AgentDefinition,
    user: Option<&users::Model>,
) -> ApiResult<Option<u32>> {
    let Some(user) = user else { return Ok(None) };
    let Some(run) = runs::latest_open(state.read_db(), tenant_id, user.id, row.id, None).await? else {
        return Ok(None);
    };
    let answered = match &run.answers {
        serde_json::Value::Object(map) => map.keys().filter_map(|k| k.parse::<u32>().ok()).max(),
        _ => None,
    };
    Ok(answered.and_then(|last| d.steps.iter().map(|s| s.order).filter(|o| *o > last).min()))
}

async fn usage_counts(
    state: &AppState,
    tenant_id: i64,
    user: Option<&users::Model>,
) -> ApiResult<Option<HashMap<i64, u64>>> {
    Ok(match user {
        Some(u) => {
            let period = usage_period(chrono::Utc::now());
            Some(usage::user_counts_by_agent(state.read_db(), tenant_id, u.id, &period).await?)
        }
        None => None,
    })
}

/// Values are read as text, so a bad one gets the spec's message on its parameter.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AgentListQuery {
    /// 1-based page
    #[param(value_type = Option<u64>)]
    pub page: Option<String>,
    /// Default 50
    #[param(value_type = Option<u64>)]
    pub page_size: Option<String>,
    /// careergps or career_assistant
    pub agent_type: Option<String>,
}

/// The site's active CareerGPS and career assistant agents in their order (spec 002 §7
/// "GET agents/"). `agent_type` narrows to one type.
#[utoipa::path(
    get,
    operation_id = "list_agents",
    path = "/api/v1/agents/",
    tag = "agents",
    params(AgentListQuery),
    responses((status = 200, body = Page<AgentView>))
)]
pub async fn list(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<AgentListQuery>,
) -> ApiResult<Json<Page<AgentView>>> {
    let page = PageRequest::parse(query.page.as_deref(), query.page_size.as_deref(), PAGE_SIZE)?;
    let agent_type = match query.agent_type.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(t) => Some(
            domain::agents::definition::AgentType::parse(t)
                .ok_or_else(|| ApiError::field("agent_type", "Choose careergps or career_assistant."))?
                .as_str(),
        ),
    };
    let filter = q::AgentFilter { system: false, agent_type, include_inactive: false };
    let paged = q::page(state.read_db(), tenant.id(), &filter, page.offset(), page.page_size).await?;
    let counts = usage_counts(&state, tenant.id(), user.as_ref()).await?;
    let audience = audience_of(user.as_ref());
    let mut items = Vec::with_capacity(paged.items.len());
    for row in &paged.items {
        let used = counts.as_ref().map(|c| c.get(&row.id).copied().unwrap_or(0));
        items.push(view(row, definition(row)?, audience, used));
    }
    with_votes(&state, tenant.id(), user.as_ref(), &mut items).await?;
    Ok(Json(Page::new(items, paged.count, &page, &url)))
}

/// One active agent of the site by its slug (spec 002 §7 "GET agents/slug/{slug}/").
#[utoipa::path(
    get,
    operation_id = "agent_by_slug",
    path = "/api/v1/agents/slug/{slug}/",
    tag = "agents",
    params(("slug" = String, Path, description = "The agent's slug")),
    responses((status = 200, body = Data<AgentView>), (status = 404, body = ErrorBody, description = "No agent found"))
)]
pub async fn by_slug(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<Data<AgentView>>> {
    let row = q::find_by_slug(state.read_db(), tenant.id(), slug.trim())
        .await?
        .filter(|a| !a.is_system && a.is_active)
        .ok_or_else(|| ApiError::NotFound(MSG_NO_AGENT.into()))?;
    let counts = usage_counts(&state, tenant.id(), user.as_ref()).await?;
    let used = counts.map(|c| c.get(&row.id).copied().unwrap_or(0));
    let d = definition(&row)?;
    let resume = resume_step(&state, tenant.id(), &row, &d, user.as_ref()).await?;
    let mut out = view(&row, d, audience_of(user.as_ref()), used);
    out.resume_step = resume;
    with_votes(&state, tenant.id(), user.as_ref(), std::slice::from_mut(&mut out)).await?;
    Ok(Json(Data::new(out)))
}
