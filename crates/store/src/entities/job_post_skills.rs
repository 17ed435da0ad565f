use sea_orm::entity::prelude::*;

/// A skill (a topic of type skill) a job post asks for.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job_post_skills")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub job_post_id: i64,
    pub topic_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
