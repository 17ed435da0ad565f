use sea_orm::entity::prelude::*;

/// An administrator's Google Classroom consent on a site: the refresh token, sealed
/// (`services::classroom::seal`). Never returned by the API nor logged.
#[derive(Clone, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "classroom_grants")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub user_id: i64,
    pub sealed_refresh_token: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("classroom_grants::Model")
            .field("id", &self.id)
            .field("tenant_id", &self.tenant_id)
            .field("user_id", &self.user_id)
            .field("sealed_refresh_token", &"<redacted>")
            .finish()
    }
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
