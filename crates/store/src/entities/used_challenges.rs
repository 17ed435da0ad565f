use sea_orm::entity::prelude::*;

/// A bot-check challenge that has been answered once and may not be answered again.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "used_challenges")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub challenge_hash: String,
    /// Unix seconds after which the row may be pruned.
    pub expires_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
