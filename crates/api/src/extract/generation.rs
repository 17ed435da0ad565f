//! The site's list write generation (`store::list_counts::generation`) as a request reads it.

use axum::{extract::FromRequestParts, http::request::Parts};

use super::Tenant;
use crate::{
    error::ApiError,
    state::{AppState, Kept},
};

/// The generation the kept list pages of this request are trusted at (`crate::page_cache`),
/// read once per request before any row. The overviews (`/my-items/`) read it once and hand
/// it to each of their sections instead of each section reading it again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListGeneration(pub i64);

impl<K: Kept> FromRequestParts<AppState<K>> for ListGeneration {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState<K>) -> Result<Self, Self::Rejection> {
        if let Some(generation) = parts.extensions.get::<ListGeneration>() {
            return Ok(*generation);
        }
        let tenant = Tenant::from_request_parts(parts, state).await?;
        let generation = ListGeneration(state.generations.site(state.read_db(), tenant.id()).await?);
        parts.extensions.insert(generation);
        Ok(generation)
    }
}
