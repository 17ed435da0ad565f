//! What administrators do with members: answer join requests, add and remove members,
//! confirm payments, and remind the unverified. Every change and its mails run in one
//! transaction.

use axum::{
    extract::{Path, State},
    Json,
};
use domain::{
    groups::{membership, permissions::is_admin_role},
    FieldErrors,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::{
    entities::{groups, memberships},
    queries::{
        audit_log as audit, groups as group_q, memberships as member_q, one_time_payments::MODE_OFFLINE,
        users as user_q,
    },
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::areas::groups::{
    group_path,
    membership::{free_seat, refuse, MessageAnswer},
};
use crate::{
    areas::applicants,
    areas::notifications,
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Client, Tenant},
    mailer,
};

use super::*;

pub(super) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(respond_join_request))
        .routes(routes!(add_member))
        .routes(routes!(remove_member))
        .routes(routes!(payment_confirmation))
        .routes(routes!(followup_unverified))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RespondInput {
    /// User ids with a pending request.
    #[serde(default)]
    pub users: Vec<i64>,
    /// accept or reject.
    pub action: Option<String>,
    /// Shown to administrators; mailed to the applicant.
    pub notes: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RespondAnswer {
    pub message: String,
    /// Set when accepting took the group over its maximum size.
    pub warning: Option<String>,
}

/// Accepts or rejects pending requests, one or many, in one transaction.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/respond-join-request/",
    tag = "groups",
    params(("id" = i64, Path)),
    request_body = RespondInput,
    security(("bearer" = [])),
    responses((status = 200, body = RespondAnswer), (status = 403, body = ErrorBody))
)]
async fn respond_join_request(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<RespondInput>,
) -> ApiResult<Json<RespondAnswer>> {
    let (_, group) = managed_group(&state, &tenant, &user, id).await?;
    let (action, ids, notes) = checked_response(body)?;
    let accept = action == "accept";
    let txn = store::begin_write(&state.db).await?;
    let rows = member_q::of_group_for(&txn, group.id, &ids).await?;
    let is_pending = |m: &memberships::Model| (m.status == member_q::STATUS_PENDING).then_some(m.user_id);
    let pending = applicants::pending_of_each(rows, &ids, is_pending, "users", "request")?;
    let (status, verb) =
        if accept { (member_q::STATUS_ACCEPTED, "accepted") } else { (member_q::STATUS_REJECTED, "rejected") };
    for id in &ids {
        let model = pending[id].clone();
        let payment = if accept { payment_start(&group, model.payment_status.as_deref()) } else { None };
        member_q::set_status(&txn, model, status, Some(notes.clone()), None, payment).await?;
    }
    tell_requesters(&txn, &tenant, &group, &ids, verb, notes.as_deref(), &group_url(&client, &tenant, &group)).await?;
    let details = audit_details(&group, status);
    audit::record_many(&txn, tenant.id(), Some(user.id), action, audit::ENTITY_USER, &ids, notes.as_deref(), details)
        .await?;
    let notice =
        domain::notifications::request_answered(&notifications::group_ref(&group, &group_path(&group)), accept);
    let written = notifications::write(&txn, tenant.id(), Some(user.id), &ids, &notice).await?;
    let accepted = group_q::accepted_count(&txn, group.id).await?;
    txn.commit().await?;
    notifications::announce(&state, written).await;
    state.jobs_wake.notify_one();
    let over = accept && membership::capacity(&group.group_type, group.maximum_size).is_some_and(|max| accepted > max);
    Ok(Json(RespondAnswer {
        message: applicants::decided_message(ids.len(), "Members", verb),
        warning: over.then(|| format!("{} The group now has {accepted} members.", membership::MSG_FULL)),
    }))
}

