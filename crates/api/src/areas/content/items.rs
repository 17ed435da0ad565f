//! Posts, newsletters, resources and prompts: the list, create, read, edit, delete,
//! moderation, and the premium files.

use axum::{
    body::Body,
    extract::{Path, State},
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use domain::{
    content::{
        form::{self, ContentForm, ContentInput},
        is_moderated, may_open_premium, Action, PAGE_SIZE_CONTENTS, SECURITY_PRIVATE, STATUSES, STATUS_APPROVED,
        STATUS_PENDING, TYPES, TYPE_PROMPT, TYPE_RESOURCE,
    },
    FieldErrors,
};
use serde::{Deserialize, Serialize};
use store::{
    entities::groups,
    queries::{contents as content_q, files as file_q, groups as group_q, profiles as profile_q},
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{ensure_visible, is_certified, is_moderator, may_post, not_found, view, visible_item, ContentView, Seen};
use crate::{
    areas::groups::{caller_of, country_values, is_admin, view::Caller},
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{
        bool_param, id_param, list_param, page_from_query, search_param, text_param, ApiJson, ApiQuery, AuthUser,
        MaybeUser, Tenant,
    },
    page_cache::PageIds,
    param,
    state::AppState,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_contents, create_content))
        .routes(routes!(content_by_slug))
        .routes(routes!(get_content, update_content, delete_content))
        .routes(routes!(approve_reject))
        .routes(routes!(content_file))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContentAnswer {
    pub data: ContentView,
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContentMessage {
    pub message: String,
}

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContentQuery {
    /// Comma list of post, newsletter (also posts shared as newsletters), resource, prompt;
    /// every type when absent.
    pub types: Option<String>,
    /// One group's items (its Posts or Resources tab).
    #[param(value_type = Option<i64>)]
    pub group_id: Option<String>,
    /// Comma list of pending, approved, rejected. Others than approved show only to
    /// moderators and to their authors.
    pub status: Option<String>,
    /// Resources and prompts only: text searched in the index (2 characters or more).
    pub search: Option<String>,
    /// Comma list of topic area ids (`topic_areas=1,2` from CareerGPS).
    pub topic_areas: Option<String>,
    pub career_stages: Option<String>,
    pub professional_fields: Option<String>,
    /// Comma list of countries (`country` is accepted too).
    pub countries: Option<String>,
    /// `me` (or the caller's id): the caller's own items, all statuses.
    pub created_by: Option<String>,
    /// true: only items published to the Resource Hub.
    #[param(value_type = Option<bool>)]
    pub publish_to_khub: Option<String>,
    /// recent (the only order).
    pub sort_by: Option<String>,
    /// desc (default) or asc.
    pub sort_order: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 15 by default (group resources ask for 12); at most 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 15)]
    pub page_size: Option<String>,
    #[param(ignore)]
    pub q: Option<String>,
    #[param(ignore)]
    pub topic_area: Option<String>,
    #[param(ignore)]
    pub country: Option<String>,
}

