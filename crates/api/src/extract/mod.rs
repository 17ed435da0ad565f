//! Request extractors: bodies and queries that fail with the API's error shape, the tenant
//! of the request, and who is calling.

mod auth;
mod caller;
mod client;
mod generation;
mod json;
mod params;
mod query;
mod tenant;

pub use auth::{AuthUser, MaybeUser, TenantAdmin, MSG_INVALID_TOKEN};
pub use caller::{caller_of, Caller};
pub use client::Client;
pub use generation::ListGeneration;
pub use json::{parse_json, ApiJson, MSG_NUL};
pub use params::{
    bool_param, country_values, first_ids, first_list, id_param, list_param, search_param, text_param, Param,
};
pub use query::{page_from_query, ApiQuery, PageOf, PageParams};
pub use tenant::Tenant;
