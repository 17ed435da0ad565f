//! Invitations to join a group (spec 001 §3 "Invitation", §4 "Invitation", §5 "Invite",
//! §6, §7, §8).
//!
//! - `POST /api/v1/invite-users/`: administrators, and accepted members unless the group
//!   has ended, invite people of the site (by user id) and anyone by e-mail.
//! - `GET /api/v1/invitation/{id}/`: the invitee (by user, or by a primary or verified
//!   alternate e-mail address matching the invited one) or the group's administrators.
//! - `POST /api/v1/invitation/{id}/{action}/`: the invitee accepts or rejects.
//!
//! An invitation to a job (`content_type: job`, `object_id` the job's id) is sent by the
//! job's administrators for a published job; accepting it leads to the job's page, where
//! the invitee applies (answers and resume are still needed), and joins no group.
//!
//! The id is a random 32-character token and the link mailed is `/invitation/{id}` on the
//! site's own domain. An invitation to an address without an account waits for the
//! sign-up: the new account's e-mail matches it, and the first look ties it to the user.

use axum::{
    extract::{Path, State},
    Json,
};
use domain::sent::{Sent, Texts};
use domain::{groups::invite, FieldErrors};
use serde::{Deserialize, Serialize};
use store::{
    entities::{groups, invitations as invitation_entity, job_posts, users},
    queries::{groups as group_q, invitations as inv_q, job_posts as post_q, memberships as member_q, users as user_q},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    groups::{group_path, is_admin, not_found, view, visible_group, GroupView},
    jobs::{self, JobView},
};
use crate::extract::{caller_of, Caller};
use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Client, Tenant},
    mailer, secrets,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(invite_users))
        .routes(routes!(get_invitation))
        .routes(routes!(answer_invitation))
}

pub const MSG_SENT: &str = "Invitation sent successfully.";
pub const MSG_NOT_FOUND: &str = "Invitation not found.";
pub const MSG_NO_RIGHT: &str = "You do not have permission to invite people to this group.";
pub const MSG_NO_RIGHT_JOB: &str = "You do not have permission to invite people to this job.";
pub const MSG_JOB_DRAFT: &str = "Only a published job can be shared.";
pub const MSG_ANSWERED: &str = "This invitation has already been answered.";

#[derive(Debug, Deserialize, ToSchema)]
pub struct InviteInput {
    /// The group's id.
    pub object_id: Option<i64>,
    /// group (default) or job.
    pub content_type: Option<String>,
    /// Ids of people of the site.
    #[serde(default)]
    pub users: Vec<i64>,
    /// Comma-joined addresses, or a list.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub emails: Sent<Texts>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageOnly {
    pub message: String,
}

fn full_name(user: &users::Model) -> String {
    format!("{} {}", user.first_name, user.last_name).trim().to_string()
}

/// Invites people to a group, mailing each a link.
#[utoipa::path(
    post,
    path = "/api/v1/invite-users/",
    tag = "groups",
    request_body = InviteInput,
    security(("bearer" = [])),
    responses((status = 200, body = MessageOnly), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody))
)]
async fn invite_users(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<InviteInput>,
) -> ApiResult<Json<MessageOnly>> {
    let asked = InviteRequest::parse(body)?;
    let caller = caller_of(Some(user.clone()));
    let (group, job) = invited_to(&state, &tenant, &caller, &user, &asked).await?;
    let recipients = recipients(&state, &tenant, &group, job.is_some(), &asked).await?;
    let invitation =
        Invitation { group: &group, job: job.as_ref(), inviter: &user, origin: client.origin_for(&tenant.0) };
    let txn = store::begin_write(&state.db).await?;
    let mut written = Vec::new();
    for (account, email) in &recipients {
        written.extend(invitation.send(&txn, &tenant, account.as_ref(), email).await?);
    }
    txn.commit().await?;
    super::notifications::announce(&state, written).await;
    state.jobs_wake.notify_one();
    Ok(Json(MessageOnly { message: MSG_SENT.into() }))
}

/// An invitation request, checked: what to (a group or a job) and whom (people of the site
/// and addresses), each mistake on its field.
struct InviteRequest {
    to_job: bool,
    object_id: i64,
    user_ids: Vec<i64>,
    emails: Vec<String>,
}

