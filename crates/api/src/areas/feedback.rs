//! Feedback and the contact form (spec 002 §2 "Feedback page", "Pending / Rejected
//! notice", §3 "General feedback", §5, §8 "Feedback"; spec 000 §7 `/contact-starleaders/`;
//! issue 19).
//!
//! - `POST /api/v1/feedback/` `{title, content}`: a signed-in member's feedback
//!   ('Thank you for your feedback.')
//! - `GET /api/v1/feedback/`: the site's feedback, newest first, 10 a page (its administrators)
//! - `POST /api/v1/contact-starleaders/` `{subject, message}`: a signed-in person writes to
//!   the site's administrators (the pending page's contact form, for members whose
//!   membership of the organization is pending or was rejected)
//! - `GET /api/v1/contact-starleaders/`: the site's contact messages, newest first (its
//!   administrators)
//!
//! Both are stored, and mailed to every administrator of the site's organization through
//! the mail outbox in the same transaction (never sent inside the request). Each sender
//! may post a few an hour. Only the site's administrators (accepted admins or leaders of
//! its organization) read them; everyone else gets 403.

use axum::{extract::State, http::StatusCode, Json};
use domain::feedback::{ContactInput, FeedbackInput};
use serde::Serialize;
use store::{
    entities::{contact_messages, feedback, users},
    queries::{feedback as q, memberships as member_q, programme as programme_q, users as user_q},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::chat::full_name,
    areas::AppState,
    envelope::Page,
    error::{ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Client, PageOf, Tenant, TenantAdmin},
    mailer,
    rate_limit::{self, Limit},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(send_feedback, list_feedback)).routes(routes!(send_contact, list_contacts))
}

/// Admin tables: 10 a page (spec 002 §9).
pub const PAGE_SIZE: u64 = 10;
/// Each mails every administrator: a few an hour per sender is plenty.
pub const FEEDBACK_PER_ACCOUNT: Limit = Limit { name: "feedback-account", max: 10, window_secs: 3600 };
pub const CONTACT_PER_ACCOUNT: Limit = Limit { name: "contact-account", max: 5, window_secs: 3600 };

/// Who sent a feedback or a message; null once their account is gone.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Sender {
    pub id: i64,
    pub name: String,
    pub email: String,
}

