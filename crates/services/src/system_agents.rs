//! The system agents at work (spec 002 §3 "System agent", §6 organization administrators;
//! issue 18): registration approval and AI enthusiasm ranking judge a person who applies to
//! the site's organization, use case curation a submitted use case. Each judgement runs as
//! a background job queued in the transaction of the change ([`queue_member`],
//! [`queue_use_case`]), or inline on a small rerun ([`evaluate`]); it replaces the agent's
//! answer about the object (`agent_responses`, with `last_run_at`) and leaves a finished
//! run in the agent log.
//!
//! Who decides: without a model, the offline rules of `domain::agents::system` (stated in
//! docs/decisions.md). With the deployment's chat-completions API (`WAYPOINT_AI_BASE_URL`),
//! the model, given the same facts and asked for a JSON answer that is validated; an invalid
//! answer is asked for once more, and any error, timeout or second invalid answer falls back
//! to the rules. The answer is advice: it never changes a membership or a use case.

use std::time::Duration;

use domain::{
    agents::system::{self as rules, Action, ApplicantFacts, Level, SystemAgentType, SystemResponse, UseCaseFacts},
    rich_text,
};
use serde_json::{json, Value};
use store::{
    entities::{agent_responses, agents as agent_rows},
    queries::{
        agents::{self as agent_q, responses, system as system_q},
        mail as mail_q,
    },
    sea_orm::ConnectionTrait,
    Db, StoreResult,
};

use crate::{ai::OpenAiChat, job_context::JobContext};

pub const JOB_KIND: &str = "system_agent";
/// The longest the model may take on one judgement (both tries) before the rules decide.
pub const MODEL_BUDGET: Duration = Duration::from_secs(25);
/// Characters of a use case's texts given to the model, at most.
const MAX_TEXT_CHARS: usize = 4000;
/// Characters of a model's reason kept.
const MAX_REASON_CHARS: usize = 1000;

/// Queues `kind`'s judgement of each object (call in the transaction of the change).
pub async fn queue(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    kind: SystemAgentType,
    object_ids: &[i64],
) -> StoreResult<()> {
    for id in object_ids {
        let payload = json!({"tenant_id": tenant_id, "agent_type": kind.as_str(), "object_id": id});
        mail_q::enqueue_job(db, JOB_KIND, payload, store::now()).await?;
    }
    Ok(())
}

/// Queues registration approval and AI enthusiasm ranking of a person who applied to the
/// site's organization.
pub async fn queue_member(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64) -> StoreResult<()> {
    queue(db, tenant_id, SystemAgentType::RegistrationApproval, &[user_id]).await?;
    queue(db, tenant_id, SystemAgentType::AiEnthusiasmRanking, &[user_id]).await
}

/// Queues use case curation of a submitted use case.
pub async fn queue_use_case(db: &impl ConnectionTrait, tenant_id: i64, use_case_id: i64) -> StoreResult<()> {
    queue(db, tenant_id, SystemAgentType::UsecaseCuration, &[use_case_id]).await
}

/// Runs one queued judgement. A switched-off agent or a vanished object is done with.
pub async fn run(ctx: &JobContext, job: &store::entities::jobs::Model) -> anyhow::Result<()> {
    let p = &job.payload;
    let tenant_id = p["tenant_id"].as_i64().ok_or_else(|| anyhow::anyhow!("payload lacks tenant_id"))?;
    let object_id = p["object_id"].as_i64().ok_or_else(|| anyhow::anyhow!("payload lacks object_id"))?;
    let kind = p["agent_type"]
        .as_str()
        .and_then(SystemAgentType::parse)
        .ok_or_else(|| anyhow::anyhow!("payload lacks a system agent type"))?;
    let Some(agent) = agent_q::find_system(&ctx.db, tenant_id, kind).await? else {
        return Ok(());
    };
    if !agent.is_active {
        return Ok(());
    }
    evaluate(&ctx.db, ctx.ai_chat.as_ref(), &agent, object_id).await?;
    Ok(())
}

/// A judgement made and stored.
#[derive(Debug, Clone)]
pub struct Judged {
    pub response: agent_responses::Model,
    /// `offline` (the rules) or `model`.
    pub source: &'static str,
}

/// What an agent reads about its object.
enum Subject {
    Applicant(ApplicantFacts),
    UseCase(UseCaseFacts),
}

