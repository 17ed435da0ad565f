//! `POST agents/process/{agent}/{step}/`: one step of an agent for a signed-in member (or
//! staff, for themself or a member named by `user_id`).
//!
//! In order: the agent (active, of the site) and its step, who asks (staff; a trial account
//! is a visitor; a member needs an accepted membership), access (`domain::agents::access`:
//! premium from the tier flags, the monthly usage limit), the profile-completion threshold
//! (members starting a run; a run under way, such as a converted trial account's, goes on),
//! then the step's answers (`check_step_answers`, 400 on `answers.{question}`).
//! The answers are stored on the caller's open run of the agent (a new one if none), in one
//! transaction. The report step ([`report_step`]) reads the run's answers, asks retrieval
//! for what the domain's `retrieval_needs` names, composes the offline report and has the
//! agent model (`services::agent_model`: offline, or the configured model with its answer
//! checked) write the report, outside any transaction; then, in one short transaction, it
//! claims the run, claims one use under the site's limit, stores the report and counts it.
//! The threshold and the limits are the site's (`agents` in its configuration).
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
    access::{check_access_to, check_signup_gate, usage_period, AgentSettings, Denial, Requester},
    definition::{check_step_answers, AgentDefinition, RunAnswers, Step, StepType},
    registration::check_profile_completion,
    report::{compose, report_slug, retrieval_needs, ProfileFacts, ReportInput, ReportItem},
    run::RunStatus,
};
use domain::sent::{NumberOrText, Sent};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use services::agent_model::ReportRequest;
use store::{
    entities::{agents as agent_rows, users},
    queries::agents::{self as q, reports, runs, usage},
    sea_orm::ConnectionTrait,
};
use utoipa::ToSchema;

use super::{definition, is_member, MSG_NO_ACCESS, MSG_NO_AGENT, MSG_NO_USER};
use crate::{
    areas::AppState,
    areas::{config::stored_config, payments::flags::member_tier},
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Tenant},
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
    pub user_prompt: Sent<String>,
    /// Staff only: the member the agent is run for.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub user_id: Sent<NumberOrText>,
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
async fn requester(
    state: &AppState,
    tenant: &Tenant,
    user: &users::Model,
    agent_type: &str,
    period: &str,
) -> ApiResult<Requester> {
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
    let usage_count = usage::count_for_type(state.read_db(), tenant.id(), user.id, agent_type, period).await?;
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
        (status = 403, body = ErrorBody, description = "Codes USAGE_LIMIT_REACHED, NO_PREMIUM_SUBSCRIPTION, SIGNUP_REQUIRED (trial account on a premium agent, or at the report step behind the sign-up invitation), PROFILE_INCOMPLETE"),
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
    let row = q::find(state.read_db(), tenant.id(), agent_id)
        .await?
        .filter(|a| !a.is_system && a.is_active)
        .ok_or_else(not_found)?;
    let agent = definition(&row)?;
    let step = agent.step(order).ok_or_else(|| ApiError::NotFound(format!("The agent has no step {order}.")))?.clone();

    let asked = body.user_id.optional_id().map_err(|_| ApiError::field("user_id", "A valid integer is required."))?;
    let beneficiary = subject(&state, &tenant, &user, asked).await?;
    let beneficiary_id = beneficiary.as_ref().map(|b| b.id);
    let period = usage_period(chrono::Utc::now());
    let settings = &stored_config(&tenant.0).agents;
    let who = requester(&state, &tenant, &user, agent.agent_type.as_str(), &period).await?;
    let may_run = MayRun { who, is_premium: row.is_premium, agent_id: row.id, beneficiary_id };
    may_run.check(&state, &tenant, &user, &agent, &step, settings).await?;
    if step.extra_info.kind.generates_report() {
        let user_prompt = body.user_prompt.as_ref().value().filter(|_| user.is_staff).cloned();
        let step = ReportStep {
            state: &state,
            tenant: &tenant,
            user: &user,
            beneficiary: beneficiary.as_ref(),
            row: &row,
            agent: &agent,
            order,
            who,
            settings,
            period: &period,
            user_prompt,
        };
        return Ok(Json(Data::new(report_step(step).await?)));
    }
    let answers = check_step_answers(&agent, order, &body.user_response)?;
    check_file_answers(&state, &tenant, &user, &step, &answers).await?;
    if step.extra_info.kind == StepType::GroupChecklist {
        check_group_answers(&state, &tenant, &user, &answers).await?;
    }
    let run_id = save_step(&state, &tenant, &user, row.id, beneficiary_id, order, answers).await?;
    let next_step = agent.steps.iter().map(|s| s.order).filter(|o| *o > order).min();
    let out = ProcessAnswer {
        run_id,
        step: order,
        status: RunStatus::InProgress,
        next_step,
        report_id: None,
        report_slug: None,
    };
    Ok(Json(Data::new(out)))
}

