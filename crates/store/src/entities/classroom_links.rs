use sea_orm::entity::prelude::*;

/// What a Google Classroom sync made of a course's member or material in a group:
/// `kind` member (`target_id` a user) or material (`target_id` a resource of `contents`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "classroom_links")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub group_id: i64,
    pub kind: String,
    pub external_id: String,
    pub target_id: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
