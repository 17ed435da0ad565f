use sea_orm::entity::prelude::*;

/// A profile import of one user on a tenant: from a stored resume (`file_id`) or a LinkedIn
/// URL (`url`). The background job moves it from queued to running to done or failed.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "profile_imports")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    /// Whose profile is written.
    pub user_id: i64,
    /// Who asked (the user, or staff importing for them).
    pub requested_by: Option<i64>,
    /// resume or linkedin.
    pub source: String,
    /// queued, running, done or failed.
    pub status: String,
    /// The JSON list of the sections to write.
    #[sea_orm(column_type = "JsonBinary")]
    pub fields: Json,
    pub file_id: Option<i64>,
    pub url: Option<String>,
    /// Why it failed, in words for the user.
    pub error: Option<String>,
    pub started_at: Option<DateTimeUtc>,
    pub finished_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