fn parse_filter(query: &ContentQuery, caller: &Caller) -> ApiResult<content_q::ListFilter> {
    let mut errors = FieldErrors::new();
    let types: Vec<String> =
        list_param(&mut errors, param!(query.types)).into_iter().map(|t| t.to_lowercase()).collect();
    if let Some(bad) = types.iter().find(|t| !TYPES.contains(&t.as_str())) {
        errors.add("types", format!("\"{bad}\" is not a valid choice."));
    }
    let statuses: Vec<String> =
        list_param(&mut errors, param!(query.status)).into_iter().map(|t| t.to_lowercase()).collect();
    if let Some(bad) = statuses.iter().find(|t| !STATUSES.contains(&t.as_str())) {
        errors.add("status", format!("\"{bad}\" is not a valid choice."));
    }
    let mut topic_area_ids = Vec::new();
    for raw in list_param(&mut errors, param!(query.topic_areas))
        .into_iter()
        .chain(list_param(&mut errors, param!(query.topic_area)))
    {
        match raw.parse::<i64>() {
            Ok(id) if id > 0 => topic_area_ids.push(id),
            _ => errors.add("topic_areas", "A valid integer is required."),
        }
    }
    let mut countries = list_param(&mut errors, param!(query.countries));
    countries.extend(list_param(&mut errors, param!(query.country)));
    let search = search_param(param!(query.search).or(param!(query.q)));
    if search.is_some() && (types.is_empty() || types.iter().any(|t| t != TYPE_RESOURCE && t != TYPE_PROMPT)) {
        errors.add("search", "Search is available for resources and prompts (types=resource or types=prompt).");
    }
    let created_by = match text_param(param!(query.created_by)) {
        None => None,
        Some(raw) if raw == "me" => match caller.id() {
            Some(id) => Some(id),
            None => return Err(ApiError::Unauthorized("Authentication credentials were not provided.".into())),
        },
        Some(raw) => match raw.parse::<i64>() {
            Ok(id) => Some(id),
            Err(_) => {
                errors.add("created_by", "A valid integer or me is required.");
                None
            }
        },
    };
    if let Some(sort_by) = text_param(param!(query.sort_by)) {
        if sort_by != "recent" {
            errors.add("sort_by", "Sort by must be recent.");
        }
    }
    let oldest_first = match text_param(param!(query.sort_order)).as_deref() {
        None | Some("desc") => false,
        Some("asc") => true,
        Some(_) => {
            errors.add("sort_order", "Sort order must be asc or desc.");
            false
        }
    };
    let hub_only = bool_param(&mut errors, param!(query.publish_to_khub)).unwrap_or(false);
    let group_id = id_param(&mut errors, param!(query.group_id));
    errors.into_result()?;
    Ok(content_q::ListFilter {
        types,
        group_id,
        statuses,
        created_by,
        hub_only,
        search,
        topic_area_ids,
        career_stages: list_param(&mut FieldErrors::new(), param!(query.career_stages)),
        professional_fields: list_param(&mut FieldErrors::new(), param!(query.professional_fields)),
        countries: country_values(countries),
        oldest_first,
    })
}

/// Lists posts, newsletters, resources or prompts the caller may see, newest first (best
/// matches first when searching): a group's Posts or Resources tab (`group_id`), the
/// Resource Hub (`types=resource&status=approved&publish_to_khub=true`), the prompt
/// library (`types=prompt&status=approved`), the moderation queue (`status=pending`),
/// and the caller's own (`created_by=me`).
#[utoipa::path(
    get,
    path = "/api/v1/contents/",
    tag = "contents",
    params(ContentQuery),
    responses((status = 200, body = Page<ContentView>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody))
)]
pub(crate) async fn list_contents(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<ContentQuery>,
) -> ApiResult<Json<Page<ContentView>>> {
    let page = page_from_query(&query.page, &query.page_size, PAGE_SIZE_CONTENTS)?;
    let caller = caller_of(user);
    let filter = parse_filter(&query, &caller)?;
    if let Some(group_id) = filter.group_id {
        crate::areas::groups::visible_group(&state, &tenant, &caller, group_id).await?;
    }
    let moderator = is_moderator(&state, &tenant, &caller).await?;
    let reader = content_q::Reader { viewer: caller.viewer(), moderator };
    // Which rows a page shows is kept per write generation like the circles and jobs
    // (`crate::page_cache`; contents writes bump it, m0022); the rows are read by id.
    let db = state.read_db();
    let generation = store::list_counts::generation(db, tenant.id()).await?;
    let key = format!("{reader:?}|{}|{}|{filter:?}", page.offset(), page.page_size);
    let mut kept = state.content_pages.page(tenant.id(), generation, &key);
    let _turn = match kept {
        Some(_) => None,
        None => {
            let turn = state.content_pages.turn(tenant.id(), &key).await;
            kept = state.content_pages.page(tenant.id(), generation, &key);
            Some(turn)
        }
    };
    let (rows, count) = match kept {
        Some(kept) => (content_q::find_in_order(db, tenant.id(), &kept.ids).await?, kept.count),
        None => {
            let found =
                content_q::list(db, &state.list_counts, tenant.id(), reader, &filter, page.offset(), page.page_size)
                    .await?;
            let ids = found.items.iter().map(|item| item.id).collect();
            state.content_pages.remember_page(tenant.id(), generation, key, PageIds { ids, count: found.count });
            (found.items, found.count)
        }
    };
    let items = view::views(&state, &url, &caller, tenant.id(), moderator, rows).await?;
    Ok(Json(Page::new(items, count, &page, &url)))
}