/// Whether a person may answer a step of an agent.
struct MayRun {
    who: Requester,
    is_premium: bool,
    agent_id: i64,
    beneficiary_id: Option<i64>,
}

impl MayRun {
    /// The agent's access rules, the sign-up gate of visitors, and the profile completion a
    /// member needs to start a run; each refusal a 403 with its code.
    async fn check(
        &self,
        state: &AppState,
        tenant: &Tenant,
        user: &users::Model,
        agent: &AgentDefinition,
        step: &Step,
        settings: &AgentSettings,
    ) -> ApiResult<()> {
        if let Err(denial) = check_access_to(self.who, agent.agent_type, self.is_premium, settings) {
            return Err(coded(StatusCode::FORBIDDEN, denial.message(), denial.code()));
        }
        // A visitor (trial account) meets the sign-up invitation before the report: sign up first.
        if let Err(denial) = check_signup_gate(self.who, step) {
            return Err(coded(StatusCode::FORBIDDEN, denial.message(), denial.code()));
        }
        if !matches!(self.who, Requester::Member { .. }) {
            return Ok(());
        }
        // The threshold guards the start of a run (the member's profile source step): a run under
        // way goes on, such as a visitor's who signed up at the sign-up invitation (issue 18).
        let db = state.read_db();
        if runs::latest_open(db, tenant.id(), user.id, self.agent_id, self.beneficiary_id).await?.is_some() {
            return Ok(());
        }
        let percent = store::queries::profiles::find_by_user(db, user.id)
            .await?
            .map_or(0, |p| p.completion_percent.clamp(0, 100) as u8);
        check_profile_completion(percent, settings.profile_completion_threshold)
            .map_err(|message| coded(StatusCode::FORBIDDEN, message, CODE_PROFILE_INCOMPLETE))
    }
}

/// Saves a step's answers on the open run of the person (for the beneficiary), starting one
/// when there is none; answers the run's id.
async fn save_step(
    state: &AppState,
    tenant: &Tenant,
    user: &users::Model,
    agent_id: i64,
    beneficiary_id: Option<i64>,
    order: u32,
    answers: Value,
) -> ApiResult<i64> {
    let txn = store::begin_write(&state.db).await?;
    let run = match runs::latest_open(&txn, tenant.id(), user.id, agent_id, beneficiary_id).await? {
        Some(run) => run,
        None => {
            let new = runs::NewRun { tenant_id: tenant.id(), agent_id, user_id: user.id, beneficiary_id };
            runs::start(&txn, new).await?
        }
    };
    let run = runs::save_answers(&txn, tenant.id(), run.id, order, answers).await?;
    txn.commit().await?;
    Ok(run.id)
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

/// How long after a run's report a repeated report step (a double click, a retry after a
/// lost answer) gets that report instead of starting a run with no answers.
const REPEAT_WINDOW_SECS: i64 = 120;

/// What the report step needs besides the request.
struct ReportStep<'a> {
    state: &'a AppState,
    tenant: &'a Tenant,
    user: &'a users::Model,
    beneficiary: Option<&'a users::Model>,
    row: &'a agent_rows::Model,
    agent: &'a AgentDefinition,
    order: u32,
    who: Requester,
    settings: &'a AgentSettings,
    period: &'a str,
    /// A prompt staff are trying instead of the step's own.
    user_prompt: Option<String>,
}

