use sea_orm::entity::prelude::*;

/// A person's profile (one per user). `name_slug` is unique and readable ("ada-lovelace").
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "profiles")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub name_slug: String,
    pub picture: Option<String>,
    pub country: Option<String>,
    pub location: Option<String>,
    pub title: Option<String>,
    pub batch: Option<String>,
    pub prefered_language: Option<String>,
    pub resume: Option<String>,
    pub video: Option<String>,
    pub social_linkedin: Option<String>,
    pub social_twitter: Option<String>,
    pub social_google_scholar: Option<String>,
    pub social_research_gate: Option<String>,
    pub social_orcid: Option<String>,
    pub social_facebook: Option<String>,
    pub short_bio: Option<String>,
    pub career_story: Option<String>,
    pub career_advice: Option<String>,
    pub calendy_url: Option<String>,
    pub specific_needs: Option<String>,
    pub discipline: Option<String>,
    pub additional_career_information: Option<String>,
    pub institution_id: Option<i64>,
    /// A JSON list of option values.
    pub interested_services: Json,
    pub completion_percent: i16,
    /// A JSON list of language names (null on profiles from before the column existed).
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub languages: Option<Json>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