impl InviteRequest {
    fn parse(body: InviteInput) -> ApiResult<InviteRequest> {
        let mut errors = FieldErrors::new();
        let kind = body.content_type.as_deref().map(str::trim).unwrap_or(inv_q::CONTENT_GROUP).to_string();
        if kind != inv_q::CONTENT_GROUP && kind != inv_q::CONTENT_JOB {
            errors.add("content_type", format!("\"{kind}\" is not a valid choice."));
        }
        if body.object_id.is_none() {
            errors.add("object_id", "This field is required.");
        }
        let emails = match invite::emails(&body.emails) {
            Ok(list) => list,
            Err(found) => {
                errors.merge_prefixed("", found);
                Vec::new()
            }
        };
        errors.into_result()?;
        let mut user_ids = body.users;
        user_ids.sort_unstable();
        user_ids.dedup();
        if user_ids.is_empty() && emails.is_empty() {
            return Err(ApiError::field("non_field_errors", invite::MSG_NOBODY));
        }
        if user_ids.len() + emails.len() > invite::MAX_RECIPIENTS {
            return Err(ApiError::field(
                "non_field_errors",
                format!("Invite at most {} people at once.", invite::MAX_RECIPIENTS),
            ));
        }
        let to_job = kind == inv_q::CONTENT_JOB;
        Ok(InviteRequest { to_job, object_id: body.object_id.unwrap_or_default(), user_ids, emails })
    }
}

/// The group (and job) invited to, when the caller may invite to it: a published job's
/// administrators; a group's administrators, and its accepted members until it has ended.
async fn invited_to(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    user: &users::Model,
    asked: &InviteRequest,
) -> ApiResult<(groups::Model, Option<job_posts::Model>)> {
    if asked.to_job {
        let found = jobs::visible_job(state, tenant, caller, asked.object_id).await?;
        if !found.is_admin {
            return Err(ApiError::Forbidden(MSG_NO_RIGHT_JOB.into()));
        }
        if found.job.job_status != domain::jobs::form::STATUS_PUBLISHED {
            return Err(ApiError::field("non_field_errors", MSG_JOB_DRAFT));
        }
        return Ok((found.group, Some(found.job)));
    }
    let group = visible_group(state, tenant, caller, asked.object_id).await?;
    let admin = is_admin(state, caller, &group).await?;
    let member =
        member_q::find(&state.db, group.id, user.id).await?.is_some_and(|m| m.status == member_q::STATUS_ACCEPTED);
    let ended = view::dates_of(&group).has_ended(view::today());
    if !(admin || (member && !ended)) {
        return Err(ApiError::Forbidden(MSG_NO_RIGHT.into()));
    }
    Ok((group, None))
}

/// Whom to invite, each once: people of the site (active, accepted in its organization and,
/// for a group, not already in it) and the addresses typed, with their accounts when they
/// have one. A fixed number of queries whatever the number of recipients.
async fn recipients(
    state: &AppState,
    tenant: &Tenant,
    group: &groups::Model,
    to_job: bool,
    asked: &InviteRequest,
) -> ApiResult<Vec<(Option<users::Model>, String)>> {
    let people = user_q::find_by_ids(&state.db, &asked.user_ids).await?;
    let memberships = member_q::of_users_in(&state.db, &asked.user_ids, &[tenant.organization_id(), group.id]).await?;
    let accepted_in = |group_id: i64, user_id: i64| {
        memberships
            .iter()
            .any(|m| m.group_id == group_id && m.user_id == user_id && m.status == member_q::STATUS_ACCEPTED)
    };
    let mut recipients: Vec<(Option<users::Model>, String)> = Vec::new();
    for id in &asked.user_ids {
        let belongs = |p: &&users::Model| p.is_active && accepted_in(tenant.organization_id(), p.id);
        let Some(person) = people.get(id).filter(belongs) else {
            return Err(ApiError::field("users", format!("Invalid pk \"{id}\" - object does not exist.")));
        };
        if !to_job && accepted_in(group.id, person.id) {
            return Err(ApiError::field(
                "users",
                format!("{} is already a member of this {}.", full_name(person), group.group_type),
            ));
        }
        recipients.push((Some(person.clone()), person.email.clone()));
    }
    let accounts = user_q::find_by_emails(&state.db, &asked.emails).await?;
    for email in &asked.emails {
        let account = accounts.get(email).filter(|u| u.is_active).cloned();
        // Someone chosen as a user and also typed as an address is invited once.
        let same_person = |(chosen, address): &(Option<users::Model>, String)| {
            address.eq_ignore_ascii_case(email)
                || chosen.as_ref().zip(account.as_ref()).is_some_and(|(chosen, typed)| chosen.id == typed.id)
        };
        if !recipients.iter().any(same_person) {
            recipients.push((account, email.clone()));
        }
    }
    Ok(recipients)
}

