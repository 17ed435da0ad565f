//! Applying to lead circles and reviewing the applications (`GET|POST
//! /leader-applications/`, `GET /certification-application/`, `POST
//! /leader-applications/{id}/review/`).

use crate::extract::page_from_query;

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::sent::{Pk, Sent};
use domain::{
    groups::questions::{self, Question},
    FieldErrors,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use store::{
    entities::{leader_applications, users},
    queries::{groups as group_q, memberships as member_q, profiles as profile_q, programme as q, users as user_q},
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::uploads::{attached_files, AttachedFile},
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{bool_param, text_param, ApiJson, ApiQuery, AuthUser, Client, Tenant},
    mailer, param,
};

use super::*;

pub(super) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_applications, submit_application))
        .routes(routes!(certification_applications))
        .routes(routes!(review_application))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ApplicantRef {
    pub id: i64,
    pub name: String,
    pub name_slug: Option<String>,
    pub image: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LeaderApplicationView {
    pub id: i64,
    pub user: i64,
    /// The applicant (reviewers' lists; the own list too).
    pub user_detail: Option<ApplicantRef>,
    pub group: Option<i64>,
    /// Answers by question id.
    #[schema(value_type = Object)]
    pub response: Value,
    /// pending, accepted or rejected.
    pub application_status: String,
    pub created_at: String,
    pub updated_at: String,
    /// Reviewers only (absent otherwise): the applicant's uploaded files that file answers
    /// give by id, to open them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files: Option<Vec<AttachedFile>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LeaderApplicationAnswer {
    pub data: LeaderApplicationView,
    pub message: String,
}

/// Views of applications; `files_for` (the tenant and request, for reviewers) adds the
/// files the answers point at, in one query for the page.
async fn application_views(
    state: &AppState,
    rows: Vec<leader_applications::Model>,
    files_for: Option<(&Tenant, &RequestUrl)>,
) -> ApiResult<Vec<LeaderApplicationView>> {
    let mut files: Vec<Option<Vec<AttachedFile>>> = match files_for {
        Some((tenant, url)) => {
            let wanted: Vec<(i64, Vec<i64>)> = rows
                .iter()
                .map(|r| (r.user_id, r.response.as_object().map(questions::file_ids_in).unwrap_or_default()))
                .collect();
            attached_files(state, url, tenant.id(), &wanted).await?.into_iter().map(Some).collect()
        }
        None => vec![None; rows.len()],
    };
    let mut ids: Vec<i64> = rows.iter().map(|r| r.user_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let profiles = profile_q::find_by_users(&state.db, &ids).await?;
    let people = q::users_by_ids(&state.db, &ids).await?;
    Ok(rows
        .into_iter()
        .zip(files.drain(..))
        .map(|(r, files)| {
            let profile = profiles.get(&r.user_id);
            LeaderApplicationView {
                id: r.id,
                user: r.user_id,
                user_detail: people.get(&r.user_id).map(|u| ApplicantRef {
                    id: u.id,
                    name: full_name(u),
                    name_slug: profile.map(|p| p.name_slug.clone()),
                    image: profile.and_then(|p| p.picture.clone()),
                }),
                group: r.group_id,
                response: r.response,
                application_status: r.status,
                created_at: r.created_at.to_rfc3339(),
                updated_at: r.updated_at.to_rfc3339(),
                files,
            }
        })
        .collect())
}

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ApplicationsQuery {
    /// true: every application of the site (staff and the site's administrators only).
    #[param(value_type = Option<bool>)]
    pub all: Option<String>,
    /// pending, accepted or rejected.
    #[param(schema_with = application_statuses)]
    pub status: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 20 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 20)]
    pub page_size: Option<String>,
}

fn application_statuses() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&[q::STATUS_PENDING, member_q::STATUS_ACCEPTED, q::STATUS_REJECTED])
}

async fn applications_page(
    state: &AppState,
    tenant: &Tenant,
    user: &users::Model,
    url: &RequestUrl,
    query: &ApplicationsQuery,
) -> ApiResult<Page<LeaderApplicationView>> {
    let page = page_from_query(&query.page, &query.page_size, APPLICATIONS_PAGE_SIZE)?;
    let status = text_param(param!(query.status));
    if let Some(status) = &status {
        if ![q::STATUS_PENDING, member_q::STATUS_ACCEPTED, q::STATUS_REJECTED].contains(&status.as_str()) {
            return Err(ApiError::field("status", format!("\"{status}\" is not a valid choice.")));
        }
    }
    let mut errors = FieldErrors::new();
    let all = bool_param(&mut errors, param!(query.all)).unwrap_or(false);
    errors.into_result()?;
    if all && !is_reviewer(state, tenant, user).await? {
        return Err(ApiError::forbidden());
    }
    let owner = (!all).then_some(user.id);
    let found =
        q::applications(&state.db, tenant.id(), owner, status.as_deref(), page.offset(), page.page_size).await?;
    let items = application_views(state, found.items, all.then_some((tenant, url))).await?;
    Ok(Page::new(items, found.count, &page, url))
}

