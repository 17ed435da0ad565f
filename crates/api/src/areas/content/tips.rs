//! Career tips (spec 002 §3 "Career tip", §7 "Content: career tips"):
//!
//! - `GET /career-tips/`: the caller's own tips (every status)
//! - `POST /career-tips/`: a member of the site shares a tip (pending until approved)
//! - `GET|PATCH|DELETE /career-tips/{id}/`: read; edit and delete by the author
//! - `GET /all-career-tips/`: approved tips (search through the index)
//! - `GET /all-career-tips/slug/{slug}/`: one tip by slug
//! - `GET /career-tips/group/{id}/`: a group's approved tips (its administrators and the
//!   site's moderators may ask for `status`)
//! - `POST /career-tips/{id}/approve-reject/`: the site's moderators or the tip group's
//!   administrators; approve while not approved, reject while pending (the AI tools' rule)

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::{
    content::{tips, Action, STATUSES, STATUS_APPROVED, STATUS_PENDING},
    FieldErrors,
};
use serde::{Deserialize, Serialize};
use store::{
    entities::career_tips,
    queries::{career_tips as tip_q, catalogue::CAREER_TIP, groups as group_q, profiles as profile_q, users as user_q},
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{is_moderator, items::ActionInput, view::Author};
use crate::extract::{caller_of, Caller};
use crate::{
    areas::catalogue::{vote_name, with_caller_flags},
    areas::groups::{is_admin, member_of_site, view::GroupRef},
    areas::AppState,
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{list_param, page_from_query, search_param, ApiJson, ApiQuery, AuthUser, MaybeUser, Tenant},
    param,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_tips, create_tip))
        .routes(routes!(get_tip, update_tip, delete_tip))
        .routes(routes!(all_tips))
        .routes(routes!(tip_by_slug))
        .routes(routes!(group_tips))
        .routes(routes!(approve_reject_tip))
}

