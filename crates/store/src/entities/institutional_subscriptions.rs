use sea_orm::entity::prelude::*;

/// The plan an institution of a site holds for its members (spec 002 §1, §3): a yearly price
/// of a paid plan, `active` or `canceled`, and an optional last day (included). Members with
/// an accepted membership of the institution are covered while it is in force.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "institutional_subscriptions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    /// The institution (a group of type institution of the tenant); one plan per institution.
    pub group_id: i64,
    /// The row id of the price (`subscription_prices`).
    pub price_id: i64,
    /// active or canceled.
    pub status: String,
    pub ends_on: Option<Date>,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
