use sea_orm::entity::prelude::*;

/// An uploaded file of a user on a tenant. `storage_key` names it in the file store;
/// `content_type` and `kind` come from its content, never from the client's claim.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "files")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    /// The owner.
    pub user_id: i64,
    #[sea_orm(unique)]
    pub storage_key: String,
    /// The client's file name, sanitised.
    pub name: String,
    pub content_type: String,
    pub size: i64,
    /// image, video, document or other.
    pub kind: String,
    /// What it was uploaded as: file, profile_picture, video or resume.
    pub purpose: String,
    pub description: Option<String>,
    /// Extra facts of the upload (for a resume: the import request).
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub details: Option<Json>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
