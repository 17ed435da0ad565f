//! `POST agents/process/{agent}/{step}/`: one step of an agent for a signed-in member (or
//! staff, for themself or a member named by `user_id`).
//!
//! In order: the agent (active, of the site) and its step, who asks (staff; a trial account
//! is a visitor; a member needs an accepted membership), access (`domain::agents::access`:
//! premium from the tier flags, the monthly usage limit), the profile-completion threshold
//! (members), then the step's answers (`check_step_answers`, 400 on `answers.{question}`).
//! The answers are stored on the caller's open run of the agent (a new one if none), in one
//! transaction. The report step, in that same transaction, reads the run's answers, asks
//! retrieval for what the domain's `retrieval_needs` names, composes the offline report,
//! stores it, counts one use and ends the run.
//!
//! Visitors without an account get 401: their steps (registration, profile source) go
//! through `register-career-gps`, which signs them in with a trial account.

use std::collections::BTreeMap;

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::agents::{
    access::{check_access, usage_period, AgentSettings, Requester},
    definition::{check_step_answers, AgentDefinition, RunAnswers, StepType},
    registration::check_profile_completion,
    report::{compose, report_slug, retrieval_needs, ProfileFacts, ReportInput, ReportItem},
    run::{RunStatus, SOURCE_OFFLINE},
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::{
    entities::{agents as agent_rows, users},
    queries::agents::{self as q, reports, runs, usage},
    sea_orm::ConnectionTrait,
};
use utoipa::ToSchema;

use super::{definition, ensure_agents, is_member, MSG_NO_ACCESS, MSG_NO_AGENT, MSG_NO_USER};
use crate::{
    areas::{config::stored_config, payments::flags::member_tier},
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Tenant},
    state::AppState,
};

/// The code of the 403 for a member whose profile is below the threshold (ours).
pub const CODE_PROFILE_INCOMPLETE: &str = "PROFILE_INCOMPLETE";
/// Items retrieval is asked for; the report keeps at most `report::MAX_ITEMS`.
const RETRIEVAL_LIMIT: usize = 30;
/// Draws of a report slug before giving up (a clash of 32 random bits is already rare).
const SLUG_DRAWS: usize = 5;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ProcessInput {
    /// The step's answers: `{question id: answer}` for a custom form, a list of item ids
    /// for a checklist; other steps keep what is sent. The report step needs none.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub user_response: Value,
    /// A model prompt (staff testing a prompt); the offline report does not use it.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub user_prompt: Option<Value>,
    /// Staff only: the member the agent is run for.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub user_id: Option<Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProcessAnswer {
    pub run_id: i64,
    /// The step just answered.
    pub step: u32,
    /// in_progress, or completed once the report is made.
    pub status: RunStatus,
    /// The order of the next step; null after the last.
    pub next_step: Option<u32>,
    /// The report made by the report step.
    pub report_id: Option<i64>,
    pub report_slug: Option<String>,
}

fn coded(status: StatusCode, message: String, code: &'static str) -> ApiError {
    ApiError::Coded { status, message, code }
}

fn parse_beneficiary(raw: &Option<Value>) -> ApiResult<Option<i64>> {
    let id = match raw {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(Value::Number(n)) => n.as_i64(),
        Some(Value::String(s)) => s.trim().parse::<i64>().ok(),
        Some(_) => None,
    };
    id.filter(|id| *id > 0).map(Some).ok_or_else(|| ApiError::field("user_id", "A valid integer is required."))
}

/// The member the run is for: the caller, or (staff only) an accepted member of the site.
async fn subject(
    state: &AppState,
    tenant: &Tenant,
    caller: &users::Model,
    asked: Option<i64>,
) -> ApiResult<Option<users::Model>> {
    match asked {
        None => Ok(None),
        Some(id) if id == caller.id => Ok(None),
        Some(_) if !caller.is_staff => Err(ApiError::Forbidden(MSG_NO_ACCESS.into())),
        Some(id) => {
            let user = store::queries::users::find_by_id(state.read_db(), id)
                .await?
                .ok_or_else(|| ApiError::NotFound(MSG_NO_USER.into()))?;
            if !is_member(state.read_db(), tenant.organization_id(), user.id).await? {
                return Err(ApiError::NotFound(MSG_NO_USER.into()));
            }
            Ok(Some(user))
        }
    }
}

