use axum::{
    extract::{FromRequestParts, Query},
    http::request::Parts,
};
use domain::pagination::PageRequest;
use serde::{de::DeserializeOwned, Deserialize};

use crate::{envelope::RequestUrl, error::ApiError};

/// A query string; values that do not parse give a 400 naming the problem.
pub struct ApiQuery<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(value)| ApiQuery(value))
            .map_err(|rejection| ApiError::BadRequest(format!("Invalid query parameters: {}", rejection.body_text())))
    }
}

#[derive(Deserialize)]
struct RawPage {
    page: Option<String>,
    page_size: Option<String>,
}

/// `page` and `page_size` of a list's typed query, with the list's default size.
pub fn page_from_query(
    page: &Option<String>,
    page_size: &Option<String>,
    default_size: u64,
) -> Result<PageRequest, ApiError> {
    Ok(PageRequest::parse(page.as_deref(), page_size.as_deref(), default_size)?)
}

/// `page` and `page_size` with the list's default size, plus the request URL for `next`.
pub struct PageParams {
    pub page: PageRequest,
    pub url: RequestUrl,
}

impl PageParams {
    pub fn from_parts(parts: &Parts, default_size: u64) -> Result<Self, ApiError> {
        let raw: RawPage = serde_urlencoded_query(parts.uri.query().unwrap_or(""));
        let page = PageRequest::parse(raw.page.as_deref(), raw.page_size.as_deref(), default_size)?;
        Ok(PageParams { page, url: RequestUrl::from_parts(parts) })
    }
}

fn serde_urlencoded_query(query: &str) -> RawPage {
    let mut raw = RawPage { page: None, page_size: None };
    for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
        match key.as_ref() {
            "page" => raw.page = Some(value.into_owned()),
            "page_size" => raw.page_size = Some(value.into_owned()),
            _ => {}
        }
    }
    raw
}

impl<S: Send + Sync> FromRequestParts<S> for PageParams {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        PageParams::from_parts(parts, domain::pagination::DEFAULT_PAGE_SIZE)
    }
}

/// `page` and `page_size` for a list whose default page size is `N` (the spec's size for
/// that list), plus the request URL.
pub struct PageOf<const N: u64>(pub PageParams);

impl<S: Send + Sync, const N: u64> FromRequestParts<S> for PageOf<N> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        PageParams::from_parts(parts, N).map(PageOf)
    }
}

/// The request's URL, for the `next` link of lists with their own page size.
impl<S: Send + Sync> FromRequestParts<S> for RequestUrl {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(RequestUrl::from_parts(parts))
    }
}
