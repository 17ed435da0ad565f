//! The AMA assistant (spec 002 §3 "Chat message", "Recommended item", "Chat rating
//! feedback"; §4 "Assistant chat"; §6 use_ama; §7 "Assistant and agents").
//!
//! - `POST /api/v1/ask-me-anything/` `{question, parent_chat}`: answers a question (members
//!   with `use_ama`, and staff; a per-member hourly limit) and stores it in the thread of
//!   `parent_chat` (the member's own chat), or starts a thread.
//! - `GET /api/v1/ama-chats/` `page`, `page_size` (12), `parent_chat`: the member's chats on
//!   the site, newest first (one thread's with `parent_chat`).
//! - `POST /api/v1/ama-feedback/` `{chat, feedback, rating}`: rates an answer 1 to 5.
//!
//! The answer is written by `services::assistant::ask` (retrieval over the site's own
//! items, ranked for the asker; a chat-completion model when configured).

use axum::{extract::State, Json};
use domain::assistant::{check_feedback, check_question, AmaFeedbackInput, AnswerRating, AskInput, Question};
use domain::pagination::PageRequest;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use services::matching::Found;
use store::{entities::ama_chats, queries::assistant as q};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    areas::{config::stored_config, payments::flags::member_tier},
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, ApiQuery, AuthUser, Tenant},
    rate_limit,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(ask, history)).routes(routes!(feedback))
}

/// Chat history page size (spec 002 §8).
pub const PAGE_SIZE: u64 = 12;
/// Earlier exchanges of the thread a model is given.
const CONVERSATION_TURNS: u64 = 6;

pub const MSG_THANKS: &str = "Thank you for your feedback! Your input is invaluable to us and will help us improve.";
pub const MSG_NO_AMA: &str = "Your membership plan does not include the assistant. Upgrade to ask it questions.";
/// The code of the 403 for members without `use_ama`: the web shows the upgrade dialog.
pub const CODE_NO_AMA: &str = "NO_AMA_SUBSCRIPTION";

/// One part of an answer: `text` (a string), `recommendations` (`{items: [...]}`) or
/// `relevant_questions` (a list of strings).
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatPart {
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub part_type: String,
    #[schema(value_type = Object)]
    pub value: Value,
}

/// A chat message (spec 002 §3): who sent it, when, and its parts.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatMessage {
    pub id: String,
    /// user or assistant.
    pub sender: String,
    pub timestamp: String,
    pub messages: Vec<ChatPart>,
}

/// A recommended item (spec 002 §3 "Recommended item").
#[derive(Debug, Serialize, ToSchema)]
pub struct RecommendedItem {
    pub id: i64,
    /// resource, user, event, circle, job, ai_tool or use_case.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub item_type: String,
    pub slug: String,
    pub name: String,
    pub title: String,
    pub reason: String,
    pub description: String,
    pub image_path: Option<String>,
    /// A job's group slug (its page is under the group).
    pub group_slug: Option<String>,
    /// Where an external item links to; null for the site's own items.
    pub source: Option<String>,
}

impl RecommendedItem {
    pub fn from_found(f: &Found) -> Self {
        RecommendedItem {
            id: f.id,
            item_type: f.kind.as_str().to_string(),
            slug: f.slug.clone(),
            name: f.name.clone(),
            title: f.name.clone(),
            reason: f.reason.clone(),
            description: f.description.clone(),
            image_path: f.image_path.clone(),
            group_slug: f.group_slug.clone(),
            source: None,
        }
    }
}

/// One question to the assistant and its answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct AmaChat {
    pub id: i64,
    /// The thread's first chat; null for a thread's first.
    pub parent_chat: Option<i64>,
    pub question: String,
    pub timestamp: String,
    /// The caller's rating of the answer (1 to 5), if rated.
    pub rating: Option<i16>,
    /// The question as a chat message.
    pub question_message: ChatMessage,
    /// The answer: parts recommendations, text, relevant_questions (spec 002 §4).
    pub answer: ChatMessage,
}

