//! Staff tools on an agent (spec 002 §4 "Staff see agent user-prompt configuration (choose
//! among prompt options, add a new one) and the agent log (viewable and downloadable as
//! JSON)"; §6 Staff; issue 18).
//!
//! - `PATCH /api/v1/agents/{id}/`: the prompts only. A CareerGPS agent takes
//!   `extra_info.prompts` (the prompt options, `[{id, name, prompt}]`) and `steps`
//!   (`[{order, user_prompt}]`: the prompt each step gives the model); the whole definition
//!   is checked again before it is stored. A system agent takes `user_prompt` (instructions
//!   added to its model's).
//! - `GET /api/v1/agents/{id}/log/` `page`, `page_size` (20), `download=1`: the agent's runs
//!   newest first, each with its answers, log messages, report and source; `download=1`
//!   answers the page as a JSON attachment (page_size 500 by default then).
//!
//! Staff only (403 for anyone else); an agent of another site is 404 'No agent found'.

use std::collections::BTreeMap;

use axum::{
    extract::{Path, State},
    http::header,
    response::{IntoResponse, Response},
    Json,
};
use domain::sent::{Object, Sent};
use domain::{
    agents::definition::{self, AgentDefinition, AgentExtraInfo, AgentPrompt, MAX_PROMPT_CHARS},
    FieldErrors,
};
use serde::{de::IgnoredAny, Deserialize, Serialize};
use serde_json::{json, Value};
use store::{
    entities::{agent_runs, agents as agent_rows, users},
    queries::agents::{self as q, runs, system as system_q},
};
use utoipa::{IntoParams, ToSchema};

use super::{definition as definition_of, MSG_NO_AGENT};
use crate::{
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{page_from_query, ApiJson, ApiQuery, AuthUser, Tenant},
};

pub const MSG_PROMPTS_SAVED: &str = "Agent prompts updated successfully.";
pub const MSG_ONLY_PROMPTS: &str = "Only the prompts can be changed here.";
/// Runs per page of the log.
pub const LOG_PAGE_SIZE: u64 = 20;
/// Runs per downloaded page, by default.
pub const DOWNLOAD_PAGE_SIZE: u64 = 500;

fn require_staff(user: &users::Model) -> ApiResult<()> {
    if user.is_staff {
        Ok(())
    } else {
        Err(ApiError::forbidden())
    }
}

async fn agent_of(state: &AppState, tenant: &Tenant, id: i64) -> ApiResult<agent_rows::Model> {
    q::find(&state.db, tenant.id(), id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_AGENT.into()))
}

/// A step's prompt.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct StepPrompt {
    pub order: u32,
    pub user_prompt: String,
}

/// An agent's prompt configuration.
#[derive(Debug, Serialize, ToSchema)]
pub struct AgentPrompts {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub agent_type: String,
    pub is_system: bool,
    /// The prompt options (CareerGPS agents).
    pub prompts: Vec<AgentPrompt>,
    /// Each step's prompt (CareerGPS agents).
    pub steps: Vec<StepPrompt>,
    /// A system agent's added instructions.
    pub user_prompt: Option<String>,
}

fn prompts_view(row: &agent_rows::Model) -> ApiResult<AgentPrompts> {
    let mut view = AgentPrompts {
        id: row.id,
        name: row.name.clone(),
        slug: row.slug.clone(),
        agent_type: row.agent_type.clone(),
        is_system: row.is_system,
        prompts: Vec::new(),
        steps: Vec::new(),
        user_prompt: None,
    };
    if row.is_system {
        view.user_prompt = Some(row.definition.get("user_prompt").and_then(Value::as_str).unwrap_or("").to_string());
    } else {
        let d = definition_of(row)?;
        view.prompts = d.extra_info.prompts;
        view.steps =
            d.steps.into_iter().map(|s| StepPrompt { order: s.order, user_prompt: s.extra_info.user_prompt }).collect();
    }
    Ok(view)
}

