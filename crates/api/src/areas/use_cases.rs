//! AI use cases (spec 002 §2 "AI Use Cases list", "Use case detail", "/usecase-selection",
//! §3 "Use case", §5 "Use case form", §7 "Use cases", issue 14).
//!
//! - `GET /api/v1/use-cases/`: approved use cases by title, 15 a page; filters search,
//!   professional_field, job_function, business_value, complexity, innovation_category,
//!   category (plural names too), ids; `created=true` the caller's own of every status (my
//!   area); `status` for staff and, with `group_id`, the group's administrators
//! - `GET /api/v1/use-cases/slug/{slug}/`, `GET /api/v1/use-cases/{id}/`
//! - `POST /api/v1/use-cases/` (pending; 'Thank you for submitting a use case')
//! - `PATCH /api/v1/use-cases/{id}/`: staff or the creator; the form's fields, or
//!   `default_group` alone ('Use case updated successfully')
//! - `POST /api/v1/use-cases/{id}/approve-reject/` (`action` approve or reject)
//!
//! Every query is scoped to the request's tenant. A use case that is not approved exists
//! only for staff, its creator and its organization's administrators.

use std::collections::HashMap;

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::sent::{NumberOrText, Sent, Texts};
use domain::{
    catalogue::{
        self as rules, Moderation, UseCaseForm, BUSINESS_VALUES, COMPLEXITIES, INNOVATION_CATEGORIES, STATUS_APPROVED,
    },
    FieldErrors,
};
use serde::{Deserialize, Serialize};
use store::{
    entities::use_cases,
    queries::{catalogue::USE_CASE, groups as group_q, use_cases as q},
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    catalogue::{
        ai_tools::{CreatorRef, ModerationInput},
        choices, chosen_file, chosen_group, id_list, ids,
        list_params::{recent_order, scope_of, statuses_for},
        may_moderate, one_id, page_flags, string_list, strings, text, vote_name, FileField, ModerationAnswer,
    },
    groups::{caller_of, view::Caller},
};
use crate::{
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{
        first_list, list_param, page_from_query, text_param, ApiJson, ApiQuery, AuthUser, MaybeUser, Param, Tenant,
    },
    param,
    state::AppState,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_use_cases, create_use_case))
        .routes(routes!(use_case_by_slug))
        .routes(routes!(get_use_case, update_use_case))
        .routes(routes!(moderate_use_case))
}

/// Use case lists: 15 per page (spec 002 §9).
pub const PAGE_SIZE: u64 = 15;
pub const MSG_NOT_FOUND: &str = "Use case not found.";
pub const MSG_NO_RIGHT: &str = "You do not have permission to edit this use case.";

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UseCaseListQuery {
    /// At least 2 characters; every word must start a word of the title or description.
    pub search: Option<String>,
    /// Use case ids, comma-separated (at most 50).
    pub ids: Option<String>,
    /// pending, approved or rejected (comma list): staff, the caller's own (`created`), or
    /// a group's administrators with `group_id`. Others see approved ones only.
    pub status: Option<String>,
    /// Professional field values, comma-separated (`professional_fields` also works).
    pub professional_field: Option<String>,
    /// Job function values, comma-separated (`job_functions` also works).
    pub job_function: Option<String>,
    /// low, medium, high (comma list).
    pub business_value: Option<String>,
    /// low, medium, high (comma list).
    pub complexity: Option<String>,
    /// incremental, substantial, transformational (comma list).
    pub innovation_category: Option<String>,
    /// `usecase_categories` values, comma-separated (`categories` also works).
    pub category: Option<String>,
    /// Only the use cases of this organization.
    #[param(value_type = Option<i64>)]
    pub group_id: Option<String>,
    /// Only the use cases the caller submitted, of every status (my area).
    #[param(value_type = Option<bool>)]
    pub created: Option<String>,
    /// recent: by creation (the admin table) instead of by title.
    pub sort_by: Option<String>,
    /// With `sort_by=recent`: desc (default, newest first) or asc.
    pub sort_order: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 15 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 15)]
    pub page_size: Option<String>,
    #[param(ignore)]
    pub q: Option<String>,
    #[param(ignore)]
    pub professional_fields: Option<String>,
    #[param(ignore)]
    pub job_functions: Option<String>,
    #[param(ignore)]
    pub categories: Option<String>,
}

