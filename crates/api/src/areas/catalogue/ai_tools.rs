//! AI tools (spec 002 §2 "AI Tools list", "detail", §3 "AI tool", §5 "AI tool form", §7
//! "AI tools"). The spec gives the paths:
//!
//! - `GET /api/v1/ai-tools/`: approved tools, newest first, 9 a page; filters `search`
//!   (the search index) and `categories` (`ai_category`, `aitool_categories` too);
//!   `created=true` lists the caller's own of every status (my area); `status` is for
//!   staff, and for a group's administrators with `group_id`.
//! - `POST /api/v1/ai-tools/` (pending; 'AI tool submitted successfully')
//! - `GET /api/v1/ai-tools/slug/{slug}/`, `GET /api/v1/ai-tools/{id}/`
//! - `PATCH /api/v1/ai-tools/{id}/`: staff or the creator ('AI tool updated successfully')
//! - `POST /api/v1/ai-tools/{id}/approve-reject/` (`action` approve or reject)
//!
//! A tool that is not approved exists only for staff, its creator and its organization's
//! administrators (404 for others).

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::sent::{NumberOrText, Sent, Texts};
use domain::{
    catalogue::{self as rules, AiToolForm, STATUS_APPROVED},
    FieldErrors,
};
use serde::{Deserialize, Serialize};
use store::{
    entities::ai_tools,
    queries::{ai_tools as q, catalogue::AI_TOOL},
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    choices, chosen_file, chosen_group, id_list, ids,
    list_params::{recent_order, scope_of, statuses_for},
    may_moderate, moderation, string_list, strings, text, vote_name, with_caller_flags, FileField, ModerationAnswer,
};
use crate::extract::{caller_of, Caller};
use crate::{
    areas::groups::view::UseCaseRef,
    areas::AppState,
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{
        first_list, page_from_query, search_param, ApiJson, ApiQuery, AuthUser, ListGeneration, MaybeUser, Tenant,
    },
    param,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_ai_tools, create_ai_tool))
        .routes(routes!(ai_tool_by_slug))
        .routes(routes!(get_ai_tool, update_ai_tool))
        .routes(routes!(moderate_ai_tool))
}

/// AI tool lists: 9 per page (spec 002 §9).
pub const PAGE_SIZE: u64 = 9;
/// The detail page's text when the tool does not exist (spec 002 §2).
pub const MSG_NOT_FOUND: &str = "Sorry, the page you are looking for does not exist.";
pub const MSG_NO_RIGHT: &str = "You do not have permission to edit this AI tool.";

fn not_found() -> ApiError {
    ApiError::NotFound(MSG_NOT_FOUND.into())
}

/// Someone who created something (spec 002 §3: `created_by.id`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CreatorRef {
    pub id: i64,
}

/// An AI tool (spec 002 §3 "AI tool").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AiToolView {
    pub id: i64,
    pub name: String,
    pub slug: String,
    /// Rich text.
    pub description: String,
    /// The organization's id.
    pub group: i64,
    /// At most 3 `aitool_categories` values; cards show the first 2.
    pub categories: Vec<String>,
    /// The logo's URL.
    pub logo: Option<String>,
    /// The logo's file id (send it back to keep the logo).
    pub logo_file_id: Option<i64>,
    pub website: Option<String>,
    /// Target personas (current role values).
    pub roles: Vec<i64>,
    /// The approved use cases naming this tool.
    pub use_cases: Vec<UseCaseRef>,
    pub vote_score: i64,
    /// upvote, downvote or neutral.
    pub user_vote_type: String,
    pub is_bookmarked: bool,
    pub created_by: Option<CreatorRef>,
    /// pending, approved or rejected.
    pub status: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// Staff or the creator.
    pub can_edit: bool,
    /// Whether the caller may approve or reject it (administrators of its organization and
    /// staff); only on the single item's answers, null in lists.
    pub can_moderate: Option<bool>,
}

/// The views of a page of tools: one query for the caller's votes and bookmarks, two for
/// the use cases.
pub async fn views(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    models: Vec<ai_tools::Model>,
) -> ApiResult<Vec<AiToolView>> {
    let bases = base_views(state, models).await?;
    for_caller(state, tenant, caller, bases.iter()).await
}