/// Checks the attachments: files, thumbnail and image blocks must be the author's files
/// on this site; attachments are video, image or pdf, the thumbnail an image.
async fn check_files(state: &AppState, tenant: &Tenant, user_id: i64, form: &ContentForm) -> ApiResult<()> {
    let mut wanted: Vec<i64> = form.files.clone();
    wanted.extend(form.thumbnail);
    let block_files = form.data.as_ref().map(domain::content::blocks::file_ids).unwrap_or_default();
    wanted.extend(block_files.iter().copied());
    let found = file_q::by_ids(&state.db, tenant.id(), &wanted).await?;
    let owned = |id: &i64| found.get(id).filter(|f| f.user_id == user_id);
    let mut errors = FieldErrors::new();
    for id in &form.files {
        match owned(id) {
            None => errors.add("files", format!("Invalid pk \"{id}\" - object does not exist.")),
            Some(f)
                if !(f.kind == file_q::KIND_IMAGE
                    || f.kind == file_q::KIND_VIDEO
                    || f.content_type == "application/pdf") =>
            {
                errors.add("files", domain::content::MSG_FILE_KIND)
            }
            Some(_) => {}
        }
    }
    if let Some(id) = form.thumbnail {
        match owned(&id) {
            None => errors.add("thumbnail_image", format!("Invalid pk \"{id}\" - object does not exist.")),
            Some(f) if f.kind != file_q::KIND_IMAGE => errors.add("thumbnail_image", "The thumbnail must be an image."),
            Some(_) => {}
        }
    }
    for id in &block_files {
        if owned(id).is_none() {
            errors.add("data.blocks", format!("Invalid pk \"{id}\" - object does not exist."));
        }
    }
    errors.into_result()?;
    Ok(())
}

/// Topics and the topic area must be the site's.
async fn check_topics(state: &AppState, tenant: &Tenant, form: &ContentForm) -> ApiResult<()> {
    let mut errors = FieldErrors::new();
    if !form.topics.is_empty() {
        let found = profile_q::topics_by_ids(&state.db, &form.topics).await?;
        for id in &form.topics {
            if found.get(id).is_none_or(|t| t.tenant_id != tenant.id()) {
                errors.add("topics", format!("Invalid pk \"{id}\" - object does not exist."));
            }
        }
    }
    if let Some(id) = form.topic_area {
        if !content_q::topic_area_in_tenant(&state.db, tenant.id(), id).await? {
            errors.add("topic_area", format!("Invalid pk \"{id}\" - object does not exist."));
        }
    }
    errors.into_result()?;
    Ok(())
}

fn invalid_group(id: i64) -> ApiError {
    ApiError::field("group", format!("Invalid pk \"{id}\" - object does not exist."))
}

async fn require_contributor(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    group: &groups::Model,
) -> ApiResult<()> {
    if caller.is_staff() {
        return Ok(());
    }
    let user_id = caller.id().unwrap_or_default();
    let certified =
        is_certified(state, tenant.organization_id(), user_id).await? || is_certified(state, group.id, user_id).await?;
    if !certified {
        return Err(ApiError::Forbidden(domain::content::MSG_NOT_CERTIFIED.into()));
    }
    if !may_post(state, caller, group).await? {
        return Err(ApiError::Forbidden(domain::content::MSG_NOT_MEMBER.into()));
    }
    Ok(())
}

