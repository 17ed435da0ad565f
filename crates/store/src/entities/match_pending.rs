use sea_orm::entity::prelude::*;

/// A source row that changed and must be read again by the matching worker (m0037), queued
/// by triggers. `version` grows with each queueing; `claimed_until` (unix milliseconds) is
/// the lease of the worker reading it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "match_pending")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub item_id: i64,
    pub version: i64,
    pub claimed_until: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
