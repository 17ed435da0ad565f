use sea_orm::entity::prelude::*;

/// A job posted by a group (the job board; `jobs` is the background work queue).
/// `job_status` is pending (a draft) or approved (published); `deleted_at` marks a
/// deleted post, which every read skips.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job_posts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub group_id: i64,
    pub slug: String,
    pub title: String,
    /// Sanitised rich text.
    pub description: String,
    /// Sanitised rich text.
    pub requirements: Option<String>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub career_stages: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub professional_fields: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub countries: Option<Json>,
    /// remote, on_site or hybrid.
    pub job_location: String,
    /// project_based, full_time, part_time or internship.
    pub job_type: Option<String>,
    pub address: Option<String>,
    pub application_open_date: Option<Date>,
    pub application_close_date: Option<Date>,
    pub job_status: String,
    pub is_featured: bool,
    /// `questions`: what applicants answer.
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub extra_info: Option<Json>,
    pub created_by: Option<i64>,
    pub deleted_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
