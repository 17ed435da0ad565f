use sea_orm::entity::prelude::*;

/// A person of a course of the embedded classroom provider (no Google needed).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "classroom_local_members")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub course_id: String,
    /// student or teacher.
    pub role: String,
    pub external_id: String,
    pub email: String,
    pub full_name: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
