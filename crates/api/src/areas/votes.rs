//! Votes (spec 002 §3 "Vote", §4 "Vote button", §7 "POST /vote/"): one vote per user per
//! item, up, down or none (neutral). The item's score moves in the vote's transaction
//! (`store::queries::catalogue::cast_vote`), so parallel votes never lose a count.
//!
//! Content types come from `domain::catalogue::ContentType`: aitool, usecase, careertip and
//! agentbuilder (a CareerGPS agent). Only approved items of the site can be voted on (404
//! otherwise; a career tip of a private group only by those who see the group; an agent
//! while it is offered: active, and no system agent).

use axum::{extract::State, Json};
use domain::catalogue::{ContentType, VoteType};
use serde::{Deserialize, Serialize};
use store::queries::catalogue as cat_q;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::catalogue::vote_name;
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(vote))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VoteInput {
    /// aitool, usecase, careertip or agentbuilder.
    pub content_type: String,
    pub object_id: i64,
    /// upvote, downvote or neutral.
    pub vote_type: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VoteAnswer {
    /// The item's score after the vote.
    pub total_score: i64,
    /// The caller's vote now: upvote, downvote or neutral.
    pub user_vote: String,
}

/// Votes on an item: upvote, downvote, or neutral to take the vote back.
#[utoipa::path(
    post,
    path = "/api/v1/vote/",
    tag = "votes",
    request_body = VoteInput,
    security(("bearer" = [])),
    responses((status = 200, body = VoteAnswer), (status = 404, body = ErrorBody))
)]
async fn vote(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<VoteInput>,
) -> ApiResult<Json<VoteAnswer>> {
    let kind = ContentType::parse(&body.content_type).ok_or_else(|| {
        ApiError::field("content_type", format!("\"{}\" is not a valid choice.", body.content_type.trim()))
    })?;
    let vote_type = VoteType::parse(&body.vote_type)
        .ok_or_else(|| ApiError::field("vote_type", format!("\"{}\" is not a valid choice.", body.vote_type.trim())))?;
    match kind {
        ContentType::AiTool => {
            super::catalogue::ai_tools::approved(&state, &tenant, body.object_id).await?;
        }
        ContentType::UseCase => {
            crate::areas::use_cases::approved(&state, &tenant, body.object_id).await?;
        }
        ContentType::CareerTip => {
            crate::areas::content::tips::votable(&state, &tenant, &user, body.object_id).await?;
        }
        ContentType::Agent => {
            crate::areas::agents::list::offered(&state, &tenant, body.object_id).await?;
        }
    }
    let score = cat_q::cast_vote(&state.db, tenant.id(), user.id, kind.as_str(), body.object_id, vote_type.value())
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok(Json(VoteAnswer { total_score: score, user_vote: vote_name(vote_type.value()) }))
}