/// What every invitation of one request shares.
struct Invitation<'a> {
    group: &'a groups::Model,
    job: Option<&'a job_posts::Model>,
    inviter: &'a users::Model,
    origin: String,
}

impl Invitation<'_> {
    /// Writes one invitation, queues its mail and, for someone with an account, notifies
    /// them; answers the notifications written.
    async fn send(
        &self,
        txn: &sea_orm::DatabaseTransaction,
        tenant: &Tenant,
        account: Option<&users::Model>,
        email: &str,
    ) -> ApiResult<Vec<store::entities::notifications::Model>> {
        let (group, job) = (self.group, self.job);
        let id: String = secrets::random_token().chars().take(32).collect();
        inv_q::create(
            txn,
            inv_q::NewInvitation {
                id: &id,
                tenant_id: tenant.id(),
                content_type: if job.is_some() { inv_q::CONTENT_JOB } else { inv_q::CONTENT_GROUP },
                object_id: job.map_or(group.id, |j| j.id),
                invited_by: self.inviter.id,
                user_id: account.map(|a| a.id),
                email: Some(email),
            },
        )
        .await?;
        let url = format!("{}/invitation/{id}", self.origin);
        let first_name = account.map(|a| a.first_name.clone()).unwrap_or_default();
        let inviter = full_name(self.inviter);
        let site = &tenant.0.organization.name;
        let (subject, text) = match job {
            Some(job) => (
                format!("{inviter} invited you to apply to {}", job.title),
                format!("{inviter} invited you to apply to the job {} of {} at {site}.", job.title, group.name),
            ),
            None => (
                format!("{inviter} invited you to join {}", group.name),
                format!("{inviter} invited you to join the {} {} at {site}.", group.group_type, group.name),
            ),
        };
        let link = Some(("See the invitation", url.as_str()));
        mailer::queue_notice(txn, &tenant.0, email, &first_name, &subject, vec![text], link).await?;
        let Some(account) = account else { return Ok(Vec::new()) };
        let notice = domain::notifications::invited(
            &inviter,
            &super::notifications::group_ref(group, &super::groups::group_path(group)),
            job.map(|j| j.title.as_str()),
            &id,
        );
        super::notifications::write(txn, tenant.id(), Some(self.inviter.id), &[account.id], &notice).await
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvitationView {
    pub id: String,
    /// group or job.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: String,
    /// pending, accepted or rejected.
    pub status: String,
    /// The group invited to (for a job: the job's group).
    pub results: GroupView,
    /// The job invited to (job invitations only).
    pub job: Option<JobView>,
    /// The inviter's name.
    pub invited_by: String,
}

fn addressed_to(invitation: &invitation_entity::Model, user: &users::Model) -> bool {
    if invitation.user_id == Some(user.id) {
        return true;
    }
    let Some(email) = invitation.email.as_deref() else { return false };
    email.eq_ignore_ascii_case(&user.email)
        || (user.is_alternate_email_verified
            && user.alternate_email.as_deref().is_some_and(|alt| alt.eq_ignore_ascii_case(email)))
}

/// An invitation of the tenant, its group, and its job for a job invitation.
async fn load(state: &AppState, tenant: &Tenant, id: &str) -> ApiResult<Loaded> {
    let missing = || ApiError::NotFound(MSG_NOT_FOUND.into());
    let id = id.trim();
    if id.is_empty() || id.len() > 40 {
        return Err(missing());
    }
    let invitation = inv_q::find(&state.db, tenant.id(), id).await?.ok_or_else(missing)?;
    let (group_id, job) = match invitation.content_type.as_str() {
        inv_q::CONTENT_GROUP => (invitation.object_id, None),
        inv_q::CONTENT_JOB => {
            let job = post_q::find(&state.db, tenant.id(), invitation.object_id).await?.ok_or_else(jobs::not_found)?;
            (job.group_id, Some(job))
        }
        _ => return Err(missing()),
    };
    let group = group_q::find(&state.db, tenant.id(), group_id).await?.ok_or_else(not_found)?;
    Ok((invitation, group, job))
}

type Loaded = (invitation_entity::Model, groups::Model, Option<job_posts::Model>);

/// An invitation, for its invitee or the group's administrators.
#[utoipa::path(
    get,
    path = "/api/v1/invitation/{id}/",
    tag = "groups",
    params(("id" = String, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Data<InvitationView>))
)]
async fn get_invitation(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Data<InvitationView>>> {
    let (mut invitation, group, job) = load(&state, &tenant, &id).await?;
    let caller = caller_of(Some(user.clone()));
    let invitee = addressed_to(&invitation, &user);
    if !invitee && !is_admin(&state, &caller, &group).await? {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    if invitee && invitation.user_id.is_none() {
        // An address invited before it had an account: the account now takes it.
        let status = invitation.status.clone();
        invitation = inv_q::update(&state.db, invitation, &status, Some(user.id)).await?;
    }
    let inviter =
        user_q::find_by_id(&state.db, invitation.invited_by).await?.map(|u| full_name(&u)).unwrap_or_default();
    Ok(Json(Data::new(InvitationView {
        id: invitation.id,
        kind: invitation.content_type,
        status: invitation.status,
        results: view::view(&state, &caller, group).await?,
        job: match job {
            Some(job) => Some(jobs::view::view(&state, &caller, job).await?),
            None => None,
        },
        invited_by: inviter,
    })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvitationAnswer {
    /// The group's page, e.g. /circle/{slug}.
    pub redirect: String,
    pub message: String,
    /// accepted or rejected.
    pub status: String,
}

/// Accepts or rejects an invitation. Accepting makes the invitee an accepted member, even
/// of a full group or one that is invitation only.
#[utoipa::path(
    post,
    path = "/api/v1/invitation/{id}/{action}/",
    tag = "groups",
    params(("id" = String, Path), ("action" = String, Path, description = "accept or reject")),
    security(("bearer" = [])),
    responses((status = 200, body = InvitationAnswer), (status = 403, body = ErrorBody))
)]
async fn answer_invitation(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path((id, action)): Path<(String, String)>,
) -> ApiResult<Json<InvitationAnswer>> {
    let action = match action.as_str() {
        "accept" => "accept",
        "reject" => "reject",
        other => return Err(ApiError::field("action", format!("\"{other}\" is not a valid choice."))),
    };
    let (invitation, group, job) = load(&state, &tenant, &id).await?;
    if !addressed_to(&invitation, &user) {
        return Err(ApiError::Forbidden("This invitation is for someone else.".into()));
    }
    if invitation.status != inv_q::STATUS_PENDING {
        return Err(ApiError::field("non_field_errors", MSG_ANSWERED));
    }
    let accept = action == "accept";
    if accept {
        check_still_open(&group, job.as_ref())?;
    }
    let status = if accept { inv_q::STATUS_ACCEPTED } else { inv_q::STATUS_REJECTED };
    let txn = store::begin_write(&state.db).await?;
    // The answer is written only if the invitation is still pending, before anything else:
    // of two answers at once, the second finds it answered and changes nothing.
    if !inv_q::answer_if_pending(&txn, &invitation.id, status, user.id).await? {
        return Err(ApiError::field("non_field_errors", MSG_ANSWERED));
    }
    // A job invitation leads to the job's page, where the invitee applies; it joins no group.
    if accept && job.is_none() {
        join_invited(&txn, &group, user.id).await?;
    }
    txn.commit().await?;
    Ok(Json(InvitationAnswer {
        redirect: job.as_ref().map_or_else(|| group_path(&group), jobs::job_path),
        message: format!("Successfully {action}ed invitation"),
        status: status.into(),
    }))
}

/// An invitation is accepted while its job takes applications, or its group has not ended.
fn check_still_open(group: &groups::Model, job: Option<&job_posts::Model>) -> ApiResult<()> {
    if let Some(job) = job {
        let window =
            domain::jobs::lifecycle::Window { open: job.application_open_date, close: job.application_close_date };
        if window.is_expired(view::today()) {
            return Err(ApiError::field("non_field_errors", domain::jobs::lifecycle::MSG_EXPIRED));
        }
    } else if view::dates_of(group).has_ended(view::today()) {
        return Err(ApiError::field("non_field_errors", format!("This {} has ended.", group.group_type)));
    }
    Ok(())
}

/// The invitee joins the group (accepted; a paid group's payment still to come), keeping
/// the answers of an earlier request.
async fn join_invited(txn: &sea_orm::DatabaseTransaction, group: &groups::Model, user_id: i64) -> ApiResult<()> {
    let current = member_q::find(txn, group.id, user_id).await?;
    if current.as_ref().is_some_and(|m| m.status == member_q::STATUS_ACCEPTED) {
        return Ok(());
    }
    let role = if group.group_type == "event" { "attendee" } else { "member" };
    let apply = member_q::Apply {
        group_id: group.id,
        user_id,
        role,
        status: member_q::STATUS_ACCEPTED,
        extra_info: current.and_then(|m| m.extra_info),
        waitlisted: false,
        payment_status: group.is_paid.then_some(domain::groups::membership::PAYMENT_PENDING),
    };
    member_q::apply(txn, apply).await?;
    Ok(())
}
