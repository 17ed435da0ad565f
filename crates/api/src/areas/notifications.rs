//! In-app notifications (spec 000 §3 "Notification", §4 "Notifications", §7, §9).
//!
//! - `GET /api/v1/notification/?page&page_size`: the caller's notifications on this site,
//!   newest first, 12 a page.
//! - `POST /api/v1/notification/read-all/`: marks them all read.
//! - `POST /api/v1/notification/{id}/{type}/`: marks one read (`type` is the notification's
//!   `type`: invitation, user_connection or a group type).
//!
//! Notifications are written by the areas whose changes cause them ([`write`]), inside the
//! same transaction as the change; what each says is `domain::notifications`. A post in a
//! group is the exception: it writes one notice for the group ([`tell_group`]), and each
//! member's row of it is written when they next read their notifications
//! ([`tell_group_posts`]: the list, the identity's unread count, their open socket).
//!
//! A person's pages of notifications are kept per their generation (every write to their
//! notifications bumps it, m0050), and the site's latest post notice per the site's list
//! generation (a post is a write to `contents`, which bumps it, m0022): a page asked for again,
//! with no post since the person was last looked for, reads no notification.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use axum::{
    extract::{Path, State},
    Json,
};
use chrono::{DateTime, Utc};
use domain::{
    notifications::{is_kind, Notice, PAGE_SIZE},
    pagination::PageRequest,
};
use serde::{Deserialize, Serialize};
use store::{
    entities::notifications as rows,
    person_generations::PersonGeneration,
    queries::{
        group_post_notices::{self as notices, Latest},
        notifications as q,
    },
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiQuery, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(read_all)).routes(routes!(read_one))
}

pub const MSG_NOT_FOUND: &str = "Notification not found.";

/// What a socket hears when a group it listens to has a new post: the socket then tells its
/// person of it ([`tell_group_posts`]) and sends them the notification. Never sent on.
pub const GROUP_POSTS_WAITING: &str = r#"{"type":"group_posts_waiting"}"#;

/// What the client needs to open a notification's target.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, Default)]
pub struct NotificationData {
    /// The invitation's key (`/invitation/{key}`), on invitations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invitation_key: Option<String>,
    /// The person's or group's slug.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name_slug: Option<String>,
    /// organization, institution, circle or event, when the target is a group.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    /// The page of the app the notification opens ("/profile/ada", "/circle/ai-ethics",
    /// "/invitation/{key}", "/job/{slug}").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NotificationView {
    pub id: i64,
    /// invitation, user_connection, or a group type (organization, institution, circle, event).
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: String,
    /// What happened: follow, invitation, join_request, membership_accepted,
    /// membership_rejected, member_added, member_removed, application_accepted,
    /// application_rejected, group_post, payment_confirmed.
    pub notification_type: String,
    pub message: String,
    pub created_at: String,
    pub is_read: bool,
    pub data: NotificationData,
}

pub fn view(row: rows::Model) -> NotificationView {
    let data = row.data.and_then(|d| serde_json::from_value::<NotificationData>(d).ok()).unwrap_or_default();
    NotificationView {
        id: row.id,
        kind: row.kind,
        notification_type: row.notification_type,
        message: row.message,
        created_at: row.created_at.to_rfc3339(),
        is_read: row.is_read,
        data,
    }
}

/// A group as notifications name it; `path` is its page (`groups::group_path`).
pub fn group_ref<'a>(group: &'a store::entities::groups::Model, path: &'a str) -> domain::notifications::Group<'a> {
    domain::notifications::Group {
        name: &group.name,
        slug: &group.slug,
        group_type: &group.group_type,
        image: group.logo.as_deref(),
        path,
    }
}