fn view(chat: &ama_chats::Model, rating: Option<i16>) -> AmaChat {
    let timestamp = chat.created_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let parts = chat
        .answer
        .as_array()
        .map(|parts| {
            parts
                .iter()
                .map(|p| ChatPart {
                    part_type: p.get("type").and_then(Value::as_str).unwrap_or("text").to_string(),
                    value: p.get("value").cloned().unwrap_or(Value::Null),
                })
                .collect()
        })
        .unwrap_or_default();
    AmaChat {
        id: chat.id,
        parent_chat: chat.parent_chat,
        question: chat.question.clone(),
        timestamp: timestamp.clone(),
        rating,
        question_message: ChatMessage {
            id: format!("{}-question", chat.id),
            sender: "user".into(),
            timestamp: timestamp.clone(),
            messages: vec![ChatPart { part_type: "text".into(), value: json!(chat.question) }],
        },
        answer: ChatMessage { id: chat.id.to_string(), sender: "assistant".into(), timestamp, messages: parts },
    }
}

/// Answers a question and stores it (spec 002 §7 "POST /ask-me-anything/").
#[utoipa::path(
    post,
    path = "/api/v1/ask-me-anything/",
    tag = "assistant",
    request_body = AskInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Data<AmaChat>),
        (status = 403, body = ErrorBody, description = "No use_ama on the member's plan (code NO_AMA_SUBSCRIPTION)"),
        (status = 404, body = ErrorBody, description = "parent_chat is not the caller's chat on this site"),
        (status = 429, body = ErrorBody)
    )
)]
async fn ask(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<AskInput>,
) -> ApiResult<Json<Data<AmaChat>>> {
    let Question { text: question, parent_chat: parent } = check_question(&body)?;
    if !user.is_staff {
        let tier = member_tier(state.read_db(), tenant.id(), user.id).await?;
        if !tier.flags.use_ama {
            return Err(ApiError::Coded {
                status: axum::http::StatusCode::FORBIDDEN,
                message: MSG_NO_AMA.into(),
                code: CODE_NO_AMA,
            });
        }
    }
    let root = match parent {
        Some(id) => {
            let chat = q::find_chat(&state.db, tenant.id(), user.id, id)
                .await?
                .ok_or_else(|| ApiError::NotFound("Chat not found.".into()))?;
            Some(chat.parent_chat.unwrap_or(chat.id))
        }
        None => None,
    };
    rate_limit::hit(&state, rate_limit::ama_per_member(state.settings.ama_per_hour), &user.id.to_string()).await?;
    let answer = answer_of(&state, &tenant, user.id, &question, root).await?;
    let items: Vec<RecommendedItem> = answer.items.iter().map(RecommendedItem::from_found).collect();
    let parts = json!([
        {"type": "recommendations", "value": {"items": items_json(&items)}},
        {"type": "text", "value": answer.text},
        {"type": "relevant_questions", "value": answer.relevant_questions},
    ]);
    let chat = q::create_chat(
        &state.db,
        q::NewChat {
            tenant_id: tenant.id(),
            user_id: user.id,
            parent_chat: root,
            question: &question,
            answer: parts,
            source: answer.source,
        },
    )
    .await?;
    Ok(Json(Data::new(view(&chat, None))))
}

/// The assistant's answer to the question, with the last turns of its thread (`root`).
async fn answer_of(
    state: &AppState,
    tenant: &Tenant,
    user_id: i64,
    question: &str,
    root: Option<i64>,
) -> ApiResult<services::assistant::Answer> {
    let config = stored_config(&tenant.0);
    let conversation: Vec<(String, String)> = match root {
        Some(root) => q::thread_tail(state.read_db(), root, CONVERSATION_TURNS)
            .await?
            .into_iter()
            .map(|c| (c.question.clone(), answer_text(&c.answer)))
            .collect(),
        None => Vec::new(),
    };
    let stage_label =
        |stage: i64| config.options.career_stages.iter().find(|o| o.value == stage).map(|o| o.label.clone());
    let asked = services::assistant::Question {
        tenant_id: tenant.id(),
        user_id,
        site_name: &tenant.0.organization.name,
        host: &tenant.0.tenant.domain,
        text: question,
        stage_label: &stage_label,
        prompts: &config.ama_user_default_prompts,
        conversation: &conversation,
    };
    Ok(services::assistant::ask(&state.matching, state.read_db(), state.assistant.as_deref(), &asked).await?)
}

