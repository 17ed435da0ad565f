use sea_orm::entity::prelude::*;

/// A member's membership card on a site (spec 002 §2): the stored PNG, and a fingerprint of
/// what it shows so that a change (name, tier, picture) makes a new one.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "membership_cards")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub user_id: i64,
    pub storage_key: String,
    pub fingerprint: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
