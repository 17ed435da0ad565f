//! Asking for a circle that does not exist yet (`POST /request-circle/`): the site's
//! managers get the request by mail.

use axum::{extract::State, http::StatusCode, Json};
use chrono::{Datelike, NaiveDate, Utc};
use domain::sent::{NumberOrText, Sent};
use domain::FieldErrors;
use sea_orm::TransactionTrait;
use serde::{Deserialize, Serialize};
use store::{
    entities::users,
    queries::programme::{self as q},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Client, Tenant},
    mailer, rate_limit,
};

use super::*;

pub(super) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(request_circle))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CircleRequestView {
    pub id: i64,
    pub real_world_problems_to_solve: String,
    pub goal: String,
    /// YYYY-MM.
    pub urgency: String,
    pub hours_commitment: i32,
    /// remote or in_person.
    pub learning_modality: String,
    pub location: Option<String>,
    pub created_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CircleRequestAnswer {
    pub data: CircleRequestView,
    pub message: String,
}

/// The request form's body (spec 002 §3 "Circle request form").
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CircleRequestInput {
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub real_world_problems_to_solve: Sent<String>,
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub goal: Sent<String>,
    /// The month it is needed by, YYYY-MM; not in the past.
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub urgency: Sent<String>,
    /// Hours a week, at least 1.
    #[schema(value_type = i64, required = true)]
    #[serde(default)]
    pub hours_commitment: Sent<NumberOrText>,
    /// remote or in_person.
    #[schema(value_type = String, required = true)]
    #[serde(default)]
    pub learning_modality: Sent<String>,
    /// A country; required for in_person only.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub location: Sent<String>,
}

#[derive(Debug)]
struct CheckedRequest {
    problems: String,
    goal: String,
    urgency: String,
    hours: i32,
    modality: String,
    location: Option<String>,
}

fn required_text(errors: &mut FieldErrors, value: Sent<String>, field: &str) -> String {
    match value {
        Sent::Value(text) if !text.trim().is_empty() => {
            let text = text.trim().to_string();
            if text.chars().count() > MAX_TEXT_CHARS {
                errors.add(field, format!("Ensure this field has no more than {MAX_TEXT_CHARS} characters."));
            }
            text
        }
        Sent::Null | Sent::Absent | Sent::Value(_) => {
            errors.add(field, MSG_REQUIRED);
            String::new()
        }
        Sent::WrongType => {
            errors.add(field, "Not a valid string.");
            String::new()
        }
    }
}

/// The first day of a "YYYY-MM" month.
fn parse_month(text: &str) -> Option<NaiveDate> {
    let (year, month) = text.split_once('-')?;
    if year.len() != 4 || month.len() != 2 {
        return None;
    }
    NaiveDate::from_ymd_opt(year.parse().ok()?, month.parse().ok()?, 1)
}

fn check_request(body: CircleRequestInput, today: NaiveDate) -> Result<CheckedRequest, FieldErrors> {
    let mut errors = FieldErrors::new();
    let problems = required_text(&mut errors, body.real_world_problems_to_solve, "real_world_problems_to_solve");
    let goal = required_text(&mut errors, body.goal, "goal");
    let urgency = match body.urgency.text() {
        None => {
            errors.add("urgency", MSG_MONTH);
            String::new()
        }
        Some(text) => match parse_month(&text) {
            None => {
                errors.add("urgency", "Enter a valid month (YYYY-MM).");
                String::new()
            }
            Some(month) if (month.year(), month.month()) < (today.year(), today.month()) => {
                errors.add("urgency", "Please select a month that is not in the past.");
                String::new()
            }
            Some(_) => text,
        },
    };
    let hours = match body.hours_commitment {
        Sent::Absent | Sent::Null => {
            errors.add("hours_commitment", MSG_REQUIRED);
            0
        }
        Sent::Value(number) if number.is_blank_text() => {
            errors.add("hours_commitment", MSG_REQUIRED);
            0
        }
        sent => match sent.value().and_then(|number| number.whole()) {
            None => {
                errors.add("hours_commitment", "A valid integer is required.");
                0
            }
            Some(n) if n < 1 => {
                errors.add("hours_commitment", MSG_MIN_HOURS);
                0
            }
            Some(n) if n > MAX_HOURS => {
                errors.add("hours_commitment", format!("Ensure this value is less than or equal to {MAX_HOURS}."));
                0
            }
            Some(n) => n as i32,
        },
    };
    let modality = match body.learning_modality.value().as_deref().map(str::trim) {
        Some(m @ ("remote" | "in_person")) => m.to_string(),
        _ => {
            errors.add("learning_modality", MSG_OPTION);
            String::new()
        }
    };
    let location = if modality == "in_person" {
        match body.location.text() {
            Some(country) if country.chars().count() <= MAX_LOCATION_CHARS => Some(country),
            Some(_) => {
                errors.add("location", domain::groups::form::msg_max_chars(MAX_LOCATION_CHARS));
                None
            }
            None => {
                errors.add("location", MSG_COUNTRY);
                None
            }
        }
    } else {
        None
    };
    errors.into_result()?;
    Ok(CheckedRequest { problems, goal, urgency, hours, modality, location })
}

/// Asks for a circle that does not exist yet (spec 002 §5 "Circle request"). Accepted members
/// of the site's organization only, at most 10 an hour each. The site's administrators are
/// told by mail.
#[utoipa::path(
    post,
    path = "/api/v1/request-circle/",
    tag = "programme",
    request_body = CircleRequestInput,
    security(("bearer" = [])),
    responses(
        (status = 201, body = CircleRequestAnswer),
        (status = 403, body = ErrorBody),
        (status = 429, body = ErrorBody)
    )
)]
async fn request_circle(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<CircleRequestInput>,
) -> ApiResult<(StatusCode, Json<CircleRequestAnswer>)> {
    if !crate::areas::groups::member_of_site(&state, &tenant, user.id).await? {
        return Err(ApiError::Forbidden(format!(
            "Only members of {} can request a circle. Join the organization first.",
            tenant.0.organization.name
        )));
    }
    let checked = check_request(body, Utc::now().date_naive())?;
    // Counted once a request is valid: a form with mistakes costs nothing.
    rate_limit::hit(&state, rate_limit::CIRCLE_REQUEST_PER_ACCOUNT, &user.id.to_string()).await?;
    let txn = state.db.begin().await?;
    let row = q::insert_circle_request(
        &txn,
        q::NewCircleRequest {
            tenant_id: tenant.id(),
            user_id: user.id,
            real_world_problems_to_solve: &checked.problems,
            goal: &checked.goal,
            urgency: &checked.urgency,
            hours_commitment: checked.hours,
            learning_modality: &checked.modality,
            location: checked.location.as_deref(),
        },
    )
    .await?;
    let link = format!("{}/circles", client.origin_for(&tenant.0));
    tell_managers_of_request(&txn, &tenant, &user, &checked, &link).await?;
    txn.commit().await?;
    let data = CircleRequestView {
        id: row.id,
        real_world_problems_to_solve: row.real_world_problems_to_solve,
        goal: row.goal,
        urgency: row.urgency,
        hours_commitment: row.hours_commitment,
        learning_modality: row.learning_modality,
        location: row.location,
        created_at: row.created_at.to_rfc3339(),
    };
    Ok((StatusCode::CREATED, Json(CircleRequestAnswer { data, message: MSG_REQUEST_SUBMITTED.into() })))
}

