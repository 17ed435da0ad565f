use sea_orm::entity::prelude::*;

/// One fixed-window counter (per IP or per account and action).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rate_limits")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub bucket_key: String,
    pub hits: i32,
    /// Unix seconds when the window ends.
    pub reset_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