impl Subject {
    /// The facts as the model reads them (an applicant's e-mail only by its domain).
    fn as_json(&self) -> Value {
        match self {
            Subject::Applicant(f) => json!({
                "first_name": f.first_name,
                "last_name": f.last_name,
                "email_domain": f.email.rsplit('@').next().unwrap_or(""),
                "email_verified": f.email_verified,
                "profile_completion_percent": f.profile_completion,
                "has_linkedin_profile": f.has_linkedin,
                "has_resume": f.has_resume,
                "gave_career_stage": f.career_stage,
                "gave_professional_field": f.professional_field,
                "reason_to_join": f.reason_to_join,
                "title": f.title,
                "topics": f.topics,
                "skills": f.skills,
                "ai_readiness_assessment_percent": f.aira_readiness,
                "use_cases_and_ai_tools_submitted": f.contributions,
            }),
            Subject::UseCase(f) => {
                let cut = |html: &str| rich_text::plain_text(html).chars().take(MAX_TEXT_CHARS).collect::<String>();
                json!({
                    "title": f.title,
                    "description": cut(&f.description),
                    "why_important": cut(&f.reason),
                    "ai_tools": f.ai_tools,
                    "has_document": f.has_document,
                    "has_video": f.has_video,
                    "classified": f.classified,
                    "categories_and_topics": f.tags,
                    "another_use_case_has_this_title": f.duplicate_title,
                })
            }
        }
    }

    fn rules(&self, kind: SystemAgentType) -> SystemResponse {
        match (self, kind) {
            (Subject::Applicant(f), SystemAgentType::AiEnthusiasmRanking) => rules::ai_enthusiasm_ranking(f),
            (Subject::Applicant(f), _) => rules::registration_approval(f),
            (Subject::UseCase(f), _) => rules::usecase_curation(f),
        }
    }
}

/// Judges `object_id` (a person for the member agents, a use case for curation) with the
/// agent, stores the answer (replacing the one before) and the run; `None` when the object
/// is gone.
pub async fn evaluate(
    db: &Db,
    model: Option<&OpenAiChat>,
    agent: &agent_rows::Model,
    object_id: i64,
) -> anyhow::Result<Option<Judged>> {
    let kind = SystemAgentType::parse(&agent.agent_type)
        .ok_or_else(|| anyhow::anyhow!("agent {} is not a system agent", agent.id))?;
    let tenant_id = agent.tenant_id;
    let (subject, about) = match kind {
        SystemAgentType::UsecaseCuration => match system_q::use_case_facts(db, tenant_id, object_id).await? {
            Some((facts, creator)) => (Subject::UseCase(facts), creator),
            None => return Ok(None),
        },
        _ => match system_q::applicant_facts(db, tenant_id, object_id).await? {
            Some(facts) => (Subject::Applicant(facts), Some(object_id)),
            None => return Ok(None),
        },
    };
    let facts = subject.as_json();
    let offline = subject.rules(kind);
    let staff_prompt = agent.definition.get("user_prompt").and_then(Value::as_str).unwrap_or("").trim().to_string();
    let request = completion_body(kind, &staff_prompt, &facts);
    let mut log = vec![
        message("system", 0, request["messages"][0]["content"].clone(), json!({})),
        message("human", 1, request["messages"][1]["content"].clone(), json!({})),
    ];
    let (answer, source) = match model {
        None => {
            log.push(message("ai", 2, json!(offline), json!({"source": "offline"})));
            (offline, "offline")
        }
        Some(chat) => match tokio::time::timeout(MODEL_BUDGET, ask_model(chat, kind, &request)).await {
            Ok(Ok((answer, tries))) => {
                log.push(message(
                    "ai",
                    2,
                    json!(answer),
                    json!({"source": "model", "model_name": chat.model(), "tries": tries}),
                ));
                (answer, "model")
            }
            outcome => {
                let error = match outcome {
                    Ok(Err(e)) => e,
                    _ => {
                        chat.note_timeout();
                        "the model took too long".to_string()
                    }
                };
                chat.note_fallback();
                tracing::warn!(agent = agent.id, %error, "a system agent's model failed; the rules decide");
                log.push(message(
                    "ai",
                    2,
                    json!(offline),
                    json!({"source": "offline", "fallback_reason": error, "model_name": chat.model()}),
                ));
                (offline, "offline")
            }
        },
    };
    let txn = store::begin_write(db).await?;
    let saved = responses::save(
        &txn,
        responses::NewResponse {
            tenant_id,
            agent_id: agent.id,
            agent_type: kind.as_str(),
            content_type: kind.content_type(),
            object_id,
            response: &answer,
        },
    )
    .await?;
    if let Some(user_id) = about {
        system_q::record_run(
            &txn,
            system_q::SystemRun {
                tenant_id,
                agent_id: agent.id,
                user_id,
                input: json!({"content_type": kind.content_type(), "object_id": object_id, "facts": facts, "source": source}),
                log,
            },
        )
        .await?;
    }
    txn.commit().await?;
    Ok(Some(Judged { response: saved, source }))
}

