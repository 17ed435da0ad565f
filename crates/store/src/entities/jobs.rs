use sea_orm::entity::prelude::*;

/// Background work with retries: claimed by setting `locked_until`, retried with back-off.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "jobs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub kind: String,
    #[sea_orm(column_type = "JsonBinary")]
    pub payload: Json,
    /// pending, done or failed.
    pub status: String,
    pub attempts: i32,
    pub max_attempts: i32,
    pub run_at: DateTimeUtc,
    pub locked_until: Option<DateTimeUtc>,
    pub last_error: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