fn choices_of(errors: &mut FieldErrors, param: Param, allowed: &[&str]) -> Vec<String> {
    let values = list_param(errors, param);
    for value in &values {
        if !allowed.contains(&value.as_str()) {
            errors.add(param.key, format!("\"{value}\" is not a valid choice."));
        }
    }
    values
}

/// The filter of the list, checked. `privileged` callers may ask for any status.
fn filter_of(
    query: &UseCaseListQuery,
    privileged: bool,
    created_by: Option<i64>,
    group_id: Option<i64>,
) -> Result<q::Filter, FieldErrors> {
    let mut errors = FieldErrors::new();
    let statuses = statuses_for(&mut errors, param!(query.status), privileged);
    let order = match recent_order(&mut errors, param!(query.sort_by), param!(query.sort_order)) {
        (false, _) => q::ListOrder::Title,
        (true, false) => q::ListOrder::Newest,
        (true, true) => q::ListOrder::Oldest,
    };
    let ids = match query.ids.as_ref() {
        None => None,
        Some(_) => {
            let mut ids = Vec::new();
            for raw in list_param(&mut errors, param!(query.ids)) {
                match raw.parse::<i64>() {
                    Ok(id) if id > 0 => ids.push(id),
                    _ => {
                        errors.add("ids", "A valid integer is required.");
                        break;
                    }
                }
            }
            // An empty list does not filter.
            Some(ids).filter(|ids| !ids.is_empty())
        }
    };
    let search_words = text_param(param!(query.search))
        .or_else(|| text_param(param!(query.q)))
        .map(|s| s.to_lowercase())
        .filter(|s| s.chars().count() >= 2)
        .map(|s| s.split_whitespace().take(5).map(str::to_string).collect())
        .unwrap_or_default();
    let tags = vec![
        (
            q::TAG_PROFESSIONAL_FIELD,
            first_list(&mut errors, &[param!(query.professional_field), param!(query.professional_fields)]),
        ),
        (q::TAG_JOB_FUNCTION, first_list(&mut errors, &[param!(query.job_function), param!(query.job_functions)])),
        (q::TAG_CATEGORY, first_list(&mut errors, &[param!(query.category), param!(query.categories)])),
    ];
    let filter = q::Filter {
        statuses,
        search_words,
        ids,
        tags,
        business_values: choices_of(&mut errors, param!(query.business_value), &BUSINESS_VALUES),
        complexities: choices_of(&mut errors, param!(query.complexity), &COMPLEXITIES),
        innovation_categories: choices_of(&mut errors, param!(query.innovation_category), &INNOVATION_CATEGORIES),
        group_id,
        created_by,
        order,
    };
    errors.into_result()?;
    Ok(filter)
}