/// The caller's leader applications, newest first; with `all=true`, every application of
/// the site for its reviewers.
#[utoipa::path(
    get,
    path = "/api/v1/leader-applications/",
    tag = "programme",
    params(ApplicationsQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<LeaderApplicationView>), (status = 403, body = ErrorBody))
)]
async fn list_applications(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<ApplicationsQuery>,
) -> ApiResult<Json<Page<LeaderApplicationView>>> {
    Ok(Json(applications_page(&state, &tenant, &user, &url, &query).await?))
}

/// The same list as `GET /leader-applications/` (spec 000 §7).
#[utoipa::path(
    get,
    path = "/api/v1/certification-application/",
    tag = "programme",
    params(ApplicationsQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<LeaderApplicationView>), (status = 403, body = ErrorBody))
)]
async fn certification_applications(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<ApplicationsQuery>,
) -> ApiResult<Json<Page<LeaderApplicationView>>> {
    Ok(Json(applications_page(&state, &tenant, &user, &url, &query).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct LeaderApplicationInput {
    /// A circle of the site the application is about (optional).
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub group: Sent<Pk>,
    /// Answers by question id. File questions take the uploaded file's URL (or its id). The
    /// questions are the site's own, so each answer is checked against its question.
    #[schema(value_type = Object)]
    #[serde(default)]
    pub response: Sent<Map<String, Value>>,
}

/// A file answer: the uploaded file's URL or path, or its id.
fn file_answer(answer: &Value) -> Option<Value> {
    match answer {
        Value::Number(n) if n.as_i64().is_some_and(|id| id > 0) => Some(answer.clone()),
        Value::String(s) => {
            let s = s.trim();
            if s.parse::<i64>().is_ok_and(|id| id > 0) {
                return s.parse::<i64>().ok().map(Value::from);
            }
            let link = (s.starts_with('/') && !s.starts_with("//"))
                || url::Url::parse(s).is_ok_and(|u| matches!(u.scheme(), "http" | "https"));
            (link && s.len() <= 1000).then(|| Value::String(s.to_string()))
        }
        _ => None,
    }
}

async fn has_pending_application(db: &impl sea_orm::ConnectionTrait, tenant: &Tenant, user_id: i64) -> ApiResult<bool> {
    Ok(q::latest_application(db, tenant.id(), user_id).await?.is_some_and(|a| a.status == q::STATUS_PENDING))
}

/// Checks the answers: file questions here, the others by the shared rules.
fn check_response(list: &[Question], answers: &Map<String, Value>) -> Result<Map<String, Value>, FieldErrors> {
    let (files, others): (Vec<Question>, Vec<Question>) = list.iter().cloned().partition(|q| q.kind == "file");
    let mut errors = FieldErrors::new();
    let mut kept = match questions::check_answers(&others, answers) {
        Ok(kept) => kept,
        Err(found) => {
            errors = found;
            Map::new()
        }
    };
    for question in files {
        let field = format!("answers.{}", question.id);
        let answer = answers.get(&question.id).cloned().unwrap_or(Value::Null);
        let blank = matches!(&answer, Value::Null) || answer.as_str().is_some_and(|s| s.trim().is_empty());
        if blank {
            if question.required {
                errors.add(field, questions::MSG_ANSWER_REQUIRED);
            }
            continue;
        }
        match file_answer(&answer) {
            Some(value) => {
                kept.insert(question.id.clone(), value);
            }
            None => errors.add(field, "Upload a file."),
        }
    }
    errors.into_result().map(|_| kept)
}

/// Applies to lead circles with answers to the site's leader certification questions.
/// One application at a time: while the latest is pending another is refused.
#[utoipa::path(
    post,
    path = "/api/v1/leader-applications/",
    tag = "programme",
    request_body = LeaderApplicationInput,
    security(("bearer" = [])),
    responses((status = 201, body = LeaderApplicationAnswer))
)]
async fn submit_application(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<LeaderApplicationInput>,
) -> ApiResult<(StatusCode, Json<LeaderApplicationAnswer>)> {
    // Answered early for a clear message; checked again under the lock below.
    if has_pending_application(&state.db, &tenant, user.id).await? {
        return Err(ApiError::field("non_field_errors", MSG_UNDER_REVIEW));
    }
    let (group, kept) = checked_application(&state, &tenant, body).await?;
    // The check and the insert run under a lock on the applicant's row (PostgreSQL) inside
    // a write transaction (SQLite's single writer), so two submissions at once cannot both
    // find no pending application.
    let txn = store::begin_write(&state.db).await?;
    user_q::lock(&txn, user.id).await?;
    if has_pending_application(&txn, &tenant, user.id).await? {
        return Err(ApiError::field("non_field_errors", MSG_UNDER_REVIEW));
    }
    let row = q::insert_application(&txn, tenant.id(), user.id, group, Value::Object(kept)).await?;
    let link = format!("{}/circles", client.origin_for(&tenant.0));
    let subject = format!("{} applied to lead circles", full_name(&user));
    let text = format!(
        "{} ({}) applied to become a circle leader. The application waits for review.",
        full_name(&user),
        user.email
    );
    for admin in q::managers_of(&txn, tenant.organization_id()).await? {
        if admin.id != user.id {
            let link = Some(("Open the site", link.as_str()));
            mailer::queue_notice(&txn, &tenant.0, &admin.email, &admin.first_name, &subject, vec![text.clone()], link)
                .await?;
        }
    }
    txn.commit().await?;
    let data = application_views(&state, vec![row], None).await?.remove(0);
    Ok((StatusCode::CREATED, Json(LeaderApplicationAnswer { data, message: MSG_APPLICATION_SUBMITTED.into() })))
}

/// The application's group (one of the site's, if given) and its answers to the site's
/// questions, checked; every mistake on its field.
async fn checked_application(
    state: &AppState,
    tenant: &Tenant,
    body: LeaderApplicationInput,
) -> ApiResult<(Option<i64>, Map<String, Value>)> {
    let mut errors = FieldErrors::new();
    let group = match body.group {
        Sent::Absent | Sent::Null => None,
        Sent::Value(Pk::Id(id)) if group_q::find(&state.db, tenant.id(), id).await?.is_some() => Some(id),
        sent => {
            let shown = match sent {
                Sent::Value(Pk::Id(id)) => id.to_string(),
                Sent::Value(Pk::Invalid(text)) => text.chars().take(50).collect(),
                _ => String::new(),
            };
            errors.add("group", format!("Invalid pk \"{shown}\" - object does not exist."));
            None
        }
    };
    let answers = match body.response {
        Sent::Value(map) => map,
        Sent::Absent | Sent::Null => Map::new(),
        Sent::WrongType => {
            errors.add("response", "Expected a dictionary of items.");
            Map::new()
        }
    };
    let kept = match check_response(&tenant_questions(tenant), &answers) {
        Ok(kept) => kept,
        Err(found) => {
            errors.merge_prefixed("", found);
            Map::new()
        }
    };
    errors.into_result()?;
    Ok((group, kept))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct LeaderReviewInput {
    /// accept or reject.
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub action: Sent<String>,
    /// 1 Basic, 2 Intermediate, 3 Advanced; required to accept.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub certification_level: Sent<Pk>,
    /// Topic area ids the leader is certified in.
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub topic_areas: Sent<Vec<Sent<i64>>>,
}

/// Accepts or rejects a leader application (staff and the site's administrators).
/// Accepting certifies the applicant: their profile carries the certification details.
#[utoipa::path(
    post,
    path = "/api/v1/leader-applications/{id}/review/",
    tag = "programme",
    params(("id" = i64, Path)),
    request_body = LeaderReviewInput,
    security(("bearer" = [])),
    responses((status = 200, body = LeaderApplicationAnswer), (status = 403, body = ErrorBody))
)]
async fn review_application(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    url: RequestUrl,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<LeaderReviewInput>,
) -> ApiResult<Json<LeaderApplicationAnswer>> {
    if !is_reviewer(&state, &tenant, &user).await? {
        return Err(ApiError::forbidden());
    }
    let application = q::find_application(&state.db, tenant.id(), id).await?.ok_or_else(ApiError::not_found)?;
    let review = checked_review(&state, &tenant, body).await?;
    if application.status != q::STATUS_PENDING {
        return Err(ApiError::field("non_field_errors", MSG_ALREADY_REVIEWED));
    }
    let applicant =
        store::queries::users::find_by_id(&state.db, application.user_id).await?.ok_or_else(ApiError::not_found)?;
    let txn = store::begin_write(&state.db).await?;
    let status = if review.accept { member_q::STATUS_ACCEPTED } else { q::STATUS_REJECTED };
    // Decided only if still pending when written: of two reviews at once, one wins.
    let Some(row) = q::decide_if_pending(&txn, application.id, status, user.id).await? else {
        return Err(ApiError::field("non_field_errors", MSG_ALREADY_REVIEWED));
    };
    if review.accept {
        profile_q::ensure(&txn, &applicant).await?;
        let certification = q::NewCertification {
            level: review.level as i32,
            level_name: level_name(review.level).unwrap_or("Basic"),
            topic_areas: &review.areas,
            application_id: Some(application.id),
        };
        q::set_certification(&txn, tenant.id(), applicant.id, certification).await?;
    }
    let link = format!("{}/circles", client.origin_for(&tenant.0));
    tell_applicant(&txn, &tenant, &applicant, &review, &link).await?;
    txn.commit().await?;
    let data = application_views(&state, vec![row], Some((&tenant, &url))).await?.remove(0);
    let message = if review.accept { "Application accepted." } else { "Application rejected." };
    Ok(Json(LeaderApplicationAnswer { data, message: message.into() }))
}

