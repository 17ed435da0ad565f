use sea_orm::entity::prelude::*;

/// A person's application to a job post: pending, then accepted or rejected by the job's
/// administrators. One per person and job.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job_applications")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub job_post_id: i64,
    pub user_id: i64,
    pub status: String,
    /// `{question id: answer}`.
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub answers: Option<Json>,
    /// The profile's resume link when the person applied.
    pub resume: Option<String>,
    pub reviewed_at: Option<DateTimeUtc>,
    pub reviewed_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