/// One message of the agent log (spec 002 §3 "Agent log": type, id, content, tool_calls,
/// usage_metadata, response_metadata).
fn message(kind: &str, index: usize, content: Value, metadata: Value) -> Value {
    json!({
        "type": kind,
        "id": format!("{kind}-{index}"),
        "content": content,
        "tool_calls": [],
        "usage_metadata": null,
        "response_metadata": metadata,
    })
}

fn instructions(kind: SystemAgentType) -> &'static str {
    match kind {
        SystemAgentType::RegistrationApproval => {
            "You review people who applied to join a career-networking and AI-upskilling community, for its \
administrators. Decide whether the application looks like a real person with a genuine interest: \"accept\" when it \
looks authentic, \"reject\" for clear signs of a fake or spam account (throwaway e-mail domain, links or digits in \
the name, a reason to join full of links), \"review\" when an administrator should look. Answer with a JSON object \
{\"action\": \"accept\" | \"reject\" | \"review\", \"reason\": \"one or two sentences\"}."
        }
        SystemAgentType::AiEnthusiasmRanking => {
            "You rank how enthusiastic about AI a person who applied to a career-networking and AI-upskilling \
community is, for its administrators, from their profile, their AI readiness assessment (when they took it), their \
reason to join and what they contributed. Answer with a JSON object {\"action\": \"accept\" | \"review\", \
\"ai_enthusiasm_level\": \"high\" | \"medium\" | \"low\", \"reason\": \"one or two sentences\"}."
        }
        SystemAgentType::UsecaseCuration => {
            "You curate AI use cases submitted to a community's catalogue, for its administrators. Judge the quality: \
\"reject\" for a duplicate, an empty or spammy submission; otherwise \"high\", \"medium\" or \"low\" by how clear, \
concrete and useful it is. Answer with a JSON object {\"action\": \"accept\" | \"reject\" | \"review\", \
\"quality_level\": \"high\" | \"medium\" | \"low\" | \"reject\", \"reason\": \"one or two sentences\"}; a quality \
of \"reject\" goes with the action \"reject\"."
        }
    }
}

/// The chat-completion request for a judgement (the model is filled in by the client).
pub fn completion_body(kind: SystemAgentType, staff_prompt: &str, facts: &Value) -> Value {
    let mut system = instructions(kind).to_string();
    if !staff_prompt.is_empty() {
        system.push_str("\n\nInstructions from the site's staff:\n");
        system.push_str(staff_prompt);
    }
    let what = if kind == SystemAgentType::UsecaseCuration { "The use case" } else { "The applicant" };
    json!({
        "temperature": 0,
        "response_format": {"type": "json_object"},
        "messages": [
            {"role": "system", "content": system},
            {"role": "user", "content": format!("{what}, as JSON:\n{}", serde_json::to_string_pretty(facts).unwrap_or_default())},
        ],
    })
}

async fn ask_model(chat: &OpenAiChat, kind: SystemAgentType, request: &Value) -> Result<(SystemResponse, u8), String> {
    let mut last = String::new();
    for tries in 1..=2u8 {
        let text = chat.complete(request.clone()).await.map_err(|e| e.to_string())?;
        match parse_answer(kind, &text) {
            Ok(answer) => return Ok((answer, tries)),
            Err(problem) => last = problem,
        }
    }
    Err(format!("invalid answer: {last}"))
}

fn level_of(value: &Value, allowed: &[Level]) -> Option<Level> {
    let text = value.as_str()?.trim().to_lowercase();
    allowed.iter().copied().find(|l| l.as_str() == text)
}