/// What every viewer sees of each tool (the caller's vote, bookmark and rights left at
/// their defaults): the part of a list page that is kept per write generation.
pub async fn base_views(state: &AppState, models: Vec<ai_tools::Model>) -> ApiResult<Vec<AiToolView>> {
    let ids: Vec<i64> = models.iter().map(|m| m.id).collect();
    let mut use_cases = q::use_cases_of(state.read_db(), &ids).await?;
    Ok(models
        .into_iter()
        .map(|m| AiToolView {
            id: m.id,
            use_cases: use_cases.remove(&m.id).unwrap_or_default().iter().map(UseCaseRef::from).collect(),
            categories: string_list(&m.categories),
            roles: id_list(&m.roles),
            name: m.name,
            slug: m.slug,
            description: m.description,
            group: m.group_id,
            logo: m.logo,
            logo_file_id: m.logo_file_id,
            website: m.website,
            vote_score: m.vote_score,
            user_vote_type: vote_name(0),
            is_bookmarked: false,
            created_by: m.created_by.map(|id| CreatorRef { id }),
            status: m.status,
            created_at: m.created_at,
            can_edit: false,
            can_moderate: None,
        })
        .collect())
}

/// The caller's views of `bases`: their votes and bookmarks in one query, and their right
/// to edit.
pub async fn for_caller<'a>(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    bases: impl Iterator<Item = &'a AiToolView> + Clone,
) -> ApiResult<Vec<AiToolView>> {
    with_caller_flags(
        state,
        tenant,
        caller,
        AI_TOOL,
        bases,
        |b| b.id,
        |base, flag| AiToolView {
            user_vote_type: vote_name(flag.vote),
            is_bookmarked: flag.bookmarked,
            can_edit: caller.is_staff()
                || (caller.id().is_some() && caller.id() == base.created_by.as_ref().map(|c| c.id)),
            ..base.clone()
        },
    )
    .await
}

async fn view(state: &AppState, tenant: &Tenant, caller: &Caller, model: ai_tools::Model) -> ApiResult<AiToolView> {
    let group_id = model.group_id;
    let mut one = views(state, tenant, caller, vec![model]).await?.remove(0);
    one.can_moderate = Some(caller.id().is_some() && may_moderate(state, tenant, caller, Some(group_id)).await?);
    Ok(one)
}

/// The rule of every read of one tool: approved tools for everyone; others for staff, the
/// creator and the organization's administrators. Anything else is 404.
pub async fn ensure_visible(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    tool: ai_tools::Model,
) -> ApiResult<ai_tools::Model> {
    if tool.status == STATUS_APPROVED
        || caller.is_staff()
        || (caller.id().is_some() && caller.id() == tool.created_by)
        || may_moderate(state, tenant, caller, Some(tool.group_id)).await?
    {
        Ok(tool)
    } else {
        Err(not_found())
    }
}

/// An approved tool of the site (what votes and bookmarks accept), else 404.
pub async fn approved(state: &AppState, tenant: &Tenant, id: i64) -> ApiResult<ai_tools::Model> {
    q::find(state.read_db(), tenant.id(), id).await?.filter(|t| t.status == STATUS_APPROVED).ok_or_else(not_found)
}

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AiToolListQuery {
    /// At least 2 characters (`q` also works), through the search index (name, website,
    /// categories).
    pub search: Option<String>,
    /// `aitool_categories` values, comma-separated (`ai_category` and `aitool_categories`
    /// also work): tools of any of them.
    pub categories: Option<String>,
    /// pending, approved or rejected (comma list): staff, the caller's own (`created`), or
    /// a group's administrators with `group_id`. Others see approved tools only.
    pub status: Option<String>,
    /// Only the tools of this organization.
    #[param(value_type = Option<i64>)]
    pub group_id: Option<String>,
    /// Only the tools the caller submitted, of every status (my area).
    #[param(value_type = Option<bool>)]
    pub created: Option<String>,
    /// recent (the only order: by creation).
    pub sort_by: Option<String>,
    /// desc (default, newest first) or asc.
    pub sort_order: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 9 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 9)]
    pub page_size: Option<String>,
    #[param(ignore)]
    pub q: Option<String>,
    #[param(ignore)]
    pub ai_category: Option<String>,
    #[param(ignore)]
    pub aitool_categories: Option<String>,
}

