use std::sync::Arc;

use axum::{extract::FromRequestParts, http::request::Parts};
use store::queries::tenants::TenantRecord;

use crate::{
    error::ApiError,
    state::{AppState, Kept},
};

/// The tenant the request's Host header picks; unknown hosts get the default tenant.
#[derive(Clone)]
pub struct Tenant(pub Arc<TenantRecord>);

impl Tenant {
    pub fn id(&self) -> i64 {
        self.0.tenant.id
    }

    pub fn organization_id(&self) -> i64 {
        self.0.organization.id
    }
}

impl<K: Kept> FromRequestParts<AppState<K>> for Tenant {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState<K>) -> Result<Self, Self::Rejection> {
        if let Some(tenant) = parts.extensions.get::<Tenant>() {
            return Ok(tenant.clone());
        }
        let host = parts.headers.get(axum::http::header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
        let record = state.tenants.resolve(state.read_db(), host).await.map_err(|err| match err {
            store::StoreError::NotFound => ApiError::Internal(anyhow::anyhow!("no default tenant is configured")),
            other => other.into(),
        })?;
        let tenant = Tenant(record);
        parts.extensions.insert(tenant.clone());
        Ok(tenant)
    }
}
