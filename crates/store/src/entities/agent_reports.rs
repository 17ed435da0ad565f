use sea_orm::entity::prelude::*;

/// A report an agent made (m0032): about `owner_id`, run by `created_by`; `body` is a
/// `domain::agents::report::ReportBody`; `source` offline or model. The slug is unique on
/// the site and is the report's address.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "agent_reports")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub slug: String,
    pub agent_id: i64,
    pub run_id: Option<i64>,
    pub owner_id: i64,
    pub created_by: Option<i64>,
    pub body: Json,
    pub is_public: bool,
    pub source: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
