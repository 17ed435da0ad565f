//! Joining and leaving a group (spec 001 §4 "Membership", §7, §8).
//!
//! - `POST /groups/{id}/join/`: non-members and rejected users apply. Circles and events go
//!   to their administrators (pending), on the wait list when full; organizations and
//!   institutions with open publicity accept at once. Answers to the group's questions and,
//!   for conference events, the conference registration are checked.
//! - `POST /groups/{id}/leave/`: cancels one's own pending request or leaves; a freed seat
//!   goes to the longest-waiting applicant on the wait list ([`free_seat`]).

use axum::{
    body::Bytes,
    extract::{Path, State},
    Json,
};
use domain::{
    groups::{
        conference,
        membership::{self, JoinFacts},
        permissions::is_admin_role,
        questions,
    },
    FieldErrors,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use store::{
    entities::{groups, memberships, users},
    queries::{files, groups as group_q, memberships as member_q, users as user_q},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{group_path, not_found, view, visible_group};
use crate::extract::caller_of;
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{parse_json, ApiJson, AuthUser, Client, Tenant},
    mailer,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(join)).routes(routes!(leave))
}

pub const MSG_CANCELED: &str = "You successfully canceled a request";
pub const MSG_LEFT: &str = "You successfully left";
pub const MSG_PDF: &str = "Please upload a pdf file.";

#[derive(Debug, Deserialize, ToSchema)]
pub struct JoinInput {
    /// Events: attendee (default) or presenter; other groups: member.
    pub role: Option<String>,
    /// `{answers: {question id: answer}}`, or the conference registration's fields.
    #[schema(value_type = Option<Object>)]
    pub extra_info: Option<Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct JoinState {
    /// pending or accepted.
    pub membership_status: String,
    pub role: String,
    /// The group was full: the request waits for a free seat.
    pub waitlisted: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct JoinAnswer {
    pub data: JoinState,
    pub message: String,
    /// Set when the request went on the wait list.
    pub warning: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageAnswer {
    pub message: String,
}

pub(super) fn refuse(message: impl Into<String>) -> ApiError {
    ApiError::field("non_field_errors", message)
}

/// Checks the answers to the group's questions (file answers must be the caller's files)
/// and, for conference events, the registration. Gives the `extra_info` to store and, for
/// a conference, the participant type.
async fn checked_extra_info(
    db: &impl sea_orm::ConnectionTrait,
    tenant: &Tenant,
    user_id: i64,
    group: &groups::Model,
    given: Option<Value>,
) -> ApiResult<(Value, Option<String>)> {
    let given = match given {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(map)) => map,
        Some(_) => return Err(ApiError::field("extra_info", "Expected an object.")),
    };
    let mut errors = FieldErrors::new();
    let mut stored = Map::new();
    let mut participant = None;
    if group.group_type == "event" && group.event_type.as_deref() == Some("conference") {
        match conference::check(&given) {
            Ok(registration) => {
                if let Some(id) = registration.abstract_file {
                    let file = files::find_owned(db, tenant.id(), user_id, id).await?;
                    if file.is_none_or(|f| f.content_type != "application/pdf") {
                        errors.add("abstract_file", MSG_PDF);
                    }
                }
                participant = Some(registration.participant_type.clone());
                stored.extend(registration.fields);
            }
            Err(found) => errors.merge_prefixed("", found),
        }
    }
    let list = questions::of_extra_info(group.extra_info.as_ref());
    let empty = Map::new();
    let answers = given.get("answers").and_then(Value::as_object).unwrap_or(&empty);
    match questions::check_answers(&list, answers) {
        Ok(kept) => {
            for question in list.iter().filter(|q| q.kind == "file") {
                if let Some(id) = kept.get(&question.id).and_then(Value::as_i64) {
                    if files::find_owned(db, tenant.id(), user_id, id).await?.is_none() {
                        errors.add(format!("answers.{}", question.id), "Upload a file.");
                    }
                }
            }
            if !kept.is_empty() {
                stored.insert("answers".into(), Value::Object(kept));
            }
        }
        Err(found) => errors.merge_prefixed("", found),
    }
    errors.into_result()?;
    Ok((Value::Object(stored), participant))
}

/// Applies to join a group (spec 001 §4).
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/join/",
    tag = "groups",
    params(("id" = i64, Path)),
    request_body = JoinInput,
    security(("bearer" = [])),
    responses((status = 200, body = JoinAnswer))
)]
async fn join(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<JoinInput>,
) -> ApiResult<Json<JoinAnswer>> {
    let caller = caller_of(Some(user.clone()));
    let group = visible_group(&state, &tenant, &caller, id).await?;
    let txn = store::begin_write(&state.db).await?;
    let current = member_q::find(&txn, group.id, user.id).await?;
    let accepted_count = group_q::accepted_count(&txn, group.id).await?;
    let outcome = membership::decide_join(join_facts(&group, current.as_ref(), accepted_count)).map_err(refuse)?;
    // The answers are checked once the request itself may be made.
    let (extra_info, participant) = checked_extra_info(&txn, &tenant, user.id, &group, body.extra_info).await?;
    let role = match participant {
        Some(p) => membership::join_role(&group.group_type, Some(&p)),
        None => membership::join_role(&group.group_type, body.role.as_deref()),
    }
    .map_err(|message| ApiError::field("role", message))?;
    let apply = member_q::Apply {
        group_id: group.id,
        user_id: user.id,
        role,
        status: outcome.status,
        extra_info: Some(extra_info),
        waitlisted: outcome.waitlisted,
        payment_status: None,
    };
    let saved = member_q::apply(&txn, apply).await?;
    // Applying to the site's organization: its system agents judge the application (issue 18).
    let applied = group.is_tenant_root && current.as_ref().map(|m| &m.status) != Some(&saved.status);
    if applied {
        services::system_agents::queue_member(&txn, group.tenant_id, user.id).await?;
    }
    let written = if saved.status == member_q::STATUS_PENDING {
        tell_managers(&txn, &tenant, &group, &user).await?
    } else {
        Vec::new()
    };
    txn.commit().await?;
    if applied {
        state.jobs_wake.notify_one();
    }
    crate::areas::notifications::announce(&state, written).await;
    Ok(Json(JoinAnswer {
        message: membership::join_message(&group.group_type, &group.name, &saved.status),
        warning: saved.waitlisted.then(|| format!("{} {}", membership::MSG_FULL, membership::MSG_WAITLIST)),
        data: JoinState { membership_status: saved.status, role: saved.role, waitlisted: saved.waitlisted },
    }))
}

