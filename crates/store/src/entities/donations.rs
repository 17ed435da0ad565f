use sea_orm::entity::prelude::*;

/// A completed donation to a group (spec 001 §7 "Donations and payments"): who gave how
/// much (cents) to which of the group's donation options, through which checkout session.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "donations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub group_id: i64,
    pub user_id: i64,
    pub checkout_session_id: String,
    /// The donation option's name, as it was when given.
    pub name: String,
    pub amount: i64,
    pub currency: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