/// Who asks, for the access rules; a signed-in person who is not staff must belong to the site.
async fn requester(state: &AppState, tenant: &Tenant, user: &users::Model, period: &str) -> ApiResult<Requester> {
    if user.is_staff {
        return Ok(Requester::Staff);
    }
    if !is_member(state.read_db(), tenant.organization_id(), user.id).await? {
        return Err(ApiError::Forbidden(MSG_NO_ACCESS.into()));
    }
    if user.is_trial_user {
        return Ok(Requester::Visitor);
    }
    let tier = member_tier(state.read_db(), tenant.id(), user.id).await?;
    let usage_count = usage::count_for_user(state.read_db(), tenant.id(), user.id, period).await?;
    Ok(Requester::Member { can_use_premium_agents: tier.flags.can_use_premium_agents, usage_count })
}

/// Answers one step of an agent (spec 002 §7 "POST agents/process/{a}/{b}/").
#[utoipa::path(
    post,
    path = "/api/v1/agents/process/{agent}/{step}/",
    tag = "agents",
    params(
        ("agent" = i64, Path, description = "The agent's id"),
        ("step" = u32, Path, description = "The step's order")
    ),
    request_body = ProcessInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Data<ProcessAnswer>),
        (status = 400, body = ErrorBody, description = "Answers refused, on `answers.{question id}` or `answers`; an earlier step unanswered, on `step`"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "Codes USAGE_LIMIT_REACHED, NO_PREMIUM_SUBSCRIPTION, SIGNUP_REQUIRED (trial account on a premium agent), PROFILE_INCOMPLETE"),
        (status = 404, body = ErrorBody, description = "No agent found, no such step, or user_id not a member of the site")
    )
)]
pub async fn process(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path((agent_id, order)): Path<(String, String)>,
    ApiJson(body): ApiJson<ProcessInput>,
) -> ApiResult<Json<Data<ProcessAnswer>>> {
    let not_found = || ApiError::NotFound(MSG_NO_AGENT.into());
    let agent_id: i64 = agent_id.trim().parse().map_err(|_| not_found())?;
    let order: u32 =
        order.trim().parse().map_err(|_| ApiError::NotFound(format!("The agent has no step {}.", order.trim())))?;
    ensure_agents(&state, tenant.id()).await?;
    let row = q::find(state.read_db(), tenant.id(), agent_id)
        .await?
        .filter(|a| !a.is_system && a.is_active)
        .ok_or_else(not_found)?;
    let agent = definition(&row)?;
    let step = agent.step(order).ok_or_else(|| ApiError::NotFound(format!("The agent has no step {order}.")))?.clone();

    let beneficiary = subject(&state, &tenant, &user, parse_beneficiary(&body.user_id)?).await?;
    let period = usage_period(chrono::Utc::now());
    let settings = AgentSettings::default();
    let who = requester(&state, &tenant, &user, &period).await?;
    if let Err(denial) = check_access(who, row.is_premium, &settings) {
        return Err(coded(StatusCode::FORBIDDEN, denial.message(), denial.code()));
    }
    if matches!(who, Requester::Member { .. }) {
        let percent = store::queries::profiles::find_by_user(state.read_db(), user.id)
            .await?
            .map_or(0, |p| p.completion_percent.clamp(0, 100) as u8);
        if let Err(message) = check_profile_completion(percent, settings.profile_completion_threshold) {
            return Err(coded(StatusCode::FORBIDDEN, message, CODE_PROFILE_INCOMPLETE));
        }
    }
    let makes_report = step.extra_info.kind.generates_report();
    let answers = if makes_report { None } else { Some(check_step_answers(&agent, order, &body.user_response)?) };

    let txn = store::begin_write(&state.db).await?;
    let beneficiary_id = beneficiary.as_ref().map(|b| b.id);
    let run = match runs::latest_open(&txn, tenant.id(), user.id, row.id, beneficiary_id).await? {
        Some(run) => run,
        None => {
            runs::start(
                &txn,
                runs::NewRun { tenant_id: tenant.id(), agent_id: row.id, user_id: user.id, beneficiary_id },
            )
            .await?
        }
    };
    let run = match answers {
        Some(answers) => runs::save_answers(&txn, tenant.id(), run.id, order, answers).await?,
        None => run,
    };
    let next_step = agent.steps.iter().map(|s| s.order).filter(|o| *o > order).min();
    let mut out = ProcessAnswer {
        run_id: run.id,
        step: order,
        status: RunStatus::InProgress,
        next_step,
        report_id: None,
        report_slug: None,
    };
    if makes_report {
        let owner = beneficiary.as_ref().unwrap_or(&user);
        let all = run_answers(&run.answers);
        check_answered(&agent, order, &all)?;
        let report = make_report(&txn, &tenant, &row, &agent, owner, &all).await?;
        let report = reports::insert(
            &txn,
            reports::NewReport {
                tenant_id: tenant.id(),
                slug: &report.0,
                agent_id: row.id,
                run_id: Some(run.id),
                owner_id: owner.id,
                created_by: Some(user.id),
                body: report.1,
                is_public: false,
                source: SOURCE_OFFLINE,
            },
        )
        .await?;
        usage::record(&txn, tenant.id(), user.id, row.id, &period).await?;
        runs::finish(&txn, tenant.id(), run.id, RunStatus::Completed).await?;
        out.status = RunStatus::Completed;
        out.next_step = None;
        out.report_id = Some(report.id);
        out.report_slug = Some(report.slug);
    }
    txn.commit().await?;
    Ok(Json(Data::new(out)))
}