fn not_found() -> ApiError {
    ApiError::NotFound(tips::MSG_NOT_FOUND.into())
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CareerTipView {
    pub id: i64,
    pub slug: String,
    /// Sanitised rich text.
    pub content: String,
    pub status: String,
    pub group: Option<GroupRef>,
    /// With the author's picture and profile link.
    pub created_by: Option<Author>,
    pub can_edit: bool,
    pub can_moderate: bool,
    /// The sum of the tip's votes.
    pub vote_score: i64,
    /// The caller's vote: upvote, downvote or neutral (guests: neutral).
    pub user_vote_type: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub modified_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CareerTipAnswer {
    pub data: CareerTipView,
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CareerTipMessage {
    pub message: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CareerTipInput {
    /// Rich text, required.
    pub content: Option<String>,
    /// The group it is shared in (the caller must be an accepted member).
    pub group: Option<i64>,
}

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TipsQuery {
    /// Text searched in the index (2 characters or more).
    pub search: Option<String>,
    /// Comma list of pending, approved, rejected (own tips; moderators).
    pub status: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 15)]
    pub page_size: Option<String>,
    #[param(ignore)]
    pub q: Option<String>,
}

async fn views(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    moderator: bool,
    admin_of: &[i64],
    items: Vec<career_tips::Model>,
) -> ApiResult<Vec<CareerTipView>> {
    let bases = base_views(state, moderator, admin_of, items).await?;
    for_caller(state, tenant, caller, bases.iter()).await
}

/// What every reader of a list sees of each tip (their vote and right to edit left at the
/// defaults); `moderator` and `admin_of` (the groups whose tips the reader moderates) decide
/// `can_moderate`. The authors and groups in three queries.
async fn base_views(
    state: &AppState,
    moderator: bool,
    admin_of: &[i64],
    items: Vec<career_tips::Model>,
) -> ApiResult<Vec<CareerTipView>> {
    let db = state.read_db();
    let mut user_ids: Vec<i64> = items.iter().map(|t| t.created_by).collect();
    user_ids.sort_unstable();
    user_ids.dedup();
    let mut group_ids: Vec<i64> = items.iter().filter_map(|t| t.group_id).collect();
    group_ids.sort_unstable();
    group_ids.dedup();
    let users = user_q::find_by_ids(db, &user_ids).await?;
    let profiles = profile_q::find_by_users(db, &user_ids).await?;
    let groups = profile_q::groups_by_ids(db, &group_ids).await?;
    Ok(items
        .into_iter()
        .map(|tip| {
            let may_moderate = moderator || tip.group_id.is_some_and(|g| admin_of.contains(&g));
            CareerTipView {
                id: tip.id,
                vote_score: tip.vote_score,
                user_vote_type: vote_name(0),
                can_edit: false,
                can_moderate: may_moderate && tip.status != STATUS_APPROVED,
                created_by: super::view::authors_of(&users, &profiles, tip.created_by),
                group: tip.group_id.and_then(|g| groups.get(&g)).map(GroupRef::from),
                slug: tip.slug,
                content: tip.content,
                status: tip.status,
                created_at: tip.created_at,
                modified_at: tip.updated_at,
            }
        })
        .collect())
}

/// The caller's views of `bases`: their votes on the whole page in one query, and their
/// right to edit their own.
async fn for_caller<'a>(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    bases: impl Iterator<Item = &'a CareerTipView> + Clone,
) -> ApiResult<Vec<CareerTipView>> {
    with_caller_flags(
        state,
        tenant,
        caller,
        CAREER_TIP,
        bases,
        |t| t.id,
        |base, flag| CareerTipView {
            user_vote_type: vote_name(flag.vote),
            can_edit: caller.id().is_some() && caller.id() == base.created_by.as_ref().map(|a| a.id),
            ..base.clone()
        },
    )
    .await
}

/// A tip the caller may see: approved, or theirs, or they moderate it. Returns whether
/// they moderate it.
async fn visible_tip(state: &AppState, tenant: &Tenant, caller: &Caller, tip: &career_tips::Model) -> ApiResult<bool> {
    let moderates = tip_moderator(state, tenant, caller, tip).await?;
    if tip.status == STATUS_APPROVED || caller.id() == Some(tip.created_by) || moderates {
        if let Some(group_id) = tip.group_id {
            // A tip of a private group shows only where the group does.
            crate::areas::groups::visible_group(state, tenant, caller, group_id).await.map_err(|_| not_found())?;
        }
        Ok(moderates)
    } else {
        Err(not_found())
    }
}

async fn tip_moderator(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    tip: &career_tips::Model,
) -> ApiResult<bool> {
    if is_moderator(state, tenant, caller).await? {
        return Ok(true);
    }
    match tip.group_id {
        Some(group_id) if caller.id().is_some() => match group_q::find(&state.db, tenant.id(), group_id).await? {
            Some(group) => is_admin(state, caller, &group).await,
            None => Ok(false),
        },
        _ => Ok(false),
    }
}

/// A tip the user may vote on: approved, of the tenant, and shown to them (a tip of a
/// private group only to those who see the group). 404 otherwise.
pub async fn votable(
    state: &AppState,
    tenant: &Tenant,
    user: &store::entities::users::Model,
    id: i64,
) -> ApiResult<()> {
    let caller = caller_of(Some(user.clone()));
    let tip =
        tip_q::find(&state.db, tenant.id(), id).await?.filter(|t| t.status == STATUS_APPROVED).ok_or_else(not_found)?;
    visible_tip(state, tenant, &caller, &tip).await?;
    Ok(())
}

fn statuses(query: &TipsQuery) -> ApiResult<Vec<String>> {
    let mut errors = FieldErrors::new();
    let list: Vec<String> =
        list_param(&mut errors, param!(query.status)).into_iter().map(|s| s.to_lowercase()).collect();
    if let Some(bad) = list.iter().find(|s| !STATUSES.contains(&s.as_str())) {
        errors.add("status", format!("\"{bad}\" is not a valid choice."));
    }
    errors.into_result()?;
    Ok(list)
}

/// The caller's own tips, newest first, every status.
#[utoipa::path(
    get,
    path = "/api/v1/career-tips/",
    tag = "career-tips",
    params(TipsQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<CareerTipView>))
)]
pub(crate) async fn my_tips(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<TipsQuery>,
) -> ApiResult<Json<Page<CareerTipView>>> {
    let page = page_from_query(&query.page, &query.page_size, tips::PAGE_SIZE)?;
    let filter = tip_q::ListFilter {
        created_by: Some(user.id),
        reader: Some(user.id),
        statuses: statuses(&query)?,
        search: search_param(param!(query.search).or(param!(query.q))),
        ..Default::default()
    };
    let caller = caller_of(Some(user));
    let found = tip_q::list(state.read_db(), tenant.id(), &filter, page.offset(), page.page_size).await?;
    let items = views(&state, &tenant, &caller, false, &[], found.items).await?;
    Ok(Json(Page::new(items, found.count, &page, &url)))
}