/// Writes `notice` for each of `recipients` on the tenant's site (call inside the
/// transaction of the change that causes it). The actor is never told of their own act.
pub async fn write(
    txn: &impl sea_orm::ConnectionTrait,
    tenant_id: i64,
    actor_id: Option<i64>,
    recipients: &[i64],
    notice: &Notice,
) -> ApiResult<Vec<rows::Model>> {
    let new: Vec<q::NewNotification> = recipients
        .iter()
        .filter(|id| Some(**id) != actor_id)
        .map(|user_id| q::NewNotification {
            tenant_id,
            user_id: *user_id,
            actor_id,
            kind: notice.kind.clone(),
            notification_type: notice.notification_type.to_string(),
            message: notice.message.clone(),
            data: notice.data.clone(),
        })
        .collect();
    Ok(q::create(txn, new).await?)
}

/// Writes the notice of a post in `group_id` (call in the post's transaction); after the
/// commit, [`nudge_group`] tells the group's open sockets.
pub async fn tell_group(
    txn: &impl sea_orm::ConnectionTrait,
    tenant_id: i64,
    group_id: i64,
    author_id: i64,
    notice: Notice,
) -> ApiResult<()> {
    let new = notices::NewNotice {
        tenant_id,
        group_id,
        actor_id: author_id,
        kind: notice.kind,
        notification_type: notice.notification_type.to_string(),
        message: notice.message,
        data: notice.data,
    };
    notices::add(txn, new).await?;
    Ok(())
}

/// Tells the open sockets listening to the group that a post waits for them.
pub async fn nudge_group(state: &AppState, tenant_id: i64, group_id: i64) {
    state.realtime.publish_to_group(tenant_id, group_id, GROUP_POSTS_WAITING.into()).await;
}

/// How long after a post a check may still miss a post committed before it (PostgreSQL).
const SETTLED_AFTER: chrono::Duration = chrono::Duration::seconds(60);

/// What this instance last checked each person for: the site's latest post notice then, and
/// when. Looking through a person's groups costs a step per group; the site's latest notice
/// is kept per site generation, so a person is looked for again only when the site has a
/// newer post (or the check was too soon after the latest one to be sure of it).
#[derive(Clone, Default)]
pub struct GroupPostChecks {
    checked: Arc<Mutex<Checked>>,
    latest: Arc<Mutex<LatestBySite>>,
}

/// By site: its latest post notice, at the site's list generation it was read at.
type LatestBySite = HashMap<i64, (i64, Option<Latest>)>;

/// People whose last check is kept (a few dozen bytes each); past that, the set is cleared.
const MAX_CHECKED: usize = 200_000;

/// By (tenant, person): the site's latest notice when they were checked, and when.
type Checked = HashMap<(i64, i64), (i64, DateTime<Utc>)>;

impl GroupPostChecks {
    fn lock(&self) -> std::sync::MutexGuard<'_, Checked> {
        self.checked.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn settled(&self, key: (i64, i64), latest: &Latest) -> bool {
        self.lock()
            .get(&key)
            .is_some_and(|(through, at)| *through >= latest.id && *at >= latest.created_at + SETTLED_AFTER)
    }

    fn record(&self, key: (i64, i64), latest: &Latest, at: DateTime<Utc>) {
        let mut checked = self.lock();
        if checked.len() >= MAX_CHECKED && !checked.contains_key(&key) {
            checked.clear();
        }
        checked.insert(key, (latest.id, at));
    }

    fn latest_known(&self, tenant_id: i64, generation: i64) -> Option<Option<Latest>> {
        let latest = self.latest.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        latest.get(&tenant_id).filter(|(at, _)| *at == generation).map(|(_, latest)| latest.clone())
    }

    fn remember_latest(&self, tenant_id: i64, generation: i64, latest: Option<Latest>) {
        let mut kept = self.latest.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        kept.insert(tenant_id, (generation, latest));
    }
}

