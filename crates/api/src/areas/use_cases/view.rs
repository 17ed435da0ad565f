//! A use case as the screens show it: its AI tools, topics and documents, votes and
//! bookmarks, and for moderators what the system agents said.

use std::collections::HashMap;

use domain::catalogue::STATUS_APPROVED;
use serde::Serialize;
use store::{
    entities::use_cases,
    queries::{catalogue::USE_CASE, use_cases as q},
};
use utoipa::ToSchema;

use crate::areas::catalogue::{ai_tools::CreatorRef, id_list, may_moderate, string_list, vote_name, with_caller_flags};
use crate::extract::Caller;
use crate::{areas::AppState, error::ApiResult, extract::Tenant};

/// An AI tool named by a use case, as its card shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AiToolCard {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub logo: Option<String>,
    pub categories: Vec<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TopicRef {
    pub id: i64,
    pub name: String,
}

/// The use case's PDF.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DocumentRef {
    /// The file's URL.
    pub file: String,
    pub name: String,
}

/// A use case (spec 002 §3 "Use case").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UseCaseView {
    pub id: i64,
    pub slug: String,
    pub title: String,
    /// Rich text.
    pub description: Option<String>,
    /// Rich text: 'Why this is important'.
    pub reason: Option<String>,
    /// The organization's id.
    pub group: Option<i64>,
    /// AI tool ids.
    pub ai_tools: Vec<i64>,
    /// The approved ones among them, for the cards.
    pub ai_tools_detailed: Vec<AiToolCard>,
    pub thumbnail_image: Option<String>,
    pub document: Option<DocumentRef>,
    pub video_link: Option<String>,
    pub topic_area: Option<i64>,
    pub topics: Vec<i64>,
    pub topics_detailed: Vec<TopicRef>,
    pub career_stages: Vec<String>,
    pub professional_fields: Vec<String>,
    pub job_functions: Vec<String>,
    pub business_value: Option<String>,
    pub complexity: Option<String>,
    pub innovation_category: Option<String>,
    pub categories: Vec<String>,
    pub roles: Vec<i64>,
    pub vote_score: i64,
    /// upvote, downvote or neutral.
    pub user_vote_type: String,
    pub is_bookmarked: bool,
    /// The circle shown beside it.
    pub default_group: Option<i64>,
    pub created_by: Option<CreatorRef>,
    /// pending, approved or rejected.
    pub status: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// Staff or the creator.
    pub can_edit: bool,
    /// Whether the caller may approve or reject it (administrators of its organization and
    /// staff); only on the single item's answers, null in lists.
    pub can_moderate: Option<bool>,
    /// Those who moderate it only (absent for others): the system agents' latest answers
    /// about it, by agent (the curation agent's verdict).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent_responses: Option<Vec<UseCaseAgentResponse>>,
}

/// A system agent's latest answer about a use case (spec 002 §3 "Use case": agent_responses).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UseCaseAgentResponse {
    pub agent_id: i64,
    /// usecase_curation.
    pub agent_type: String,
    pub response: UseCaseAgentAnswer,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UseCaseAgentAnswer {
    /// accept, reject or review.
    pub action: String,
    pub reason: String,
    /// high, medium, low or reject.
    pub quality_level: Option<String>,
    pub last_run_at: chrono::DateTime<chrono::Utc>,
}

/// Adds the system agents' answers to use cases their moderator reads (one statement).
pub(super) async fn with_agent_responses(
    state: &AppState,
    tenant: &Tenant,
    views: &mut [UseCaseView],
) -> ApiResult<()> {
    let ids: Vec<i64> = views.iter().map(|v| v.id).collect();
    let mut answers = store::queries::agents::responses::by_object(
        state.read_db(),
        tenant.id(),
        domain::agents::system::CONTENT_USE_CASE,
        &ids,
    )
    .await?;
    for view in views {
        let rows = answers.remove(&view.id).unwrap_or_default();
        view.agent_responses = Some(
            rows.into_iter()
                .map(|row| UseCaseAgentResponse {
                    agent_id: row.agent_id,
                    response: UseCaseAgentAnswer {
                        reason: row.response_text("reason").unwrap_or_default(),
                        quality_level: row.response_text("quality_level"),
                        action: row.action,
                        last_run_at: row.last_run_at,
                    },
                    agent_type: row.agent_type,
                })
                .collect(),
        );
    }
    Ok(())
}

