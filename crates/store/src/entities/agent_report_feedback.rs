use sea_orm::entity::prelude::*;

/// A person's rating (1 to 5) and comment on a report (m0032), one per person and report.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "agent_report_feedback")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub report_id: i64,
    pub user_id: i64,
    pub rating: i16,
    #[sea_orm(column_type = "Text")]
    pub feedback: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
