use sea_orm::entity::prelude::*;

/// A user's vote on one item (spec 002 §3 "Vote"): `value` is 1 (upvote) or −1
/// (downvote); a neutral vote is no row. One row per (user, content type, object).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "votes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub user_id: i64,
    pub content_type: String,
    pub object_id: i64,
    pub value: i16,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
