use sea_orm::entity::prelude::*;

/// When a site's analytics were last rolled up, and when its first run filled the past (m0039).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "analytics_rollups")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub tenant_id: i64,
    pub backfilled_at: DateTimeUtc,
    pub rolled_up_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
