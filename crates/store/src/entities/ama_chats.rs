use sea_orm::entity::prelude::*;

/// One question to the assistant and its answer (m0029). `parent_chat` is the first chat
/// of the thread (none for a thread's first); `answer` holds the answer's parts (spec 002
/// §3 "Chat message": text, recommendations, relevant_questions); `source` is `offline`
/// (the built-in retrieval) or `model` (the configured chat-completion API).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ama_chats")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub user_id: i64,
    pub parent_chat: Option<i64>,
    #[sea_orm(column_type = "Text")]
    pub question: String,
    pub answer: Json,
    pub source: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