/// The site's use cases, by title (spec 002 §7 "Use cases").
#[utoipa::path(
    get,
    path = "/api/v1/use-cases/",
    tag = "use-cases",
    params(UseCaseListQuery),
    responses((status = 200, body = Page<UseCaseView>), (status = 400, body = ErrorBody))
)]
pub(crate) async fn list_use_cases(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<UseCaseListQuery>,
) -> ApiResult<Json<Page<UseCaseView>>> {
    let page = page_from_query(&query.page, &query.page_size, PAGE_SIZE)?;
    let caller = caller_of(user);
    let mut errors = FieldErrors::new();
    let scope = scope_of(&state, &tenant, &caller, &mut errors, param!(query.group_id), param!(query.created)).await?;
    errors.into_result()?;
    let filter = filter_of(&query, scope.privileged, scope.created_by, scope.group_id)?;
    let found = q::list(state.read_db(), tenant.id(), &filter, page.offset(), page.page_size).await?;
    let mut items = views(&state, &tenant, &caller, found.items).await?;
    if scope.moderator {
        with_agent_responses(&state, &tenant, &mut items).await?;
    }
    Ok(Json(Page::new(items, found.count, &page, &url)))
}

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
async fn with_agent_responses(state: &AppState, tenant: &Tenant, views: &mut [UseCaseView]) -> ApiResult<()> {
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
    let ids: Vec<i64> = models.iter().map(|m| m.id).collect();
    let flags = page_flags(state, tenant, caller, USE_CASE, &ids).await?;
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
            let flag = flags.get(&m.id).copied().unwrap_or_default();
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
                can_edit: caller.is_staff() || (caller.id().is_some() && caller.id() == m.created_by),
                created_by: m.created_by.map(|id| CreatorRef { id }),
                user_vote_type: vote_name(flag.vote),
                is_bookmarked: flag.bookmarked,
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

async fn view(state: &AppState, tenant: &Tenant, caller: &Caller, model: use_cases::Model) -> ApiResult<UseCaseView> {
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

fn not_found() -> ApiError {
    ApiError::NotFound(MSG_NOT_FOUND.into())
}

/// Approved use cases for everyone; others for staff, the creator and the organization's
/// administrators. Anything else is 404.
async fn ensure_visible(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    use_case: use_cases::Model,
) -> ApiResult<use_cases::Model> {
    if use_case.status == STATUS_APPROVED
        || caller.is_staff()
        || (caller.id().is_some() && caller.id() == use_case.created_by)
        || (use_case.group_id.is_some() && may_moderate(state, tenant, caller, use_case.group_id).await?)
    {
        Ok(use_case)
    } else {
        Err(not_found())
    }
}

/// An approved use case of the site (what votes and bookmarks accept), else 404.
pub async fn approved(state: &AppState, tenant: &Tenant, id: i64) -> ApiResult<use_cases::Model> {
    q::find(&state.db, tenant.id(), id).await?.filter(|u| u.status == STATUS_APPROVED).ok_or_else(not_found)
}

/// One use case by slug (`/usecase/{slug}`).
#[utoipa::path(
    get,
    path = "/api/v1/use-cases/slug/{slug}/",
    tag = "use-cases",
    params(("slug" = String, Path)),
    responses((status = 200, body = Data<UseCaseView>), (status = 404, body = ErrorBody))
)]
async fn use_case_by_slug(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<Data<UseCaseView>>> {
    let caller = caller_of(user);
    let found = q::find_by_slug(&state.db, tenant.id(), slug.trim(), &[]).await?.ok_or_else(not_found)?;
    let found = ensure_visible(&state, &tenant, &caller, found).await?;
    Ok(Json(Data::new(view(&state, &tenant, &caller, found).await?)))
}

/// One use case by id.
#[utoipa::path(
    get,
    path = "/api/v1/use-cases/{id}/",
    tag = "use-cases",
    params(("id" = i64, Path)),
    responses((status = 200, body = Data<UseCaseView>), (status = 404, body = ErrorBody))
)]
async fn get_use_case(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Data<UseCaseView>>> {
    let caller = caller_of(user);
    let found = q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    let found = ensure_visible(&state, &tenant, &caller, found).await?;
    Ok(Json(Data::new(view(&state, &tenant, &caller, found).await?)))
}

/// The use case form (spec 002 §5). On PATCH every field is optional; `default_group`
/// may be sent alone.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct UseCaseInput {
    /// Required.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub title: Sent<String>,
    /// Rich text, at most 500 words; required.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub description: Sent<String>,
    /// Rich text, at most 500 words.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub reason: Sent<String>,
    /// The organization's id; required.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub group: Sent<NumberOrText>,
    /// low, medium or high; required.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub business_value: Sent<String>,
    /// low, medium or high; required.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub complexity: Sent<String>,
    /// incremental, substantial or transformational; required.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub innovation_category: Sent<String>,
    /// AI tool ids.
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub ai_tools: Sent<Texts>,
    /// The id of an uploaded image (or a list of at most one); null removes it.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub thumbnail_image: Sent<Texts>,
    /// The id of an uploaded PDF (or a list of at most one); null removes it.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub document: Sent<Texts>,
    /// An http(s) URL.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub video_link: Sent<String>,
    /// A topic area id (staff only).
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub topic_area: Sent<NumberOrText>,
    /// At most 7 topic ids (staff only).
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub topics: Sent<Texts>,
    /// Staff only.
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub career_stages: Sent<Texts>,
    /// Staff only.
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub professional_fields: Sent<Texts>,
    /// At most 3 `job_functions` values.
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub job_functions: Sent<Texts>,
    /// At most 3 `usecase_categories` values.
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub categories: Sent<Texts>,
    /// Target personas (current role values).
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub roles: Sent<Texts>,
    /// The circle shown beside the use case (a circle of this site), or null.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub default_group: Sent<NumberOrText>,
}

