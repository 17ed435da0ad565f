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
    /// Sanitised rich text: why this is important.
    pub reason: Option<String>,
    /// The organization it was submitted for.
    pub group_id: Option<i64>,
    /// The PDF's link and name.
    pub document: Option<String>,
    pub document_name: Option<String>,
    pub video_link: Option<String>,
    pub topic_area: Option<i64>,
    /// Topic ids (at most 7).
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub topics: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub career_stages: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub professional_fields: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub job_functions: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub categories: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub roles: Option<Json>,
    pub business_value: Option<String>,
    pub complexity: Option<String>,
    pub innovation_category: Option<String>,
    /// The circle shown beside it (set by PATCH `default_group`).
    pub default_group: Option<i64>,
    pub vote_score: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
