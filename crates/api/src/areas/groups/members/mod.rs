//! A group's members and what its administrators do with them (spec 001 §4 "Administrator
//! actions on members", "Member list tabs", §5 "Member management and search", §7, §8).
//!
//! - `GET /groups/{id}/members/`: administrators list every tab (accepted, pending,
//!   rejected, unverified) with e-mails, notes and answers; anyone who can see the group
//!   lists its accepted members (the People tab) without them.
//! - `POST respond-join-request/`, `add-member/`, `remove-member/`, `payment-confirmation/`,
//!   `followup-email-unverified/`, `GET export-group-membership/`: administrators only.
//!
//! Every change and its mails run in one transaction.
//!
//! - `list`: the members list and its CSV export
//! - `actions`: answering join requests, adding, removing, payment confirmation, follow-ups

mod actions;
mod list;

use domain::{
    groups::{form, membership},
    FieldErrors,
};
use serde_json::Value;
use store::entities::{groups, users};
use utoipa_axum::router::OpenApiRouter;

use super::{group_path, require_admin, visible_group};
use crate::extract::{caller_of, Caller};
use crate::{
    areas::notifications,
    areas::AppState,
    error::{ApiError, ApiResult},
    extract::{Client, Tenant},
    mailer,
};

pub use list::membership_statuses;

pub fn routes() -> OpenApiRouter<AppState> {
    list::routes().merge(actions::routes())
}

pub const DEFAULT_PAGE_SIZE: u64 = 15;

pub const MSG_NO_PERMISSION: &str = "You do not have permission to manage members.";
pub const MSG_REQUIRED: &str = "This field is required.";
pub const MSG_REMOVE_SELF: &str = "You cannot remove yourself.";
pub const MSG_REMOVED: &str = "Member removed successfully";
pub const MSG_NO_FOLLOWUP: &str = "No users selected for follow-up email.";
pub const MSG_FOLLOWUP_SENT: &str = "Verification follow-up email sent successfully";

/// The group, for an administrator of it.
pub(super) async fn managed_group(
    state: &AppState,
    tenant: &Tenant,
    user: &users::Model,
    id: i64,
) -> ApiResult<(Caller, groups::Model)> {
    let caller = caller_of(Some(user.clone()));
    let group = visible_group(state, tenant, &caller, id).await?;
    require_admin(state, &caller, &group).await?;
    Ok((caller, group))
}

pub(super) fn group_url(client: &Client, tenant: &Tenant, group: &groups::Model) -> String {
    format!("{}{}", client.origin_for(&tenant.0), group_path(group))
}

pub(super) async fn notify(
    txn: &impl sea_orm::ConnectionTrait,
    tenant: &Tenant,
    person: &users::Model,
    subject: String,
    paragraphs: Vec<String>,
    url: &str,
) -> ApiResult<()> {
    mailer::queue_notice(
        txn,
        &tenant.0,
        &person.email,
        &person.first_name,
        &subject,
        paragraphs,
        Some(("Open the page", url)),
    )
    .await?;
    Ok(())
}

/// Tells people `by` (an administrator, or their Google Classroom roster sync) made accepted
/// members of `group` as `role`: a mail each and an in-app notification, written in the
/// caller's transaction. The caller announces the returned rows once it has committed.
pub(crate) async fn notify_added(
    txn: &impl sea_orm::ConnectionTrait,
    tenant: &Tenant,
    client: &Client,
    by: &users::Model,
    group: &groups::Model,
    people: &[&users::Model],
    role: &str,
) -> ApiResult<Vec<store::entities::notifications::Model>> {
    if people.is_empty() {
        return Ok(Vec::new());
    }
    let url = group_url(client, tenant, group);
    let by_name = full_name(by);
    for person in people {
        notify(
            txn,
            tenant,
            person,
            format!("You were added to {}", group.name),
            vec![format!("{by_name} added you to {} as {role}.", group.name)],
            &url,
        )
        .await?;
    }
    let notice = domain::notifications::added(&by_name, &notifications::group_ref(group, &group_path(group)), role);
    let ids: Vec<i64> = people.iter().map(|p| p.id).collect();
    notifications::write(txn, tenant.id(), Some(by.id), &ids, &notice).await
}

pub(super) fn action_of(action: Option<&str>) -> ApiResult<&'static str> {
    match action.map(str::trim).filter(|a| !a.is_empty()) {
        None => Err(ApiError::field("action", crate::areas::applicants::MSG_NO_ACTION)),
        Some("accept") => Ok("accept"),
        Some("reject") => Ok("reject"),
        Some(other) => Err(ApiError::field("action", format!("\"{other}\" is not a valid choice."))),
    }
}

/// A note or reason: trimmed, blank as none; longer than [`membership::MAX_NOTE_CHARS`] is refused on
/// its field rather than cut.
pub(super) fn note_text(errors: &mut FieldErrors, field: &str, value: Option<&str>) -> Option<String> {
    let text = value.map(str::trim).filter(|t| !t.is_empty())?;
    if text.chars().count() > membership::MAX_NOTE_CHARS {
        errors.add(field, form::msg_max_chars(membership::MAX_NOTE_CHARS));
        return None;
    }
    Some(text.to_string())
}

/// What an audit row of a member action says about where it happened.
pub(super) fn audit_details(group: &groups::Model, status: &str) -> Value {
    serde_json::json!({ "group_id": group.id, "group_name": group.name, "group_type": group.group_type, "status": status })
}

pub(super) fn payment_start(group: &groups::Model, current: Option<&str>) -> Option<Option<String>> {
    (group.is_paid && current.is_none()).then(|| Some(membership::PAYMENT_PENDING.to_string()))
}

pub(super) fn full_name(user: &users::Model) -> String {
    format!("{} {}", user.first_name, user.last_name).trim().to_string()
}