fn completed(run_id: i64, order: u32, report: &store::entities::agent_reports::Model) -> ProcessAnswer {
    ProcessAnswer {
        run_id,
        step: order,
        status: RunStatus::Completed,
        next_step: None,
        report_id: Some(report.id),
        report_slug: Some(report.slug.clone()),
    }
}

/// The report step: read the run, compose the offline report, have the agent model write
/// the report (outside any transaction: a model may take seconds), then in one short write
/// transaction claim the run (a conditional update: of two report steps on one run, the
/// second gets the first one's report), claim one use under the limit (a conditional
/// upsert: two runs cannot both pass it), store the report and count the use.
async fn report_step(s: ReportStep<'_>) -> ApiResult<ProcessAnswer> {
    let (state, tenant, user, row, agent) = (s.state, s.tenant, s.user, s.row, s.agent);
    let beneficiary_id = s.beneficiary.map(|b| b.id);
    let owner = s.beneficiary.unwrap_or(user);
    let run = match runs::latest_open(&state.db, tenant.id(), user.id, row.id, beneficiary_id).await? {
        Some(run) => run,
        None => {
            if let Some(last) = runs::latest(&state.db, tenant.id(), user.id, row.id, beneficiary_id).await? {
                let recent = last
                    .completed_at
                    .is_some_and(|at| chrono::Utc::now() - at < chrono::Duration::seconds(REPEAT_WINDOW_SECS));
                if recent {
                    if let Some(report) = reports::find_by_run(&state.db, tenant.id(), last.id).await? {
                        return Ok(completed(last.id, s.order, &report));
                    }
                }
            }
            check_answered(agent, s.order, &RunAnswers::new())?;
            let txn = store::begin_write(&state.db).await?;
            let run = runs::start(
                &txn,
                runs::NewRun { tenant_id: tenant.id(), agent_id: row.id, user_id: user.id, beneficiary_id },
            )
            .await?;
            txn.commit().await?;
            run
        }
    };
    let answers = run_answers(&run.answers);
    check_answered(agent, s.order, &answers)?;
    let (facts, items) = report_inputs(state, tenant, agent, owner, &answers).await?;
    let offline = compose(&ReportInput { agent, answers: &answers, profile: &facts, items: &items });
    let written = state
        .agent_model
        .write_report(&ReportRequest {
            agent,
            answers: &answers,
            profile: &facts,
            items: &items,
            offline: &offline,
            user_prompt: s.user_prompt.as_deref(),
        })
        .await;
    let body = serde_json::to_value(&written.body).map_err(|e| ApiError::Internal(e.into()))?;
    let slug = draw_slug(state.read_db(), tenant, row).await?;

    let txn = store::begin_write(&state.db).await?;
    if !runs::claim_completion(&txn, tenant.id(), run.id).await? {
        txn.rollback().await?;
        return match reports::find_by_run(&state.db, tenant.id(), run.id).await? {
            Some(report) => Ok(completed(run.id, s.order, &report)),
            None => Err(ApiError::Conflict("The run has ended.".into())),
        };
    }
    let limit = match s.who {
        Requester::Member { can_use_premium_agents, .. } => {
            s.settings.limit_for(agent.agent_type, can_use_premium_agents)
        }
        Requester::Visitor | Requester::Staff => None,
    };
    let agent_type = agent.agent_type.as_str();
    if usage::claim(&txn, tenant.id(), user.id, agent_type, s.period, limit).await?.is_none() {
        txn.rollback().await?;
        let usage_count = usage::count_for_type(&state.db, tenant.id(), user.id, agent_type, s.period).await?;
        let denial = Denial::UsageLimitReached { usage_count, limit: limit.unwrap_or(0) };
        return Err(coded(StatusCode::FORBIDDEN, denial.message(), denial.code()));
    }
    let report = reports::insert(
        &txn,
        reports::NewReport {
            tenant_id: tenant.id(),
            slug: &slug,
            agent_id: row.id,
            run_id: Some(run.id),
            owner_id: owner.id,
            created_by: Some(user.id),
            body,
            is_public: false,
            source: written.source,
        },
    )
    .await?;
    usage::record_agent(&txn, tenant.id(), user.id, row.id, s.period).await?;
    if !written.log.is_empty() {
        runs::append_log(&txn, tenant.id(), run.id, written.log).await?;
    }
    txn.commit().await?;
    Ok(completed(run.id, s.order, &report))
}

