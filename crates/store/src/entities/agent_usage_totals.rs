use sea_orm::entity::prelude::*;

/// A person's uses of the agents of one type in a month (m0036): what the usage limit
/// counts, claimed with one conditional upsert (`queries::agents::usage::claim`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "agent_usage_totals")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub user_id: i64,
    pub period: String,
    pub agent_type: String,
    pub count: i64,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
