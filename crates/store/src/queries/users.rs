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

/// The user's row, locked until the transaction ends (`FOR UPDATE` on PostgreSQL; SQLite
/// has no row locks, and a write transaction there already holds the database's only
/// write lock). Serialises a user's check-then-insert steps.
pub async fn lock(db: &impl ConnectionTrait, id: i64) -> StoreResult<Option<users::Model>> {
    use sea_orm::QuerySelect;
    Ok(users::Entity::find_by_id(id).lock_exclusive().one(db).await?)
}

/// The users with these e-mail addresses (lower-cased), by address.
pub async fn find_by_emails(
    db: &impl ConnectionTrait,
    emails: &[String],
) -> StoreResult<std::collections::HashMap<String, users::Model>> {
    if emails.is_empty() {
        return Ok(Default::default());
    }
    let lowered: Vec<String> = emails.iter().map(|e| e.trim().to_lowercase()).collect();
    Ok(users::Entity::find()
        .filter(users::Column::Email.is_in(lowered))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.email.clone(), u))
        .collect())
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

/// Creates a trial user (CareerGPS assessment without sign-up): no password, unverified.
pub async fn create_trial(
    db: &impl ConnectionTrait,
    email: &str,
    first_name: &str,
    last_name: &str,
) -> StoreResult<users::Model> {
    let user = create(
        db,
        NewUser {
            email,
            password_hash: None,
            first_name,
            last_name,
            is_verified: false,
            is_staff: false,
            subscribe_to_newsletter: true,
        },
    )
    .await?;
    let mut active: users::ActiveModel = user.into();
    active.is_trial_user = Set(true);
    Ok(active.update(db).await?)
}

/// Turns a trial user into a full account with the sign-up form's details.
pub async fn convert_trial(
    db: &impl ConnectionTrait,
    user: users::Model,
    first_name: &str,
    last_name: &str,
    password_hash: String,
    subscribe_to_newsletter: bool,
) -> StoreResult<users::Model> {
    let mut active: users::ActiveModel = user.into();
    active.first_name = Set(first_name.to_string());
    active.last_name = Set(last_name.to_string());
    active.password_hash = Set(Some(password_hash));
    active.subscribe_to_newsletter = Set(subscribe_to_newsletter);
    active.is_trial_user = Set(false);
    active.updated_at = Set(now());
    Ok(active.update(db).await?)
}

pub async fn set_password(db: &impl ConnectionTrait, user_id: i64, password_hash: String) -> StoreResult<()> {
    users::Entity::update_many()
        .col_expr(users::Column::PasswordHash, sea_orm::sea_query::Expr::value(Some(password_hash)))
        .col_expr(users::Column::UpdatedAt, sea_orm::sea_query::Expr::value(now()))
        .filter(users::Column::Id.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Is this address anyone's primary or alternate email (other than `except_user`)?
pub async fn email_in_use(db: &impl ConnectionTrait, email: &str, except_user: i64) -> StoreResult<bool> {
    let email = email.trim().to_lowercase();
    let found = users::Entity::find()
        .filter(
            sea_orm::Condition::any()
                .add(users::Column::Email.eq(email.clone()))
                .add(users::Column::AlternateEmail.eq(email)),
        )
        .filter(users::Column::Id.ne(except_user))
        .one(db)
        .await?;
    Ok(found.is_some())
}

/// Stores a new, not yet verified alternate email.
pub async fn set_alternate_email(db: &impl ConnectionTrait, user_id: i64, email: &str) -> StoreResult<()> {
    users::Entity::update_many()
        .col_expr(users::Column::AlternateEmail, sea_orm::sea_query::Expr::value(Some(email.trim().to_lowercase())))
        .col_expr(users::Column::IsAlternateEmailVerified, sea_orm::sea_query::Expr::value(false))
        .col_expr(users::Column::UpdatedAt, sea_orm::sea_query::Expr::value(now()))
        .filter(users::Column::Id.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

pub async fn mark_alternate_email_verified(db: &impl ConnectionTrait, user_id: i64) -> StoreResult<()> {
    users::Entity::update_many()
        .col_expr(users::Column::IsAlternateEmailVerified, sea_orm::sea_query::Expr::value(true))
        .col_expr(users::Column::UpdatedAt, sea_orm::sea_query::Expr::value(now()))
        .filter(users::Column::Id.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Makes the verified alternate email the primary one; the old primary is dropped, so it no
/// longer signs in. Answers the updated user, or a conflict when the address was taken.
pub async fn switch_to_alternate_email(db: &impl ConnectionTrait, user: users::Model) -> StoreResult<users::Model> {
    let Some(alternate) = user.alternate_email.clone() else {
        return Err(StoreError::NotFound);
    };
    let mut active: users::ActiveModel = user.into();
    active.email = Set(alternate);
    active.alternate_email = Set(None);
    active.is_alternate_email_verified = Set(false);
    active.updated_at = Set(now());
    active.update(db).await.map_err(StoreError::classify)
}

/// Users by id, in one query.
pub async fn find_by_ids(
    db: &impl ConnectionTrait,
    ids: &[i64],
) -> StoreResult<std::collections::HashMap<i64, users::Model>> {
    if ids.is_empty() {
        return Ok(Default::default());
    }
    Ok(users::Entity::find()
        .filter(users::Column::Id.is_in(ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect())
}