/// A run's stored answers by step order.
fn run_answers(stored: &Value) -> RunAnswers {
    let mut out = BTreeMap::new();
    if let Value::Object(map) = stored {
        for (key, value) in map {
            if let Ok(order) = key.parse::<u32>() {
                out.insert(order, value.clone());
            }
        }
    }
    out
}

/// Every form and checklist step before the report step must be answered unless skippable.
fn check_answered(agent: &AgentDefinition, report_order: u32, answers: &RunAnswers) -> ApiResult<()> {
    let missing = agent.steps.iter().find(|s| {
        s.order < report_order
            && matches!(s.extra_info.kind, StepType::CustomForm | StepType::Checklist)
            && !s.extra_info.skippable
            && !answers.contains_key(&s.order)
    });
    match missing {
        Some(s) => Err(ApiError::field("step", format!("Answer step {} first.", s.order))),
        None => Ok(()),
    }
}

/// The report's slug and body: the owner's profile facts, retrieval for the domain's
/// needs (only the kinds it names), then the offline composition.
async fn make_report<C: ConnectionTrait>(
    db: &C,
    tenant: &Tenant,
    row: &agent_rows::Model,
    agent: &AgentDefinition,
    owner: &users::Model,
    answers: &RunAnswers,
) -> ApiResult<(String, Value)> {
    let asker =
        store::queries::assistant::asker(db, tenant.organization_id(), owner, services::resume::country_spellings)
            .await?;
    let profile = store::queries::profiles::find_by_user(db, owner.id).await?;
    let config = stored_config(&tenant.0);
    let label = |options: &[domain::config::IntOption], id: Option<i64>| {
        id.and_then(|id| options.iter().find(|o| o.value == id).map(|o| o.label.clone()))
    };
    let facts = ProfileFacts {
        first_name: owner.first_name.clone(),
        title: asker.title.clone(),
        career_stage: label(&config.options.career_stages, asker.career_stage),
        professional_field: label(&config.options.professional_fields, asker.professional_field),
        skills: Vec::new(),
        topics: asker.topics.clone(),
        completion_percent: profile.map_or(0, |p| p.completion_percent.clamp(0, 100) as u8),
    };
    let needs = retrieval_needs(agent, answers, &facts);
    let (_, found) = services::assistant::retrieve_for(db, tenant.id(), &asker, &needs.text, RETRIEVAL_LIMIT).await?;
    let items: Vec<ReportItem> = found
        .into_iter()
        .filter(|f| needs.kinds.contains(&f.kind))
        .map(|f| ReportItem {
            kind: f.kind,
            id: f.id,
            slug: f.slug,
            name: f.name,
            description: f.description,
            reason: f.reason,
        })
        .collect();
    let body = compose(&ReportInput { agent, answers, profile: &facts, items: &items });
    let mut slug = String::new();
    for _ in 0..SLUG_DRAWS {
        let candidate = report_slug(&row.slug, rand::random::<u32>());
        if reports::find_by_slug(db, tenant.id(), &candidate).await?.is_none() {
            slug = candidate;
            break;
        }
    }
    if slug.is_empty() {
        return Err(ApiError::Conflict("Could not make the report. Try again.".into()));
    }
    let body = serde_json::to_value(&body).map_err(|e| ApiError::Internal(e.into()))?;
    Ok((slug, body))
}
