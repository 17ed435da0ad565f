use sea_orm::entity::prelude::*;

/// An AI tool of a tenant's catalogue (spec 002 §3 "AI tool"), submitted for one
/// organization (`group_id`). `slug` is unique per tenant; only approved tools show in
/// public lists. `vote_score` is the sum of its votes (+1 up, −1 down).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ai_tools")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub group_id: i64,
    pub slug: String,
    pub name: String,
    /// Sanitised rich text.
    pub description: String,
    pub website: Option<String>,
    /// At most 3 category values (`aitool_categories`).
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub categories: Option<Json>,
    /// Target personas (current role values).
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub roles: Option<Json>,
    /// The logo's link (a path on this site or the bucket's URL).
    pub logo: Option<String>,
    pub logo_file_id: Option<i64>,
    /// pending, approved or rejected.
    pub status: String,
    pub vote_score: i64,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