/// The site's latest post notice, kept per the site's list generation (read before it).
async fn latest_post_notice(state: &AppState, tenant_id: i64, generation: i64) -> ApiResult<Option<Latest>> {
    let db = state.read_db();
    let checks = &state.kept.group_posts_checked;
    if let Some(latest) = checks.latest_known(tenant_id, generation) {
        return Ok(latest);
    }
    let latest = notices::latest_in_site(db, tenant_id).await?;
    checks.remember_latest(tenant_id, generation, latest.clone());
    Ok(latest)
}

/// Writes the person's rows of the group posts they have not been told of, and returns
/// them. Nothing is read when the site has no post since their last check (the usual case),
/// a look through their groups otherwise, and a write when something waits.
pub async fn tell_group_posts(state: &AppState, tenant_id: i64, user_id: i64) -> ApiResult<Vec<rows::Model>> {
    let site_generation = state.generations.site(state.read_db(), tenant_id).await?;
    tell_group_posts_at(state, tenant_id, user_id, site_generation).await
}

/// The person's generation, for what is kept of their own pages (their identity, their
/// notifications), once they are told of the group posts waiting for them: one read of their
/// generations and their site's (none on PostgreSQL), and of theirs again when something was
/// told (it moved them).
pub async fn told_generation(state: &AppState, tenant_id: i64, user_id: i64) -> ApiResult<PersonGeneration> {
    let db = state.read_db();
    let (person, site) = state.generations.person_and_site(db, user_id, tenant_id).await?;
    let told = tell_group_posts_at(state, tenant_id, user_id, site).await?;
    if told.is_empty() {
        return Ok(person);
    }
    Ok(state.generations.person(db, user_id).await?)
}

/// [`tell_group_posts`] at the site's list generation, read already.
async fn tell_group_posts_at(
    state: &AppState,
    tenant_id: i64,
    user_id: i64,
    site_generation: i64,
) -> ApiResult<Vec<rows::Model>> {
    let Some(latest) = latest_post_notice(state, tenant_id, site_generation).await? else { return Ok(Vec::new()) };
    let checks = &state.kept.group_posts_checked;
    let key = (tenant_id, user_id);
    if checks.settled(key, &latest) {
        return Ok(Vec::new());
    }
    let at = Utc::now();
    let written = if notices::any_untold(state.read_db(), tenant_id, user_id).await? {
        notices::tell(&state.db, tenant_id, user_id).await?
    } else {
        Vec::new()
    };
    if !written.is_empty() {
        // This instance may not have heard of its own write yet (PostgreSQL).
        state.generations.forget();
    }
    checks.record(key, &latest, at);
    Ok(written)
}

/// The event a socket receives for a new notification.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationEvent {
    /// notification.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: &'static str,
    pub notification: NotificationView,
}

/// Sends written notifications to their people's open sockets. Call after the transaction
/// that wrote them is committed.
pub async fn announce(state: &AppState, written: Vec<rows::Model>) {
    for row in written {
        let (tenant_id, user_id) = (row.tenant_id, row.user_id);
        let event = NotificationEvent { kind: "notification", notification: view(row) };
        match serde_json::to_string(&event) {
            Ok(text) => state.realtime.publish(tenant_id, &[user_id], text.into()).await,
            Err(err) => tracing::warn!(error = %err, "a notification event did not serialise"),
        }
    }
}

/// Page numbers are read as text, so a bad one gets the spec's message, not serde's.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 12 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 12)]
    pub page_size: Option<String>,
}

