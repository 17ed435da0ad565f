use sea_orm::entity::prelude::*;

/// Something a person is told about in the app, on one site: `kind` is invitation,
/// user_connection or a group type; `data` carries what the client needs to navigate
/// (invitation_key, name_slug, group_type, name, image).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "notifications")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    /// Who is told.
    pub user_id: i64,
    /// Who caused it, when a person did.
    pub actor_id: Option<i64>,
    pub kind: String,
    pub notification_type: String,
    pub message: String,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub data: Option<Json>,
    pub is_read: bool,
    pub created_at: DateTimeUtc,
    /// The group post this row tells of (m0045), when it is one.
    pub group_post_notice_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