/// The site's AI tools (spec 002 §2 "AI Tools list", §7 "AI tools").
#[utoipa::path(
    get,
    path = "/api/v1/ai-tools/",
    tag = "ai-tools",
    params(AiToolListQuery),
    responses((status = 200, body = Page<AiToolView>))
)]
pub(crate) async fn list_ai_tools(
    State(state): State<AppState>,
    tenant: Tenant,
    ListGeneration(generation): ListGeneration,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<AiToolListQuery>,
) -> ApiResult<Json<Page<AiToolView>>> {
    let page = page_from_query(&query.page, &query.page_size, PAGE_SIZE)?;
    let caller = caller_of(user);
    let mut errors = FieldErrors::new();
    let scope = scope_of(&state, &tenant, &caller, &mut errors, param!(query.group_id), param!(query.created)).await?;
    let categories = first_list(
        &mut errors,
        &[param!(query.categories), param!(query.ai_category), param!(query.aitool_categories)],
    );
    let statuses = statuses_for(&mut errors, param!(query.status), scope.privileged);
    let (_, oldest_first) = recent_order(&mut errors, param!(query.sort_by), param!(query.sort_order));
    errors.into_result()?;
    let filter = q::ListFilter {
        oldest_first,
        statuses,
        search: search_param(param!(query.search).or(param!(query.q))),
        categories,
        group_id: scope.group_id,
        created_by: scope.created_by,
    };
    // The page's rows, count and base views are kept per write generation
    // (`crate::page_cache`); the caller's flags are read per request.
    let db = state.read_db();
    let key = format!("{}|{}|{filter:?}", page.offset(), page.page_size);
    let kept = state
        .kept
        .ai_tool_pages
        .kept_page(
            tenant.id(),
            generation,
            key,
            async || {
                let found = q::list(db, tenant.id(), &filter, page.offset(), page.page_size).await?;
                let bases = base_views(&state, found.items).await?;
                ApiResult::Ok((found.count, bases.into_iter().map(|b| (b.id, b)).collect()))
            },
            async |ids| {
                let models = q::by_ids(db, tenant.id(), &ids).await?;
                Ok(base_views(&state, models).await?.into_iter().map(|b| (b.id, b)).collect())
            },
        )
        .await?;
    let items = for_caller(&state, &tenant, &caller, kept.items.iter().map(|b| b.as_ref())).await?;
    Ok(Json(Page::new(items, kept.count, &page, &url)))
}

/// One AI tool by slug (the `/ai-tool/{slug}` page).
#[utoipa::path(
    get,
    path = "/api/v1/ai-tools/slug/{slug}/",
    tag = "ai-tools",
    params(("slug" = String, Path)),
    responses((status = 200, body = Data<AiToolView>))
)]
async fn ai_tool_by_slug(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<Data<AiToolView>>> {
    let caller = caller_of(user);
    let tool = q::find_by_slug(&state.db, tenant.id(), slug.trim()).await?.ok_or_else(not_found)?;
    let tool = ensure_visible(&state, &tenant, &caller, tool).await?;
    Ok(Json(Data::new(view(&state, &tenant, &caller, tool).await?)))
}

/// One AI tool by id.
#[utoipa::path(
    get,
    path = "/api/v1/ai-tools/{id}/",
    tag = "ai-tools",
    params(("id" = i64, Path)),
    responses((status = 200, body = Data<AiToolView>))
)]
async fn get_ai_tool(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Data<AiToolView>>> {
    let caller = caller_of(user);
    let tool = q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    let tool = ensure_visible(&state, &tenant, &caller, tool).await?;
    Ok(Json(Data::new(view(&state, &tenant, &caller, tool).await?)))
}

/// The AI tool form (spec 002 §5). On PATCH every field is optional.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AiToolInput {
    /// Required.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub name: Sent<String>,
    /// Rich text; required.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub description: Sent<String>,
    /// The organization's id; required.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub group: Sent<NumberOrText>,
    /// At most 3 `aitool_categories` values ('Maximum 3 categories').
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub categories: Sent<Texts>,
    /// The id of an uploaded image under 5 MB ('File size should be less than 5 MB'), or
    /// a list of at most one; null removes the logo.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub logo: Sent<Texts>,
    /// An http(s) URL.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub website: Sent<String>,
    /// Target personas (current role values).
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub roles: Sent<Texts>,
}

/// A tool with the message the form shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct AiToolAnswer {
    pub data: AiToolView,
    pub message: String,
}

/// Applies the body's fields over `form` (only those sent).
fn apply(body: AiToolInput, form: &mut AiToolForm) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    if let Some(name) = text(&mut errors, "name", body.name) {
        form.name = name.unwrap_or_default();
    }
    if let Some(description) = text(&mut errors, "description", body.description) {
        form.description = description;
    }
    if let Some(group) = super::one_id(&mut errors, "group", body.group) {
        form.group = group;
    }
    if let Some(categories) = strings(&mut errors, "categories", body.categories) {
        form.categories = categories;
    }
    if let Some(website) = text(&mut errors, "website", body.website) {
        form.website = website;
    }
    if let Some(roles) = ids(&mut errors, "roles", body.roles) {
        form.roles = roles;
    }
    errors.into_result()
}

fn form_of(tool: &ai_tools::Model) -> AiToolForm {
    AiToolForm {
        name: tool.name.clone(),
        description: Some(tool.description.clone()),
        group: Some(tool.group_id),
        categories: string_list(&tool.categories),
        website: tool.website.clone(),
        roles: id_list(&tool.roles),
    }
}