/// The answer to join requests, checked: the action, the people (each once, at most
/// [`applicants::MAX_BULK`]) and the administrators' note.
fn checked_response(body: RespondInput) -> ApiResult<(&'static str, Vec<i64>, Option<String>)> {
    let action = action_of(body.action.as_deref())?;
    let choice = applicants::Choice {
        field: "users",
        when_none: applicants::MSG_NO_ONE_CHOSEN,
        bulk_field: "users",
        noun: "members",
    };
    let ids = applicants::chosen_people(body.users, &choice)?;
    let mut errors = FieldErrors::new();
    let notes = note_text(&mut errors, "notes", body.notes.as_deref());
    errors.into_result()?;
    Ok((action, ids, notes))
}

/// Mails each person who asked to join the answer, with the administrators' note.
async fn tell_requesters(
    txn: &sea_orm::DatabaseTransaction,
    tenant: &Tenant,
    group: &groups::Model,
    ids: &[i64],
    verb: &str,
    notes: Option<&str>,
    url: &str,
) -> ApiResult<()> {
    let people = user_q::find_by_ids(txn, ids).await?;
    for person in ids.iter().filter_map(|id| people.get(id)) {
        let mut text = vec![format!("Your request to join {} has been {verb}.", group.name)];
        if let Some(notes) = notes {
            text.push(format!("Note from the administrators: {notes}"));
        }
        notify(txn, tenant, person, format!("Your request to join {} was {verb}", group.name), text, url).await?;
    }
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AddMemberInput {
    pub user: Option<i64>,
    /// A role of the group (admin, leader, facilitator, member; events: admin, attendee,
    /// presenter, volunteer).
    pub role: Option<String>,
}

/// Adds a non-member, follower or rejected user of the site under a role.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/add-member/",
    tag = "groups",
    params(("id" = i64, Path)),
    request_body = AddMemberInput,
    security(("bearer" = [])),
    responses((status = 200, body = MessageAnswer), (status = 403, body = ErrorBody))
)]
async fn add_member(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<AddMemberInput>,
) -> ApiResult<Json<MessageAnswer>> {
    let (_, group) = managed_group(&state, &tenant, &user, id).await?;
    let (target_id, role) = checked_addition(&body, &group)?;
    let target = user_q::find_by_id(&state.db, target_id).await?.filter(|u| u.is_active);
    let belongs = match &target {
        Some(t) => group.is_tenant_root || crate::areas::groups::member_of_site(&state, &tenant, t.id).await?,
        None => false,
    };
    let Some(target) = target.filter(|_| belongs) else {
        return Err(ApiError::field("user", format!("Invalid pk \"{target_id}\" - object does not exist.")));
    };
    let txn = store::begin_write(&state.db).await?;
    match member_q::find(&txn, group.id, target.id).await?.map(|m| m.status) {
        Some(s) if s == member_q::STATUS_ACCEPTED => {
            return Err(refuse(format!("This user is already a member of this {}.", group.group_type)))
        }
        Some(s) if s == member_q::STATUS_PENDING => {
            return Err(refuse("This user has a pending request: accept it instead."))
        }
        _ => {}
    }
    let apply = member_q::Apply {
        group_id: group.id,
        user_id: target.id,
        role,
        status: member_q::STATUS_ACCEPTED,
        extra_info: None,
        waitlisted: false,
        payment_status: group.is_paid.then_some(membership::PAYMENT_PENDING),
    };
    member_q::apply(&txn, apply).await?;
    let written = notify_added(&txn, &tenant, &client, &user, &group, &[&target], role).await?;
    txn.commit().await?;
    notifications::announce(&state, written).await;
    state.jobs_wake.notify_one();
    Ok(Json(MessageAnswer { message: format!("Successfully added as {role}") }))
}

/// Whom to add and in which role (both required; a role the group type has).
fn checked_addition(body: &AddMemberInput, group: &groups::Model) -> ApiResult<(i64, &'static str)> {
    let mut errors = FieldErrors::new();
    if body.user.is_none() {
        errors.add("user", MSG_REQUIRED);
    }
    let role = match body.role.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        None => {
            errors.add("role", MSG_REQUIRED);
            None
        }
        Some(asked) => {
            let role = membership::managed_role(&group.group_type, asked);
            if role.is_none() {
                errors.add("role", format!("\"{asked}\" is not a valid choice."));
            }
            role
        }
    };
    errors.into_result()?;
    Ok((body.user.unwrap_or_default(), role.unwrap_or("member")))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RemoveMemberInput {
    pub user: Option<i64>,
    /// Required; mailed to the member.
    pub reason: Option<String>,
}