/// The body of `PATCH /agents/{id}/`. Any other key is refused (`others`).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PromptsInput {
    /// Only `prompts` (CareerGPS agents).
    #[schema(value_type = Option<AgentExtraInfo>)]
    #[serde(default)]
    pub extra_info: Sent<Object<ExtraInfoPromptsInput>>,
    /// Step prompts by order (CareerGPS agents).
    #[schema(value_type = Option<Vec<StepPrompt>>)]
    #[serde(default)]
    pub steps: Sent<Vec<Sent<Object<StepPromptInput>>>>,
    /// A system agent's added instructions.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub user_prompt: Sent<String>,
    #[serde(flatten)]
    #[schema(ignore)]
    pub others: BTreeMap<String, IgnoredAny>,
}

impl PromptsInput {
    /// The keys sent, for the check that only a prompt is changed.
    fn keys(&self) -> Vec<&str> {
        let named = [
            ("extra_info", self.extra_info.is_absent()),
            ("steps", self.steps.is_absent()),
            ("user_prompt", self.user_prompt.is_absent()),
        ];
        named
            .into_iter()
            .filter(|(_, absent)| !absent)
            .map(|(key, _)| key)
            .chain(self.others.keys().map(String::as_str))
            .collect()
    }
}

/// `extra_info` of the body: only `prompts`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ExtraInfoPromptsInput {
    pub prompts: Sent<Vec<Sent<Object<PromptOptionInput>>>>,
    #[serde(flatten)]
    pub others: BTreeMap<String, IgnoredAny>,
}

/// A prompt option `{id, name, prompt}`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PromptOptionInput {
    pub id: Sent<String>,
    pub name: Sent<String>,
    pub prompt: Sent<String>,
}

/// A step's prompt `{order, user_prompt}`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct StepPromptInput {
    pub order: Sent<u64>,
    pub user_prompt: Sent<String>,
    #[serde(flatten)]
    pub others: BTreeMap<String, IgnoredAny>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PromptsAnswer {
    pub data: AgentPrompts,
    pub message: String,
}

/// A text; `None` (with the error) for null or another type; not sent is `Some("")`.
fn text_field(errors: &mut FieldErrors, value: Sent<String>, field: &str) -> Option<String> {
    match value {
        Sent::Value(s) => Some(s),
        Sent::Absent => Some(String::new()),
        Sent::Null | Sent::WrongType => {
            errors.add(field, "Not a valid string.");
            None
        }
    }
}

/// Reads `{id, name, prompt}` options.
fn prompt_options(errors: &mut FieldErrors, value: Sent<Vec<Sent<Object<PromptOptionInput>>>>) -> Vec<AgentPrompt> {
    let Sent::Value(items) = value else {
        errors.add("extra_info.prompts", "Expected a list of prompts.");
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let Some(Object(option)) = item.value() else {
            errors.add(format!("extra_info.prompts.{i}"), "Expected an object with id, name and prompt.");
            continue;
        };
        let mut get = |key: &str, value: Sent<String>| {
            text_field(errors, value, &format!("extra_info.prompts.{i}.{key}")).unwrap_or_default()
        };
        let (id, name, prompt) = (get("id", option.id), get("name", option.name), get("prompt", option.prompt));
        if name.trim().is_empty() {
            errors.add(format!("extra_info.prompts.{i}.name"), "This field is required.");
        }
        out.push(AgentPrompt { id: id.trim().to_string(), name: name.trim().to_string(), prompt });
    }
    out
}

