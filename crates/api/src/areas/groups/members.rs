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

use crate::extract::page_from_query;
use std::collections::HashMap;

use axum::{
    extract::{Path, State},
    http::header,
    response::{IntoResponse, Response},
    Json,
};
use domain::{
    csv_export::CsvExport,
    groups::{form, membership, permissions::is_admin_role, questions},
    FieldErrors,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::{
    entities::{groups, memberships, users},
    queries::{
        audit_log as audit, groups as group_q, memberships as member_q, one_time_payments::MODE_OFFLINE,
        profiles as profile_q, users as user_q,
    },
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    caller_of, group_path, is_admin, list_param,
    membership::{free_seat, refuse, MessageAnswer},
    require_admin, text_param,
    view::Caller,
    visible_group,
};
use crate::{
    areas::{
        notifications,
        uploads::{attached_files, AttachedFile},
    },
    envelope::{Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, ApiQuery, AuthUser, Client, Tenant},
    mailer,
    state::AppState,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_members))
        .routes(routes!(respond_join_request))
        .routes(routes!(add_member))
        .routes(routes!(remove_member))
        .routes(routes!(payment_confirmation))
        .routes(routes!(followup_unverified))
        .routes(routes!(export_membership))
}

pub const DEFAULT_PAGE_SIZE: u64 = 15;
pub const MAX_BULK: usize = 500;
pub const MAX_EXPORT: u64 = 10_000;

pub const MSG_NO_PERMISSION: &str = "You do not have permission to manage members.";
pub const MSG_NO_ACTION: &str = "Please select an action to perform.";
pub const MSG_NO_MEMBERS: &str = "Please select at least one member to proceed.";
pub const MSG_REQUIRED: &str = "This field is required.";
pub const MSG_REMOVE_SELF: &str = "You cannot remove yourself.";
pub const MSG_REMOVED: &str = "Member removed successfully";
pub const MSG_NO_FOLLOWUP: &str = "No users selected for follow-up email.";
pub const MSG_FOLLOWUP_SENT: &str = "Verification follow-up email sent successfully";

/// A member as the members list shows them (spec 001 §3 "Member").
#[derive(Debug, Serialize, ToSchema)]
pub struct MemberItem {
    /// The user's id.
    pub id: i64,
    pub name: String,
    pub name_slug: String,
    pub image: Option<String>,
    pub institution_name: Option<String>,
    /// Always member: followers are not members.
    pub membership_type: String,
    pub membership_role: String,
    pub membership_status: String,
    pub is_verified: bool,
    pub joined_at: chrono::DateTime<chrono::Utc>,
    pub profile_completion_percent: i16,
    pub waitlisted: bool,
    /// Administrators only (null for others).
    pub email: Option<String>,
    pub payment_status: Option<String>,
    /// Administrators only: online, voucher or offline.
    pub payment_mode: Option<String>,
    pub notes: Option<String>,
    pub reason: Option<String>,
    /// The answers to the group's questions or the conference registration.
    #[schema(value_type = Option<Object>)]
    pub extra_info: Option<Value>,
    /// Administrators only (absent for others): the uploaded files the answers point at
    /// (file answers, a conference's `abstract_file`), to open them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files: Option<Vec<AttachedFile>>,
    /// Administrators only (absent for others): the system agents' latest answers about the
    /// member, by agent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent_responses: Option<Vec<MemberAgentResponse>>,
}

