use sea_orm::entity::prelude::*;

/// A user's bookmark (favourite) of one item of a site: `entity_type` names the kind
/// (`domain::bookmarks::EntityType`), `entity_id` the row of that kind's table.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "bookmarks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub user_id: i64,
    pub entity_type: String,
    pub entity_id: i64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