/// Changes an agent's prompts (staff): see the module doc.
#[utoipa::path(
    patch,
    path = "/api/v1/agents/{id}/",
    tag = "agents",
    params(("id" = i64, Path, description = "The agent's id")),
    request_body = PromptsInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = PromptsAnswer),
        (status = 400, body = ErrorBody, description = "On the field: extra_info.prompts.N.prompt, steps.N.order, user_prompt, …"),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No agent found")
    )
)]
pub async fn update_prompts(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<PromptsInput>,
) -> ApiResult<Json<PromptsAnswer>> {
    require_staff(&user)?;
    let row = agent_of(&state, &tenant, id).await?;
    let allowed: &[&str] = if row.is_system { &["user_prompt"] } else { &["extra_info", "steps"] };
    let keys = body.keys();
    if keys.is_empty() || keys.iter().any(|k| !allowed.contains(k)) {
        return Err(ApiError::field("non_field_errors", MSG_ONLY_PROMPTS));
    }
    if row.is_system {
        save_system_prompt(&state, &tenant, &row, body.user_prompt).await?;
    } else {
        save_agent_prompts(&state, &tenant, &row, body).await?;
    }
    let saved =
        q::find(&state.db, tenant.id(), row.id).await?.ok_or_else(|| ApiError::NotFound(MSG_NO_AGENT.into()))?;
    Ok(Json(PromptsAnswer { data: prompts_view(&saved)?, message: MSG_PROMPTS_SAVED.into() }))
}

/// A system agent's added instructions.
async fn save_system_prompt(
    state: &AppState,
    tenant: &Tenant,
    row: &agent_rows::Model,
    sent: Sent<String>,
) -> ApiResult<()> {
    let mut errors = FieldErrors::new();
    let prompt = text_field(&mut errors, sent, "user_prompt").unwrap_or_default();
    if prompt.chars().count() > MAX_PROMPT_CHARS {
        errors.add("user_prompt", format!("Ensure this field has no more than {MAX_PROMPT_CHARS} characters."));
    }
    errors.into_result()?;
    let mut stored = match &row.definition {
        Value::Object(m) => m.clone(),
        _ => serde_json::Map::new(),
    };
    stored.insert("user_prompt".into(), json!(prompt.trim()));
    system_q::set_definition_json(&state.db, tenant.id(), row.id, Value::Object(stored)).await?;
    Ok(())
}

/// A CareerGPS agent's suggested prompts and step prompts; the definition as a whole must
/// still hold (lengths, unique prompt ids).
async fn save_agent_prompts(
    state: &AppState,
    tenant: &Tenant,
    row: &agent_rows::Model,
    body: PromptsInput,
) -> ApiResult<()> {
    let mut errors = FieldErrors::new();
    let mut d = definition_of(row)?;
    match body.extra_info {
        Sent::Absent => {}
        Sent::Value(Object(extra)) if extra.others.is_empty() => {
            if !extra.prompts.is_absent() {
                d.extra_info.prompts = prompt_options(&mut errors, extra.prompts);
            }
        }
        _ => errors.add("extra_info", MSG_ONLY_PROMPTS),
    }
    match body.steps {
        Sent::Absent => {}
        Sent::Value(items) => {
            for (i, item) in items.into_iter().enumerate() {
                step_prompt(&mut errors, &mut d, i, item);
            }
        }
        _ => errors.add("steps", "Expected a list of {order, user_prompt}."),
    }
    errors.into_result()?;
    definition::validate(&d)?;
    q::update_definition(&state.db, tenant.id(), row.id, &d).await?;
    Ok(())
}

/// The `i`th item of `steps`: a step's order and its new prompt.
fn step_prompt(errors: &mut FieldErrors, d: &mut AgentDefinition, i: usize, item: Sent<Object<StepPromptInput>>) {
    let step_input = match item.value() {
        Some(Object(step)) if !step.others.is_empty() => {
            errors.add(format!("steps.{i}"), MSG_ONLY_PROMPTS);
            return;
        }
        Some(Object(step)) => Some(step),
        None => None,
    };
    let order = step_input.as_ref().and_then(|s| s.order.as_ref().value().copied());
    let Some(step) = order.and_then(|o| d.steps.iter_mut().find(|s| u64::from(s.order) == o)) else {
        errors.add(format!("steps.{i}.order"), "The agent has no step with this order.");
        return;
    };
    let prompt = step_input.map(|s| s.user_prompt).unwrap_or_default();
    if prompt.is_absent() {
        errors.add(format!("steps.{i}.user_prompt"), "This field is required.");
    } else if let Some(text) = text_field(errors, prompt, &format!("steps.{i}.user_prompt")) {
        step.extra_info.user_prompt = text;
    }
}

