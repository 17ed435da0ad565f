//! The roster sync: `POST /api/v1/groups/{id}/sync-users/` `{role: student|teacher}`.
//!
//! Seats: a group with a maximum size (`domain::groups::membership::capacity`) takes roster
//! people as accepted members only while it has seats; the others are counted in `full`
//! and left as they are (no wait list: the administrator decides, e.g. by raising the
//! size and syncing again). Everyone added is told as when an administrator adds them
//! (`groups::notify_added`: a mail and a notification), after the one transaction.

use std::collections::{BTreeSet, HashMap, HashSet};

use axum::{
    extract::{Path, State},
    Json,
};
use serde::{Deserialize, Serialize};
use services::classroom::{self as classroom, MemberChange, Role};
use store::{
    entities::{groups, users},
    queries::{classroom as q, groups as group_q, memberships as member_q, users as user_q},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{access_for, course_of, failure, msg_sync_failed, CHUNK, MAX_UNMATCHED};
use crate::{
    areas::AppState,
    areas::{groups::notify_added, notifications},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Client, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(sync_users))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SyncUsersInput {
    /// student or teacher.
    pub role: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SyncUsersResult {
    /// student or teacher.
    pub role: String,
    /// People of the course read.
    pub total: usize,
    /// New accepted members.
    pub added: usize,
    /// Pending requests accepted, or members who became leaders.
    pub updated: usize,
    /// Already members with that role (or a managing one).
    pub unchanged: usize,
    /// Rejected by an administrator earlier: left as they are.
    pub skipped: usize,
    /// Not made members because the group reached its maximum size.
    pub full: usize,
    /// E-mail addresses (or names) of people who are not members of the site (first 100).
    pub unmatched: Vec<String>,
    pub unmatched_count: usize,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SyncUsersAnswer {
    pub data: SyncUsersResult,
    pub message: String,
}

/// Makes the course's students or teachers members of the group.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/sync-users/",
    tag = "classroom",
    params(("id" = i64, Path)),
    security(("bearer" = [])),
    request_body = SyncUsersInput,
    responses(
        (status = 200, body = SyncUsersAnswer),
        (status = 403, body = ErrorBody),
        (status = 502, body = ErrorBody)
    )
)]
async fn sync_users(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<SyncUsersInput>,
) -> ApiResult<Json<SyncUsersAnswer>> {
    let role = match body.role.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        None => return Err(ApiError::field("role", domain::content::MSG_REQUIRED)),
        Some(raw) => {
            Role::parse(raw).ok_or_else(|| ApiError::field("role", format!("\"{raw}\" is not a valid choice.")))?
        }
    };
    let (group, course) = course_of(&state, &tenant, &user, id).await?;
    let access = access_for(&state, &tenant, user.id).await?;
    let roster = match state.classroom.list_members(&access, &course, role).await {
        Ok(roster) => roster,
        Err(err) => return Err(failure(&state, &tenant, user.id, err, msg_sync_failed(role.as_str())).await),
    };
    let (result, written) = apply_roster(&state, &tenant, &client, &user, &group, role, &roster).await?;
    notifications::announce(&state, written).await;
    state.jobs_wake.notify_one();
    let mut message = format!(
        "{} synced from Google Classroom: {} added, {} updated, {} already members.",
        if role == Role::Student { "Students" } else { "Teachers" },
        result.added,
        result.updated,
        result.unchanged
    );
    if result.full > 0 {
        message.push_str(&format!(
            " {} not added: the {} is full ({} members at most).",
            result.full,
            group.group_type,
            domain::groups::membership::capacity(&group.group_type, group.maximum_size).unwrap_or_default()
        ));
    }
    Ok(Json(SyncUsersAnswer { data: result, message }))
}

