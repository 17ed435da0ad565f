//! Users.

use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::{entities::users, now, StoreError, StoreResult};

pub struct NewUser<'a> {
    pub email: &'a str,
    pub password_hash: Option<String>,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub is_verified: bool,
    pub is_staff: bool,
    pub subscribe_to_newsletter: bool,
}

pub async fn create(db: &impl ConnectionTrait, new: NewUser<'_>) -> StoreResult<users::Model> {
    let at = now();
    users::ActiveModel {
        email: Set(new.email.trim().to_lowercase()),
        password_hash: Set(new.password_hash),
        first_name: Set(new.first_name.to_string()),
        last_name: Set(new.last_name.to_string()),
        is_verified: Set(new.is_verified),
        is_trial_user: Set(false),
        is_staff: Set(new.is_staff),
        is_active: Set(true),
        last_login_at: Set(None),
        subscribe_to_newsletter: Set(new.subscribe_to_newsletter),
        profile_type: Set("individual".into()),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(StoreError::classify)
}

pub async fn find_by_id(db: &impl ConnectionTrait, id: i64) -> StoreResult<Option<users::Model>> {
    Ok(users::Entity::find_by_id(id).one(db).await?)
}

pub async fn find_by_email(db: &impl ConnectionTrait, email: &str) -> StoreResult<Option<users::Model>> {
    Ok(users::Entity::find().filter(users::Column::Email.eq(email.trim().to_lowercase())).one(db).await?)
}

pub async fn mark_verified(db: &impl ConnectionTrait, user_id: i64) -> StoreResult<()> {
    users::Entity::update_many()
        .col_expr(users::Column::IsVerified, sea_orm::sea_query::Expr::value(true))
        .col_expr(users::Column::UpdatedAt, sea_orm::sea_query::Expr::value(now()))
        .filter(users::Column::Id.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

pub async fn touch_login(db: &impl ConnectionTrait, user_id: i64) -> StoreResult<()> {
    users::Entity::update_many()
        .col_expr(users::Column::LastLoginAt, sea_orm::sea_query::Expr::value(Some(now())))
        .filter(users::Column::Id.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}