/// One run in the agent log.
#[derive(Debug, Serialize, ToSchema)]
pub struct LogRun {
    pub id: i64,
    /// Who ran it (system agents: whom it judged).
    pub user_id: i64,
    /// The member staff ran it for.
    pub beneficiary_id: Option<i64>,
    /// in_progress, completed or failed.
    pub status: String,
    pub current_step: i32,
    /// The answers by step order (system agents: what the agent read).
    #[schema(value_type = Object)]
    pub answers: Value,
    /// The agent log's messages (type, id, content, tool_calls, usage_metadata,
    /// response_metadata, artifact).
    #[schema(value_type = Vec<Object>)]
    pub messages: Value,
    /// The report the run made, if any.
    pub report_slug: Option<String>,
    /// offline or model: who wrote the report (or the system agent's answer).
    pub source: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
    pub completed_at: Option<chrono::DateTime<chrono::Utc>>,
}

fn log_run(run: agent_runs::Model, report: Option<&(String, String)>) -> LogRun {
    let source = report
        .map(|(_, source)| source.clone())
        .or_else(|| run.answers.get("source").and_then(Value::as_str).map(str::to_string));
    LogRun {
        id: run.id,
        user_id: run.user_id,
        beneficiary_id: run.beneficiary_id,
        status: run.status,
        current_step: run.current_step,
        answers: run.answers,
        messages: run.log,
        report_slug: report.map(|(slug, _)| slug.clone()),
        source,
        created_at: run.created_at,
        updated_at: run.updated_at,
        completed_at: run.completed_at,
    }
}

/// The run log's query, read as text so a bad value is answered on its field.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AgentLogQuery {
    /// 1-based page
    #[param(value_type = Option<u64>)]
    pub page: Option<String>,
    /// Default 20 (500 with download)
    #[param(value_type = Option<u64>)]
    pub page_size: Option<String>,
    /// 1: answer a JSON attachment
    pub download: Option<String>,
}

/// The agent's runs, newest first, paged; `download=1` as a JSON file (staff).
#[utoipa::path(
    get,
    path = "/api/v1/agents/{id}/log/",
    tag = "agents",
    params(
        ("id" = i64, Path, description = "The agent's id"),
        AgentLogQuery
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Page<LogRun>, description = "With download=1, an attachment {agent, count, runs}"),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No agent found")
    )
)]
pub async fn agent_log(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<AgentLogQuery>,
) -> ApiResult<Response> {
    // The query is checked first: a malformed request is the same 400 for anyone.
    let download = match query.download.as_ref().map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        None | Some("" | "0" | "false" | "no") => false,
        Some("1" | "true" | "yes") => true,
        Some(_) => return Err(ApiError::field("download", "Must be a valid boolean.")),
    };
    let page =
        page_from_query(&query.page, &query.page_size, if download { DOWNLOAD_PAGE_SIZE } else { LOG_PAGE_SIZE })?;
    require_staff(&user)?;
    let row = agent_of(&state, &tenant, id).await?;
    let db = state.read_db();
    let paged = runs::page_for_agent(db, tenant.id(), row.id, page.offset(), page.page_size).await?;
    let ids: Vec<i64> = paged.items.iter().map(|r| r.id).collect();
    let reports = system_q::report_sources(db, tenant.id(), &ids).await?;
    let items: Vec<LogRun> = paged
        .items
        .into_iter()
        .map(|r| {
            let report = reports.get(&r.id);
            log_run(r, report)
        })
        .collect();
    if !download {
        return Ok(Json(Page::new(items, paged.count, &page, &url)).into_response());
    }
    let file = json!({
        "agent": {"id": row.id, "name": row.name, "slug": row.slug, "agent_type": row.agent_type},
        "count": paged.count,
        "page": page.page,
        "runs": items,
    });
    let name = format!("attachment; filename=\"{}-log.json\"", row.slug);
    Ok((
        [(header::CONTENT_TYPE, "application/json".to_string()), (header::CONTENT_DISPOSITION, name)],
        serde_json::to_string_pretty(&file).map_err(|e| ApiError::Internal(e.into()))?,
    )
        .into_response())
}