/// Shares a career tip (pending until a moderator approves it).
#[utoipa::path(
    post,
    path = "/api/v1/career-tips/",
    tag = "career-tips",
    request_body = CareerTipInput,
    security(("bearer" = [])),
    responses((status = 201, body = CareerTipAnswer), (status = 403, body = ErrorBody))
)]
async fn create_tip(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<CareerTipInput>,
) -> ApiResult<(StatusCode, Json<CareerTipAnswer>)> {
    let (html, text) = tips::clean_content(body.content.as_deref())?;
    let user_id = user.id;
    let caller = caller_of(Some(user));
    if !caller.is_staff() && !member_of_site(&state, &tenant, user_id).await? {
        return Err(ApiError::Forbidden("Only members of the site can share career tips.".into()));
    }
    if let Some(group_id) = body.group {
        let group = match group_q::find(&state.db, tenant.id(), group_id).await? {
            Some(group) => group,
            None => {
                return Err(ApiError::field("group", format!("Invalid pk \"{group_id}\" - object does not exist.")))
            }
        };
        if !super::may_post(&state, &caller, &group).await? {
            return Err(ApiError::Forbidden(domain::content::MSG_NOT_MEMBER.into()));
        }
    }
    let tip = tip_q::insert(&state.db, tenant.id(), body.group, user_id, &html, &text, STATUS_PENDING).await?;
    let data = views(&state, &tenant, &caller, false, &[], vec![tip]).await?.remove(0);
    Ok((StatusCode::CREATED, Json(CareerTipAnswer { data, message: domain::content::MSG_CREATED.into() })))
}

