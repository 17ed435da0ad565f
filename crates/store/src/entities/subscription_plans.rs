use sea_orm::entity::prelude::*;

/// A membership plan of a site (tier 0 is free) with the features its members get.
/// `included_features` / `excluded_features` are JSON arrays of strings.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "subscription_plans")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub name: String,
    pub description: String,
    pub subscription_tier: i16,
    pub trial_days: i32,
    pub included_features: String,
    pub excluded_features: String,
    pub use_ama: bool,
    pub one_to_one_chat: bool,
    pub can_use_premium_agents: bool,
    pub can_create_membership_card: bool,
    pub can_view_premium_resources: bool,
    pub circle_discount_percent: i16,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
