//! One-time codes.

use chrono::{DateTime, Utc};
use sea_orm::{
    sea_query::{Expr, ExprTrait},
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

use crate::{entities::otp_codes, now, StoreResult};

/// Replaces any open code of this purpose with a new one.
pub async fn replace(
    db: &impl ConnectionTrait,
    user_id: i64,
    purpose: &str,
    code_hash: &str,
    expires_at: DateTime<Utc>,
) -> StoreResult<()> {
    let at = now();
    otp_codes::Entity::update_many()
        .col_expr(otp_codes::Column::ConsumedAt, Expr::value(at))
        .filter(otp_codes::Column::UserId.eq(user_id))
        .filter(otp_codes::Column::Purpose.eq(purpose))
        .filter(otp_codes::Column::ConsumedAt.is_null())
        .exec(db)
        .await?;
    otp_codes::ActiveModel {
        user_id: Set(user_id),
        purpose: Set(purpose.to_string()),
        code_hash: Set(code_hash.to_string()),
        attempts: Set(0),
        expires_at: Set(expires_at),
        consumed_at: Set(None),
        created_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// The newest open code of this purpose.
pub async fn current(db: &impl ConnectionTrait, user_id: i64, purpose: &str) -> StoreResult<Option<otp_codes::Model>> {
    Ok(otp_codes::Entity::find()
        .filter(otp_codes::Column::UserId.eq(user_id))
        .filter(otp_codes::Column::Purpose.eq(purpose))
        .filter(otp_codes::Column::ConsumedAt.is_null())
        .order_by_desc(otp_codes::Column::Id)
        .one(db)
        .await?)
}

pub async fn count_attempt(db: &impl ConnectionTrait, id: i64) -> StoreResult<()> {
    otp_codes::Entity::update_many()
        .col_expr(otp_codes::Column::Attempts, Expr::col(otp_codes::Column::Attempts).add(1))
        .filter(otp_codes::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Consumes the code; false when another request consumed it first.
pub async fn consume(db: &impl ConnectionTrait, id: i64) -> StoreResult<bool> {
    let result = otp_codes::Entity::update_many()
        .col_expr(otp_codes::Column::ConsumedAt, Expr::value(now()))
        .filter(otp_codes::Column::Id.eq(id))
        .filter(otp_codes::Column::ConsumedAt.is_null())
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}
