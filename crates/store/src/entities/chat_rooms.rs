use sea_orm::entity::prelude::*;

/// A chat room of one site. A one-to-one room has `pair_key` "low:high" (the two user ids),
/// unique per site.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "chat_rooms")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub room_type: String,
    pub pair_key: Option<String>,
    pub name: Option<String>,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub last_message_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
