//! Single-use, expiring links mailed to users: password reset and email verification.

use chrono::{DateTime, Utc};
use sea_orm::{sea_query::Expr, ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::{entities::account_links, now, StoreResult};

pub const PURPOSE_PASSWORD_RESET: &str = "password_reset";
pub const PURPOSE_EMAIL_VERIFICATION: &str = "email_verification";

/// Stores a new link; earlier open links of the same purpose stop working.
pub async fn create(
    db: &impl ConnectionTrait,
    user_id: i64,
    purpose: &str,
    token_hash: &str,
    expires_at: DateTime<Utc>,
) -> StoreResult<()> {
    let at = now();
    account_links::Entity::update_many()
        .col_expr(account_links::Column::UsedAt, Expr::value(Some(at)))
        .filter(account_links::Column::UserId.eq(user_id))
        .filter(account_links::Column::Purpose.eq(purpose))
        .filter(account_links::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    account_links::ActiveModel {
        user_id: Set(user_id),
        purpose: Set(purpose.to_string()),
        token_hash: Set(token_hash.to_string()),
        expires_at: Set(expires_at),
        used_at: Set(None),
        created_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Uses a link once: answers its user when the link is open and unexpired. The conditional
/// update makes two concurrent uses of one link succeed at most once.
pub async fn consume(db: &impl ConnectionTrait, purpose: &str, token_hash: &str) -> StoreResult<Option<i64>> {
    let at = now();
    let Some(link) = account_links::Entity::find()
        .filter(account_links::Column::TokenHash.eq(token_hash))
        .filter(account_links::Column::Purpose.eq(purpose))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    if link.used_at.is_some() || link.expires_at <= at {
        return Ok(None);
    }
    let marked = account_links::Entity::update_many()
        .col_expr(account_links::Column::UsedAt, Expr::value(Some(at)))
        .filter(account_links::Column::Id.eq(link.id))
        .filter(account_links::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok((marked.rows_affected == 1).then_some(link.user_id))
}

/// Is the link open (for showing the reset form before it is submitted)?
pub async fn is_open(db: &impl ConnectionTrait, purpose: &str, token_hash: &str) -> StoreResult<bool> {
    let link = account_links::Entity::find()
        .filter(account_links::Column::TokenHash.eq(token_hash))
        .filter(account_links::Column::Purpose.eq(purpose))
        .one(db)
        .await?;
    Ok(link.is_some_and(|l| l.used_at.is_none() && l.expires_at > now()))
}
