use sea_orm::entity::prelude::*;

/// A member's subscription on one site, as the last applied provider event left it. Dates
/// are Unix seconds (as the provider sends them); `last_event_at`/`last_event_rank` order
/// the events so that a late one never moves the subscription backwards.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "user_subscriptions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub user_id: i64,
    pub provider_subscription_id: String,
    pub price_id: i64,
    pub status: String,
    pub trial_end: Option<i64>,
    pub current_period_end: i64,
    pub cancel_at: Option<i64>,
    pub canceled_at: Option<i64>,
    pub cancellation_reason: Option<String>,
    pub discount_name: Option<String>,
    pub discount_percent: i16,
    pub client_secret: Option<String>,
    pub last_event_at: i64,
    pub last_event_rank: i16,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