impl UseCaseInput {
    /// Whether a field of the form (besides `default_group`) was sent.
    fn changes_form(&self) -> bool {
        let texts = [&self.title, &self.description, &self.reason, &self.business_value, &self.complexity];
        let more_texts = [&self.innovation_category, &self.video_link];
        let lists = [
            &self.ai_tools,
            &self.thumbnail_image,
            &self.document,
            &self.topics,
            &self.career_stages,
            &self.professional_fields,
            &self.job_functions,
            &self.categories,
            &self.roles,
        ];
        texts.iter().chain(more_texts.iter()).any(|t| !t.is_absent())
            || lists.iter().any(|l| !l.is_absent())
            || !self.group.is_absent()
            || !self.topic_area.is_absent()
    }
}

/// A use case with the message the form shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct UseCaseAnswer {
    pub data: UseCaseView,
    pub message: String,
}

fn apply(body: UseCaseInput, form: &mut UseCaseForm, is_staff: bool) -> Result<(), FieldErrors> {
    let mut e = FieldErrors::new();
    if !is_staff {
        // The fields only staff may set (spec 002 §5: shown to staff only).
        let staff_fields = [
            ("topic_area", body.topic_area.is_absent()),
            ("topics", body.topics.is_absent()),
            ("career_stages", body.career_stages.is_absent()),
            ("professional_fields", body.professional_fields.is_absent()),
        ];
        for (field, absent) in staff_fields {
            if !absent {
                e.add(field, "Only staff can set this field.");
            }
        }
    }
    if let Some(v) = text(&mut e, "title", body.title) {
        form.title = v.unwrap_or_default();
    }
    for (key, value, slot) in [
        ("description", body.description, &mut form.description),
        ("reason", body.reason, &mut form.reason),
        ("business_value", body.business_value, &mut form.business_value),
        ("complexity", body.complexity, &mut form.complexity),
        ("innovation_category", body.innovation_category, &mut form.innovation_category),
        ("video_link", body.video_link, &mut form.video_link),
    ] {
        if let Some(v) = text(&mut e, key, value) {
            *slot = v;
        }
    }
    if let Some(v) = one_id(&mut e, "group", body.group) {
        form.group = v;
    }
    if let Some(v) = one_id(&mut e, "topic_area", body.topic_area) {
        form.topic_area = v;
    }
    for (key, value, slot) in [
        ("topics", body.topics, &mut form.topics),
        ("roles", body.roles, &mut form.roles),
        ("ai_tools", body.ai_tools, &mut form.ai_tools),
    ] {
        if let Some(v) = ids(&mut e, key, value) {
            *slot = v;
        }
    }
    for (key, value, slot) in [
        ("career_stages", body.career_stages, &mut form.career_stages),
        ("professional_fields", body.professional_fields, &mut form.professional_fields),
        ("job_functions", body.job_functions, &mut form.job_functions),
        ("categories", body.categories, &mut form.categories),
    ] {
        if let Some(v) = strings(&mut e, key, value) {
            *slot = v;
        }
    }
    e.into_result()
}

