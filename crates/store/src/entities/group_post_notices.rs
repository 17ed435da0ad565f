use sea_orm::entity::prelude::*;

/// A post or newsletter that tells its group's accepted members (m0045). Each member's own
/// `notifications` row of it is written when they next read their notifications.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "group_post_notices")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub group_id: i64,
    /// The author, who is not told of their own post.
    pub actor_id: Option<i64>,
    pub kind: String,
    pub notification_type: String,
    pub message: String,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub data: Option<Json>,
    pub created_at: DateTimeUtc,
    /// Where a member told of this notice looks again from for notices they were not told
    /// of: a little before `created_at`, since PostgreSQL may commit two posts out of order.
    pub recheck_from: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