/// Creates a post or newsletter (any accepted member of the group or an administrator;
/// `send_email` mails the group's members and needs an administrator), or a resource or
/// prompt (certified members; pending until a moderator approves it).
#[utoipa::path(
    post,
    path = "/api/v1/contents/",
    tag = "contents",
    request_body = ContentInput,
    security(("bearer" = [])),
    responses(
        (status = 201, body = ContentAnswer),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn create_content(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiJson(body): ApiJson<ContentInput>,
) -> ApiResult<(StatusCode, Json<ContentAnswer>)> {
    let user_id = user.id;
    let author = crate::areas::chat::full_name(&user);
    let caller = caller_of(Some(user));
    let (content_type, is_newsletter) = form::kind_of(&body)?;
    let form = form::apply(body, ContentForm::blank(&content_type, is_newsletter), true)?;
    let group = posting_group(&state, &tenant, &caller, &form).await?;
    check_files(&state, &tenant, user_id, &form).await?;
    check_topics(&state, &tenant, &form).await?;
    let moderated = is_moderated(&form.content_type);
    let group_private = group.privacy >= store::queries::connections::PRIVACY_PRIVATE;
    let security = if !moderated {
        domain::content::effective_security(form.security_level, group_private)
    } else if group_private {
        // Resources keep what the form says (public unless asked), private in a private group.
        SECURITY_PRIVATE
    } else {
        form.security_level.unwrap_or(0)
    };
    let status = if moderated { STATUS_PENDING } else { STATUS_APPROVED };
    let txn = store::begin_write(&state.db).await?;
    let item = content_q::insert(&txn, tenant.id(), group.id, user_id, &form, security, status).await?;
    if !moderated {
        let path = crate::areas::groups::group_path(&group);
        let notice = domain::notifications::group_post(
            &author,
            &crate::areas::notifications::group_ref(&group, &path),
            &item.title,
            &item.slug,
        );
        services::group_post_notices::queue(&txn, tenant.id(), group.id, user_id, &notice).await?;
    }
    if form.send_email {
        queue_newsletter(&txn, &tenant, &group, &item, &format!("{}://{}", url.scheme, url.host)).await?;
    }
    txn.commit().await?;
    state.jobs_wake.notify_one();
    let moderator = is_moderator(&state, &tenant, &caller).await?;
    let data = view::views(&state, &url, &caller, tenant.id(), moderator, vec![item]).await?.remove(0);
    Ok((StatusCode::CREATED, Json(ContentAnswer { data, message: domain::content::MSG_CREATED.into() })))
}

/// The group an item is posted in, when the caller may post there: contributors for
/// moderated types (resources, prompts), members for posts; only administrators mail it.
async fn posting_group(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    form: &ContentForm,
) -> ApiResult<groups::Model> {
    let group_id = form.group.unwrap_or_default();
    let group = match group_q::find(&state.db, tenant.id(), group_id).await? {
        Some(group) => {
            crate::areas::groups::ensure_visible(state, caller, group).await.map_err(|_| invalid_group(group_id))?
        }
        None => return Err(invalid_group(group_id)),
    };
    if is_moderated(&form.content_type) {
        require_contributor(state, tenant, caller, &group).await?;
    } else if !may_post(state, caller, &group).await? {
        return Err(ApiError::Forbidden(domain::content::MSG_NOT_MEMBER.into()));
    }
    if form.send_email && !is_admin(state, caller, &group).await? {
        return Err(ApiError::field("send_email", domain::content::MSG_SEND_EMAIL_ADMIN));
    }
    Ok(group)
}

/// Queues the post as a newsletter to the group's members.
async fn queue_newsletter(
    txn: &sea_orm::DatabaseTransaction,
    tenant: &Tenant,
    group: &groups::Model,
    item: &store::entities::contents::Model,
    origin: &str,
) -> ApiResult<()> {
    let post_url = format!("{origin}/post/{}", item.slug);
    let mail = crate::mailer::newsletter(&tenant.0, &group.name, &item.title, &item.content, &post_url);
    let batch = services::newsletter::Batch {
        tenant_id: tenant.id(),
        group_id: group.id,
        subject: &mail.subject,
        html: &mail.html,
        text: &mail.text,
        origin,
    };
    services::newsletter::queue(txn, &batch).await?;
    Ok(())
}

async fn one_view(
    state: &AppState,
    url: &RequestUrl,
    caller: &Caller,
    tenant: &Tenant,
    seen: Seen,
) -> ApiResult<ContentView> {
    Ok(view::views(state, url, caller, tenant.id(), seen.moderator, vec![seen.item]).await?.remove(0))
}

/// One item by its slug (the `/post/{slug}` and `/resource/{slug}` pages).
#[utoipa::path(
    get,
    path = "/api/v1/contents/slug/{slug}/",
    tag = "contents",
    params(("slug" = String, Path)),
    responses((status = 200, body = Data<ContentView>), (status = 404, body = ErrorBody))
)]
async fn content_by_slug(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    Path(slug): Path<String>,
) -> ApiResult<Json<Data<ContentView>>> {
    let caller = caller_of(user);
    let item = content_q::find_by_slug(&state.db, tenant.id(), slug.trim()).await?.ok_or_else(not_found)?;
    let seen = ensure_visible(&state, &tenant, &caller, item).await?;
    Ok(Json(Data::new(one_view(&state, &url, &caller, &tenant, seen).await?)))
}

