use sea_orm::entity::prelude::*;

/// A user's answers for one organization: role, career stage, reasons to join, … .
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "group_profiles")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub group_id: i64,
    pub user_id: i64,
    pub current_role: Option<i64>,
    pub job_function: Option<i64>,
    pub career_stage: Option<i64>,
    pub professional_field: Option<i64>,
    /// A JSON list of option values.
    pub reason_to_join: Json,
    pub is_certified: bool,
    /// `domain::profiles::ExtraInfo` as JSON.
    pub extra_info: Json,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