/// What the report is made from: the owner's profile facts, and the items retrieval found
/// for the domain's needs (only the kinds it names).
async fn report_inputs(
    state: &AppState,
    tenant: &Tenant,
    agent: &AgentDefinition,
    owner: &users::Model,
    answers: &RunAnswers,
) -> ApiResult<(ProfileFacts, Vec<ReportItem>)> {
    let db = state.read_db();
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
    let found = state
        .matching
        .answer(
            db,
            services::matching::Ask {
                tenant_id: tenant.id(),
                user_id: owner.id,
                question: &needs.text,
                limit: RETRIEVAL_LIMIT,
                kinds: &needs.kinds,
            },
        )
        .await?;
    let items: Vec<ReportItem> = found
        .items
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
    Ok((facts, items))
}

/// A report slug the site does not have yet.
async fn draw_slug<C: ConnectionTrait>(db: &C, tenant: &Tenant, row: &agent_rows::Model) -> ApiResult<String> {
    for _ in 0..SLUG_DRAWS {
        let candidate = report_slug(&row.slug, rand::random::<u32>());
        if reports::find_by_slug(db, tenant.id(), &candidate).await?.is_none() {
            return Ok(candidate);
        }
    }
    Err(ApiError::Conflict("Could not make the report. Try again.".into()))
}

/// The file answers of a custom form step: each id must be a file the caller uploaded on
/// this site (`POST /file-upload/`, typed by its content) that is an image or a PDF; else
/// 400 on `answers.{question id}`.
async fn check_file_answers(
    state: &AppState,
    tenant: &Tenant,
    user: &users::Model,
    step: &domain::agents::definition::Step,
    answers: &Value,
) -> ApiResult<()> {
    use domain::agents::form::{QuestionType, MSG_FILE};
    let mut errors = domain::FieldErrors::new();
    for q in step.extra_info.questions.iter().filter(|q| q.kind == QuestionType::File) {
        let Some(id) = answers.get(&q.id).and_then(Value::as_i64) else { continue };
        let field = format!("answers.{}", q.id);
        match store::queries::files::find_owned(&state.db, tenant.id(), user.id, id).await? {
            None => errors.add(field, MSG_FILE),
            Some(f) if !(f.content_type.starts_with("image/") || f.content_type == "application/pdf") => {
                errors.add(field, MSG_FILE_TYPE)
            }
            Some(_) => {}
        }
    }
    errors.into_result().map_err(ApiError::from)
}

/// A group checklist's answers: circles or events of the site the person may see (at most
/// `MAX_GROUP_CHOICES` lookups, one each by primary key).
async fn check_group_answers(state: &AppState, tenant: &Tenant, user: &users::Model, answers: &Value) -> ApiResult<()> {
    let caller = crate::extract::caller_of(Some(user.clone()));
    for id in answers.as_array().into_iter().flatten().filter_map(Value::as_i64) {
        let group = store::queries::groups::find(&state.db, tenant.id(), id).await?;
        let offered = match group {
            Some(group) if matches!(group.group_type.as_str(), "circle" | "event") => {
                crate::areas::groups::is_visible(state, &caller, &group).await?
            }
            _ => false,
        };
        if !offered {
            return Err(ApiError::field("answers", format!("Invalid pk \"{id}\" - object does not exist.")));
        }
    }
    Ok(())
}

/// A file answer that is neither an image nor a PDF (spec 002 §3: "file (images or pdf)").
pub const MSG_FILE_TYPE: &str = "Upload an image or a PDF.";
