use sea_orm::entity::prelude::*;

/// A post, newsletter, resource or prompt of a group (spec 001 §3 "Resource or post").
/// `content_type` is post, newsletter, resource or prompt; a post shared as a newsletter
/// too has `is_newsletter`. Resources and prompts are moderated (`status`); posts and
/// newsletters are approved when written.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "contents")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub group_id: i64,
    pub created_by: i64,
    pub content_type: String,
    pub is_newsletter: bool,
    pub sub_type: Option<String>,
    pub title: String,
    pub slug: String,
    /// Sanitised rich text.
    pub content: String,
    /// Its text, for previews and the search index.
    pub raw_text: String,
    /// `{"blocks": [...]}`, validated per block type.
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub data: Option<Json>,
    pub thumbnail_file_id: Option<i64>,
    /// Topic ids.
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub topics: Option<Json>,
    pub topic_area_id: Option<i64>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub career_stages: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub career_goals: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub professional_fields: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub roles: Option<Json>,
    pub country: Option<String>,
    /// 0 public, 20 private.
    pub security_level: i16,
    pub publish_to_khub: bool,
    pub is_premium: bool,
    pub is_trending: bool,
    pub is_pinned: bool,
    /// pending, approved or rejected.
    pub status: String,
    pub source: Option<String>,
    pub send_email: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub last_edited_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