/// The views of a page of use cases: a fixed number of queries (flags, AI tools, topics).
pub async fn views(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    models: Vec<use_cases::Model>,
) -> ApiResult<Vec<UseCaseView>> {
    let bases = base_views(state, tenant, models).await?;
    for_caller(state, tenant, caller, bases.iter()).await
}

/// The caller's views of `bases`: their votes and bookmarks in one query, and their right
/// to edit.
pub async fn for_caller<'a>(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    bases: impl Iterator<Item = &'a UseCaseView> + Clone,
) -> ApiResult<Vec<UseCaseView>> {
    with_caller_flags(
        state,
        tenant,
        caller,
        USE_CASE,
        bases,
        |b| b.id,
        |base, flag| UseCaseView {
            user_vote_type: vote_name(flag.vote),
            is_bookmarked: flag.bookmarked,
            can_edit: caller.is_staff()
                || (caller.id().is_some() && caller.id() == base.created_by.as_ref().map(|c| c.id)),
            ..base.clone()
        },
    )
    .await
}

/// What every viewer sees of each use case (the caller's vote, bookmark and rights left at
/// their defaults): the part of a list page that is kept per write generation. Two
/// queries for the AI tools, one for the topics' names.
pub async fn base_views(
    state: &AppState,
    tenant: &Tenant,
    models: Vec<use_cases::Model>,
) -> ApiResult<Vec<UseCaseView>> {
    let ids: Vec<i64> = models.iter().map(|m| m.id).collect();
    let mut tool_ids = q::ai_tools_of(state.read_db(), &ids).await?;
    let mut all_tools: Vec<i64> = tool_ids.values().flatten().copied().collect();
    all_tools.sort_unstable();
    all_tools.dedup();
    let tools: HashMap<i64, AiToolCard> = store::queries::ai_tools::by_ids(state.read_db(), tenant.id(), &all_tools)
        .await?
        .into_iter()
        .filter(|t| t.status == STATUS_APPROVED)
        .map(|t| {
            let card = AiToolCard {
                id: t.id,
                categories: string_list(&t.categories),
                slug: t.slug,
                name: t.name,
                logo: t.logo,
            };
            (card.id, card)
        })
        .collect();
    let mut topic_ids: Vec<i64> = models.iter().flat_map(|m| id_list(&m.topics)).collect();
    topic_ids.sort_unstable();
    topic_ids.dedup();
    let topic_names = q::topic_names(state.read_db(), tenant.id(), &topic_ids).await?;
    Ok(models
        .into_iter()
        .map(|m| {
            let ai_tools = tool_ids.remove(&m.id).unwrap_or_default();
            let topics = id_list(&m.topics);
            UseCaseView {
                id: m.id,
                ai_tools_detailed: ai_tools.iter().filter_map(|id| tools.get(id).cloned()).collect(),
                ai_tools,
                topics_detailed: topics
                    .iter()
                    .filter_map(|id| topic_names.get(id).map(|name| TopicRef { id: *id, name: name.clone() }))
                    .collect(),
                topics,
                career_stages: string_list(&m.career_stages),
                professional_fields: string_list(&m.professional_fields),
                job_functions: string_list(&m.job_functions),
                categories: string_list(&m.categories),
                roles: id_list(&m.roles),
                document: m
                    .document
                    .clone()
                    .map(|file| DocumentRef { file, name: m.document_name.clone().unwrap_or_default() }),
                can_edit: false,
                created_by: m.created_by.map(|id| CreatorRef { id }),
                user_vote_type: vote_name(0),
                is_bookmarked: false,
                slug: m.slug,
                title: m.title,
                description: m.description,
                reason: m.reason,
                group: m.group_id,
                thumbnail_image: m.thumbnail_image,
                video_link: m.video_link,
                topic_area: m.topic_area,
                business_value: m.business_value,
                complexity: m.complexity,
                innovation_category: m.innovation_category,
                vote_score: m.vote_score,
                default_group: m.default_group,
                status: m.status,
                created_at: m.created_at,
                can_moderate: None,
                agent_responses: None,
            }
        })
        .collect())
}

pub(super) async fn view(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    model: use_cases::Model,
) -> ApiResult<UseCaseView> {
    let group_id = model.group_id;
    let mut one = views(state, tenant, caller, vec![model]).await?.remove(0);
    let allowed = match group_id {
        Some(_) => caller.id().is_some() && may_moderate(state, tenant, caller, group_id).await?,
        None => caller.is_staff(),
    };
    one.can_moderate = Some(allowed);
    if allowed {
        with_agent_responses(state, tenant, std::slice::from_mut(&mut one)).await?;
    }
    Ok(one)
}