/// A system agent's latest answer about a member (spec 002 §3 "Admin items").
#[derive(Debug, Serialize, ToSchema)]
pub struct MemberAgentResponse {
    pub agent_id: i64,
    /// registration_approval or ai_enthusiasm_ranking.
    pub agent_type: String,
    pub response: MemberAgentAnswer,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MemberAgentAnswer {
    /// accept, reject or review.
    pub action: String,
    pub reason: String,
    /// high, medium or low (the AI enthusiasm ranking).
    pub ai_enthusiasm_level: Option<String>,
    pub last_run_at: chrono::DateTime<chrono::Utc>,
}

/// Described for the API document; the handler reads the raw query map.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct MembersQuery {
    /// accepted (default), pending or rejected; the last two for administrators.
    #[param(schema_with = membership_statuses)]
    pub status: Option<String>,
    /// false: the unverified tab (accepted members with an unverified e-mail).
    pub is_verified: Option<bool>,
    /// Roles, comma-separated (e.g. admin,leader).
    pub role: Option<String>,
    /// At least 2 characters; words of the name, each matched from its start (and, for
    /// administrators, the start of an e-mail address).
    pub search: Option<String>,
    /// Countries of the members' profiles, comma-separated, matched ignoring case.
    pub country: Option<String>,
    /// Professional field option ids of the members' profile on the site, comma-separated.
    pub professional_fields: Option<String>,
    /// Administrators: members a system agent of the site (about members) answered about.
    pub system_agent_id: Option<i64>,
    /// Administrators: a JSON object `{"action": "accept|reject|review",
    /// "ai_enthusiasm_level": "high|medium|low"}` (or `quality_level`), matched on the
    /// answer of `system_agent_id`, or of any system agent without it.
    pub agent_response: Option<String>,
    #[param(minimum = 1, default = 1)]
    pub page: Option<u64>,
    /// 15 by default; larger sizes are capped at 500.
    #[param(minimum = 1, default = 15)]
    pub page_size: Option<u64>,
}

/// The membership statuses a list may filter on.
pub(super) fn membership_statuses() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&[member_q::STATUS_ACCEPTED, member_q::STATUS_PENDING, member_q::STATUS_REJECTED])
}

fn full_name(user: &users::Model) -> String {
    format!("{} {}", user.first_name, user.last_name).trim().to_string()
}

/// The filter of the members list and the export, checked.
fn member_filter(
    tenant: &Tenant,
    group: &groups::Model,
    query: &HashMap<String, String>,
    admin: bool,
) -> ApiResult<member_q::MemberFilter> {
    let mut errors = FieldErrors::new();
    let status = text_param(query, "status").unwrap_or_else(|| member_q::STATUS_ACCEPTED.into());
    if ![member_q::STATUS_ACCEPTED, member_q::STATUS_PENDING, member_q::STATUS_REJECTED].contains(&status.as_str()) {
        errors.add("status", format!("\"{status}\" is not a valid choice."));
    }
    let unverified = match text_param(query, "is_verified").as_deref() {
        None | Some("true") => false,
        Some("false") => true,
        Some(other) => {
            errors.add("is_verified", format!("\"{other}\" is not a valid boolean."));
            false
        }
    };
    let mut fields = Vec::new();
    for raw in list_param(&mut errors, query, "professional_fields") {
        match raw.parse::<i64>() {
            Ok(id) => fields.push(id),
            Err(_) => errors.add("professional_fields", "A valid integer is required."),
        }
    }
    let roles = list_param(&mut errors, query, "role");
    let countries = super::country_values(list_param(&mut errors, query, "country"));
    errors.into_result()?;
    if !admin && (status != member_q::STATUS_ACCEPTED || unverified) {
        return Err(ApiError::Forbidden(MSG_NO_PERMISSION.into()));
    }
    let search = query
        .get("search")
        .map(|s| s.trim().to_lowercase())
        .filter(|s| s.chars().count() >= 2)
        .map(|s| s.chars().take(100).collect());
    Ok(member_q::MemberFilter {
        group_id: group.id,
        status: if unverified { member_q::STATUS_ACCEPTED.into() } else { status },
        unverified,
        roles,
        search,
        search_email: admin,
        countries,
        professional_fields: fields,
        organization_id: tenant.organization_id(),
        agent_answer: None,
    })
}

