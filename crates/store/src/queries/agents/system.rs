//! What the system agents read and write besides their answers (`responses`): the facts
//! about an applicant or a use case that `domain::agents::system` judges, the run each
//! judgement leaves in the agent log, which objects a rerun may name, and the staff's agent
//! metrics (counted in SQL, one grouped query per table).

use std::collections::HashMap;

use domain::{
    agents::{builtin::AIRA_SLUG, report::ReportBody, run::RunStatus, system::ApplicantFacts, system::UseCaseFacts},
    config::AppConfig,
};
use sea_orm::{
    sea_query::{Expr, JoinType},
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, Set,
};
use serde_json::Value;

use crate::{
    entities::{
        agent_report_feedback, agent_reports, agent_responses, agent_runs, agent_usage, ai_tools, career_entries,
        career_entry_skills, group_profiles, groups, memberships, profile_topics, profiles, tenants, topics,
        use_case_ai_tools, use_cases, users,
    },
    now, StoreResult,
};

/// Topics and skills read per applicant, at most.
const MAX_TAGS: u64 = 50;
/// Characters of the applicant's answers kept as their reason to join.
const MAX_REASON_CHARS: usize = 2000;

/// The site's root organization.
pub async fn organization_of(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<Option<groups::Model>> {
    Ok(groups::Entity::find()
        .filter(groups::Column::TenantId.eq(tenant_id))
        .filter(groups::Column::IsTenantRoot.eq(true))
        .one(db)
        .await?)
}

fn strings_in(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) if !s.trim().is_empty() => out.push(s.trim().to_string()),
        Value::Array(items) => items.iter().for_each(|v| strings_in(v, out)),
        Value::Object(map) => map.values().for_each(|v| strings_in(v, out)),
        _ => {}
    }
}

fn filled(text: &Option<String>) -> bool {
    text.as_deref().is_some_and(|t| !t.trim().is_empty())
}

