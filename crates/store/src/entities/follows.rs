use sea_orm::entity::prelude::*;

/// A user following a person (`followed_user_id`) or a group (`group_id`, with the group's
/// `tenant_id`); exactly one of the two is set.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "follows")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub follower_id: i64,
    pub followed_user_id: Option<i64>,
    pub group_id: Option<i64>,
    pub tenant_id: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