fn form_of(u: &use_cases::Model, ai_tools: Vec<i64>) -> UseCaseForm {
    UseCaseForm {
        title: u.title.clone(),
        description: u.description.clone(),
        reason: u.reason.clone(),
        group: u.group_id,
        business_value: u.business_value.clone(),
        complexity: u.complexity.clone(),
        innovation_category: u.innovation_category.clone(),
        video_link: u.video_link.clone(),
        topic_area: u.topic_area,
        topics: id_list(&u.topics),
        career_stages: string_list(&u.career_stages),
        professional_fields: string_list(&u.professional_fields),
        job_functions: string_list(&u.job_functions),
        categories: string_list(&u.categories),
        roles: id_list(&u.roles),
        ai_tools,
    }
}

fn usecase_categories(options: &domain::config::Options) -> Vec<String> {
    options.usecase_categories.iter().map(|o| o.value.clone()).collect()
}

/// Checks the whole form: the rules, the organization, topics, AI tools and files.
async fn checked(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    mut body: UseCaseInput,
    mut form: UseCaseForm,
    current: Option<&use_cases::Model>,
) -> ApiResult<(UseCaseForm, q::Files)> {
    let user_id = caller.id().unwrap_or_default();
    let thumbnail_image = std::mem::take(&mut body.thumbnail_image);
    let document = std::mem::take(&mut body.document);
    let mut errors = match apply(body, &mut form, caller.is_staff()) {
        Ok(()) => FieldErrors::new(),
        Err(found) => found,
    };
    if let Err(found) = rules::validate_use_case(&mut form, &choices(tenant, usecase_categories)) {
        for (field, messages) in found.0 {
            if errors.first(&field).is_none() {
                for message in messages {
                    errors.add(field.clone(), message);
                }
            }
        }
    }
    errors.into_result()?;
    let group_id = form.group.unwrap_or_default();
    if current.and_then(|u| u.group_id) != Some(group_id) {
        chosen_group(state, tenant, caller, group_id).await?;
    }
    if let Some(id) = group_q::unknown_topics(&state.db, tenant.id(), &form.topics).await?.first() {
        return Err(ApiError::field("topics", format!("Invalid pk \"{id}\" - object does not exist.")));
    }
    if let Some(area) = form.topic_area {
        if !store::queries::topics::area_exists(&state.db, tenant.id(), area).await? {
            return Err(ApiError::field("topic_area", format!("Invalid pk \"{area}\" - object does not exist.")));
        }
    }
    let found = store::queries::ai_tools::by_ids(&state.db, tenant.id(), &form.ai_tools).await?;
    if let Some(id) = form.ai_tools.iter().find(|id| !found.iter().any(|t| t.id == **id)) {
        return Err(ApiError::field("ai_tools", format!("Invalid pk \"{id}\" - object does not exist.")));
    }
    let _ = current;
    // Absent file fields keep what the use case has; the client sends them when changed.
    let thumbnail =
        chosen_file(state, tenant, user_id, "thumbnail_image", thumbnail_image, FileField::Thumbnail, None).await?;
    let document = chosen_file(state, tenant, user_id, "document", document, FileField::Document, None).await?;
    let files = q::Files {
        thumbnail: thumbnail.map(|f| f.map(|f| crate::areas::uploads::stored_link(state, &f.storage_key))),
        document: document.map(|f| f.map(|f| (crate::areas::uploads::stored_link(state, &f.storage_key), f.name))),
    };
    Ok((form, files))
}

/// Submits a use case (pending until approved; 'Thank you for submitting a use case').
#[utoipa::path(
    post,
    path = "/api/v1/use-cases/",
    tag = "use-cases",
    request_body = UseCaseInput,
    security(("bearer" = [])),
    responses(
        (status = 201, body = UseCaseAnswer),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody)
    )
)]
async fn create_use_case(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<UseCaseInput>,
) -> ApiResult<(StatusCode, Json<UseCaseAnswer>)> {
    let user_id = user.id;
    let caller = caller_of(Some(user));
    let (form, files) = checked(&state, &tenant, &caller, body, UseCaseForm::default(), None).await?;
    let txn = store::begin_write(&state.db).await?;
    let found = q::insert_form(&txn, tenant.id(), &form, &files, user_id).await?;
    // Use case curation judges it in the background (issue 18).
    services::system_agents::queue_use_case(&txn, tenant.id(), found.id).await?;
    txn.commit().await?;
    state.jobs_wake.notify_one();
    let data = view(&state, &tenant, &caller, found).await?;
    Ok((StatusCode::CREATED, Json(UseCaseAnswer { data, message: rules::USE_CASE_SUBMITTED.into() })))
}

