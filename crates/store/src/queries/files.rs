//! Uploaded files. Every lookup is scoped to the tenant and, where a user acts on a file,
//! to its owner: another user's file reads as missing.

use std::collections::HashMap;

use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::{entities::files, now, StoreResult};

pub const KIND_IMAGE: &str = "image";
pub const KIND_VIDEO: &str = "video";
pub const KIND_DOCUMENT: &str = "document";
pub const KIND_OTHER: &str = "other";

pub struct NewFile<'a> {
    pub tenant_id: i64,
    pub user_id: i64,
    pub storage_key: &'a str,
    pub name: &'a str,
    pub content_type: &'a str,
    pub size: i64,
    pub kind: &'a str,
    pub purpose: &'a str,
    pub description: Option<&'a str>,
    pub details: Option<serde_json::Value>,
}

pub async fn insert(db: &impl ConnectionTrait, new: NewFile<'_>) -> StoreResult<files::Model> {
    Ok(files::ActiveModel {
        tenant_id: Set(new.tenant_id),
        user_id: Set(new.user_id),
        storage_key: Set(new.storage_key.to_string()),
        name: Set(new.name.to_string()),
        content_type: Set(new.content_type.to_string()),
        size: Set(new.size),
        kind: Set(new.kind.to_string()),
        purpose: Set(new.purpose.to_string()),
        description: Set(new.description.map(str::to_string)),
        details: Set(new.details),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

/// A file of `user_id` on the tenant; `None` for anyone else's file (so a file id from a
/// client can be referenced only by its owner).
pub async fn find_owned(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    id: i64,
) -> StoreResult<Option<files::Model>> {
    Ok(files::Entity::find_by_id(id)
        .filter(files::Column::TenantId.eq(tenant_id))
        .filter(files::Column::UserId.eq(user_id))
        .one(db)
        .await?)
}

/// Files of the tenant by id (anyone's: the caller checks whose they may show).
pub async fn by_ids(db: &impl ConnectionTrait, tenant_id: i64, ids: &[i64]) -> StoreResult<HashMap<i64, files::Model>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    // By primary key only, the tenant checked on the rows: with the tenant in the WHERE
    // clause SQLite may read the tenant's index (every file of the tenant) instead.
    Ok(files::Entity::find()
        .filter(files::Column::Id.is_in(ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .filter(|f| f.tenant_id == tenant_id)
        .map(|f| (f.id, f))
        .collect())
}

/// Deletes a file of `user_id` on the tenant; returns the deleted row, `None` when there was
/// no such file of theirs.
pub async fn delete_owned(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    id: i64,
) -> StoreResult<Option<files::Model>> {
    let Some(file) = find_owned(db, tenant_id, user_id, id).await? else {
        return Ok(None);
    };
    let deleted = files::Entity::delete_many()
        .filter(files::Column::Id.eq(file.id))
        .filter(files::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    Ok((deleted.rows_affected > 0).then_some(file))
}

/// The file of `user_id` stored under `key` (any tenant: a profile picture shows everywhere).
pub async fn find_by_key(db: &impl ConnectionTrait, user_id: i64, key: &str) -> StoreResult<Option<files::Model>> {
    Ok(files::Entity::find()
        .filter(files::Column::StorageKey.eq(key))
        .filter(files::Column::UserId.eq(user_id))
        .one(db)
        .await?)
}

pub async fn find(db: &impl ConnectionTrait, id: i64) -> StoreResult<Option<files::Model>> {
    Ok(files::Entity::find_by_id(id).one(db).await?)
}

pub async fn delete(db: &impl ConnectionTrait, id: i64) -> StoreResult<()> {
    files::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}

/// The file stored under `key`, whoever uploaded it.
pub async fn find_by_storage_key(db: &impl ConnectionTrait, key: &str) -> StoreResult<Option<files::Model>> {
    Ok(files::Entity::find().filter(files::Column::StorageKey.eq(key)).one(db).await?)
}
