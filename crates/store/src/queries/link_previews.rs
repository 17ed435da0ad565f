//! The cache of link previews (`link_previews`), by the URL's SHA-256.

use chrono::{DateTime, Utc};
use sea_orm::{sea_query::OnConflict, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::{entities::link_previews, now, StoreResult};

pub async fn find(db: &impl ConnectionTrait, url_hash: &str) -> StoreResult<Option<link_previews::Model>> {
    Ok(link_previews::Entity::find().filter(link_previews::Column::UrlHash.eq(url_hash)).one(db).await?)
}

pub struct NewPreview<'a> {
    pub url_hash: &'a str,
    pub url: &'a str,
    pub ok: bool,
    pub kind: &'a str,
    pub title: Option<String>,
    pub description: Option<String>,
    pub image: Option<String>,
    pub site_name: Option<String>,
    pub embed_url: Option<String>,
}

/// Stores (or replaces) a preview.
pub async fn save(db: &impl ConnectionTrait, preview: NewPreview<'_>) -> StoreResult<DateTime<Utc>> {
    let at = now();
    let row = link_previews::ActiveModel {
        url_hash: Set(preview.url_hash.to_string()),
        url: Set(preview.url.to_string()),
        ok: Set(preview.ok),
        kind: Set(preview.kind.to_string()),
        title: Set(preview.title),
        description: Set(preview.description),
        image: Set(preview.image),
        site_name: Set(preview.site_name),
        embed_url: Set(preview.embed_url),
        fetched_at: Set(at),
        ..Default::default()
    };
    let on_conflict = OnConflict::column(link_previews::Column::UrlHash)
        .update_columns([
            link_previews::Column::Url,
            link_previews::Column::Ok,
            link_previews::Column::Kind,
            link_previews::Column::Title,
            link_previews::Column::Description,
            link_previews::Column::Image,
            link_previews::Column::SiteName,
            link_previews::Column::EmbedUrl,
            link_previews::Column::FetchedAt,
        ])
        .to_owned();
    link_previews::Entity::insert(row).on_conflict(on_conflict).exec_without_returning(db).await?;
    Ok(at)
}
