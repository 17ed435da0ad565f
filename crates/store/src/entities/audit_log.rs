use sea_orm::entity::prelude::*;

/// An administrator's action on a member or an item (m0033): who (`actor_id`), what
/// (`action` on `entity_type` `entity_id`), why (`reason`) and when.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub actor_id: Option<i64>,
    pub action: String,
    pub entity_type: String,
    pub entity_id: i64,
    pub reason: Option<String>,
    pub details: Json,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
