//! Application configuration of the request's tenant: `options-config` and
//! `app-config-group` (spec 000 §3 "Application configuration").

use axum::{
    extract::State,
    http::{header, HeaderMap},
    Json,
};
use domain::{
    config::{AmaPrompts, AppConfig, Options, UiConfig},
    FieldErrors,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::queries::tenants::{OrganizationChanges, TenantRecord};
use utoipa::{
    openapi::{
        schema::{ObjectBuilder, Schema, Type},
        RefOr,
    },
    PartialSchema, ToSchema,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    envelope::Data,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, Tenant, TenantAdmin},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(options_config)).routes(routes!(get_app_config, update_app_config))
}

/// The tenant's organization as the configuration shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrganizationSummary {
    pub id: i64,
    pub name: String,
    pub name_slug: String,
    pub logo: Option<String>,
    pub domain: String,
    pub description: Option<String>,
    pub membership_type: Option<String>,
}

/// UI settings plus what is worked out per request.
#[derive(Debug, Serialize)]
pub struct UiView {
    #[serde(flatten)]
    pub settings: UiConfig,
    /// True on the vendor's own hosts and on local hosts.
    pub show_powered_by: bool,
}

/// The schema of [`UiConfig`] with `show_powered_by` added to its properties. A derived
/// schema would combine the two with `allOf`, and `UiConfig`'s `additionalProperties: false`
/// (it refuses unknown keys when read) would then reject `show_powered_by` itself.
impl PartialSchema for UiView {
    fn schema() -> RefOr<Schema> {
        let mut object = match UiConfig::schema() {
            RefOr::T(Schema::Object(object)) => object,
            _ => unreachable!("UiConfig derives an object schema"),
        };
        object.properties.insert(
            "show_powered_by".into(),
            ObjectBuilder::new()
                .schema_type(Type::Boolean)
                .description(Some("True on the vendor's own hosts and on local hosts."))
                .into(),
        );
        object.required.push("show_powered_by".into());
        object.description = Some("UI settings plus what is worked out per request.".into());
        RefOr::T(Schema::Object(object))
    }
}

impl ToSchema for UiView {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        <UiConfig as ToSchema>::schemas(schemas);
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppConfigView {
    pub organization: OrganizationSummary,
    pub options: Options,
    pub ui: UiView,
    pub ama_user_default_prompts: AmaPrompts,
    /// CareerGPS: the profile-completion threshold and the monthly usage limits per agent type.
    pub agents: domain::agents::access::AgentSettings,
}

/// Branding fields an admin may change together with the configuration.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OrganizationUpdate {
    pub name: Option<String>,
    #[serde(default, deserialize_with = "crate::serde_util::double_option")]
    #[schema(value_type = Option<String>)]
    pub logo: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::serde_util::double_option")]
    #[schema(value_type = Option<String>)]
    pub description: Option<Option<String>>,
}

/// A partial update: sections left out stay as they are; objects are merged key by key.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AppConfigUpdate {
    pub organization: Option<OrganizationUpdate>,
    #[schema(value_type = Option<Object>)]
    pub options: Option<Value>,
    #[schema(value_type = Option<Object>)]
    pub ui: Option<Value>,
    #[schema(value_type = Option<Object>)]
    pub ama_user_default_prompts: Option<Value>,
    /// Replaces the leader certification questions (a list of questions).
    #[schema(value_type = Option<Vec<Object>>)]
    pub leader_certification_questions: Option<Value>,
    /// CareerGPS settings, merged key by key: `profile_completion_threshold` (0–100) and
    /// `usage_limits.{careergps|career_assistant}.{members|premium_members}` (null: no limit).
    #[schema(value_type = Option<Object>)]
    pub agents: Option<Value>,
}

pub(crate) fn stored_config(record: &TenantRecord) -> &AppConfig {
    record.config()
}

fn is_local_host(host: &str) -> bool {
    host == "localhost" || host.ends_with(".localhost") || host == "127.0.0.1" || host == "::1"
}

fn view(record: &TenantRecord, config: AppConfig, request_host: &str, vendor_hosts: &[String]) -> AppConfigView {
    let host = store::queries::tenants::normalize_host(request_host);
    let show_powered_by =
        is_local_host(&host) || vendor_hosts.iter().any(|v| host == *v || host.ends_with(&format!(".{v}")));
    let org = &record.organization;
    AppConfigView {
        organization: OrganizationSummary {
            id: org.id,
            name: org.name.clone(),
            name_slug: org.slug.clone(),
            logo: org.logo.clone(),
            domain: record.tenant.domain.clone(),
            description: org.description.clone(),
            membership_type: org.membership_type.clone(),
        },
        options: config.options,
        ui: UiView { settings: config.ui, show_powered_by },
        ama_user_default_prompts: config.ama_user_default_prompts,
        agents: config.agents,
    }
}