/// Edits a use case: staff or its creator (spec 002 §6). Any subset of the form's fields;
/// `default_group` sets the circle shown beside it.
#[utoipa::path(
    patch,
    path = "/api/v1/use-cases/{id}/",
    tag = "use-cases",
    params(("id" = i64, Path)),
    request_body = UseCaseInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = UseCaseAnswer),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn update_use_case(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(mut body): ApiJson<UseCaseInput>,
) -> ApiResult<Json<UseCaseAnswer>> {
    let caller = caller_of(Some(user));
    let found = q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    let found = ensure_visible(&state, &tenant, &caller, found).await?;
    if !(caller.is_staff() || caller.id() == found.created_by) {
        return Err(ApiError::Forbidden(MSG_NO_RIGHT.into()));
    }
    let default_group = std::mem::take(&mut body.default_group);
    let mut found = found;
    if !default_group.is_absent() {
        let mut errors = FieldErrors::new();
        let group_id = one_id(&mut errors, "default_group", default_group).flatten();
        errors.into_result()?;
        if let Some(group_id) = group_id {
            let group = chosen_group(&state, &tenant, &caller, group_id).await.map_err(|_| {
                ApiError::field("default_group", format!("Invalid pk \"{group_id}\" - object does not exist."))
            })?;
            if group.group_type != "circle" {
                return Err(ApiError::field("default_group", "Please choose a circle."));
            }
        }
        found = q::set_default_group(&state.db, found, group_id).await?;
    }
    if body.changes_form() {
        let tools = q::ai_tools_of(&state.db, &[found.id]).await?.remove(&found.id).unwrap_or_default();
        let (form, files) = checked(&state, &tenant, &caller, body, form_of(&found, tools), Some(&found)).await?;
        let txn = store::begin_write(&state.db).await?;
        found = q::update_form(&txn, found, &form, &files).await?;
        txn.commit().await?;
    }
    let data = view(&state, &tenant, &caller, found).await?;
    Ok(Json(UseCaseAnswer { data, message: rules::USE_CASE_UPDATED.into() }))
}

/// Approves (pending or rejected) or rejects (pending) a use case: administrators of its
/// organization and staff (spec 002 §4 "Moderation").
#[utoipa::path(
    post,
    path = "/api/v1/use-cases/{id}/approve-reject/",
    tag = "use-cases",
    params(("id" = i64, Path)),
    request_body = ModerationInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = ModerationAnswer),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn moderate_use_case(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ModerationInput>,
) -> ApiResult<Json<ModerationAnswer>> {
    let caller = caller_of(Some(user));
    let action = Moderation::parse(&body.action)
        .ok_or_else(|| ApiError::field("action", "\"action\" must be approve or reject."))?;
    let found = q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    let found = ensure_visible(&state, &tenant, &caller, found).await?;
    let allowed = match found.group_id {
        Some(_) => may_moderate(&state, &tenant, &caller, found.group_id).await?,
        None => caller.is_staff(),
    };
    if !allowed {
        return Err(ApiError::Forbidden(action.failure("use case")));
    }
    let next = action.next_status(&found.status).ok_or_else(|| ApiError::BadRequest(action.failure("use case")))?;
    let txn = store::begin_write(&state.db).await?;
    if !q::set_status(&txn, found.id, &found.status, next).await? {
        return Err(ApiError::Conflict(action.failure("use case")));
    }
    store::queries::audit_log::record(
        &txn,
        tenant.id(),
        caller.id(),
        body.action.trim(),
        store::queries::audit_log::ENTITY_USE_CASE,
        found.id,
        None,
        serde_json::json!({ "from": found.status, "status": next }),
    )
    .await?;
    txn.commit().await?;
    Ok(Json(ModerationAnswer { status: next.into(), message: action.success("use case") }))
}
