//! Refresh-token families: issue, rotate, detect reuse, revoke.

use chrono::{DateTime, Utc};
use sea_orm::{
    sea_query::Expr, ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, TransactionTrait,
};

use crate::{entities::refresh_tokens, now, StoreResult};

pub async fn insert(
    db: &impl ConnectionTrait,
    user_id: i64,
    family_id: &str,
    token_hash: &str,
    expires_at: DateTime<Utc>,
) -> StoreResult<refresh_tokens::Model> {
    Ok(refresh_tokens::ActiveModel {
        user_id: Set(user_id),
        family_id: Set(family_id.to_string()),
        token_hash: Set(token_hash.to_string()),
        expires_at: Set(expires_at),
        used_at: Set(None),
        revoked_at: Set(None),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

/// What presenting a refresh token led to.
#[derive(Debug)]
pub enum Rotation {
    /// The token was current: it is now used, and the new one replaces it.
    Rotated { user_id: i64, family_id: String },
    /// The token had already been used: the whole family is revoked (a stolen copy).
    Reused,
    /// Unknown, expired or revoked.
    Invalid,
}

/// Marks the presented token used and stores its successor, in one transaction. Marking
/// is a conditional update, so two concurrent uses of one token cannot both succeed.
pub async fn rotate(
    db: &crate::Db,
    presented_hash: &str,
    next_hash: &str,
    next_expires_at: DateTime<Utc>,
) -> StoreResult<Rotation> {
    // Validity is read before the transaction opens, so no early return leaves one open.
    let Some(token) =
        refresh_tokens::Entity::find().filter(refresh_tokens::Column::TokenHash.eq(presented_hash)).one(db).await?
    else {
        return Ok(Rotation::Invalid);
    };
    let at = now();
    if token.revoked_at.is_some() || token.expires_at <= at {
        return Ok(Rotation::Invalid);
    }
    let txn = db.begin().await?;
    let marked = refresh_tokens::Entity::update_many()
        .col_expr(refresh_tokens::Column::UsedAt, Expr::value(at))
        .filter(refresh_tokens::Column::Id.eq(token.id))
        .filter(refresh_tokens::Column::UsedAt.is_null())
        .exec(&txn)
        .await?;
    if marked.rows_affected == 0 {
        revoke_family_in(&txn, &token.family_id).await?;
        txn.commit().await?;
        return Ok(Rotation::Reused);
    }
    insert(&txn, token.user_id, &token.family_id, next_hash, next_expires_at).await?;
    txn.commit().await?;
    Ok(Rotation::Rotated { user_id: token.user_id, family_id: token.family_id })
}

async fn revoke_family_in(db: &impl ConnectionTrait, family_id: &str) -> StoreResult<()> {
    refresh_tokens::Entity::update_many()
        .col_expr(refresh_tokens::Column::RevokedAt, Expr::value(now()))
        .filter(refresh_tokens::Column::FamilyId.eq(family_id))
        .filter(refresh_tokens::Column::RevokedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// Revokes the family of a token (logout). Returns false when the token is unknown.
pub async fn revoke_by_hash(db: &impl ConnectionTrait, token_hash: &str) -> StoreResult<bool> {
    match refresh_tokens::Entity::find().filter(refresh_tokens::Column::TokenHash.eq(token_hash)).one(db).await? {
        Some(token) => {
            revoke_family_in(db, &token.family_id).await?;
            Ok(true)
        }
        None => Ok(false),
    }
}

/// Revokes every session of a user (password change or reset).
pub async fn revoke_all_for_user(db: &impl ConnectionTrait, user_id: i64) -> StoreResult<()> {
    refresh_tokens::Entity::update_many()
        .col_expr(refresh_tokens::Column::RevokedAt, Expr::value(now()))
        .filter(refresh_tokens::Column::UserId.eq(user_id))
        .filter(refresh_tokens::Column::RevokedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// Whether a sign-in (refresh-token family) still holds: one of its tokens is neither
/// revoked nor expired. What an open socket checks to end with its sign-in.
pub async fn family_is_live(db: &impl ConnectionTrait, family_id: &str) -> StoreResult<bool> {
    use sea_orm::PaginatorTrait;
    Ok(refresh_tokens::Entity::find()
        .filter(refresh_tokens::Column::FamilyId.eq(family_id))
        .filter(refresh_tokens::Column::RevokedAt.is_null())
        .filter(refresh_tokens::Column::ExpiresAt.gt(now()))
        .count(db)
        .await?
        > 0)
}
