use sea_orm::entity::prelude::*;

/// An invitation to join a group (or a job), to a user or an e-mail address.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "invitations")]
pub struct Model {
    /// Unguessable; the invitation link carries it.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub tenant_id: i64,
    /// group or job.
    pub content_type: String,
    pub object_id: i64,
    pub invited_by: i64,
    pub user_id: Option<i64>,
    pub email: Option<String>,
    /// pending, accepted or rejected.
    pub status: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