/// Removes an accepted member with a reason; a freed seat goes to the wait list.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/remove-member/",
    tag = "groups",
    params(("id" = i64, Path)),
    request_body = RemoveMemberInput,
    security(("bearer" = [])),
    responses((status = 200, body = MessageAnswer), (status = 403, body = ErrorBody))
)]
async fn remove_member(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<RemoveMemberInput>,
) -> ApiResult<Json<MessageAnswer>> {
    let (_, group) = managed_group(&state, &tenant, &user, id).await?;
    let (target_id, reason) = checked_removal(&body)?;
    if target_id == user.id {
        return Err(refuse(MSG_REMOVE_SELF));
    }
    let txn = store::begin_write(&state.db).await?;
    let Some(current) =
        member_q::find(&txn, group.id, target_id).await?.filter(|m| m.status == member_q::STATUS_ACCEPTED)
    else {
        return Err(refuse(format!("This user is not a member of this {}.", group.group_type)));
    };
    // As with leaving: a group keeps at least one accepted admin or leader.
    if is_admin_role(&current.role) && member_q::manager_count(&txn, group.id).await? <= 1 {
        return Err(refuse(format!(
            "This user is the last administrator of this {}. Make someone else an administrator before removing them.",
            group.group_type
        )));
    }
    member_q::set_status(&txn, current, member_q::STATUS_REJECTED, None, Some(reason.clone()), None).await?;
    let details = audit_details(&group, member_q::STATUS_REJECTED);
    audit::record(
        &txn,
        tenant.id(),
        Some(user.id),
        "remove",
        audit::ENTITY_USER,
        target_id,
        reason.as_deref(),
        details,
    )
    .await?;
    if let Some(person) = user_q::find_by_id(&txn, target_id).await? {
        let url = group_url(&client, &tenant, &group);
        let subject = format!("You were removed from {}", group.name);
        let text = vec![
            format!("You are no longer a member of {}.", group.name),
            format!("Reason: {}", reason.unwrap_or_default()),
        ];
        notify(&txn, &tenant, &person, subject, text, &url).await?;
    }
    let notice = domain::notifications::removed(&notifications::group_ref(&group, &group_path(&group)));
    let written = notifications::write(&txn, tenant.id(), Some(user.id), &[target_id], &notice).await?;
    free_seat(&txn, &tenant, &client, &group).await?;
    txn.commit().await?;
    notifications::announce(&state, written).await;
    state.jobs_wake.notify_one();
    Ok(Json(MessageAnswer { message: MSG_REMOVED.into() }))
}