/// One item by id.
#[utoipa::path(
    get,
    path = "/api/v1/contents/{id}/",
    tag = "contents",
    params(("id" = i64, Path)),
    responses((status = 200, body = Data<ContentView>), (status = 404, body = ErrorBody))
)]
async fn get_content(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    Path(id): Path<i64>,
) -> ApiResult<Json<Data<ContentView>>> {
    let caller = caller_of(user);
    let seen = visible_item(&state, &tenant, &caller, id).await?;
    Ok(Json(Data::new(one_view(&state, &url, &caller, &tenant, seen).await?)))
}

/// Edits an item: only its author. An approved resource or prompt edited by an author who
/// is not a moderator goes back to pending. The group and the type cannot change.
#[utoipa::path(
    patch,
    path = "/api/v1/contents/{id}/",
    tag = "contents",
    params(("id" = i64, Path)),
    request_body = ContentInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = ContentAnswer),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn update_content(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ContentInput>,
) -> ApiResult<Json<ContentAnswer>> {
    let user_id = user.id;
    let caller = caller_of(Some(user));
    let seen = visible_item(&state, &tenant, &caller, id).await?;
    if !seen.is_author {
        return Err(ApiError::Forbidden(domain::content::MSG_NOT_AUTHOR.into()));
    }
    if body.types.is_some() || body.content_type.is_some() {
        let (kind, _) = form::kind_of(&body)?;
        if kind != seen.item.content_type && !(kind == "newsletter" && seen.item.content_type == "post") {
            return Err(ApiError::field("types", "The type of a post or resource cannot be changed."));
        }
    }
    if body.send_email == Some(true) {
        return Err(ApiError::field("send_email", "A newsletter is mailed when it is created."));
    }
    let current = form_of(&state, &seen.item).await?;
    let changed = form::apply(body, current, false)?;
    check_files(&state, &tenant, user_id, &changed).await?;
    check_topics(&state, &tenant, &changed).await?;
    let moderated = is_moderated(&seen.item.content_type);
    let group_private = seen.group.privacy >= store::queries::connections::PRIVACY_PRIVATE;
    let security = if moderated {
        if group_private {
            SECURITY_PRIVATE
        } else {
            changed.security_level.unwrap_or(seen.item.security_level)
        }
    } else {
        domain::content::effective_security(changed.security_level, group_private)
    };
    // Nobody reviews their own edit: an author's change goes back to moderation (staff aside).
    let status = if moderated && !caller.is_staff() { STATUS_PENDING } else { seen.item.status.as_str() }.to_string();
    let txn = store::begin_write(&state.db).await?;
    let item = content_q::update(&txn, seen.item, &changed, security, &status).await?;
    txn.commit().await?;
    let data = view::views(&state, &url, &caller, tenant.id(), seen.moderator, vec![item]).await?.remove(0);
    Ok(Json(ContentAnswer { data, message: domain::content::MSG_UPDATED.into() }))
}

/// The stored item as a form, to apply an edit over.
async fn form_of(state: &AppState, item: &store::entities::contents::Model) -> ApiResult<ContentForm> {
    let files = content_q::files_of(&state.db, &[item.id]).await?.remove(&item.id).unwrap_or_default();
    let strings = |v: &Option<serde_json::Value>| -> Vec<String> {
        v.as_ref()
            .and_then(|v| v.as_array())
            .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect())
            .unwrap_or_default()
    };
    Ok(ContentForm {
        content_type: item.content_type.clone(),
        is_newsletter: item.is_newsletter,
        sub_type: item.sub_type.clone(),
        title: item.title.clone(),
        content: item.content.clone(),
        raw_text: item.raw_text.clone(),
        data: item.data.clone(),
        files: files.iter().map(|f| f.id).collect(),
        thumbnail: item.thumbnail_file_id,
        topics: item
            .topics
            .as_ref()
            .and_then(|v| v.as_array())
            .map(|a| a.iter().filter_map(|v| v.as_i64()).collect())
            .unwrap_or_default(),
        topic_area: item.topic_area_id,
        career_stages: strings(&item.career_stages),
        career_goals: strings(&item.career_goals),
        professional_fields: strings(&item.professional_fields),
        roles: strings(&item.roles),
        country: item.country.clone(),
        security_level: Some(item.security_level),
        publish_to_khub: item.publish_to_khub,
        is_premium: item.is_premium,
        source: item.source.clone(),
        group: Some(item.group_id),
        send_email: item.send_email,
    })
}

