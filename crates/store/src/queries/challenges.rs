//! Bot-check challenges that were answered: each may be used once.

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::{entities::used_challenges, StoreError, StoreResult};

/// Records the challenge as used. False when it had been used before.
pub async fn use_once(db: &impl ConnectionTrait, challenge_hash: &str, expires_at: i64) -> StoreResult<bool> {
    let row =
        used_challenges::ActiveModel { challenge_hash: Set(challenge_hash.to_string()), expires_at: Set(expires_at) };
    match used_challenges::Entity::insert(row).exec(db).await.map_err(StoreError::classify) {
        Ok(_) => Ok(true),
        Err(StoreError::Conflict(_)) => Ok(false),
        Err(other) => Err(other),
    }
}

pub async fn prune(db: &impl ConnectionTrait, now_secs: i64) -> StoreResult<u64> {
    let result = used_challenges::Entity::delete_many()
        .filter(used_challenges::Column::ExpiresAt.lte(now_secs))
        .exec(db)
        .await?;
    Ok(result.rows_affected)
}
