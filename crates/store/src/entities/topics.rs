use sea_orm::entity::prelude::*;

/// A skill or a general topic. `name_key` is the lower-cased name, for case-insensitive
/// uniqueness and search on both databases.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "topics")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub name: String,
    pub name_key: String,
    pub topic_type: String,
    pub topic_area_id: Option<i64>,
    pub group_id: Option<i64>,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
