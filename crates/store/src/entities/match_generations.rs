use sea_orm::entity::prelude::*;

/// A site's matching generations (m0037): every write of its `match_items` (`generation`),
/// and of its items and its people apart, which cached recommendations are filed under.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "match_generations")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub tenant_id: i64,
    pub generation: i64,
    pub items_generation: i64,
    pub people_generation: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
