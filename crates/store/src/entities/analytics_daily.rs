use sea_orm::entity::prelude::*;

/// One rolled-up count of a site's day (m0039; `domain::analytics::Metric`): `key` is `""`
/// for the site, or a job's or circle's id, a level, a rating. Kept by the job worker.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "analytics_daily")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub metric: String,
    pub day: Date,
    pub key: String,
    pub value: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
