//! The members list (administrators see every tab, with e-mails, notes and answers; others
//! the accepted members) and its CSV export for administrators.

use crate::extract::caller_of;
use crate::extract::page_from_query;
use std::collections::HashMap;

use axum::{
    extract::{Path, State},
    response::Response,
    Json,
};
use domain::{csv_export::CsvExport, groups::questions, FieldErrors};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::{
    entities::{groups, memberships},
    queries::{memberships as member_q, profiles as profile_q, users as user_q},
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::areas::groups::{is_admin, visible_group};
use crate::{
    areas::applicants,
    areas::uploads::{attached_files, AttachedFile},
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{list_param, search_param, text_param, ApiQuery, AuthUser, Tenant},
    param,
};

use super::*;

pub(super) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_members)).routes(routes!(export_membership))
}

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

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MembersQuery {
    /// accepted (default), pending or rejected; the last two for administrators.
    #[param(schema_with = membership_statuses)]
    pub status: Option<String>,
    /// false: the unverified tab (accepted members with an unverified e-mail).
    #[param(value_type = Option<bool>)]
    pub is_verified: Option<String>,
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
    #[param(value_type = Option<i64>)]
    pub system_agent_id: Option<String>,
    /// Administrators: a JSON object `{"action": "accept|reject|review",
    /// "ai_enthusiasm_level": "high|medium|low"}` (or `quality_level`), matched on the
    /// answer of `system_agent_id`, or of any system agent without it.
    pub agent_response: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 15 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 15)]
    pub page_size: Option<String>,
}

impl MembersQuery {
    fn filter(&self) -> ExportQuery {
        ExportQuery {
            status: self.status.clone(),
            is_verified: self.is_verified.clone(),
            role: self.role.clone(),
            search: self.search.clone(),
            country: self.country.clone(),
            professional_fields: self.professional_fields.clone(),
        }
    }
}

/// The membership statuses a list may filter on.
pub fn membership_statuses() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&[member_q::STATUS_ACCEPTED, member_q::STATUS_PENDING, member_q::STATUS_REJECTED])
}

/// The filter of the members list and the export, checked.
fn member_filter(
    tenant: &Tenant,
    group: &groups::Model,
    query: &ExportQuery,
    admin: bool,
) -> ApiResult<member_q::MemberFilter> {
    let mut errors = FieldErrors::new();
    let status = text_param(param!(query.status)).unwrap_or_else(|| member_q::STATUS_ACCEPTED.into());
    if ![member_q::STATUS_ACCEPTED, member_q::STATUS_PENDING, member_q::STATUS_REJECTED].contains(&status.as_str()) {
        errors.add("status", format!("\"{status}\" is not a valid choice."));
    }
    let unverified = match text_param(param!(query.is_verified)).as_deref() {
        None | Some("true") => false,
        Some("false") => true,
        Some(other) => {
            errors.add("is_verified", format!("\"{other}\" is not a valid boolean."));
            false
        }
    };
    let mut fields = Vec::new();
    for raw in list_param(&mut errors, param!(query.professional_fields)) {
        match raw.parse::<i64>() {
            Ok(id) => fields.push(id),
            Err(_) => errors.add("professional_fields", "A valid integer is required."),
        }
    }
    let roles = list_param(&mut errors, param!(query.role));
    let countries = crate::extract::country_values(list_param(&mut errors, param!(query.country)));
    errors.into_result()?;
    if !admin && (status != member_q::STATUS_ACCEPTED || unverified) {
        return Err(ApiError::Forbidden(MSG_NO_PERMISSION.into()));
    }
    let search = search_param(param!(query.search));
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
    query: &MembersQuery,
) -> ApiResult<Option<member_q::AgentAnswerFilter>> {
    let mut errors = FieldErrors::new();
    let mut filter = member_q::AgentAnswerFilter { tenant_id: tenant.id(), ..Default::default() };
    let mut asked = false;
    if let Some(raw) = text_param(param!(query.system_agent_id)) {
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
    if let Some(raw) = text_param(param!(query.agent_response)) {
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
    responses((status = 200, body = Page<MemberItem>), (status = 403, body = ErrorBody))
)]
async fn list_members(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<MembersQuery>,
) -> ApiResult<Json<Page<MemberItem>>> {
    let caller = caller_of(Some(user));
    let group = visible_group(&state, &tenant, &caller, id).await?;
    let admin = is_admin(&state, &caller, &group).await?;
    let page = page_from_query(&query.page, &query.page_size, DEFAULT_PAGE_SIZE)?;
    let mut filter = member_filter(&tenant, &group, &query.filter(), admin)?;
    filter.agent_answer = agent_filter(&state, &tenant, &query).await?;
    if filter.agent_answer.is_some() && !admin {
        return Err(ApiError::Forbidden(MSG_NO_PERMISSION.into()));
    }
    let found = member_q::members_page(&state.db, &filter, page.offset(), page.page_size).await?;
    let list =
        items(&state, found.items, admin, Some((&tenant, &url))).await?.into_iter().map(|(item, _)| item).collect();
    Ok(Json(Page::new(list, found.count, &page, &url)))
}

/// The members export's filters: the members list's, without its pages and agent filters.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// accepted (default), pending or rejected.
    #[param(schema_with = membership_statuses)]
    pub status: Option<String>,
    /// false: the unverified tab (accepted members with an unverified e-mail).
    #[param(value_type = Option<bool>)]
    pub is_verified: Option<String>,
    /// Roles, comma-separated (e.g. admin,leader).
    pub role: Option<String>,
    /// At least 2 characters; words of the name, each matched from its start, or the start
    /// of an e-mail address.
    pub search: Option<String>,
    /// Countries of the members' profiles, comma-separated, matched ignoring case.
    pub country: Option<String>,
    /// Professional field option ids of the members' profile on the site, comma-separated.
    pub professional_fields: Option<String>,
}

/// The members as CSV: name, email, institution, role, status, joined_at, payment_status.
#[utoipa::path(
    get,
    path = "/api/v1/groups/{id}/export-group-membership/",
    tag = "groups",
    params(("id" = i64, Path), ExportQuery),
    security(("bearer" = [])),
    responses((status = 200, content_type = "text/csv", body = String), (status = 403, body = ErrorBody))
)]
async fn export_membership(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiQuery(query): ApiQuery<ExportQuery>,
) -> ApiResult<Response> {
    let (_, group) = managed_group(&state, &tenant, &user, id).await?;
    let filter = member_filter(&tenant, &group, &query, true)?;
    let found = member_q::members_page(&state.db, &filter, 0, applicants::MAX_EXPORT).await?;
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
    Ok(applicants::csv_download(&format!("{}-{}-members.csv", group.slug, filter.status), csv.finish()))
}
