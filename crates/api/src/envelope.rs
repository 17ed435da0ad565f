//! The response envelopes: `{"data": …}` for one object, `{"data": [...], "pagination": …}`
//! for a page of a list.

use axum::http::{request::Parts, HeaderMap, Uri};
use domain::pagination::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Data<T> {
    pub data: T,
}

impl<T> Data<T> {
    pub fn new(data: T) -> Self {
        Data { data }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Pagination {
    pub count: u64,
    /// The URL of the next page, or null on the last page.
    pub next: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Page<T> {
    pub data: Vec<T>,
    pub pagination: Pagination,
}

/// Where the request came from, to build absolute `next` links.
#[derive(Debug, Clone)]
pub struct RequestUrl {
    pub scheme: String,
    pub host: String,
    pub uri: Uri,
}

impl RequestUrl {
    pub fn from_parts(parts: &Parts) -> Self {
        Self::from_headers(&parts.headers, parts.uri.clone())
    }

    pub fn from_headers(headers: &HeaderMap, uri: Uri) -> Self {
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
        let scheme =
            header("x-forwarded-proto").filter(|s| s == "https" || s == "http").unwrap_or_else(|| "http".to_string());
        let host = header("host").unwrap_or_else(|| "localhost".to_string());
        RequestUrl { scheme, host, uri }
    }

    /// This URL with `page` replaced.
    pub fn with_page(&self, page: u64) -> String {
        let mut pairs: Vec<(String, String)> = self
            .uri
            .query()
            .map(|q| url::form_urlencoded::parse(q.as_bytes()).into_owned().filter(|(k, _)| k != "page").collect())
            .unwrap_or_default();
        pairs.push(("page".into(), page.to_string()));
        let query = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
        format!("{}://{}{}?{}", self.scheme, self.host, self.uri.path(), query)
    }
}

impl<T> Page<T> {
    pub fn new(items: Vec<T>, count: u64, request: &PageRequest, url: &RequestUrl) -> Self {
        let next = request.has_next(count).then(|| url.with_page(request.page + 1));
        Page { data: items, pagination: Pagination { count, next } }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_link_keeps_filters_and_replaces_page() {
        let mut headers = HeaderMap::new();
        headers.insert("host", "localhost:8080".parse().unwrap());
        let url = RequestUrl::from_headers(&headers, "/api/v1/topics/?search=ai&page=2".parse().unwrap());
        assert_eq!(url.with_page(3), "http://localhost:8080/api/v1/topics/?search=ai&page=3");
    }
}
