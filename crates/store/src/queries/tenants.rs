//! Tenants and their root organizations.

use std::sync::{Arc, OnceLock};

use domain::config::AppConfig;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, TransactionTrait};

use crate::{
    entities::{groups, tenants},
    now, StoreError, StoreResult,
};

/// A tenant with its root organization, as request handling needs it.
#[derive(Debug, Clone)]
pub struct TenantRecord {
    pub tenant: tenants::Model,
    pub organization: groups::Model,
    /// `tenant.config` parsed on first use. Records are kept per host and replaced when the
    /// tenant changes, never edited, so the parse holds for the record's life.
    parsed_config: Arc<OnceLock<AppConfig>>,
}

impl TenantRecord {
    pub fn new(tenant: tenants::Model, organization: groups::Model) -> Self {
        TenantRecord { tenant, organization, parsed_config: Arc::default() }
    }

    /// The tenant's stored configuration (the defaults when it does not parse, said once in
    /// the log).
    pub fn config(&self) -> &AppConfig {
        self.parsed_config.get_or_init(|| {
            serde_json::from_value(self.tenant.config.clone()).unwrap_or_else(|err| {
                tracing::error!(tenant = self.tenant.id, error = %err, "stored configuration unreadable; using defaults");
                AppConfig::default()
            })
        })
    }
}

pub struct NewTenant<'a> {
    pub domain: &'a str,
    pub name: &'a str,
    pub slug: &'a str,
    pub description: Option<&'a str>,
    pub logo: Option<&'a str>,
    pub is_default: bool,
    pub config: serde_json::Value,
}

/// Lower-cases a Host header value and drops the port.
pub fn normalize_host(host: &str) -> String {
    let host = host.trim().to_ascii_lowercase();
    if let Some(rest) = host.strip_prefix('[') {
        // IPv6 literal: [::1]:8080
        return rest.split(']').next().unwrap_or("").to_string();
    }
    host.split(':').next().unwrap_or("").trim_end_matches('.').to_string()
}

async fn with_org(db: &impl ConnectionTrait, tenant: tenants::Model) -> StoreResult<TenantRecord> {
    let organization = groups::Entity::find()
        .filter(groups::Column::TenantId.eq(tenant.id))
        .filter(groups::Column::IsTenantRoot.eq(true))
        .one(db)
        .await?
        .ok_or(StoreError::NotFound)?;
    Ok(TenantRecord::new(tenant, organization))
}

/// The tenant serving `host`, else the default tenant.
pub async fn resolve(db: &impl ConnectionTrait, host: &str) -> StoreResult<TenantRecord> {
    let host = normalize_host(host);
    if !host.is_empty() {
        if let Some(tenant) = tenants::Entity::find().filter(tenants::Column::Domain.eq(host)).one(db).await? {
            return with_org(db, tenant).await;
        }
    }
    default_tenant(db).await
}

pub async fn default_tenant(db: &impl ConnectionTrait) -> StoreResult<TenantRecord> {
    let tenant = tenants::Entity::find()
        .filter(tenants::Column::IsDefault.eq(true))
        .one(db)
        .await?
        .ok_or(StoreError::NotFound)?;
    with_org(db, tenant).await
}

pub async fn find_by_domain(db: &impl ConnectionTrait, domain: &str) -> StoreResult<Option<TenantRecord>> {
    match tenants::Entity::find().filter(tenants::Column::Domain.eq(normalize_host(domain))).one(db).await? {
        Some(tenant) => Ok(Some(with_org(db, tenant).await?)),
        None => Ok(None),
    }
}

/// Creates a tenant, its root organization and its built-in agents
/// ([`agents::ensure_builtin`](crate::queries::agents::ensure_builtin)) in one transaction.
/// A new default tenant takes the default flag from any other.
pub async fn create(db: &crate::Db, new: NewTenant<'_>) -> StoreResult<TenantRecord> {
    let txn = db.begin().await?;
    let at = now();
    if new.is_default {
        tenants::Entity::update_many()
            .col_expr(tenants::Column::IsDefault, sea_orm::sea_query::Expr::value(false))
            .filter(tenants::Column::IsDefault.eq(true))
            .exec(&txn)
            .await?;
    }
    let tenant = tenants::ActiveModel {
        domain: Set(normalize_host(new.domain)),
        is_default: Set(new.is_default),
        config: Set(new.config),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(StoreError::classify)?;
    let organization = groups::ActiveModel {
        tenant_id: Set(tenant.id),
        parent_id: Set(None),
        group_type: Set("organization".into()),
        name: Set(new.name.to_string()),
        slug: Set(new.slug.to_string()),
        description: Set(new.description.map(str::to_string)),
        logo: Set(new.logo.map(str::to_string)),
        cover_image: Set(None),
        privacy: Set(0),
        join_mode: Set("open".into()),
        membership_type: Set(None),
        is_tenant_root: Set(true),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(StoreError::classify)?;
    crate::queries::agents::ensure_builtin(&txn, tenant.id).await?;
    txn.commit().await?;
    Ok(TenantRecord::new(tenant, organization))
}

/// Makes sure a default tenant exists so that a fresh database serves something.
pub async fn ensure_default(db: &crate::Db, config: serde_json::Value) -> StoreResult<TenantRecord> {
    match default_tenant(db).await {
        Ok(record) => Ok(record),
        Err(StoreError::NotFound) => {
            create(
                db,
                NewTenant {
                    domain: "localhost",
                    name: "Waypoint",
                    slug: "waypoint",
                    description: Some("Career networking and AI upskilling community."),
                    logo: None,
                    is_default: true,
                    config,
                },
            )
            .await
        }
        Err(err) => Err(err),
    }
}

/// Organization fields an admin may change with the configuration.
#[derive(Debug, Default)]
pub struct OrganizationChanges {
    pub name: Option<String>,
    pub logo: Option<Option<String>>,
    pub description: Option<Option<String>>,
}

/// Stores a new configuration (already validated) and organization branding together.
pub async fn update_config(
    db: &crate::Db,
    record: &TenantRecord,
    config: serde_json::Value,
    org: OrganizationChanges,
) -> StoreResult<TenantRecord> {
    let txn = db.begin().await?;
    let record = update_config_in(&txn, record, config, org).await?;
    txn.commit().await?;
    Ok(record)
}

/// [`update_config`] within the caller's transaction (which may record more with it).
pub async fn update_config_in(
    txn: &impl ConnectionTrait,
    record: &TenantRecord,
    config: serde_json::Value,
    org: OrganizationChanges,
) -> StoreResult<TenantRecord> {
    let at = now();
    let mut tenant: tenants::ActiveModel = record.tenant.clone().into();
    tenant.config = Set(config);
    tenant.updated_at = Set(at);
    let tenant = tenant.update(txn).await?;
    let mut organization: groups::ActiveModel = record.organization.clone().into();
    if let Some(name) = org.name {
        organization.name = Set(name);
    }
    if let Some(logo) = org.logo {
        organization.logo = Set(logo);
    }
    if let Some(description) = org.description {
        organization.description = Set(description);
    }
    organization.updated_at = Set(at);
    let organization = organization.update(txn).await?;
    Ok(TenantRecord::new(tenant, organization))
}

#[cfg(test)]
mod tests {
    use super::normalize_host;

    #[test]
    fn hosts() {
        assert_eq!(normalize_host("LocalHost:8080"), "localhost");
        assert_eq!(normalize_host("star.localhost"), "star.localhost");
        assert_eq!(normalize_host("[::1]:8080"), "::1");
        assert_eq!(normalize_host("example.org."), "example.org");
        assert_eq!(normalize_host(""), "");
    }
}