/// Checks the system-agent filters (`system_agent_id`, `agent_response`): the agent is one
/// of the site's system agents about members; the answer a JSON object of an action and a
/// level. None when neither is asked for.
async fn agent_filter(
    state: &AppState,
    tenant: &Tenant,
    query: &HashMap<String, String>,
) -> ApiResult<Option<member_q::AgentAnswerFilter>> {
    let mut errors = FieldErrors::new();
    let mut filter = member_q::AgentAnswerFilter { tenant_id: tenant.id(), ..Default::default() };
    let mut asked = false;
    if let Some(raw) = text_param(query, "system_agent_id") {
        let agent = match raw.parse::<i64>() {
            Ok(id) => store::queries::agents::find(&state.db, tenant.id(), id).await?,
            Err(_) => None,
        };
        let about_members = agent.as_ref().is_some_and(|a| {
            a.is_system
                && domain::agents::system::SystemAgentType::parse(&a.agent_type)
                    .is_some_and(|k| k.content_type() == domain::agents::system::CONTENT_USER)
        });
        match agent.filter(|_| about_members) {
            Some(agent) => {
                filter.agent_id = Some(agent.id);
                asked = true;
            }
            None => errors.add("system_agent_id", format!("Invalid pk \"{raw}\" - object does not exist.")),
        }
    }
    if let Some(raw) = text_param(query, "agent_response") {
        match serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(&raw) {
            Ok(map) => {
                for (key, value) in &map {
                    let text = value.as_str().map(str::trim).filter(|v| !v.is_empty() && *v != "all");
                    let Some(text) = text else {
                        if !value.is_null() && value.as_str().is_none() {
                            errors.add("agent_response", format!("\"{value}\" is not a valid choice for {key}."));
                        }
                        continue;
                    };
                    match key.as_str() {
                        "action" => match text {
                            "accept" | "accepted" => filter.action = Some("accept".into()),
                            "reject" | "rejected" => filter.action = Some("reject".into()),
                            "review" | "pending" => filter.action = Some("review".into()),
                            _ => errors.add("agent_response", format!("\"{text}\" is not a valid choice for {key}.")),
                        },
                        "ai_enthusiasm_level" | "quality_level" => match text {
                            "high" | "medium" | "low" | "reject" => filter.level = Some(text.to_string()),
                            _ => errors.add("agent_response", format!("\"{text}\" is not a valid choice for {key}.")),
                        },
                        _ => errors.add("agent_response", format!("\"{key}\" is not a known agent answer.")),
                    }
                }
                asked |= filter.action.is_some() || filter.level.is_some();
            }
            Err(_) => errors.add("agent_response", "Expected a JSON object."),
        }
    }
    errors.into_result()?;
    Ok(asked.then_some(filter))
}

/// The items of a page of memberships, in a fixed number of queries. `files_for` (the
/// tenant and request, for administrators' lists) adds the answers' files.
async fn items(
    state: &AppState,
    rows: Vec<memberships::Model>,
    admin: bool,
    files_for: Option<(&Tenant, &RequestUrl)>,
) -> ApiResult<Vec<(MemberItem, String)>> {
    let mut files = match files_for.filter(|_| admin) {
        Some((tenant, url)) => {
            let wanted: Vec<(i64, Vec<i64>)> =
                rows.iter().map(|m| (m.user_id, questions::file_ids_of_extra_info(m.extra_info.as_ref()))).collect();
            attached_files(state, url, tenant.id(), &wanted).await?.into_iter().map(Some).collect()
        }
        None => vec![None; rows.len()],
    };
    let ids: Vec<i64> = rows.iter().map(|m| m.user_id).collect();
    let mut answers: HashMap<i64, Vec<MemberAgentResponse>> = HashMap::new();
    if let Some((tenant, _)) = files_for.filter(|_| admin) {
        let found = store::queries::agents::responses::by_object(
            &state.db,
            tenant.id(),
            domain::agents::system::CONTENT_USER,
            &ids,
        )
        .await?;
        for (member, given) in found {
            let member_answers = given.into_iter().map(|row| MemberAgentResponse {
                agent_id: row.agent_id,
                response: MemberAgentAnswer {
                    reason: row.response_text("reason").unwrap_or_default(),
                    ai_enthusiasm_level: row.response_text("ai_enthusiasm_level"),
                    action: row.action,
                    last_run_at: row.last_run_at,
                },
                agent_type: row.agent_type,
            });
            answers.insert(member, member_answers.collect());
        }
    }
    let people = user_q::find_by_ids(&state.db, &ids).await?;
    let profiles = profile_q::find_by_users(&state.db, &ids).await?;
    let institution_ids: Vec<i64> = profiles.values().filter_map(|p| p.institution_id).collect();
    let institutions = profile_q::groups_by_ids(&state.db, &institution_ids).await?;
    Ok(rows
        .into_iter()
        .zip(files.drain(..))
        .filter_map(|(m, files)| {
            let person = people.get(&m.user_id)?;
            let profile = profiles.get(&m.user_id);
            let item = MemberItem {
                id: person.id,
                name: full_name(person),
                name_slug: profile.map(|p| p.name_slug.clone()).unwrap_or_default(),
                image: profile.and_then(|p| p.picture.clone()),
                institution_name: profile
                    .and_then(|p| p.institution_id)
                    .and_then(|i| institutions.get(&i))
                    .map(|g| g.name.clone()),
                membership_type: "member".into(),
                membership_role: m.role.clone(),
                membership_status: m.status.clone(),
                is_verified: person.is_verified,
                joined_at: m.created_at,
                profile_completion_percent: profile.map(|p| p.completion_percent).unwrap_or(0),
                waitlisted: m.waitlisted && m.status == member_q::STATUS_PENDING,
                email: admin.then(|| person.email.clone()),
                payment_status: if admin { m.payment_status.clone() } else { None },
                payment_mode: if admin { m.payment_mode.clone() } else { None },
                notes: if admin { m.notes.clone() } else { None },
                reason: if admin { m.reason.clone() } else { None },
                extra_info: if admin { m.extra_info.clone() } else { None },
                files,
                agent_responses: (admin && files_for.is_some()).then(|| answers.remove(&m.user_id).unwrap_or_default()),
            };
            Some((item, person.email.clone()))
        })
        .collect())
}

