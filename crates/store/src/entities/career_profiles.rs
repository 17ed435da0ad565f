use sea_orm::entity::prelude::*;

/// The career-profile record of a user on one site: group, institution, start, batch, title.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "career_profiles")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub user_id: i64,
    pub group_id: Option<i64>,
    pub institution_id: Option<i64>,
    pub start_date: Option<Date>,
    pub batch: Option<String>,
    pub title: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