fn aitool_categories(options: &domain::config::Options) -> Vec<String> {
    options.aitool_categories.iter().map(|o| o.value.clone()).collect()
}

/// Checks the whole form: the rules, then the organization and the logo.
async fn checked(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    mut body: AiToolInput,
    mut form: AiToolForm,
    current: Option<&ai_tools::Model>,
) -> ApiResult<(AiToolForm, i64, Option<q::Logo>)> {
    let user_id = caller.id().unwrap_or_default();
    let logo = std::mem::take(&mut body.logo);
    let mut errors = match apply(body, &mut form) {
        Ok(()) => FieldErrors::new(),
        Err(found) => found,
    };
    if let Err(found) = rules::validate_ai_tool(&mut form, &choices(tenant, aitool_categories)) {
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
    let group_id = if current.is_some_and(|t| t.group_id == group_id) {
        group_id
    } else {
        chosen_group(state, tenant, caller, group_id).await?.id
    };
    let logo = chosen_file(state, tenant, user_id, "logo", logo, FileField::Logo, current.and_then(|t| t.logo_file_id))
        .await?
        .map(|file| file.map(|f| (crate::areas::uploads::stored_link(state, &f.storage_key), f.id)));
    Ok((form, group_id, logo))
}

/// Submits an AI tool (pending until approved; 'AI tool submitted successfully').
#[utoipa::path(
    post,
    path = "/api/v1/ai-tools/",
    tag = "ai-tools",
    request_body = AiToolInput,
    security(("bearer" = [])),
    responses((status = 201, body = AiToolAnswer))
)]
async fn create_ai_tool(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<AiToolInput>,
) -> ApiResult<(StatusCode, Json<AiToolAnswer>)> {
    let user_id = user.id;
    let caller = caller_of(Some(user));
    let (form, group_id, logo) = checked(&state, &tenant, &caller, body, AiToolForm::default(), None).await?;
    let txn = store::begin_write(&state.db).await?;
    let tool = q::insert(&txn, tenant.id(), group_id, &form, logo.flatten(), user_id).await?;
    txn.commit().await?;
    let data = view(&state, &tenant, &caller, tool).await?;
    Ok((StatusCode::CREATED, Json(AiToolAnswer { data, message: rules::AI_TOOL_SUBMITTED.into() })))
}

/// Edits an AI tool: staff, or its creator (spec 002 §6). Any subset of the form's fields.
#[utoipa::path(
    patch,
    path = "/api/v1/ai-tools/{id}/",
    tag = "ai-tools",
    params(("id" = i64, Path)),
    request_body = AiToolInput,
    security(("bearer" = [])),
    responses((status = 200, body = AiToolAnswer), (status = 403, body = ErrorBody))
)]
async fn update_ai_tool(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<AiToolInput>,
) -> ApiResult<Json<AiToolAnswer>> {
    let caller = caller_of(Some(user));
    let tool = q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    let tool = ensure_visible(&state, &tenant, &caller, tool).await?;
    if !(caller.is_staff() || caller.id() == tool.created_by) {
        return Err(ApiError::Forbidden(MSG_NO_RIGHT.into()));
    }
    let (form, group_id, logo) = checked(&state, &tenant, &caller, body, form_of(&tool), Some(&tool)).await?;
    let txn = store::begin_write(&state.db).await?;
    let tool = q::update(&txn, tool, group_id, &form, logo).await?;
    txn.commit().await?;
    let data = view(&state, &tenant, &caller, tool).await?;
    Ok(Json(AiToolAnswer { data, message: rules::AI_TOOL_UPDATED.into() }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ModerationInput {
    /// approve or reject.
    pub action: String,
}

/// Approves (pending or rejected tools) or rejects (pending ones) a tool: administrators of
/// its organization and staff (spec 002 §4 "Moderation").
#[utoipa::path(
    post,
    path = "/api/v1/ai-tools/{id}/approve-reject/",
    tag = "ai-tools",
    params(("id" = i64, Path)),
    request_body = ModerationInput,
    security(("bearer" = [])),
    responses((status = 200, body = ModerationAnswer), (status = 403, body = ErrorBody))
)]
async fn moderate_ai_tool(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ModerationInput>,
) -> ApiResult<Json<ModerationAnswer>> {
    let caller = caller_of(Some(user));
    let action = moderation::action(&body.action)?;
    let tool = q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    let tool = ensure_visible(&state, &tenant, &caller, tool).await?;
    let item = moderation::Item { id: tool.id, status: &tool.status, group_id: Some(tool.group_id) };
    Ok(Json(moderation::apply(&state, &tenant, &caller, &moderation::AI_TOOLS, action, item).await?))
}