/// A group's members, paged in the database. Signed-in callers only: the spec shows a group's
/// tabs (People among them) to signed-in users, so a guest learns nothing about who belongs.
#[utoipa::path(
    get,
    path = "/api/v1/groups/{id}/members/",
    tag = "groups",
    params(("id" = i64, Path), MembersQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Page<MemberItem>),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn list_members(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page<MemberItem>>> {
    let caller = caller_of(Some(user));
    let group = visible_group(&state, &tenant, &caller, id).await?;
    let admin = is_admin(&state, &caller, &group).await?;
    let page = page_from_query(&query, DEFAULT_PAGE_SIZE)?;
    let mut filter = member_filter(&tenant, &group, &query, admin)?;
    filter.agent_answer = agent_filter(&state, &tenant, &query).await?;
    if filter.agent_answer.is_some() && !admin {
        return Err(ApiError::Forbidden(MSG_NO_PERMISSION.into()));
    }
    let found = member_q::members_page(&state.db, &filter, page.offset(), page.page_size).await?;
    let list =
        items(&state, found.items, admin, Some((&tenant, &url))).await?.into_iter().map(|(item, _)| item).collect();
    Ok(Json(Page::new(list, found.count, &page, &url)))
}

/// The group, for an administrator of it.
async fn managed_group(
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

fn group_url(client: &Client, tenant: &Tenant, group: &groups::Model) -> String {
    format!("{}{}", client.origin_for(&tenant.0), group_path(group))
}

async fn notify(
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

fn action_of(action: Option<&str>) -> ApiResult<&'static str> {
    match action.map(str::trim).filter(|a| !a.is_empty()) {
        None => Err(ApiError::field("action", MSG_NO_ACTION)),
        Some("accept") => Ok("accept"),
        Some("reject") => Ok("reject"),
        Some(other) => Err(ApiError::field("action", format!("\"{other}\" is not a valid choice."))),
    }
}

/// A note or reason: trimmed, blank as none; longer than [`membership::MAX_NOTE_CHARS`] is refused on
/// its field rather than cut.
fn note_text(errors: &mut FieldErrors, field: &str, value: Option<&str>) -> Option<String> {
    let text = value.map(str::trim).filter(|t| !t.is_empty())?;
    if text.chars().count() > membership::MAX_NOTE_CHARS {
        errors.add(field, form::msg_max_chars(membership::MAX_NOTE_CHARS));
        return None;
    }
    Some(text.to_string())
}

/// What an audit row of a member action says about where it happened.
fn audit_details(group: &groups::Model, status: &str) -> Value {
    serde_json::json!({ "group_id": group.id, "group_name": group.name, "group_type": group.group_type, "status": status })
}

fn payment_start(group: &groups::Model, current: Option<&str>) -> Option<Option<String>> {
    (group.is_paid && current.is_none()).then(|| Some(membership::PAYMENT_PENDING.to_string()))
}

/// Accepts or rejects pending requests, one or many, in one transaction.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/respond-join-request/",
    tag = "groups",
    params(("id" = i64, Path)),
    request_body = RespondInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = RespondAnswer),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
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
    let action = action_of(body.action.as_deref())?;
    let mut ids = body.users.clone();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Err(ApiError::field("users", MSG_NO_MEMBERS));
    }
    if ids.len() > MAX_BULK {
        return Err(ApiError::field("users", format!("Select at most {MAX_BULK} members at once.")));
    }
    let mut errors = FieldErrors::new();
    let notes = note_text(&mut errors, "notes", body.notes.as_deref());
    errors.into_result()?;
    let txn = store::begin_write(&state.db).await?;
    let rows = member_q::of_group_for(&txn, group.id, &ids).await?;
    let pending: HashMap<i64, memberships::Model> =
        rows.into_iter().filter(|m| m.status == member_q::STATUS_PENDING).map(|m| (m.user_id, m)).collect();
    if let Some(missing) = ids.iter().find(|id| !pending.contains_key(id)) {
        return Err(ApiError::field("users", format!("User {missing} has no pending request.")));
    }
    let people = user_q::find_by_ids(&txn, &ids).await?;
    let url = group_url(&client, &tenant, &group);
    let (status, verb) = if action == "accept" {
        (member_q::STATUS_ACCEPTED, "accepted")
    } else {
        (member_q::STATUS_REJECTED, "rejected")
    };
    for id in &ids {
        let model = pending[id].clone();
        let payment = if action == "accept" { payment_start(&group, model.payment_status.as_deref()) } else { None };
        member_q::set_status(&txn, model, status, Some(notes.clone()), None, payment).await?;
        if let Some(person) = people.get(id) {
            let mut text = vec![format!("Your request to join {} has been {verb}.", group.name)];
            if let Some(notes) = &notes {
                text.push(format!("Note from the administrators: {notes}"));
            }
            notify(&txn, &tenant, person, format!("Your request to join {} was {verb}", group.name), text, &url)
                .await?;
        }
    }
    audit::record_many(
        &txn,
        tenant.id(),
        Some(user.id),
        action,
        audit::ENTITY_USER,
        &ids,
        notes.as_deref(),
        audit_details(&group, status),
    )
    .await?;
    let notice = domain::notifications::request_answered(
        &notifications::group_ref(&group, &group_path(&group)),
        action == "accept",
    );
    let written = notifications::write(&txn, tenant.id(), Some(user.id), &ids, &notice).await?;
    let accepted = group_q::accepted_count(&txn, group.id).await?;
    txn.commit().await?;
    notifications::announce(&state, written).await;
    state.jobs_wake.notify_one();
    let over = action == "accept"
        && membership::capacity(&group.group_type, group.maximum_size).is_some_and(|max| accepted > max);
    Ok(Json(RespondAnswer {
        message: if ids.len() == 1 { format!("Successfully {verb}") } else { format!("Members {verb} successfully") },
        warning: over.then(|| format!("{} The group now has {accepted} members.", membership::MSG_FULL)),
    }))
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
    responses(
        (status = 200, body = MessageAnswer),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
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
    let (target_id, role) = (body.user.unwrap_or_default(), role.unwrap_or("member"));
    let target = user_q::find_by_id(&state.db, target_id).await?.filter(|u| u.is_active);
    let belongs = match &target {
        Some(t) => group.is_tenant_root || super::member_of_site(&state, &tenant, t.id).await?,
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
    member_q::apply(
        &txn,
        member_q::Apply {
            group_id: group.id,
            user_id: target.id,
            role,
            status: member_q::STATUS_ACCEPTED,
            extra_info: None,
            waitlisted: false,
            payment_status: group.is_paid.then_some(membership::PAYMENT_PENDING),
        },
    )
    .await?;
    let written = notify_added(&txn, &tenant, &client, &user, &group, &[&target], role).await?;
    txn.commit().await?;
    notifications::announce(&state, written).await;
    state.jobs_wake.notify_one();
    Ok(Json(MessageAnswer { message: format!("Successfully added as {role}") }))
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
    responses(
        (status = 200, body = MessageAnswer),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
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
    let mut errors = FieldErrors::new();
    if body.user.is_none() {
        errors.add("user", MSG_REQUIRED);
    }
    let reason = note_text(&mut errors, "reason", body.reason.as_deref());
    if reason.is_none() && errors.first("reason").is_none() {
        errors.add("reason", MSG_REQUIRED);
    }
    errors.into_result()?;
    let target_id = body.user.unwrap_or_default();
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
    audit::record(
        &txn,
        tenant.id(),
        Some(user.id),
        "remove",
        audit::ENTITY_USER,
        target_id,
        reason.as_deref(),
        audit_details(&group, member_q::STATUS_REJECTED),
    )
    .await?;
    if let Some(person) = user_q::find_by_id(&txn, target_id).await? {
        let url = group_url(&client, &tenant, &group);
        let reason = reason.unwrap_or_default();
        notify(
            &txn,
            &tenant,
            &person,
            format!("You were removed from {}", group.name),
            vec![format!("You are no longer a member of {}.", group.name), format!("Reason: {reason}")],
            &url,
        )
        .await?;
    }
    let notice = domain::notifications::removed(&notifications::group_ref(&group, &group_path(&group)));
    let written = notifications::write(&txn, tenant.id(), Some(user.id), &[target_id], &notice).await?;
    free_seat(&txn, &tenant, &client, &group).await?;
    txn.commit().await?;
    notifications::announce(&state, written).await;
    state.jobs_wake.notify_one();
    Ok(Json(MessageAnswer { message: MSG_REMOVED.into() }))
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
    responses(
        (status = 200, body = MessageAnswer),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
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
    responses(
        (status = 200, body = MessageAnswer),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
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
    let mut ids = body.user_ids.clone();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Err(ApiError::field("user_ids", MSG_NO_FOLLOWUP));
    }
    if ids.len() > MAX_BULK {
        return Err(ApiError::field("user_ids", format!("Select at most {MAX_BULK} members at once.")));
    }
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

/// Described for the API document; the handler reads the raw query map.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct ExportQuery {
    /// accepted (default), pending or rejected; is_verified=false and the list's other
    /// filters apply too.
    #[param(schema_with = membership_statuses)]
    pub status: Option<String>,
}

/// The members as CSV: name, email, institution, role, status, joined_at, payment_status.
#[utoipa::path(
    get,
    path = "/api/v1/groups/{id}/export-group-membership/",
    tag = "groups",
    params(("id" = i64, Path), ExportQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, content_type = "text/csv", body = String),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn export_membership(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Response> {
    let (_, group) = managed_group(&state, &tenant, &user, id).await?;
    let filter = member_filter(&tenant, &group, &query, true)?;
    let found = member_q::members_page(&state.db, &filter, 0, MAX_EXPORT).await?;
    let mut csv = CsvExport::new(["name", "email", "institution", "role", "status", "joined_at", "payment_status"]);
    for (item, email) in items(&state, found.items, true, None).await? {
        csv.row([
            &item.name,
            &email,
            item.institution_name.as_deref().unwrap_or(""),
            &item.membership_role,
            &item.membership_status,
            &item.joined_at.format("%Y-%m-%d").to_string(),
            item.payment_status.as_deref().unwrap_or(""),
        ]);
    }
    let name = format!("{}-{}-members.csv", group.slug, filter.status);
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
        ],
        csv.finish(),
    )
        .into_response())
}