/// What decides whether (and how) the caller may join the group today.
fn join_facts<'a>(
    group: &'a groups::Model,
    current: Option<&'a memberships::Model>,
    accepted_count: u64,
) -> JoinFacts<'a> {
    let (today, dates) = (view::today(), view::dates_of(group));
    JoinFacts {
        group_type: &group.group_type,
        publicity_open: group.join_mode == group_q::JOIN_OPEN,
        is_paid: group.is_paid,
        has_ended: dates.has_ended(today),
        accepts_applications: dates.accepts_applications(today),
        current_status: current.map(|m| m.status.as_str()),
        accepted_count,
        maximum_size: group.maximum_size,
    }
}

/// Notifies the group's managers of a request to join.
async fn tell_managers(
    txn: &sea_orm::DatabaseTransaction,
    tenant: &Tenant,
    group: &groups::Model,
    user: &users::Model,
) -> ApiResult<Vec<store::entities::notifications::Model>> {
    let managers = store::queries::notifications::group_managers(txn, group.id).await?;
    let name = format!("{} {}", user.first_name, user.last_name).trim().to_string();
    let notice = domain::notifications::join_requested(
        &name,
        &crate::areas::notifications::group_ref(group, &group_path(group)),
    );
    crate::areas::notifications::write(txn, tenant.id(), Some(user.id), &managers, &notice).await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LeaveInput {
    /// Optional; only the caller's own id.
    pub user: Option<i64>,
}

/// Cancels the caller's pending request or leaves the group.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/leave/",
    tag = "groups",
    params(("id" = i64, Path)),
    request_body = LeaveInput,
    security(("bearer" = [])),
    responses((status = 200, body = MessageAnswer), (status = 403, body = ErrorBody))
)]
async fn leave(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    body: Bytes,
) -> ApiResult<Json<MessageAnswer>> {
    if !body.iter().all(u8::is_ascii_whitespace) {
        let input: LeaveInput = parse_json(&body)?;
        if input.user.is_some_and(|other| other != user.id) {
            return Err(ApiError::Forbidden("You can only leave a group yourself.".into()));
        }
    }
    // A pending member of a private group cannot see it yet, but may cancel the request.
    let group = group_q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    // Without a request of their own, a private group stays unknown (404, not 400).
    let own = member_q::find(&state.db, group.id, user.id).await?;
    if own.is_none_or(|m| m.status == member_q::STATUS_REJECTED) {
        super::ensure_visible(&state, &caller_of(Some(user.clone())), group.clone()).await?;
    }
    let kind = group.group_type.clone();
    let txn = store::begin_write(&state.db).await?;
    let mine = member_q::find(&txn, group.id, user.id)
        .await?
        .filter(|m| m.status != member_q::STATUS_REJECTED)
        .ok_or_else(|| refuse(format!("You are not a member of this {kind}.")))?;
    let was_accepted = mine.status == member_q::STATUS_ACCEPTED;
    if was_accepted && is_admin_role(&mine.role) && member_q::manager_count(&txn, group.id).await? <= 1 {
        return Err(refuse(format!(
            "You are the last administrator of this {kind}. Make someone else an administrator before leaving."
        )));
    }
    member_q::delete(&txn, mine.id).await?;
    if was_accepted {
        free_seat(&txn, &tenant, &client, &group).await?;
    }
    txn.commit().await?;
    state.jobs_wake.notify_one();
    Ok(Json(MessageAnswer { message: if was_accepted { MSG_LEFT } else { MSG_CANCELED }.into() }))
}

