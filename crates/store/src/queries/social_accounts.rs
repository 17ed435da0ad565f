//! Provider accounts linked to users.

use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::{entities::social_accounts, now, StoreError, StoreResult};

/// The user a provider account is linked to.
pub async fn find_user(db: &impl ConnectionTrait, provider: &str, provider_uid: &str) -> StoreResult<Option<i64>> {
    Ok(social_accounts::Entity::find()
        .filter(social_accounts::Column::Provider.eq(provider))
        .filter(social_accounts::Column::ProviderUid.eq(provider_uid))
        .one(db)
        .await?
        .map(|row| row.user_id))
}

/// Links a provider account to a user (once; a second link of the same account is a conflict).
pub async fn link(db: &impl ConnectionTrait, user_id: i64, provider: &str, provider_uid: &str) -> StoreResult<()> {
    social_accounts::ActiveModel {
        user_id: Set(user_id),
        provider: Set(provider.to_string()),
        provider_uid: Set(provider_uid.to_string()),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(StoreError::classify)?;
    Ok(())
}
