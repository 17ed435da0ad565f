use sea_orm::entity::prelude::*;

/// A fetched link preview, kept by the URL's hash (`ok` false: the page could not be read,
/// kept too so a bad link is not fetched again at once).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "link_previews")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub url_hash: String,
    pub url: String,
    pub ok: bool,
    pub kind: String,
    pub title: Option<String>,
    pub description: Option<String>,
    pub image: Option<String>,
    pub site_name: Option<String>,
    pub embed_url: Option<String>,
    pub fetched_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
