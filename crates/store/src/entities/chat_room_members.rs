use sea_orm::entity::prelude::*;

/// A person in a chat room, with the last message they have read and the room's latest
/// activity (copied here so that "my rooms, latest first" is one index range).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "chat_room_members")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub room_id: i64,
    pub user_id: i64,
    pub tenant_id: i64,
    pub last_read_message_id: i64,
    pub last_message_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
