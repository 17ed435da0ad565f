use sea_orm::entity::prelude::*;

/// A member's rating (1 to 5) of one answer, with their reason (m0029); rating again
/// replaces it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ama_feedback")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub chat_id: i64,
    pub user_id: i64,
    pub rating: i16,
    #[sea_orm(column_type = "Text")]
    pub feedback: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