/// A reviewer's decision, checked: accept (with a certification level and topic areas of
/// the site) or reject.
struct Review {
    accept: bool,
    level: i64,
    areas: Vec<i64>,
}

async fn checked_review(state: &AppState, tenant: &Tenant, body: LeaderReviewInput) -> ApiResult<Review> {
    let mut errors = FieldErrors::new();
    let action = body.action.value().map(|a| a.trim().to_string()).unwrap_or_default();
    let accept = match action.as_str() {
        "accept" => true,
        "reject" => false,
        "" => {
            errors.add("action", MSG_REQUIRED);
            false
        }
        other => {
            errors.add("action", format!("\"{}\" is not a valid choice.", other.chars().take(50).collect::<String>()));
            false
        }
    };
    let mut review = Review { accept, level: 0, areas: Vec::new() };
    if accept {
        review.level = certification_level(&mut errors, body.certification_level);
        review.areas = topic_areas(&mut errors, body.topic_areas);
        let known = q::areas_of_tenant(&state.db, tenant.id(), &review.areas).await?;
        if let Some(unknown) = review.areas.iter().find(|a| !known.contains(a)) {
            errors.add("topic_areas", format!("Invalid pk \"{unknown}\" - object does not exist."));
        }
    }
    errors.into_result()?;
    Ok(review)
}

