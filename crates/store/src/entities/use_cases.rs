use sea_orm::entity::prelude::*;

/// An AI use case of a tenant's catalogue (spec 002 §3 "Use case"). `slug` is unique per
/// tenant; only approved ones show outside staff.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "use_cases")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub slug: String,
    pub title: String,
    /// Rich text (sanitised HTML).
    pub description: Option<String>,
    pub thumbnail_image: Option<String>,
    /// pending, approved or rejected.
    pub status: String,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
