use sea_orm::entity::prelude::*;

/// A checkout session of the local checkout: what is bought (`kind` subscription,
/// payment or donation), for how much (cents, after discounts), and where the buyer goes afterwards.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "checkout_sessions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub tenant_id: i64,
    pub user_id: i64,
    pub kind: String,
    pub price_id: Option<i64>,
    pub amount: i64,
    pub discount_name: Option<String>,
    pub discount_percent: i16,
    pub status: String,
    pub success_url: String,
    pub cancel_url: String,
    pub provider_subscription_id: Option<String>,
    /// A one-time checkout's group: the paid circle or event, or the group donated to.
    pub group_id: Option<i64>,
    /// What a one-time checkout buys, for the checkout page.
    pub description: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
