//! The roster sync: `POST /api/v1/groups/{id}/sync-users/` `{role: student|teacher}`.

use std::collections::{BTreeSet, HashMap, HashSet};

use axum::{
    extract::{Path, State},
    Json,
};
use serde::{Deserialize, Serialize};
use services::classroom::{self as classroom, MemberChange, Role};
use store::{
    entities::{groups, users},
    queries::{classroom as q, memberships as member_q, users as user_q},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{access_for, course_of, failure, msg_sync_failed, CHUNK, MAX_UNMATCHED};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Tenant},
    state::AppState,
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
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 502, body = ErrorBody)
    )
)]
async fn sync_users(
    State(state): State<AppState>,
    tenant: Tenant,
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
    let result = apply_roster(&state, &tenant, &group, role, &roster).await?;
    let message = format!(
        "{} synced from Google Classroom: {} added, {} updated, {} already members.",
        if role == Role::Student { "Students" } else { "Teachers" },
        result.added,
        result.updated,
        result.unchanged
    );
    Ok(Json(SyncUsersAnswer { data: result, message }))
}

async fn apply_roster(
    state: &AppState,
    tenant: &Tenant,
    group: &groups::Model,
    role: Role,
    roster: &[classroom::RosterMember],
) -> ApiResult<SyncUsersResult> {
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
        unmatched: Vec::new(),
        unmatched_count: 0,
    };
    let txn = store::begin_write(&state.db).await?;
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
        match classroom::member_change(current.as_ref().map(|m| (m.status.as_str(), m.role.as_str())), wanted) {
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
            }
            MemberChange::Update(new_role) => {
                let model = current.expect("an update has a membership");
                let model = if model.status != member_q::STATUS_ACCEPTED {
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
    txn.commit().await?;
    Ok(result)
}