/// Mails the site's managers what the member asked for.
async fn tell_managers_of_request(
    txn: &sea_orm::DatabaseTransaction,
    tenant: &Tenant,
    user: &users::Model,
    checked: &CheckedRequest,
    link: &str,
) -> ApiResult<()> {
    let modality = if checked.modality == "in_person" {
        format!("In person, in {}", checked.location.as_deref().unwrap_or(""))
    } else {
        "Remote".to_string()
    };
    let subject = format!("{} asked for a new circle", full_name(user));
    let text = vec![
        format!("{} ({}) asked for a circle that does not exist yet.", full_name(user), user.email),
        format!("Real-world problems to solve: {}", checked.problems),
        format!("Goal: {}", checked.goal),
        format!("Needed by: {}. Commitment: {} hours a week. {}.", checked.urgency, checked.hours, modality),
    ];
    for admin in q::managers_of(txn, tenant.organization_id()).await? {
        let link = Some(("See the circles", link));
        mailer::queue_notice(txn, &tenant.0, &admin.email, &admin.first_name, &subject, text.clone(), link).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use domain::sent::body;
    use serde_json::json;

    use super::*;

    #[test]
    fn months_are_checked() {
        let today = NaiveDate::from_ymd_opt(2026, 5, 20).unwrap();
        let ok = json!({"real_world_problems_to_solve": "a", "goal": "b", "urgency": "2026-05",
            "hours_commitment": "2", "learning_modality": "remote", "location": "Kenya"});
        let checked = check_request(body(ok.clone()), today).unwrap();
        assert_eq!((checked.hours, checked.location), (2, None));
        let mut past = ok.clone();
        past["urgency"] = json!("2026-04");
        assert!(check_request(body(past), today).unwrap_err().first("urgency").unwrap().contains("past"));
        let mut bad = ok;
        bad["urgency"] = json!("2026-13");
        assert_eq!(
            check_request(body(bad), today).unwrap_err().first("urgency"),
            Some("Enter a valid month (YYYY-MM).")
        );
    }
}