fn sender(user: &users::Model) -> Sender {
    Sender { id: user.id, name: full_name(user), email: user.email.clone() }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FeedbackView {
    pub id: i64,
    pub title: String,
    /// Plain text (the page's description).
    pub content: String,
    pub user: Option<Sender>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

fn feedback_view(row: feedback::Model, user: Option<&users::Model>) -> FeedbackView {
    FeedbackView {
        id: row.id,
        title: row.title,
        content: row.content,
        user: user.map(sender),
        created_at: row.created_at,
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContactView {
    pub id: i64,
    pub subject: String,
    /// Plain text.
    pub message: String,
    /// The sender's name and email when they wrote (kept if the account goes).
    pub name: String,
    pub email: String,
    /// Their membership of the organization when they wrote: pending, rejected, accepted, …
    /// or null without one.
    pub membership_status: Option<String>,
    pub user_id: Option<i64>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

fn contact_view(row: contact_messages::Model) -> ContactView {
    ContactView {
        id: row.id,
        subject: row.subject,
        message: row.message,
        name: row.name,
        email: row.email,
        membership_status: row.membership_status,
        user_id: row.user_id,
        created_at: row.created_at,
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FeedbackAnswer {
    pub data: FeedbackView,
    /// 'Thank you for your feedback.'
    pub message: String,
}

/// Sends feedback to the site (spec 002 §2 "Feedback page"): stored, and mailed to the
/// site's administrators.
#[utoipa::path(
    post,
    path = "/api/v1/feedback/",
    tag = "feedback",
    request_body = FeedbackInput,
    security(("bearer" = [])),
    responses(
        (status = 201, body = FeedbackAnswer),
        (status = 400, body = ErrorBody, description = "On title or content: 'Please fill up both title and description'"),
        (status = 429, body = ErrorBody)
    )
)]
async fn send_feedback(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<FeedbackInput>,
) -> ApiResult<(StatusCode, Json<FeedbackAnswer>)> {
    let checked = domain::feedback::parse_feedback(&body)?;
    // Counted once the form is valid: a form with mistakes costs nothing.
    rate_limit::hit(&state, FEEDBACK_PER_ACCOUNT, &user.id.to_string()).await?;
    let link = format!("{}/admin-dashboard/feedback", client.origin_for(&tenant.0));
    let txn = store::begin_write(&state.db).await?;
    let row = q::insert_feedback(&txn, tenant.id(), user.id, &checked.title, &checked.content).await?;
    for admin in programme_q::managers_of(&txn, tenant.organization_id()).await? {
        if admin.id == user.id {
            continue;
        }
        mailer::queue_notice(
            &txn,
            &tenant.0,
            &admin.email,
            &admin.first_name,
            &format!("New feedback: {}", checked.title),
            vec![
                format!("{} ({}) sent feedback about {}:", full_name(&user), user.email, tenant.0.organization.name),
                checked.title.clone(),
                checked.content.clone(),
            ],
            Some(("Read the feedback", &link)),
        )
        .await?;
    }
    txn.commit().await?;
    state.jobs_wake.notify_one();
    Ok((
        StatusCode::CREATED,
        Json(FeedbackAnswer { data: feedback_view(row, Some(&user)), message: domain::feedback::MSG_THANKS.into() }),
    ))
}

/// The site's feedback, newest first: its administrators only.
#[utoipa::path(
    get,
    path = "/api/v1/feedback/",
    tag = "feedback",
    params(
        ("page" = Option<u64>, Query, minimum = 1, description = "1 by default"),
        ("page_size" = Option<u64>, Query, minimum = 1, description = "10 by default; larger sizes are capped at 500")
    ),
    security(("bearer" = [])),
    responses((status = 200, body = Page<FeedbackView>), (status = 403, body = ErrorBody))
)]
async fn list_feedback(
    State(state): State<AppState>,
    tenant: Tenant,
    _admin: TenantAdmin,
    PageOf(paging): PageOf<PAGE_SIZE>,
) -> ApiResult<Json<Page<FeedbackView>>> {
    let db = state.read_db();
    let found = q::list_feedback(db, tenant.id(), paging.page.offset(), paging.page.page_size).await?;
    let mut ids: Vec<i64> = found.items.iter().filter_map(|f| f.user_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let people = user_q::find_by_ids(db, &ids).await?;
    let items = found
        .items
        .into_iter()
        .map(|row| {
            let user = row.user_id.and_then(|id| people.get(&id));
            feedback_view(row, user)
        })
        .collect();
    Ok(Json(Page::new(items, found.count, &paging.page, &paging.url)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContactAnswer {
    pub data: ContactView,
    pub message: String,
}

/// Writes to the site's administrators (the pending page's contact form): stored, and
/// mailed to each of them with the sender's address to reply to.
#[utoipa::path(
    post,
    path = "/api/v1/contact-starleaders/",
    tag = "feedback",
    request_body = ContactInput,
    security(("bearer" = [])),
    responses(
        (status = 201, body = ContactAnswer),
        (status = 400, body = ErrorBody, description = "On subject or message"),
        (status = 429, body = ErrorBody)
    )
)]
async fn send_contact(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<ContactInput>,
) -> ApiResult<(StatusCode, Json<ContactAnswer>)> {
    let checked = domain::feedback::parse_contact(&body)?;
    rate_limit::hit(&state, CONTACT_PER_ACCOUNT, &user.id.to_string()).await?;
    let status = member_q::find(&state.db, tenant.organization_id(), user.id).await?.map(|m| m.status);
    let name = full_name(&user);
    let link = format!("{}/admin-dashboard/feedback?tab=contact", client.origin_for(&tenant.0));
    let txn = store::begin_write(&state.db).await?;
    let row = q::insert_contact(
        &txn,
        q::NewContact {
            tenant_id: tenant.id(),
            user_id: user.id,
            email: &user.email,
            name: &name,
            membership_status: status.as_deref(),
            subject: &checked.subject,
            message: &checked.message,
        },
    )
    .await?;
    let standing = match status.as_deref() {
        Some(status) => format!("Their membership of {} is {status}.", tenant.0.organization.name),
        None => format!("They are not a member of {}.", tenant.0.organization.name),
    };
    for admin in programme_q::managers_of(&txn, tenant.organization_id()).await? {
        if admin.id == user.id {
            continue;
        }
        mailer::queue_notice(
            &txn,
            &tenant.0,
            &admin.email,
            &admin.first_name,
            &format!("Message from {name}: {}", checked.subject),
            vec![
                format!("{name} ({}) wrote to the administrators of {}.", user.email, tenant.0.organization.name),
                standing.clone(),
                checked.subject.clone(),
                checked.message.clone(),
                format!("Reply to them at {}.", user.email),
            ],
            Some(("Read the messages", &link)),
        )
        .await?;
    }
    txn.commit().await?;
    state.jobs_wake.notify_one();
    Ok((
        StatusCode::CREATED,
        Json(ContactAnswer { data: contact_view(row), message: domain::feedback::MSG_CONTACT_SENT.into() }),
    ))
}

/// The site's contact messages, newest first: its administrators only.
#[utoipa::path(
    get,
    path = "/api/v1/contact-starleaders/",
    tag = "feedback",
    params(
        ("page" = Option<u64>, Query, minimum = 1, description = "1 by default"),
        ("page_size" = Option<u64>, Query, minimum = 1, description = "10 by default; larger sizes are capped at 500")
    ),
    security(("bearer" = [])),
    responses((status = 200, body = Page<ContactView>), (status = 403, body = ErrorBody))
)]
async fn list_contacts(
    State(state): State<AppState>,
    tenant: Tenant,
    _admin: TenantAdmin,
    PageOf(paging): PageOf<PAGE_SIZE>,
) -> ApiResult<Json<Page<ContactView>>> {
    let found = q::list_contacts(state.read_db(), tenant.id(), paging.page.offset(), paging.page.page_size).await?;
    let items = found.items.into_iter().map(contact_view).collect();
    Ok(Json(Page::new(items, found.count, &paging.page, &paging.url)))
}