/// Whom to remove and why (both required).
fn checked_removal(body: &RemoveMemberInput) -> ApiResult<(i64, Option<String>)> {
    let mut errors = FieldErrors::new();
    if body.user.is_none() {
        errors.add("user", MSG_REQUIRED);
    }
    let reason = note_text(&mut errors, "reason", body.reason.as_deref());
    if reason.is_none() && errors.first("reason").is_none() {
        errors.add("reason", MSG_REQUIRED);
    }
    errors.into_result()?;
    Ok((body.user.unwrap_or_default(), reason))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PaymentInput {
    pub user: Option<i64>,
    /// accept (confirmed) or reject (back to pending).
    pub action: Option<String>,
}

/// Marks an accepted member of a paid group as paid or unpaid.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/payment-confirmation/",
    tag = "groups",
    params(("id" = i64, Path)),
    request_body = PaymentInput,
    security(("bearer" = [])),
    responses((status = 200, body = MessageAnswer), (status = 403, body = ErrorBody))
)]
async fn payment_confirmation(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<PaymentInput>,
) -> ApiResult<Json<MessageAnswer>> {
    let (_, group) = managed_group(&state, &tenant, &user, id).await?;
    let action = action_of(body.action.as_deref())?;
    let Some(target_id) = body.user else { return Err(ApiError::field("user", MSG_REQUIRED)) };
    if !group.is_paid {
        return Err(refuse(format!("This {} is free: there is no payment to confirm.", group.group_type)));
    }
    let txn = store::begin_write(&state.db).await?;
    let Some(current) =
        member_q::find(&txn, group.id, target_id).await?.filter(|m| m.status == member_q::STATUS_ACCEPTED)
    else {
        return Err(refuse(format!("This user is not a member of this {}.", group.group_type)));
    };
    let payment = if action == "accept" { membership::PAYMENT_CONFIRMED } else { membership::PAYMENT_PENDING };
    // A seat paid by voucher or online keeps its mode; one the administrators mark paid
    // without either was paid offline.
    let mode = current.payment_mode.clone().or_else(|| (action == "accept").then(|| MODE_OFFLINE.to_string()));
    let was_confirmed = current.payment_status.as_deref() == Some(membership::PAYMENT_CONFIRMED);
    member_q::set_payment(&txn, current, payment, mode.as_deref()).await?;
    let mut details = audit_details(&group, member_q::STATUS_ACCEPTED);
    details["payment_status"] = Value::from(payment);
    audit::record(
        &txn,
        tenant.id(),
        Some(user.id),
        &format!("payment_{action}"),
        audit::ENTITY_USER,
        target_id,
        None,
        details,
    )
    .await?;
    let mut written = Vec::new();
    if action == "accept" && !was_confirmed {
        let notice = domain::notifications::payment_confirmed(&notifications::group_ref(&group, &group_path(&group)));
        written = notifications::write(&txn, tenant.id(), Some(user.id), &[target_id], &notice).await?;
    }
    txn.commit().await?;
    notifications::announce(&state, written).await;
    Ok(Json(MessageAnswer { message: format!("Successfully {action}ed payment status") }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FollowupInput {
    #[serde(default)]
    pub user_ids: Vec<i64>,
}

/// Mails unverified accepted members a reminder to verify their e-mail address.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/followup-email-unverified/",
    tag = "groups",
    params(("id" = i64, Path)),
    request_body = FollowupInput,
    security(("bearer" = [])),
    responses((status = 200, body = MessageAnswer), (status = 403, body = ErrorBody))
)]
async fn followup_unverified(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<FollowupInput>,
) -> ApiResult<Json<MessageAnswer>> {
    let (_, group) = managed_group(&state, &tenant, &user, id).await?;
    let choice =
        applicants::Choice { field: "user_ids", when_none: MSG_NO_FOLLOWUP, bulk_field: "user_ids", noun: "members" };
    let ids = applicants::chosen_people(body.user_ids, &choice)?;
    let accepted: Vec<i64> = member_q::of_group_for(&state.db, group.id, &ids)
        .await?
        .into_iter()
        .filter(|m| m.status == member_q::STATUS_ACCEPTED)
        .map(|m| m.user_id)
        .collect();
    let people = user_q::find_by_ids(&state.db, &accepted).await?;
    if let Some(other) = ids.iter().find(|id| people.get(id).is_none_or(|p| p.is_verified)) {
        return Err(ApiError::field("user_ids", format!("User {other} is not an unverified member of this group.")));
    }
    let url = format!("{}/login", client.origin_for(&tenant.0));
    let org = tenant.0.organization.name.clone();
    let txn = store::begin_write(&state.db).await?;
    for id in &ids {
        let person = &people[id];
        mailer::queue_notice(
            &txn,
            &tenant.0,
            &person.email,
            &person.first_name,
            &format!("Please verify your email address at {org}"),
            vec![
                format!("You are a member of {} but your email address is not verified yet.", group.name),
                "Sign in and enter the verification code we send you to finish.".into(),
            ],
            Some(("Sign in and verify", &url)),
        )
        .await?;
    }
    txn.commit().await?;
    state.jobs_wake.notify_one();
    Ok(Json(MessageAnswer { message: MSG_FOLLOWUP_SENT.into() }))
}
