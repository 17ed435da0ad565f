use sea_orm::entity::prelude::*;

/// A work experience or an education entry of a user.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "career_entries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// work or education.
    pub entry_type: String,
    pub title: String,
    pub description: String,
    pub group_id: Option<i64>,
    pub is_currently_working: bool,
    pub start_date: Date,
    pub end_date: Option<Date>,
    pub show_gps: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
