use sea_orm::entity::prelude::*;

/// An application to lead circles, with the answers to the leader certification questions.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "leader_applications")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub user_id: i64,
    pub group_id: Option<i64>,
    #[sea_orm(column_type = "JsonBinary")]
    pub response: Json,
    /// pending, accepted or rejected.
    pub status: String,
    pub reviewed_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