/// Deletes an item: only its author ('Could not delete at this moment.' for anyone else).
#[utoipa::path(
    delete,
    path = "/api/v1/contents/{id}/",
    tag = "contents",
    params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, body = ContentMessage),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn delete_content(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<ContentMessage>> {
    let caller = caller_of(Some(user));
    let seen = visible_item(&state, &tenant, &caller, id).await?;
    if !seen.is_author {
        return Err(ApiError::Forbidden(domain::content::MSG_CANNOT_DELETE.into()));
    }
    content_q::delete(&state.db, seen.item.id).await?;
    Ok(Json(ContentMessage { message: domain::content::MSG_DELETED.into() }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ActionInput {
    /// approve or reject.
    pub action: String,
}

/// Approves or rejects a resource or prompt that is not approved yet: the site's
/// moderators (certified members and administrators of the organization, staff).
#[utoipa::path(
    post,
    path = "/api/v1/contents/{id}/approve-reject/",
    tag = "contents",
    params(("id" = i64, Path)),
    request_body = ActionInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = ContentAnswer),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn approve_reject(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ActionInput>,
) -> ApiResult<Json<ContentAnswer>> {
    let caller = caller_of(Some(user));
    let action =
        Action::parse(&body.action).ok_or_else(|| ApiError::field("action", "Action must be approve or reject."))?;
    let seen = visible_item(&state, &tenant, &caller, id).await?;
    if !is_moderated(&seen.item.content_type) {
        return Err(not_found());
    }
    if !seen.moderator {
        return Err(ApiError::Forbidden(domain::content::MSG_NOT_MODERATOR.into()));
    }
    if seen.is_author && !caller.is_staff() {
        return Err(ApiError::Forbidden(domain::content::MSG_OWN_RESOURCE.into()));
    }
    if !domain::content::can_moderate_status(&seen.item.status) {
        return Err(ApiError::BadRequest(format!(
            "{} {}",
            action.failed_message("Resource"),
            domain::content::MSG_ALREADY_APPROVED
        )));
    }
    let txn = store::begin_write(&state.db).await?;
    let item = content_q::set_status(&txn, seen.item, action.status()).await?;
    store::queries::audit_log::record(
        &txn,
        tenant.id(),
        caller.id(),
        if action.status() == STATUS_APPROVED { "approve" } else { "reject" },
        store::queries::audit_log::ENTITY_RESOURCE,
        item.id,
        None,
        serde_json::json!({ "status": item.status, "content_type": item.content_type }),
    )
    .await?;
    txn.commit().await?;
    let data = view::views(&state, &url, &caller, tenant.id(), true, vec![item]).await?.remove(0);
    Ok(Json(ContentAnswer { data, message: action.done_message("Resource") }))
}

/// A file attached to an item, served through the API: the way premium files reach those
/// who may open them (the author; subscribers once plans exist; staff). Others get 403.
#[utoipa::path(
    get,
    path = "/api/v1/contents/{id}/files/{file_id}/",
    tag = "contents",
    params(("id" = i64, Path), ("file_id" = i64, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The file's bytes", content_type = "application/octet-stream"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn content_file(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path((id, file_id)): Path<(i64, i64)>,
) -> ApiResult<Response> {
    let caller = caller_of(Some(user));
    let seen = visible_item(&state, &tenant, &caller, id).await?;
    let file = content_q::files_of(&state.db, &[id])
        .await?
        .remove(&id)
        .unwrap_or_default()
        .into_iter()
        .find(|f| f.id == file_id)
        .ok_or_else(ApiError::not_found)?;
    let can_view = seen.item.is_premium && super::view::can_view_premium(&state, &caller, tenant.id()).await?;
    if !may_open_premium(seen.item.is_premium, seen.is_author, can_view) {
        return Err(ApiError::Forbidden(domain::content::MSG_PREMIUM_LOCKED.into()));
    }
    let object = state
        .storage
        .get(&file.storage_key)
        .await
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("reading a stored file failed: {e}")))?
        .ok_or_else(ApiError::not_found)?;
    let mut response = Body::from(object.bytes).into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&file.content_type) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; sandbox"));
    Ok(response)
}
