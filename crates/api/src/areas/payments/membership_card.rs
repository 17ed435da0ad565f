//! The membership card (spec 002 §2 "Membership card", §6 `can_create_membership_card`, §7,
//! §8): `POST /api/v1/membership-card/` answers the address of the member's card image,
//! drawing it on first open (and again when what it shows has changed: name, picture, tier,
//! the site's name or colours). The card is a PNG stored through the storage service and
//! named on identity as `membership_card`. Offered on sites of the "star" variant to members
//! whose tier has `can_create_membership_card`.

use axum::{extract::State, http::StatusCode, Json};
use domain::config::{AppConfig, HostVariant};
use serde::Serialize;
use services::membership_card::{render, CardFacts};
use sha2::{Digest, Sha256};
use store::{
    entities::{membership_cards, users},
    queries::{memberships as member_q, profiles as profile_q},
    sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::flags::member_tier;
use crate::{
    areas::uploads::{key_of_link, stored_link},
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(membership_card))
}

pub const MSG_CARD_FAILED: &str = "Failed to generate membership card. Try again later.";
pub const MSG_NO_CARD: &str = "Your membership does not include a membership card.";

#[derive(Debug, Serialize, ToSchema)]
pub struct MembershipCardView {
    /// The card's image (PNG) address.
    pub membership_card: String,
}

fn failed(reason: impl std::fmt::Display) -> ApiError {
    tracing::warn!(%reason, "membership card failed");
    ApiError::Coded {
        status: StatusCode::SERVICE_UNAVAILABLE,
        message: MSG_CARD_FAILED.into(),
        code: "membership_card_failed",
    }
}

/// The stored card of the member on the site, if any (identity's `membership_card`).
pub async fn stored_card(state: &AppState, tenant_id: i64, user_id: i64) -> ApiResult<Option<String>> {
    let row = membership_cards::Entity::find()
        .filter(membership_cards::Column::TenantId.eq(tenant_id))
        .filter(membership_cards::Column::UserId.eq(user_id))
        .one(state.read_db())
        .await?;
    Ok(row.map(|r| stored_link(state, &r.storage_key)))
}

/// "Member since March 2025".
fn member_since(at: chrono::DateTime<chrono::Utc>) -> String {
    format!("Member since {}", at.format("%B %Y"))
}

/// The member's card image, drawn on first open.
#[utoipa::path(
    post,
    path = "/api/v1/membership-card/",
    tag = "payments",
    security(("bearer" = [])),
    responses(
        (status = 200, body = Data<MembershipCardView>),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 503, body = ErrorBody)
    )
)]
async fn membership_card(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
) -> ApiResult<Json<Data<MembershipCardView>>> {
    let config: AppConfig = serde_json::from_value(tenant.0.tenant.config.clone()).unwrap_or_default();
    if config.ui.host_variant != HostVariant::Star {
        return Err(ApiError::not_found());
    }
    let tier = member_tier(&state.db, tenant.id(), user.id).await?;
    if !tier.flags.can_create_membership_card {
        return Err(ApiError::Forbidden(MSG_NO_CARD.into()));
    }
    let (facts, picture_link) = card_facts(&state, &tenant, &user, &config, tier.flags.applied_membership_tier).await?;
    let fingerprint = {
        let mut hash = Sha256::new();
        hash.update(format!("{facts:?}|{picture_link:?}"));
        hash.finalize().iter().map(|b| format!("{b:02x}")).collect::<String>()
    };
    let existing = membership_cards::Entity::find()
        .filter(membership_cards::Column::TenantId.eq(tenant.id()))
        .filter(membership_cards::Column::UserId.eq(user.id))
        .one(&state.db)
        .await?;
    if let Some(card) = existing.as_ref().filter(|c| c.fingerprint == fingerprint) {
        return Ok(Json(Data::new(MembershipCardView { membership_card: stored_link(&state, &card.storage_key) })));
    }
    let picture = match picture_link.as_deref().and_then(|link| key_of_link(&state, link)) {
        Some(key) => state.storage.get(&key).await.ok().flatten().map(|o| o.bytes),
        None => None,
    };
    let png = tokio::task::spawn_blocking(move || render(&facts, picture.as_deref()))
        .await
        .map_err(failed)?
        .map_err(failed)?;
    let key = format!("membership-cards/{}/{}-{}.png", tenant.id(), user.id, &fingerprint[..16]);
    state.storage.put(&key, "image/png", png).await.map_err(failed)?;
    let stored = StoredCard { tenant_id: tenant.id(), user_id: user.id, key: key.clone(), fingerprint };
    if let Some(old) = stored.remember(&state, existing).await?.filter(|old| *old != key) {
        let _ = state.storage.delete(&old).await;
    }
    Ok(Json(Data::new(MembershipCardView { membership_card: stored_link(&state, &key) })))
}

/// What the card shows, and the link of the member's picture.
async fn card_facts(
    state: &AppState,
    tenant: &Tenant,
    user: &users::Model,
    config: &AppConfig,
    tier: Option<String>,
) -> ApiResult<(CardFacts, Option<String>)> {
    let profile = profile_q::find_by_users(&state.db, &[user.id]).await?.remove(&user.id);
    let picture_link = profile.as_ref().and_then(|p| p.picture.clone());
    let joined = member_q::find(&state.db, tenant.organization_id(), user.id)
        .await?
        .filter(|m| m.status == member_q::STATUS_ACCEPTED)
        .map(|m| m.created_at)
        .unwrap_or(user.created_at);
    let facts = CardFacts {
        site_name: tenant.0.organization.name.clone(),
        member_name: format!("{} {}", user.first_name, user.last_name).trim().to_string(),
        tier,
        member_since: Some(member_since(joined)),
        number: format!("No. {:04}-{:06}", tenant.id(), user.id),
        primary: config.ui.theme.primary_main.clone(),
        secondary: config.ui.theme.secondary_main.clone(),
    };
    Ok((facts, picture_link))
}

/// A card image just stored for a member.
struct StoredCard {
    tenant_id: i64,
    user_id: i64,
    key: String,
    fingerprint: String,
}

impl StoredCard {
    /// Records the card as the member's; answers the key of the image it replaces.
    async fn remember(self, state: &AppState, existing: Option<membership_cards::Model>) -> ApiResult<Option<String>> {
        let at = store::now();
        if let Some(card) = existing {
            let old = card.storage_key.clone();
            let mut active: membership_cards::ActiveModel = card.into();
            active.storage_key = Set(self.key);
            active.fingerprint = Set(self.fingerprint);
            active.created_at = Set(at);
            active.update(&state.db).await?;
            return Ok(Some(old));
        }
        let inserted = membership_cards::ActiveModel {
            tenant_id: Set(self.tenant_id),
            user_id: Set(self.user_id),
            storage_key: Set(self.key),
            fingerprint: Set(self.fingerprint),
            created_at: Set(at),
            ..Default::default()
        }
        .insert(&state.db)
        .await;
        // Two first opens at once: the other one stored its card first; keep ours unused.
        if let Err(err) = inserted {
            let classified = store::StoreError::classify(err);
            if !matches!(classified, store::StoreError::Conflict(_)) {
                return Err(classified.into());
            }
        }
        Ok(None)
    }
}
