use sea_orm::entity::prelude::*;

/// A person's circle-leader certification on one tenant (one row per tenant and user),
/// given by accepting their leader application there.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "leader_certifications")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub user_id: i64,
    /// 1 Basic, 2 Intermediate, 3 Advanced.
    pub level: i32,
    pub level_name: String,
    /// A JSON list of topic area ids of the tenant.
    #[sea_orm(column_type = "JsonBinary")]
    pub topic_areas: Json,
    pub certified_at: DateTimeUtc,
    /// The accepted application; null for certifications given otherwise (the demo seed).
    pub application_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
