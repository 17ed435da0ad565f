use sea_orm::entity::prelude::*;

/// A member asking for a circle that does not exist yet.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "circle_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub user_id: i64,
    pub real_world_problems_to_solve: String,
    pub goal: String,
    /// The month it is wanted by, YYYY-MM.
    pub urgency: String,
    pub hours_commitment: i32,
    /// remote or in_person.
    pub learning_modality: String,
    /// A country, for in-person circles.
    pub location: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
