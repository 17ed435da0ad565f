//! Creating, editing, deleting and moderating posts, newsletters, resources and prompts.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::{
    content::{
        form::{self, ContentForm, ContentInput},
        is_moderated, Action, SECURITY_PRIVATE, STATUS_APPROVED, STATUS_PENDING,
    },
    FieldErrors,
};
use serde::Deserialize;
use store::{
    entities::groups,
    queries::{contents as content_q, files as file_q, groups as group_q, profiles as profile_q},
};
use utoipa::ToSchema;

use super::{is_certified, is_moderator, may_post, not_found, view, visible_item};
use crate::extract::{caller_of, Caller};
use crate::{
    areas::groups::is_admin,
    areas::AppState,
    envelope::RequestUrl,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Tenant},
};

use super::*;

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
    responses((status = 201, body = ContentAnswer), (status = 403, body = ErrorBody))
)]
pub(super) async fn create_content(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiJson(body): ApiJson<ContentInput>,
) -> ApiResult<(StatusCode, Json<ContentAnswer>)> {
    let user_id = user.id;
    let author = crate::areas::chat::full_name(&user);
    let author_row = user.clone();
    let caller = caller_of(Some(user));
    let (content_type, is_newsletter) = form::kind_of(&body)?;
    let form = form::apply(body, ContentForm::blank(&content_type, is_newsletter), true)?;
    let group = posting_group(&state, &tenant, &caller, &form).await?;
    check_files(&state, &tenant, user_id, &form).await?;
    check_topics(&state, &tenant, &form).await?;
    let moderated = is_moderated(&form.content_type);
    let group_private = group.privacy >= store::queries::visibility::PRIVACY_PRIVATE;
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
        crate::areas::notifications::tell_group(&txn, tenant.id(), group.id, user_id, notice).await?;
    }
    if form.send_email {
        queue_newsletter(&txn, &tenant, &group, &item, &format!("{}://{}", url.scheme, url.host)).await?;
    }
    txn.commit().await?;
    state.jobs_wake.notify_one();
    if !moderated {
        crate::areas::notifications::nudge_group(&state, tenant.id(), group.id).await;
    }
    // Only a moderated item (pending review) shows whether the caller may moderate it.
    let moderator = moderated && is_moderator(&state, &tenant, &caller).await?;
    let known = view::Known { groups: vec![group], authors: vec![author_row], no_files: form.files.is_empty() };
    let bases = view::bases_knowing(&state, tenant.id(), vec![item], known).await?;
    let data = view::views_of(&state, &url, &caller, tenant.id(), moderator, bases.iter()).await?.remove(0);
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

/// Edits an item: only its author. An approved resource or prompt edited by an author who
/// is not a moderator goes back to pending. The group and the type cannot change.
#[utoipa::path(
    patch,
    path = "/api/v1/contents/{id}/",
    tag = "contents",
    params(("id" = i64, Path)),
    request_body = ContentInput,
    security(("bearer" = [])),
    responses((status = 200, body = ContentAnswer), (status = 403, body = ErrorBody))
)]
pub(super) async fn update_content(
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
    let group_private = seen.group.privacy >= store::queries::visibility::PRIVACY_PRIVATE;
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
    responses((status = 200, body = ContentMessage), (status = 403, body = ErrorBody))
)]
pub(super) async fn delete_content(
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
    responses((status = 200, body = ContentAnswer), (status = 403, body = ErrorBody))
)]
pub(super) async fn approve_reject(
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