/// One tip by id.
#[utoipa::path(
    get,
    path = "/api/v1/career-tips/{id}/",
    tag = "career-tips",
    params(("id" = i64, Path)),
    responses((status = 200, body = Data<CareerTipView>))
)]
async fn get_tip(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Data<CareerTipView>>> {
    let caller = caller_of(user);
    let tip = tip_q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    let moderates = visible_tip(&state, &tenant, &caller, &tip).await?;
    Ok(Json(Data::new(views(&state, &tenant, &caller, moderates, &[], vec![tip]).await?.remove(0))))
}

/// One tip by slug.
#[utoipa::path(
    get,
    path = "/api/v1/all-career-tips/slug/{slug}/",
    tag = "career-tips",
    params(("slug" = String, Path)),
    responses((status = 200, body = Data<CareerTipView>))
)]
async fn tip_by_slug(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<Data<CareerTipView>>> {
    let caller = caller_of(user);
    let tip = tip_q::find_by_slug(&state.db, tenant.id(), slug.trim()).await?.ok_or_else(not_found)?;
    let moderates = visible_tip(&state, &tenant, &caller, &tip).await?;
    Ok(Json(Data::new(views(&state, &tenant, &caller, moderates, &[], vec![tip]).await?.remove(0))))
}

/// Edits a tip: only its author. A tip edited by someone who does not moderate it goes
/// back to pending.
#[utoipa::path(
    patch,
    path = "/api/v1/career-tips/{id}/",
    tag = "career-tips",
    params(("id" = i64, Path)),
    request_body = CareerTipInput,
    security(("bearer" = [])),
    responses((status = 200, body = CareerTipAnswer), (status = 403, body = ErrorBody))
)]
async fn update_tip(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<CareerTipInput>,
) -> ApiResult<Json<CareerTipAnswer>> {
    let caller = caller_of(Some(user));
    let tip = tip_q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    let moderates = visible_tip(&state, &tenant, &caller, &tip).await?;
    if caller.id() != Some(tip.created_by) {
        return Err(ApiError::Forbidden(domain::content::MSG_NOT_AUTHOR.into()));
    }
    if body.group.is_some_and(|g| Some(g) != tip.group_id) {
        return Err(ApiError::field("group", "The group of a career tip cannot be changed."));
    }
    let cleaned = match body.content.as_deref() {
        Some(raw) => Some(tips::clean_content(Some(raw))?),
        None => None,
    };
    let status = if moderates { tip.status.clone() } else { STATUS_PENDING.to_string() };
    let tip = tip_q::update(&state.db, tip, cleaned.as_ref().map(|(h, t)| (h.as_str(), t.as_str())), &status).await?;
    let data = views(&state, &tenant, &caller, moderates, &[], vec![tip]).await?.remove(0);
    Ok(Json(CareerTipAnswer { data, message: domain::content::MSG_UPDATED.into() }))
}

/// Deletes a tip: only its author.
#[utoipa::path(
    delete,
    path = "/api/v1/career-tips/{id}/",
    tag = "career-tips",
    params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = CareerTipMessage), (status = 403, body = ErrorBody))
)]
async fn delete_tip(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<CareerTipMessage>> {
    let caller = caller_of(Some(user));
    let tip = tip_q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    visible_tip(&state, &tenant, &caller, &tip).await?;
    if caller.id() != Some(tip.created_by) {
        return Err(ApiError::Forbidden(domain::content::MSG_CANNOT_DELETE.into()));
    }
    tip_q::delete(&state.db, tip.id).await?;
    Ok(Json(CareerTipMessage { message: domain::content::MSG_DELETED.into() }))
}

/// Approved tips of the site, newest first; `search` through the index.
#[utoipa::path(
    get,
    path = "/api/v1/all-career-tips/",
    tag = "career-tips",
    params(TipsQuery),
    responses((status = 200, body = Page<CareerTipView>))
)]
async fn all_tips(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<TipsQuery>,
) -> ApiResult<Json<Page<CareerTipView>>> {
    let page = page_from_query(&query.page, &query.page_size, tips::PAGE_SIZE)?;
    let caller = caller_of(user);
    let moderator = is_moderator(&state, &tenant, &caller).await?;
    let mut wanted = statuses(&query)?;
    if !moderator || wanted.is_empty() {
        wanted = vec![STATUS_APPROVED.to_string()];
    }
    // Approved tips are the same for every reader, so only a list of other statuses names
    // its reader (whose own tips it shows).
    let approved_only = wanted == [STATUS_APPROVED];
    let filter = tip_q::ListFilter {
        statuses: wanted,
        search: search_param(param!(query.search).or(param!(query.q))),
        reader: caller.id().filter(|_| !approved_only),
        moderator,
        ..Default::default()
    };
    // The page's rows, count and base views are kept per write generation
    // (`crate::page_cache`); the caller's votes are read per request.
    let db = state.read_db();
    let generation = state.generations.site(db, tenant.id()).await?;
    let key = format!("{}|{}|{filter:?}", page.offset(), page.page_size);
    let kept = state
        .kept
        .career_tip_pages
        .kept_page(
            tenant.id(),
            generation,
            key,
            async || {
                let found = tip_q::list(db, tenant.id(), &filter, page.offset(), page.page_size).await?;
                let bases = base_views(&state, moderator, &[], found.items).await?;
                ApiResult::Ok((found.count, bases.into_iter().map(|b| (b.id, b)).collect()))
            },
            async |ids| {
                let tips = tip_q::by_ids(db, tenant.id(), &ids).await?;
                Ok(base_views(&state, moderator, &[], tips).await?.into_iter().map(|b| (b.id, b)).collect())
            },
        )
        .await?;
    let items = for_caller(&state, &tenant, &caller, kept.items.iter().map(|b| b.as_ref())).await?;
    Ok(Json(Page::new(items, kept.count, &page, &url)))
}

