use sea_orm::entity::prelude::*;

/// A career tip (spec 002 §3): sanitised rich text by a member, optionally in a group,
/// moderated (pending, approved, rejected).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "career_tips")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub group_id: Option<i64>,
    pub created_by: i64,
    pub slug: String,
    pub content: String,
    pub raw_text: String,
    pub status: String,
    /// The sum of the tip's votes (m0023).
    pub vote_score: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