/// After an accepted member left or was removed: gives the freed seat of a circle or event
/// to the longest-waiting applicant on the wait list ([`fill_seats`] with one seat).
pub(super) async fn free_seat(
    txn: &impl sea_orm::ConnectionTrait,
    tenant: &Tenant,
    client: &Client,
    group: &groups::Model,
) -> ApiResult<()> {
    fill_seats(txn, tenant, client, group, 1).await.map(|_| ())
}

/// Gives up to `seats` free seats of a circle or event to the longest-waiting applicants on
/// the wait list, one after the other, and mails each. Accepted at once when the group's
/// publicity is open; otherwise their request goes to the administrators. Run it in the
/// transaction that freed the seats (a member leaving or removed, the maximum size raised).
/// Answers how many left the wait list.
pub(super) async fn fill_seats(
    txn: &impl sea_orm::ConnectionTrait,
    tenant: &Tenant,
    client: &Client,
    group: &groups::Model,
    seats: u64,
) -> ApiResult<u64> {
    if !membership::is_program(&group.group_type) {
        return Ok(0);
    }
    let capacity = membership::capacity(&group.group_type, group.maximum_size);
    let open = group.join_mode == group_q::JOIN_OPEN;
    let name = &group.name;
    let url = format!("{}{}", client.origin_for(&tenant.0), group_path(group));
    let mut promoted_count = 0;
    while promoted_count < seats {
        let Some(promoted) = member_q::promote_waitlisted(txn, group, capacity, open).await? else { break };
        promoted_count += 1;
        let Some(person) = user_q::find_by_id(txn, promoted.user_id).await? else { continue };
        let text = if promoted.status == member_q::STATUS_ACCEPTED {
            format!("A seat is free in {name}, and your request from the wait list has been accepted. Welcome!")
        } else {
            format!(
                "A seat is free in {name}. Your request has left the wait list and awaits the administrators' decision."
            )
        };
        mailer::queue_notice(
            txn,
            &tenant.0,
            &person.email,
            &person.first_name,
            &format!("A seat is free in {name}"),
            vec![text],
            Some(("Open the page", &url)),
        )
        .await?;
    }
    Ok(promoted_count)
}