/// Reads and checks a model's answer for `kind` (a JSON object, perhaps in a code fence).
pub fn parse_answer(kind: SystemAgentType, text: &str) -> Result<SystemResponse, String> {
    let trimmed = text.trim();
    let body = trimmed
        .strip_prefix("```json")
        .or_else(|| trimmed.strip_prefix("```"))
        .and_then(|t| t.strip_suffix("```"))
        .unwrap_or(trimmed)
        .trim();
    let value: Value = serde_json::from_str(body).map_err(|e| format!("not JSON: {e}"))?;
    let action = match value["action"].as_str().map(|a| a.trim().to_lowercase()).as_deref() {
        Some("accept") => Action::Accept,
        Some("reject") => Action::Reject,
        Some("review") => Action::Review,
        _ => return Err("action must be accept, reject or review".into()),
    };
    let reason: String = value["reason"].as_str().unwrap_or("").trim().chars().take(MAX_REASON_CHARS).collect();
    if reason.is_empty() {
        return Err("reason is missing".into());
    }
    let mut answer = SystemResponse { action, reason, ai_enthusiasm_level: None, quality_level: None };
    match kind {
        SystemAgentType::RegistrationApproval => {}
        SystemAgentType::AiEnthusiasmRanking => {
            let level = level_of(&value["ai_enthusiasm_level"], &[Level::High, Level::Medium, Level::Low])
                .ok_or("ai_enthusiasm_level must be high, medium or low")?;
            answer.ai_enthusiasm_level = Some(level);
        }
        SystemAgentType::UsecaseCuration => {
            let level = level_of(&value["quality_level"], &[Level::High, Level::Medium, Level::Low, Level::Reject])
                .ok_or("quality_level must be high, medium, low or reject")?;
            if level == Level::Reject && action != Action::Reject {
                return Err("a quality of reject goes with the action reject".into());
            }
            answer.quality_level = Some(level);
        }
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_checked_per_agent() {
        let ok = parse_answer(
            SystemAgentType::AiEnthusiasmRanking,
            "```json\n{\"action\": \"Accept\", \"ai_enthusiasm_level\": \"HIGH\", \"reason\": \"Builds with LLMs.\"}\n```",
        )
        .unwrap();
        assert_eq!((ok.action, ok.ai_enthusiasm_level), (Action::Accept, Some(Level::High)));
        assert!(parse_answer(SystemAgentType::AiEnthusiasmRanking, r#"{"action":"accept","reason":"x"}"#).is_err());
        assert!(parse_answer(
            SystemAgentType::AiEnthusiasmRanking,
            r#"{"action":"accept","ai_enthusiasm_level":"reject","reason":"x"}"#
        )
        .is_err());
        assert!(parse_answer(SystemAgentType::RegistrationApproval, r#"{"action":"maybe","reason":"x"}"#).is_err());
        assert!(parse_answer(SystemAgentType::RegistrationApproval, r#"{"action":"accept","reason":"  "}"#).is_err());
        assert!(parse_answer(SystemAgentType::RegistrationApproval, "Sure! accept").is_err());
        let plain = parse_answer(
            SystemAgentType::RegistrationApproval,
            r#"{"action":"review","reason":"Thin profile.","quality_level":"high"}"#,
        )
        .unwrap();
        assert_eq!(plain.level(), None, "levels the agent does not give are dropped");
        assert!(parse_answer(
            SystemAgentType::UsecaseCuration,
            r#"{"action":"review","quality_level":"reject","reason":"Spam."}"#
        )
        .is_err());
        let reject = parse_answer(
            SystemAgentType::UsecaseCuration,
            r#"{"action":"reject","quality_level":"reject","reason":"Spam."}"#,
        )
        .unwrap();
        assert_eq!(reject.quality_level, Some(Level::Reject));
    }

    #[test]
    fn the_request_carries_the_staff_prompt_and_the_facts() {
        let body = completion_body(SystemAgentType::UsecaseCuration, "Prefer healthcare.", &json!({"title": "Notes"}));
        assert_eq!(body["response_format"]["type"], "json_object");
        let system = body["messages"][0]["content"].as_str().unwrap();
        assert!(system.contains("quality_level") && system.ends_with("Prefer healthcare."), "{system}");
        assert!(body["messages"][1]["content"].as_str().unwrap().contains("\"title\": \"Notes\""));
    }
}