/// The configuration `GET /app-config-group/` answers for this tenant and host, as JSON that is
/// safe inside an HTML `<script>` element: `<`, `>` and `&` (which JSON has only inside
/// strings) and the two JavaScript line separators are written as `\u` escapes, so no value
/// can close the element or open a comment. The web app's index.html carries it (`web.rs`).
pub(crate) fn config_for_page(record: &TenantRecord, request_host: &str, vendor_hosts: &[String]) -> Option<String> {
    let view = view(record, stored_config(record).clone(), request_host, vendor_hosts);
    let json = serde_json::to_string(&view)
        .map_err(|err| tracing::error!(error = %err, "configuration not serialisable for the page"))
        .ok()?;
    let mut safe = String::with_capacity(json.len() + 64);
    for c in json.chars() {
        match c {
            '<' => safe.push_str("\\u003c"),
            '>' => safe.push_str("\\u003e"),
            '&' => safe.push_str("\\u0026"),
            '\u{2028}' => safe.push_str("\\u2028"),
            '\u{2029}' => safe.push_str("\\u2029"),
            other => safe.push(other),
        }
    }
    Some(safe)
}

fn host_of(headers: &HeaderMap) -> &str {
    headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("")
}

/// The option lists of the tenant's configuration.
#[utoipa::path(get, path = "/api/v1/options-config/", tag = "config", responses((status = 200, body = Data<Options>)))]
async fn options_config(tenant: Tenant) -> Json<Data<Options>> {
    Json(Data::new(stored_config(&tenant.0).options.clone()))
}

/// The whole configuration of the request's tenant: organization, options, UI and prompts.
#[utoipa::path(get, path = "/api/v1/app-config-group/", tag = "config", responses((status = 200, body = Data<AppConfigView>)))]
async fn get_app_config(
    State(state): State<AppState>,
    tenant: Tenant,
    headers: HeaderMap,
) -> Json<Data<AppConfigView>> {
    let config = stored_config(&tenant.0).clone();
    Json(Data::new(view(&tenant.0, config, host_of(&headers), &state.settings.vendor_hosts)))
}

/// Updates the tenant's configuration (tenant admins only). Every field is validated; an
/// invalid update changes nothing.
#[utoipa::path(
    post,
    path = "/api/v1/app-config-group/",
    tag = "config",
    request_body = AppConfigUpdate,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Data<AppConfigView>),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn update_app_config(
    State(state): State<AppState>,
    tenant: Tenant,
    TenantAdmin(admin): TenantAdmin,
    headers: HeaderMap,
    ApiJson(update): ApiJson<AppConfigUpdate>,
) -> ApiResult<Json<Data<AppConfigView>>> {
    let mut sections = serde_json::Map::new();
    for (key, value) in [
        ("options", update.options),
        ("ui", update.ui),
        ("ama_user_default_prompts", update.ama_user_default_prompts),
        ("leader_certification_questions", update.leader_certification_questions),
        ("agents", update.agents),
    ] {
        if let Some(value) = value {
            sections.insert(key.to_string(), value);
        }
    }
    // The audit log names the sections and branding fields that were sent.
    let mut changed: Vec<String> = sections.keys().cloned().collect();
    let config = domain::config::apply_update(&tenant.0.tenant.config, &Value::Object(sections))?;
    let org = organization_changes(update.organization)?;
    let stored = serde_json::to_value(&config).map_err(anyhow::Error::from)?;
    changed.extend(org.name.as_ref().map(|_| "organization.name".to_string()));
    changed.extend(org.logo.as_ref().map(|_| "organization.logo".to_string()));
    changed.extend(org.description.as_ref().map(|_| "organization.description".to_string()));
    let details = serde_json::json!({ "changed": changed });
    let txn = store::begin_write(&state.db).await?;
    let record = store::queries::tenants::update_config_in(&txn, &tenant.0, stored, org).await?;
    store::queries::audit_log::record(
        &txn,
        tenant.id(),
        Some(admin.id),
        "config_change",
        store::queries::audit_log::ENTITY_CONFIG,
        0,
        None,
        details,
    )
    .await?;
    txn.commit().await?;
    state.tenants.invalidate(record.tenant.id);
    Ok(Json(Data::new(view(&record, config, host_of(&headers), &state.settings.vendor_hosts))))
}

fn organization_changes(update: Option<OrganizationUpdate>) -> ApiResult<OrganizationChanges> {
    let Some(update) = update else {
        return Ok(OrganizationChanges::default());
    };
    let mut errors = FieldErrors::new();
    let name = update.name.map(|n| n.trim().to_string());
    if let Some(name) = &name {
        if name.is_empty() {
            errors.add("organization.name", "This field may not be blank.");
        } else if name.chars().count() > 200 {
            errors.add("organization.name", "Ensure this field has no more than 200 characters.");
        }
    }
    let logo = update.logo.map(|logo| logo.map(|l| l.trim().to_string()).filter(|l| !l.is_empty()));
    if let Some(Some(logo)) = &logo {
        let ok = logo.starts_with('/') && !logo.starts_with("//")
            || url::Url::parse(logo).is_ok_and(|u| matches!(u.scheme(), "http" | "https"));
        if !ok || logo.len() > 1000 {
            errors.add("organization.logo", "Enter a valid URL.");
        }
    }
    let description = update.description.map(|d| d.map(|d| d.trim().to_string()).filter(|d| !d.is_empty()));
    if let Some(Some(description)) = &description {
        if description.chars().count() > 2000 {
            errors.add("organization.description", "Ensure this field has no more than 2000 characters.");
        }
    }
    errors.into_result().map_err(ApiError::from)?;
    Ok(OrganizationChanges { name, logo, description })
}
