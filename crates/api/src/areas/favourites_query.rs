//! The query every favourites list reads (`GET /bookmark/{type}/` and the resources' own
//! `GET /bookmark/resource/`), and that the caller's area builds for its sections.

use serde::Deserialize;
use utoipa::IntoParams;

/// Values are read as text, so a bad one gets the spec's message on its parameter.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FavouritesQuery {
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 10 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 10)]
    pub page_size: Option<String>,
    /// For `group` only, and required there: circle or event.
    pub group_type: Option<String>,
}