/// Applies the roster in one transaction; answers the counts and the notifications written
/// (to announce once committed).
async fn apply_roster(
    state: &AppState,
    tenant: &Tenant,
    client: &Client,
    by: &users::Model,
    group: &groups::Model,
    role: Role,
    roster: &[classroom::RosterMember],
) -> ApiResult<(SyncUsersResult, Vec<store::entities::notifications::Model>)> {
    let emails: Vec<String> =
        roster.iter().filter_map(|m| m.email.clone()).collect::<BTreeSet<_>>().into_iter().collect();
    let mut users: HashMap<String, users::Model> = HashMap::new();
    for chunk in emails.chunks(CHUNK) {
        users.extend(user_q::find_by_emails(&state.db, chunk).await?.into_iter().filter(|(_, u)| u.is_active));
    }
    let ids: Vec<i64> = users.values().map(|u| u.id).collect();
    // People of the site: accepted members of its organization.
    let mut of_site: HashSet<i64> = HashSet::new();
    for chunk in ids.chunks(CHUNK) {
        of_site.extend(
            member_q::of_users_in(&state.db, chunk, &[tenant.organization_id()])
                .await?
                .into_iter()
                .filter(|m| m.status == member_q::STATUS_ACCEPTED)
                .map(|m| m.user_id),
        );
    }
    let wanted = classroom::membership_role(&group.group_type, role);
    let mut result = SyncUsersResult {
        role: role.as_str().into(),
        total: roster.len(),
        added: 0,
        updated: 0,
        unchanged: 0,
        skipped: 0,
        full: 0,
        unmatched: Vec::new(),
        unmatched_count: 0,
    };
    let txn = store::begin_write(&state.db).await?;
    // Seats left, counted in the transaction that takes them.
    let capacity = domain::groups::membership::capacity(&group.group_type, group.maximum_size);
    let mut seats_left = match capacity {
        Some(max) => Some(max.saturating_sub(group_q::accepted_count(&txn, group.id).await?)),
        None => None,
    };
    let mut take_seat = || match seats_left.as_mut() {
        None => true,
        Some(0) => false,
        Some(left) => {
            *left -= 1;
            true
        }
    };
    // Who became an accepted member, by role (added: new members; accepted: pending requests).
    let mut added: Vec<(&users::Model, &'static str)> = Vec::new();
    let mut accepted: Vec<&users::Model> = Vec::new();
    let mut existing = HashMap::new();
    for chunk in ids.chunks(CHUNK) {
        existing.extend(member_q::of_users_in(&txn, chunk, &[group.id]).await?.into_iter().map(|m| (m.user_id, m)));
    }
    let mut done: HashSet<i64> = HashSet::new();
    for person in roster {
        let user = person
            .email
            .as_ref()
            .and_then(|e| users.get(e))
            .filter(|u| group.is_tenant_root || of_site.contains(&u.id));
        let Some(user) = user else {
            result.unmatched_count += 1;
            if result.unmatched.len() < MAX_UNMATCHED {
                result.unmatched.push(person.email.clone().unwrap_or_else(|| person.full_name.clone()));
            }
            continue;
        };
        if !done.insert(user.id) {
            continue;
        }
        let current = existing.remove(&user.id);
        let change = classroom::member_change(current.as_ref().map(|m| (m.status.as_str(), m.role.as_str())), wanted);
        // A new accepted member takes a seat; a role change of an accepted one does not.
        let joins = match &change {
            MemberChange::Add(_) => true,
            MemberChange::Update(_) => current.as_ref().is_some_and(|m| m.status != member_q::STATUS_ACCEPTED),
            MemberChange::Keep | MemberChange::Skip => false,
        };
        if joins && !take_seat() {
            result.full += 1;
            continue;
        }
        match change {
            MemberChange::Add(new_role) => {
                member_q::apply(
                    &txn,
                    member_q::Apply {
                        group_id: group.id,
                        user_id: user.id,
                        role: new_role,
                        status: member_q::STATUS_ACCEPTED,
                        extra_info: None,
                        waitlisted: false,
                        payment_status: group.is_paid.then_some(domain::groups::membership::PAYMENT_PENDING),
                    },
                )
                .await?;
                result.added += 1;
                added.push((user, new_role));
            }
            MemberChange::Update(new_role) => {
                let model = current.expect("an update has a membership");
                let model = if model.status != member_q::STATUS_ACCEPTED {
                    accepted.push(user);
                    member_q::set_status(&txn, model, member_q::STATUS_ACCEPTED, None, None, None).await?
                } else {
                    model
                };
                if model.role != new_role {
                    member_q::upsert(&txn, group.id, user.id, new_role, member_q::STATUS_ACCEPTED).await?;
                }
                result.updated += 1;
            }
            MemberChange::Keep => result.unchanged += 1,
            MemberChange::Skip => result.skipped += 1,
        }
        q::link(&txn, group.id, q::LINK_MEMBER, &person.id, user.id).await?;
    }
    // Told as when an administrator adds them or accepts their request.
    let mut written = Vec::new();
    let added_roles: BTreeSet<&str> = added.iter().map(|(_, r)| *r).collect();
    for added_role in added_roles {
        let people: Vec<&users::Model> = added.iter().filter(|(_, r)| *r == added_role).map(|(u, _)| *u).collect();
        written.extend(notify_added(&txn, tenant, client, by, group, &people, added_role).await?);
    }
    if !accepted.is_empty() {
        let notice = domain::notifications::request_answered(
            &notifications::group_ref(group, &crate::areas::groups::group_path(group)),
            true,
        );
        let ids: Vec<i64> = accepted.iter().map(|u| u.id).collect();
        written.extend(notifications::write(&txn, tenant.id(), Some(by.id), &ids, &notice).await?);
    }
    txn.commit().await?;
    Ok((result, written))
}
