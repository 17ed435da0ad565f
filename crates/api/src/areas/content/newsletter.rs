//! Unsubscribing from newsletters: `POST /api/v1/newsletter/unsubscribe/` with the token
//! of a newsletter mail's link (the web page `/newsletter/unsubscribe?token=` sends it).
//! No sign-in: the token is signed with the server secret and names the user; it turns
//! their newsletter opt-in off. A GET link would be followed by mail scanners, hence a
//! page and a POST.

use axum::{extract::State, Json};
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde::{Deserialize, Serialize};
use store::entities::users;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    error::{ApiError, ApiResult},
    extract::ApiJson,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(unsubscribe))
}

pub const MSG_DONE: &str = "You have been unsubscribed from newsletters.";
pub const MSG_INVALID: &str = "This unsubscribe link is not valid.";

#[derive(Debug, Deserialize, ToSchema)]
pub struct UnsubscribeInput {
    pub token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnsubscribeAnswer {
    pub message: String,
}

/// Turns the newsletter opt-in of the link's user off.
#[utoipa::path(
    post,
    path = "/api/v1/newsletter/unsubscribe/",
    tag = "contents",
    request_body = UnsubscribeInput,
    responses((status = 200, body = UnsubscribeAnswer))
)]
async fn unsubscribe(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<UnsubscribeInput>,
) -> ApiResult<Json<UnsubscribeAnswer>> {
    let invalid = || ApiError::field("token", MSG_INVALID);
    let user_id =
        services::newsletter::verify_unsubscribe_token(&state.settings.jwt_secret, &body.token).ok_or_else(invalid)?;
    let user = users::Entity::find_by_id(user_id).one(&state.db).await?.ok_or_else(invalid)?;
    if user.subscribe_to_newsletter {
        let mut active: users::ActiveModel = user.into();
        active.subscribe_to_newsletter = Set(false);
        active.update(&state.db).await?;
    }
    Ok(Json(UnsubscribeAnswer { message: MSG_DONE.into() }))
}