/// The caller's notifications on this site, newest first, 12 a page.
#[utoipa::path(
    get,
    operation_id = "list_notifications",
    path = "/api/v1/notification/",
    tag = "notifications",
    params(ListQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<NotificationView>))
)]
async fn list(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> ApiResult<Json<Page<NotificationView>>> {
    let page = PageRequest::parse(query.page.as_deref(), query.page_size.as_deref(), PAGE_SIZE)?;
    let (tenant_id, user_id) = (tenant.id(), user.id);
    let generation = told_generation(&state, tenant_id, user_id).await?;
    let read = async || -> ApiResult<KeptNotifications> {
        let found = q::page(state.read_db(), tenant_id, user_id, page.offset(), page.page_size).await?;
        Ok(KeptNotifications { items: found.items.into_iter().map(view).collect(), count: found.count })
    };
    // Larger pages are read each time, so what is kept stays a few kilobytes a person.
    if page.page_size > PAGE_SIZE {
        let found = read().await?;
        return Ok(Json(Page::new(found.items, found.count, &page, &url)));
    }
    let pages = &state.kept.notification_pages;
    let key = NotificationPageKey { tenant_id, user_id, page: page.page, page_size: page.page_size };
    let today = Utc::now().date_naive();
    let kept = match pages.get(&key, generation, today) {
        Some(kept) => kept,
        None => {
            let read = Arc::new(read().await?);
            pages.remember(key, generation, today, read.clone());
            read
        }
    };
    Ok(Json(Page::new(kept.items.clone(), kept.count, &page, &url)))
}

/// A page of a person's notifications on a site, as kept (`KeptPages::notification_pages`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NotificationPageKey {
    tenant_id: i64,
    user_id: i64,
    page: u64,
    page_size: u64,
}

/// A kept page of notifications and the person's total.
pub struct KeptNotifications {
    items: Vec<NotificationView>,
    count: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReadAllAnswer {
    /// How many notifications were marked read.
    pub marked: u64,
    /// Unread notifications left (0).
    pub unread_notifications_count: u64,
}

/// Marks all the caller's notifications on this site read.
#[utoipa::path(
    post,
    path = "/api/v1/notification/read-all/",
    tag = "notifications",
    security(("bearer" = [])),
    responses((status = 200, body = Data<ReadAllAnswer>))
)]
async fn read_all(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
) -> ApiResult<Json<Data<ReadAllAnswer>>> {
    tell_group_posts(&state, tenant.id(), user.id).await?;
    let marked = q::mark_all_read(&state.db, tenant.id(), user.id).await?;
    let unread = q::unread_count(&state.db, tenant.id(), user.id).await?;
    Ok(Json(Data::new(ReadAllAnswer { marked, unread_notifications_count: unread })))
}

/// One notification, for the API document.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct OnePath {
    pub id: i64,
    /// The notification's `type`: invitation, user_connection, organization, institution,
    /// circle or event.
    #[serde(rename = "type")]
    pub kind: String,
}

/// Marks one of the caller's notifications read. Another person's notification, another
/// site's, or a `type` that is not the notification's is a 404.
#[utoipa::path(
    post,
    path = "/api/v1/notification/{id}/{type}/",
    tag = "notifications",
    params(OnePath),
    security(("bearer" = [])),
    responses((status = 200, body = Data<NotificationView>), (status = 404, body = ErrorBody))
)]
async fn read_one(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path((id, kind)): Path<(i64, String)>,
) -> ApiResult<Json<Data<NotificationView>>> {
    if !is_kind(&kind) {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    let found = q::mark_read(&state.db, tenant.id(), user.id, id, &kind)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    Ok(Json(Data::new(view(found))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_person_is_looked_for_again_after_a_newer_post_or_a_check_too_soon_after_one() {
        let checks = GroupPostChecks::default();
        let posted = Utc::now();
        let latest = Latest { id: 7, created_at: posted };
        assert!(!checks.settled((1, 2), &latest), "never checked");
        checks.record((1, 2), &latest, posted + chrono::Duration::seconds(5));
        assert!(!checks.settled((1, 2), &latest), "checked too soon after the post to be sure of it");
        checks.record((1, 2), &latest, posted + chrono::Duration::seconds(61));
        assert!(checks.settled((1, 2), &latest));
        assert!(!checks.settled((1, 3), &latest), "another person");
        assert!(!checks.settled((2, 2), &latest), "another site");
        let newer = Latest { id: 8, created_at: posted + chrono::Duration::seconds(90) };
        assert!(!checks.settled((1, 2), &newer), "a newer post");
    }
}