/// What the member agents read about a person who applied to the site's organization;
/// `None` when the person or the site is gone.
pub async fn applicant_facts(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
) -> StoreResult<Option<ApplicantFacts>> {
    let Some(user) = users::Entity::find_by_id(user_id).one(db).await? else {
        return Ok(None);
    };
    let Some(tenant) = tenants::Entity::find_by_id(tenant_id).one(db).await? else {
        return Ok(None);
    };
    let Some(org) = organization_of(db, tenant_id).await? else {
        return Ok(None);
    };
    let config: AppConfig = serde_json::from_value(tenant.config.clone()).unwrap_or_default();
    let profile = profiles::Entity::find().filter(profiles::Column::UserId.eq(user_id)).one(db).await?;
    let group_profile = group_profiles::Entity::find()
        .filter(group_profiles::Column::GroupId.eq(org.id))
        .filter(group_profiles::Column::UserId.eq(user_id))
        .one(db)
        .await?;
    let membership = memberships::Entity::find()
        .filter(memberships::Column::GroupId.eq(org.id))
        .filter(memberships::Column::UserId.eq(user_id))
        .one(db)
        .await?;

    // The reason to join: the chosen reasons' labels, then the answers given on joining.
    let mut reasons: Vec<String> = Vec::new();
    if let Some(gp) = &group_profile {
        if let Value::Array(ids) = &gp.reason_to_join {
            for id in ids.iter().filter_map(Value::as_i64) {
                if let Some(option) = config.options.reason_to_join.iter().find(|o| o.value == id) {
                    reasons.push(option.label.clone());
                }
            }
        }
    }
    if let Some(extra) = membership.as_ref().and_then(|m| m.extra_info.as_ref()) {
        strings_in(extra, &mut reasons);
    }
    let reason_to_join: String = reasons.join(". ").chars().take(MAX_REASON_CHARS).collect();

    let topics = match &profile {
        Some(p) => {
            profile_topics::Entity::find()
                .select_only()
                .column(topics::Column::Name)
                .join(
                    JoinType::InnerJoin,
                    profile_topics::Entity::belongs_to(topics::Entity)
                        .from(profile_topics::Column::TopicId)
                        .to(topics::Column::Id)
                        .into(),
                )
                .filter(profile_topics::Column::ProfileId.eq(p.id))
                .limit(MAX_TAGS)
                .into_tuple::<String>()
                .all(db)
                .await?
        }
        None => Vec::new(),
    };
    let mut skills: Vec<String> = career_entry_skills::Entity::find()
        .select_only()
        .column(topics::Column::Name)
        .join(
            JoinType::InnerJoin,
            career_entry_skills::Entity::belongs_to(topics::Entity)
                .from(career_entry_skills::Column::TopicId)
                .to(topics::Column::Id)
                .into(),
        )
        .join(
            JoinType::InnerJoin,
            career_entry_skills::Entity::belongs_to(career_entries::Entity)
                .from(career_entry_skills::Column::EntryId)
                .to(career_entries::Column::Id)
                .into(),
        )
        .filter(career_entries::Column::UserId.eq(user_id))
        .limit(MAX_TAGS)
        .into_tuple::<String>()
        .all(db)
        .await?;
    skills.sort();
    skills.dedup();

    let aira_readiness = match super::find_by_slug(db, tenant_id, AIRA_SLUG).await? {
        Some(aira) => super::reports::latest_of(db, tenant_id, user_id, aira.id)
            .await?
            .and_then(|r| serde_json::from_value::<ReportBody>(r.body).ok())
            .and_then(|b| b.aira)
            .map(|a| a.readiness_percent),
        None => None,
    };
    let use_cases = use_cases::Entity::find()
        .filter(use_cases::Column::TenantId.eq(tenant_id))
        .filter(use_cases::Column::CreatedBy.eq(user_id))
        .count(db)
        .await?;
    let tools = ai_tools::Entity::find()
        .filter(ai_tools::Column::TenantId.eq(tenant_id))
        .filter(ai_tools::Column::CreatedBy.eq(user_id))
        .count(db)
        .await?;

    Ok(Some(ApplicantFacts {
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        email_verified: user.is_verified,
        profile_completion: profile.as_ref().map(|p| p.completion_percent.clamp(0, 100) as u8).unwrap_or(0),
        has_linkedin: profile.as_ref().is_some_and(|p| filled(&p.social_linkedin)),
        has_resume: profile.as_ref().is_some_and(|p| filled(&p.resume)),
        career_stage: group_profile.as_ref().is_some_and(|g| g.career_stage.is_some()),
        professional_field: group_profile.as_ref().is_some_and(|g| g.professional_field.is_some()),
        reason_to_join,
        title: profile.as_ref().and_then(|p| p.title.clone()).unwrap_or_default(),
        topics,
        skills,
        aira_readiness,
        contributions: u32::try_from(use_cases + tools).unwrap_or(u32::MAX),
    }))
}

fn json_len(value: &Option<Value>) -> usize {
    match value {
        Some(Value::Array(items)) => items.len(),
        _ => 0,
    }
}

/// What use case curation reads about a use case of the site, with the use case's
/// creator; `None` when it is gone.
pub async fn use_case_facts(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    id: i64,
) -> StoreResult<Option<(UseCaseFacts, Option<i64>)>> {
    let Some(uc) = use_cases::Entity::find_by_id(id).filter(use_cases::Column::TenantId.eq(tenant_id)).one(db).await?
    else {
        return Ok(None);
    };
    let ai_tools =
        use_case_ai_tools::Entity::find().filter(use_case_ai_tools::Column::UseCaseId.eq(id)).count(db).await?;
    let duplicate_title = use_cases::Entity::find()
        .filter(use_cases::Column::TenantId.eq(tenant_id))
        .filter(use_cases::Column::Title.eq(uc.title.clone()))
        .filter(use_cases::Column::Id.ne(id))
        .count(db)
        .await?
        > 0;
    let classified = filled(&uc.business_value) && filled(&uc.complexity) && filled(&uc.innovation_category);
    let facts = UseCaseFacts {
        tags: json_len(&uc.categories) + json_len(&uc.topics),
        title: uc.title,
        description: uc.description.unwrap_or_default(),
        reason: uc.reason.unwrap_or_default(),
        ai_tools: ai_tools as usize,
        has_document: filled(&uc.document),
        has_video: filled(&uc.video_link),
        classified,
        duplicate_title,
    };
    Ok(Some((facts, uc.created_by)))
}

/// Of `ids`, the people with a membership (of any status) of the site's organization.
pub async fn members_among(db: &impl ConnectionTrait, organization_id: i64, ids: &[i64]) -> StoreResult<Vec<i64>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(memberships::Entity::find()
        .select_only()
        .column(memberships::Column::UserId)
        .filter(memberships::Column::GroupId.eq(organization_id))
        .filter(memberships::Column::UserId.is_in(ids.to_vec()))
        .into_tuple::<i64>()
        .all(db)
        .await?)
}

