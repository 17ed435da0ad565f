//! `POST /api/v1/register-career-gps/`: taking the CareerGPS assessment without signing up
//! (spec 000 §7 "Authentication", §8 "Registration via career assessment"; spec 002 §7).
//! It creates a trial user, who joins the tenant's organization like any sign-up and is
//! signed in at once; the client later forces them to sign up, which converts the account.
//!
//! The country (the form's default is United States) is stored on the new profile.

use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
    Json,
};
use domain::{accounts, FieldErrors};
use sea_orm::DatabaseTransaction;
use serde::{Deserialize, Serialize};
use store::{
    entities::users,
    queries::{memberships, profiles, users as user_q},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::issue_pair;
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, Client, Tenant},
    rate_limit,
};

pub const MSG_HAS_ACCOUNT: &str = "You already have an account with us. Please log in to access CareerGPS Assessment.";
pub const MSG_TRIAL_USED: &str =
    "You have already used the CareerGPS assessment with this email. Please register to continue.";
const COUNTRY_MAX: usize = 100;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(register_career_gps))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CareerGpsRequest {
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CareerGpsTokens {
    pub access_token: String,
    pub refresh_token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CareerGpsAnswer {
    pub data: CareerGpsTokens,
}

/// Whose the email already is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CareerGpsAccountStatus {
    /// A full account: the person should log in.
    Active,
    /// An earlier assessment: the person should register.
    Trial,
}

/// Every 400 of the registration: the common error fields, plus `status` when the email is
/// taken. Invalid fields answer the common error body alone, so `status` is optional here.
#[derive(Debug, Serialize, ToSchema)]
pub struct CareerGpsRefusal {
    /// Present when the email is taken: "active" (log in) or "trial" (register).
    #[schema(required = false)]
    pub status: CareerGpsAccountStatus,
    pub detail: String,
    pub message: String,
    pub code: String,
    pub field_errors: Option<std::collections::BTreeMap<String, Vec<String>>>,
    pub non_field_errors: Option<Vec<String>>,
}

impl CareerGpsRefusal {
    fn new(status: CareerGpsAccountStatus) -> Self {
        let (text, code) = match status {
            CareerGpsAccountStatus::Active => (MSG_HAS_ACCOUNT, "ACCOUNT_EXISTS"),
            CareerGpsAccountStatus::Trial => (MSG_TRIAL_USED, "TRIAL_USED"),
        };
        CareerGpsRefusal {
            status,
            detail: text.into(),
            message: text.into(),
            code: code.into(),
            field_errors: None,
            non_field_errors: None,
        }
    }

    fn for_user(user: &users::Model) -> Self {
        Self::new(if user.is_trial_user { CareerGpsAccountStatus::Trial } else { CareerGpsAccountStatus::Active })
    }
}

impl IntoResponse for CareerGpsRefusal {
    fn into_response(self) -> Response {
        (StatusCode::BAD_REQUEST, Json(self)).into_response()
    }
}

#[derive(Debug)]
struct Clean {
    first_name: String,
    last_name: String,
    email: String,
    country: String,
}

fn validate(body: &CareerGpsRequest) -> Result<Clean, FieldErrors> {
    let mut errors = FieldErrors::new();
    let first_name = body.first_name.trim().to_string();
    let last_name = body.last_name.trim().to_string();
    let too_long = |max: usize| format!("Ensure this field has no more than {max} characters.");
    if first_name.is_empty() {
        errors.add("first_name", "First name must be at least 1 characters");
    } else if first_name.chars().count() > accounts::NAME_MAX {
        errors.add("first_name", too_long(accounts::NAME_MAX));
    }
    if last_name.is_empty() {
        errors.add("last_name", "Last name must be at least 1 characters");
    } else if last_name.chars().count() > accounts::NAME_MAX {
        errors.add("last_name", too_long(accounts::NAME_MAX));
    }
    let country = body.country.trim();
    if country.is_empty() {
        errors.add("country", "This field is required.");
    } else if country.chars().count() > COUNTRY_MAX {
        errors.add("country", too_long(COUNTRY_MAX));
    }
    let email = accounts::normalize_email(&body.email);
    if email.is_empty() {
        errors.add("email", "Please enter an email");
    } else if !accounts::is_valid_email(&email) {
        errors.add("email", "Invalid email address");
    }
    errors.into_result()?;
    Ok(Clean { first_name, last_name, email, country: country.to_string() })
}

/// Starts the CareerGPS assessment for someone without an account: creates a trial user in
/// the tenant's organization and signs them in. An email that already has an account, or
/// that took the assessment before, is refused with `status` "active" or "trial".
#[utoipa::path(
    post,
    path = "/api/v1/register-career-gps/",
    tag = "auth",
    request_body = CareerGpsRequest,
    responses(
        (status = 201, body = CareerGpsAnswer),
        (status = 400, description = "Invalid fields (the common error body), or the email is taken: \
            `status` \"active\" (log in) or \"trial\" (register)", body = CareerGpsRefusal),
        (status = 429, body = ErrorBody)
    )
)]
async fn register_career_gps(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    ApiJson(body): ApiJson<CareerGpsRequest>,
) -> ApiResult<Response> {
    rate_limit::hit(&state, rate_limit::CAREER_GPS_PER_IP, &client.ip).await?;
    let clean = validate(&body)?;
    if let Some(refusal) = taken(&state, &clean.email).await? {
        return Ok(refusal.into_response());
    }
    let txn = store::begin_write(&state.db).await?;
    let created = match create_in(&txn, &tenant, &clean).await {
        Ok(user) => {
            txn.commit().await?;
            user
        }
        Err(err) => {
            if let Err(rollback) = txn.rollback().await {
                tracing::warn!(error = %rollback, "rolling back a CareerGPS registration failed");
            }
            // The same email registered at the same moment: answer as if it had come first.
            if let ApiError::Conflict(_) = err {
                if let Some(refusal) = taken(&state, &clean.email).await? {
                    return Ok(refusal.into_response());
                }
            }
            return Err(err);
        }
    };
    let pair = issue_pair(&state, created.id).await?;
    let answer = CareerGpsAnswer { data: CareerGpsTokens { access_token: pair.access, refresh_token: pair.refresh } };
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// The refusal when the email already belongs to someone (as primary or alternate email).
async fn taken(state: &AppState, email: &str) -> ApiResult<Option<CareerGpsRefusal>> {
    if !user_q::email_in_use(&state.db, email, 0).await? {
        return Ok(None);
    }
    // Read the owner after the check, so an account created meanwhile is seen as it is.
    Ok(Some(match user_q::find_by_email(&state.db, email).await? {
        Some(user) => CareerGpsRefusal::for_user(&user),
        // Someone's alternate email: that person has an account.
        None => CareerGpsRefusal::new(CareerGpsAccountStatus::Active),
    }))
}

/// The trial user and their membership of the tenant's organization (per its join mode).
async fn create_in(txn: &DatabaseTransaction, tenant: &Tenant, clean: &Clean) -> ApiResult<users::Model> {
    let user = user_q::create_trial(txn, &clean.email, &clean.first_name, &clean.last_name).await?;
    let org = &tenant.0.organization;
    let status = if org.join_mode == "closed" { "pending" } else { memberships::STATUS_ACCEPTED };
    memberships::upsert(txn, org.id, user.id, "member", status).await?;
    let profile = profiles::ensure(txn, &user).await?;
    let mut profile: store::entities::profiles::ActiveModel = profile.into();
    profile.country = sea_orm::Set(Some(clean.country.clone()));
    sea_orm::ActiveModelTrait::update(profile, txn).await?;
    Ok(user)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(first: &str, last: &str, country: &str, email: &str) -> CareerGpsRequest {
        CareerGpsRequest {
            first_name: first.into(),
            last_name: last.into(),
            country: country.into(),
            email: email.into(),
        }
    }

    #[test]
    fn fields_are_checked_and_cleaned() {
        let clean = validate(&request(" Ada ", "Lovelace", "UK", " Ada@Example.com ")).unwrap();
        assert_eq!((clean.first_name.as_str(), clean.email.as_str()), ("Ada", "ada@example.com"));
        let err = validate(&request("", " ", "", "nope")).unwrap_err();
        assert_eq!(err.first("first_name"), Some("First name must be at least 1 characters"));
        assert_eq!(err.first("last_name"), Some("Last name must be at least 1 characters"));
        assert_eq!(err.first("country"), Some("This field is required."));
        assert_eq!(err.first("email"), Some("Invalid email address"));
        let err = validate(&request("A", "B", &"x".repeat(101), "")).unwrap_err();
        assert_eq!(err.first("email"), Some("Please enter an email"));
        assert_eq!(err.first("country"), Some("Ensure this field has no more than 100 characters."));
    }

    #[test]
    fn refusals_carry_their_status() {
        let active = serde_json::to_value(CareerGpsRefusal::new(CareerGpsAccountStatus::Active)).unwrap();
        assert_eq!(active["status"], "active");
        assert_eq!(active["detail"], MSG_HAS_ACCOUNT);
        let trial = serde_json::to_value(CareerGpsRefusal::new(CareerGpsAccountStatus::Trial)).unwrap();
        assert_eq!(trial["status"], "trial");
        assert_eq!(trial["message"], MSG_TRIAL_USED);
    }
}
