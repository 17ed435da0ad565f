//! Link previews of posts: `GET /api/v1/link-preview/?url=` (signed-in members, so the
//! server is no open proxy). Pages are fetched server-side (`services::link_preview`:
//! public addresses only, checked after DNS resolution and at every redirect, with a
//! timeout and a size cap) and kept in the database: a good preview for a day, a failed
//! one for an hour.

use axum::{extract::State, Json};
use chrono::Duration;
use domain::content::link_preview::{self, Preview, MSG_REFUSED, MSG_UNAVAILABLE};
use serde::Deserialize;
use services::link_preview::{public_addresses, FetchError};
use store::queries::link_previews as preview_q;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult},
    extract::{ApiQuery, AuthUser},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(link_preview))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PreviewQuery {
    /// An http or https URL on the default port.
    pub url: String,
}

fn of_row(row: &store::entities::link_previews::Model) -> Preview {
    Preview {
        url: row.url.clone(),
        kind: row.kind.clone(),
        title: row.title.clone(),
        description: row.description.clone(),
        image: row.image.clone(),
        site_name: row.site_name.clone(),
        embed_url: row.embed_url.clone(),
    }
}

/// The preview of a link: kind (youtube, spotify or link), the player to embed, and the
/// page's title, description (cut at 100 characters), image and site name. Addresses off
/// the public internet (loopback, private, link-local, unique-local…) are refused (400).
#[utoipa::path(
    get,
    path = "/api/v1/link-preview/",
    tag = "contents",
    params(PreviewQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Data<Preview>))
)]
async fn link_preview(
    State(state): State<AppState>,
    AuthUser(_user): AuthUser,
    ApiQuery(query): ApiQuery<PreviewQuery>,
) -> ApiResult<Json<Data<Preview>>> {
    let url = link_preview::parse_url(&query.url).map_err(|m| ApiError::field("url", m))?;
    let hash = crate::secrets::sha256_hex(url.as_str().as_bytes());
    if let Some(row) = preview_q::find(&state.db, &hash).await? {
        let age = store::now() - row.fetched_at;
        let fresh = if row.ok { age < Duration::hours(24) } else { age < Duration::hours(1) };
        if fresh {
            return Ok(Json(Data::new(of_row(&row))));
        }
    }
    match public_addresses(&url).await {
        Err(FetchError::Refused) => return Err(ApiError::field("url", MSG_REFUSED)),
        Err(FetchError::Unavailable) => return Err(ApiError::field("url", MSG_UNAVAILABLE)),
        Ok(_) => {}
    }
    let (ok, preview) = match state.page_fetcher.fetch(&url).await {
        Ok(page) => (true, link_preview::parse_page(&page.url, &page.html)),
        Err(FetchError::Refused) => return Err(ApiError::field("url", MSG_REFUSED)),
        Err(FetchError::Unavailable) => {
            let (kind, embed_url) = link_preview::classify(&url);
            (false, Preview { url: url.to_string(), kind: kind.into(), embed_url, ..Default::default() })
        }
    };
    // The preview describes the link that was asked for (the page may have redirected).
    let preview = Preview { url: url.to_string(), ..preview };
    preview_q::save(
        &state.db,
        preview_q::NewPreview {
            url_hash: &hash,
            url: &preview.url,
            ok,
            kind: &preview.kind,
            title: preview.title.clone(),
            description: preview.description.clone(),
            image: preview.image.clone(),
            site_name: preview.site_name.clone(),
            embed_url: preview.embed_url.clone(),
        },
    )
    .await?;
    Ok(Json(Data::new(preview)))
}