/// Of `ids`, the site's use cases.
pub async fn use_cases_among(db: &impl ConnectionTrait, tenant_id: i64, ids: &[i64]) -> StoreResult<Vec<i64>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(use_cases::Entity::find()
        .select_only()
        .column(use_cases::Column::Id)
        .filter(crate::queries::sql::on_site_by_key(use_cases::Entity, tenant_id))
        .filter(use_cases::Column::Id.is_in(ids.to_vec()))
        .into_tuple::<i64>()
        .all(db)
        .await?)
}

/// A system agent's judgement as a finished run of the agent (its log for staff).
#[derive(Debug, Clone)]
pub struct SystemRun {
    pub tenant_id: i64,
    pub agent_id: i64,
    /// Whom the run is about: the applicant, or the use case's creator.
    pub user_id: i64,
    /// What the agent read (`{"content_type", "object_id", "facts"}`).
    pub input: Value,
    /// The agent log's messages.
    pub log: Vec<Value>,
}

/// Stores a finished (completed) run.
pub async fn record_run(db: &impl ConnectionTrait, run: SystemRun) -> StoreResult<agent_runs::Model> {
    let at = now();
    Ok(agent_runs::ActiveModel {
        tenant_id: Set(run.tenant_id),
        agent_id: Set(run.agent_id),
        user_id: Set(run.user_id),
        beneficiary_id: Set(None),
        answers: Set(run.input),
        current_step: Set(0),
        status: Set(RunStatus::Completed.as_str().to_string()),
        log: Set(Value::Array(run.log)),
        created_at: Set(at),
        updated_at: Set(at),
        completed_at: Set(Some(at)),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

/// The reports of some runs (their `source`), by run id.
pub async fn report_sources(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    run_ids: &[i64],
) -> StoreResult<HashMap<i64, (String, String)>> {
    if run_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(Option<i64>, String, String)> = agent_reports::Entity::find()
        .select_only()
        .column(agent_reports::Column::RunId)
        .column(agent_reports::Column::Slug)
        .column(agent_reports::Column::Source)
        .filter(agent_reports::Column::TenantId.eq(tenant_id))
        .filter(agent_reports::Column::RunId.is_in(run_ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(run, slug, source)| Some((run?, (slug, source)))).collect())
}

/// One agent's figures on the site.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AgentCounts {
    /// Runs started (system agents: judgements made).
    pub runs: u64,
    pub completed_runs: u64,
    pub reports: u64,
    /// Uses counted in the month asked for.
    pub usage: u64,
    pub feedback_count: u64,
    /// The sum of the ratings (the average is this over `feedback_count`).
    pub feedback_total: u64,
    /// Members or use cases the (system) agent has an answer about.
    pub responses: u64,
}

fn big(expr: &str) -> sea_orm::sea_query::SimpleExpr {
    Expr::cust(format!("CAST(COALESCE({expr}, 0) AS BIGINT)"))
}

fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

/// Every agent's figures on the site, by agent id: one grouped query per table.
pub async fn metrics(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    period: &str,
) -> StoreResult<HashMap<i64, AgentCounts>> {
    let mut out: HashMap<i64, AgentCounts> = HashMap::new();
    let runs: Vec<(i64, i64, i64)> = agent_runs::Entity::find()
        .select_only()
        .column(agent_runs::Column::AgentId)
        .column_as(big("COUNT(*)"), "runs")
        .column_as(
            big(&format!("SUM(CASE WHEN \"status\" = '{}' THEN 1 ELSE 0 END)", RunStatus::Completed.as_str())),
            "completed",
        )
        .filter(agent_runs::Column::TenantId.eq(tenant_id))
        .group_by(agent_runs::Column::AgentId)
        .into_tuple()
        .all(db)
        .await?;
    for (agent, n, done) in runs {
        let e = out.entry(agent).or_default();
        e.runs = count(n);
        e.completed_runs = count(done);
    }
    let reports: Vec<(i64, i64)> = agent_reports::Entity::find()
        .select_only()
        .column(agent_reports::Column::AgentId)
        .column_as(big("COUNT(*)"), "reports")
        .filter(agent_reports::Column::TenantId.eq(tenant_id))
        .group_by(agent_reports::Column::AgentId)
        .into_tuple()
        .all(db)
        .await?;
    for (agent, n) in reports {
        out.entry(agent).or_default().reports = count(n);
    }
    let usage: Vec<(i64, i64)> = agent_usage::Entity::find()
        .select_only()
        .column(agent_usage::Column::AgentId)
        .column_as(big("SUM(\"count\")"), "uses")
        .filter(agent_usage::Column::TenantId.eq(tenant_id))
        .filter(agent_usage::Column::Period.eq(period))
        .group_by(agent_usage::Column::AgentId)
        .into_tuple()
        .all(db)
        .await?;
    for (agent, n) in usage {
        out.entry(agent).or_default().usage = count(n);
    }
    let feedback: Vec<(i64, i64, i64)> = agent_report_feedback::Entity::find()
        .select_only()
        .column(agent_reports::Column::AgentId)
        .column_as(big("COUNT(*)"), "ratings")
        .column_as(big("SUM(\"agent_report_feedback\".\"rating\")"), "total")
        .join(
            JoinType::InnerJoin,
            agent_report_feedback::Entity::belongs_to(agent_reports::Entity)
                .from(agent_report_feedback::Column::ReportId)
                .to(agent_reports::Column::Id)
                .into(),
        )
        .filter(agent_report_feedback::Column::TenantId.eq(tenant_id))
        .group_by(agent_reports::Column::AgentId)
        .into_tuple()
        .all(db)
        .await?;
    for (agent, n, total) in feedback {
        let e = out.entry(agent).or_default();
        e.feedback_count = count(n);
        e.feedback_total = count(total);
    }
    let responses: Vec<(i64, i64)> = agent_responses::Entity::find()
        .select_only()
        .column(agent_responses::Column::AgentId)
        .column_as(big("COUNT(*)"), "answers")
        .filter(agent_responses::Column::TenantId.eq(tenant_id))
        .group_by(agent_responses::Column::AgentId)
        .into_tuple()
        .all(db)
        .await?;
    for (agent, n) in responses {
        out.entry(agent).or_default().responses = count(n);
    }
    Ok(out)
}

/// Replaces an agent's definition JSON as is (a system agent's prompt settings); the
/// caller has checked it.
pub async fn set_definition_json(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    id: i64,
    definition: Value,
) -> StoreResult<()> {
    use crate::entities::agents;
    let result = agents::Entity::update_many()
        .col_expr(agents::Column::Definition, Expr::value(definition))
        .col_expr(agents::Column::UpdatedAt, Expr::value(now()))
        .filter(agents::Column::TenantId.eq(tenant_id))
        .filter(agents::Column::Id.eq(id))
        .exec(db)
        .await?;
    if result.rows_affected == 0 {
        return Err(crate::StoreError::NotFound);
    }
    Ok(())
}

/// A page of the site's system agents of some types, in their order, with the count.
pub async fn system_agents(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    types: &[&str],
    offset: u64,
    limit: u64,
) -> StoreResult<super::super::Paged<crate::entities::agents::Model>> {
    use crate::entities::agents;
    use sea_orm::QueryOrder;
    let query = agents::Entity::find()
        .filter(agents::Column::TenantId.eq(tenant_id))
        .filter(agents::Column::IsSystem.eq(true))
        .filter(agents::Column::IsActive.eq(true))
        .filter(agents::Column::AgentType.is_in(types.iter().map(|t| t.to_string())));
    let count = query.clone().count(db).await?;
    let items = query
        .order_by_asc(agents::Column::Position)
        .order_by_asc(agents::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok(super::super::Paged { items, count })
}

/// Agents a site holds at most, as the metrics list them.
pub const MAX_AGENTS: u64 = 200;

/// The site's agents (CareerGPS first, then system agents), switched off ones too.
pub async fn all_agents(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<Vec<crate::entities::agents::Model>> {
    use crate::entities::agents;
    use sea_orm::QueryOrder;
    Ok(agents::Entity::find()
        .filter(agents::Column::TenantId.eq(tenant_id))
        .order_by_asc(agents::Column::IsSystem)
        .order_by_asc(agents::Column::Position)
        .order_by_asc(agents::Column::Id)
        .limit(MAX_AGENTS)
        .all(db)
        .await?)
}