/// A group's tips: approved ones, or with `status` those its administrators (and the
/// site's moderators) review.
#[utoipa::path(
    get,
    path = "/api/v1/career-tips/group/{id}/",
    tag = "career-tips",
    params(("id" = i64, Path), TipsQuery),
    responses((status = 200, body = Page<CareerTipView>))
)]
async fn group_tips(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    Path(id): Path<i64>,
    ApiQuery(query): ApiQuery<TipsQuery>,
) -> ApiResult<Json<Page<CareerTipView>>> {
    let page = page_from_query(&query.page, &query.page_size, tips::PAGE_SIZE)?;
    let caller = caller_of(user);
    let group = crate::areas::groups::visible_group(&state, &tenant, &caller, id).await?;
    let moderator = is_moderator(&state, &tenant, &caller).await? || is_admin(&state, &caller, &group).await?;
    let mut wanted = statuses(&query)?;
    if !moderator || wanted.is_empty() {
        wanted = vec![STATUS_APPROVED.to_string()];
    }
    let filter = tip_q::ListFilter {
        group_id: Some(group.id),
        statuses: wanted,
        search: search_param(param!(query.search).or(param!(query.q))),
        reader: caller.id(),
        moderator,
        ..Default::default()
    };
    let found = tip_q::list(state.read_db(), tenant.id(), &filter, page.offset(), page.page_size).await?;
    let items = views(&state, &tenant, &caller, moderator, &[], found.items).await?;
    Ok(Json(Page::new(items, found.count, &page, &url)))
}

/// Approves or rejects a tip.
#[utoipa::path(
    post,
    path = "/api/v1/career-tips/{id}/approve-reject/",
    tag = "career-tips",
    params(("id" = i64, Path)),
    request_body = ActionInput,
    security(("bearer" = [])),
    responses((status = 200, body = CareerTipAnswer), (status = 403, body = ErrorBody))
)]
async fn approve_reject_tip(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ActionInput>,
) -> ApiResult<Json<CareerTipAnswer>> {
    let caller = caller_of(Some(user));
    let action =
        Action::parse(&body.action).ok_or_else(|| ApiError::field("action", "Action must be approve or reject."))?;
    let tip = tip_q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    let moderates = visible_tip(&state, &tenant, &caller, &tip).await?;
    if !moderates {
        return Err(ApiError::Forbidden("Only moderators can approve or reject career tips.".into()));
    }
    let allowed = match action {
        Action::Approve => tip.status != STATUS_APPROVED,
        Action::Reject => tip.status == STATUS_PENDING,
    };
    if !allowed {
        return Err(ApiError::BadRequest(action.failed_message("Career tip")));
    }
    let tip = tip_q::update(&state.db, tip, None, action.status()).await?;
    let data = views(&state, &tenant, &caller, true, &[], vec![tip]).await?.remove(0);
    Ok(Json(CareerTipAnswer { data, message: action.done_message("Career tip") }))
}