fn items_json(items: &[RecommendedItem]) -> Value {
    serde_json::to_value(items).unwrap_or_else(|_| json!([]))
}

/// The text part of a stored answer.
fn answer_text(answer: &Value) -> String {
    answer
        .as_array()
        .and_then(|parts| parts.iter().find(|p| p.get("type").and_then(Value::as_str) == Some("text")))
        .and_then(|p| p.get("value"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 12)]
    pub page_size: Option<String>,
    /// Only this thread (any chat of it).
    #[param(value_type = Option<i64>)]
    pub parent_chat: Option<String>,
}

/// The caller's chats on this site, newest first, 12 a page (spec 002 §4 "History loads 12
/// per page").
#[utoipa::path(
    get,
    operation_id = "ama_history",
    path = "/api/v1/ask-me-anything/",
    tag = "assistant",
    params(HistoryQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<AmaChat>), (status = 404, body = ErrorBody))
)]
async fn history(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HistoryQuery>,
) -> ApiResult<Json<Page<AmaChat>>> {
    let page = PageRequest::parse(query.page.as_deref(), query.page_size.as_deref(), PAGE_SIZE)?;
    let thread = match query.parent_chat.as_ref().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        None => None,
        Some(raw) => {
            let id = raw
                .parse::<i64>()
                .ok()
                .filter(|id| *id > 0)
                .ok_or_else(|| ApiError::field("parent_chat", "A valid integer is required."))?;
            let chat = q::find_chat(state.read_db(), tenant.id(), user.id, id)
                .await?
                .ok_or_else(|| ApiError::NotFound("Chat not found.".into()))?;
            Some(chat.parent_chat.unwrap_or(chat.id))
        }
    };
    let (rows, count) =
        q::chats_page(state.read_db(), tenant.id(), user.id, thread, page.offset(), page.page_size).await?;
    let ids: Vec<i64> = rows.iter().map(|c| c.id).collect();
    let ratings = q::ratings_of(state.read_db(), &ids).await?;
    let items = rows.iter().map(|c| view(c, ratings.get(&c.id).copied())).collect();
    Ok(Json(Page::new(items, count, &page, &url)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FeedbackState {
    pub chat: i64,
    pub rating: i16,
    pub feedback: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AmaFeedbackAnswer {
    pub data: FeedbackState,
    /// 'Thank you for your feedback! Your input is invaluable to us and will help us improve.'
    pub message: String,
}

/// Rates one of the caller's answers (spec 002 §7 "POST /ama-feedback/"); rating again
/// replaces the rating.
#[utoipa::path(
    post,
    operation_id = "ama_feedback",
    path = "/api/v1/ama-feedback/",
    tag = "assistant",
    request_body = AmaFeedbackInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = AmaFeedbackAnswer),
        (status = 404, body = ErrorBody, description = "Not the caller's chat on this site")
    )
)]
async fn feedback(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<AmaFeedbackInput>,
) -> ApiResult<Json<AmaFeedbackAnswer>> {
    let AnswerRating { chat, rating, feedback } = check_feedback(&body)?;
    let chat = q::find_chat(&state.db, tenant.id(), user.id, chat)
        .await?
        .ok_or_else(|| ApiError::NotFound("Chat not found.".into()))?;
    let saved = q::rate(&state.db, chat.id, user.id, rating, &feedback).await?;
    Ok(Json(AmaFeedbackAnswer {
        data: FeedbackState { chat: saved.chat_id, rating: saved.rating, feedback: saved.feedback },
        message: MSG_THANKS.into(),
    }))
}