fn certification_level(errors: &mut FieldErrors, sent: Sent<Pk>) -> i64 {
    match sent {
        Sent::Absent | Sent::Null => errors.add("certification_level", MSG_REQUIRED),
        Sent::Value(Pk::Id(n)) if level_name(n).is_some() => return n,
        sent => {
            let shown = match sent {
                Sent::Value(Pk::Id(n)) => n.to_string(),
                Sent::Value(Pk::Invalid(text)) => text.chars().take(50).collect(),
                _ => String::new(),
            };
            errors.add("certification_level", format!("\"{shown}\" is not a valid choice."))
        }
    }
    0
}

/// Up to 20 distinct topic area ids (whether the site has them is checked apart).
fn topic_areas(errors: &mut FieldErrors, sent: Sent<Vec<Sent<i64>>>) -> Vec<i64> {
    let mut areas = Vec::new();
    match sent {
        Sent::Absent | Sent::Null => {}
        Sent::Value(items) if items.len() <= 20 => {
            for item in items {
                match item.value().filter(|id| *id > 0) {
                    Some(id) if !areas.contains(&id) => areas.push(id),
                    Some(_) => {}
                    None => errors.add("topic_areas", "A valid integer is required."),
                }
            }
        }
        _ => errors.add("topic_areas", "Expected a list of up to 20 topic area ids."),
    }
    areas
}

/// Mails the applicant the decision.
async fn tell_applicant(
    txn: &sea_orm::DatabaseTransaction,
    tenant: &Tenant,
    applicant: &users::Model,
    review: &Review,
    link: &str,
) -> ApiResult<()> {
    let org = &tenant.0.organization.name;
    let (subject, text, link) = if review.accept {
        (
            format!("You are now a certified circle leader at {org}"),
            format!(
                "Your application to lead circles at {org} was accepted, with the {} certification level. \
                 You can now create circles.",
                level_name(review.level).unwrap_or("Basic")
            ),
            Some(("Go to the circles", link)),
        )
    } else {
        (
            format!("Your circle leader application at {org}"),
            format!(
                "Thank you for applying to lead circles at {org}. Your application was not accepted this \
                 time; you are welcome to apply again."
            ),
            None,
        )
    };
    mailer::queue_notice(txn, &tenant.0, &applicant.email, &applicant.first_name, &subject, vec![text], link).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn file_answers_take_a_link_or_an_id() {
        assert_eq!(file_answer(&json!("/media/uploads/cv.pdf")), Some(json!("/media/uploads/cv.pdf")));
        assert_eq!(file_answer(&json!("https://x.example/cv.pdf")), Some(json!("https://x.example/cv.pdf")));
        assert_eq!(file_answer(&json!("12")), Some(json!(12)));
        assert_eq!(file_answer(&json!("javascript:alert(1)")), None);
        assert_eq!(file_answer(&json!("//evil.example/x")), None);
    }
}
