//! The deployment's default organizations (spec 000 §7): every site's public root
//! organization, which a signed-in person may join and switch to.
//!
//! - `GET /groups/default-org/`: the list, with the caller's membership of each
//! - `POST /groups/default-org/ {id}`: joins that site's organization (no duplicate
//!   membership) and answers where to go next
//! - `POST /groups/{id}/join-default/`: the same, with the id in the path (spec 001 §7)

use axum::{
    extract::{Path, State},
    Json,
};
use domain::sent::{Sent, WholeNumber};
use serde::{Deserialize, Serialize};
use store::{
    entities::users,
    queries::{groups as group_q, memberships as member_q, programme as q, tenants::normalize_host},
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    envelope::{Data, RequestUrl},
    error::{ApiError, ApiResult},
    extract::{ApiJson, AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(default_orgs, join_default_org)).routes(routes!(join_default))
}

pub const MSG_COULD_NOT_JOIN: &str = "Could not join organization";

/// A default organization (spec 000 §3 "Organization": id, name, name_slug, logo, domain,
/// description, membership_type; default organization fields membership_status,
/// membership_role).
#[derive(Debug, Serialize, ToSchema)]
pub struct DefaultOrgView {
    pub id: i64,
    pub name: String,
    pub name_slug: String,
    pub logo: Option<String>,
    pub domain: String,
    /// Rich text.
    pub description: Option<String>,
    /// The organization's membership type, as the app configuration answers it.
    pub membership_type: Option<String>,
    /// The caller's membership: pending, accepted, rejected or null.
    pub membership_status: Option<String>,
    /// The caller's role in it (admin, leader, facilitator, member) or null.
    pub membership_role: Option<String>,
    /// The same as `membership_role` (kept for older clients).
    pub role: Option<String>,
    /// This site's organization.
    pub is_default: bool,
}

/// The public root organizations of every site of the deployment.
#[utoipa::path(
    get,
    path = "/api/v1/groups/default-org/",
    tag = "groups",
    security(("bearer" = [])),
    responses((status = 200, body = Data<Vec<DefaultOrgView>>))
)]
async fn default_orgs(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
) -> ApiResult<Json<Data<Vec<DefaultOrgView>>>> {
    let orgs = q::default_organizations(&state.db).await?;
    let ids: Vec<i64> = orgs.iter().map(|(g, _)| g.id).collect();
    let own = member_q::of_user_in(&state.db, user.id, &ids).await?;
    let items = orgs
        .into_iter()
        .map(|(org, domain)| {
            let membership = own.iter().find(|m| m.group_id == org.id);
            DefaultOrgView {
                is_default: org.id == tenant.organization_id(),
                id: org.id,
                name: org.name,
                name_slug: org.slug,
                logo: org.logo,
                domain,
                description: org.description,
                membership_type: org.membership_type,
                membership_status: membership.map(|m| m.status.clone()),
                membership_role: membership.map(|m| m.role.clone()),
                role: membership.map(|m| m.role.clone()),
            }
        })
        .collect();
    Ok(Json(Data::new(items)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct JoinDefaultOrgInput {
    /// The organization's id.
    #[schema(value_type = i64, required = true)]
    #[serde(default)]
    pub id: Sent<WholeNumber>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct JoinedOrg {
    pub id: i64,
    pub domain: String,
    /// accepted (open organizations) or pending.
    pub membership_status: String,
    /// The site to continue on.
    pub redirect: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct JoinedOrgAnswer {
    pub data: JoinedOrg,
    pub message: String,
}

/// The site's address in the request's scheme; a local site keeps the request's port.
fn site_url(url: &RequestUrl, domain: &str) -> String {
    let request_host = normalize_host(&url.host);
    let port = url.host.rsplit_once(':').map(|(_, p)| p).filter(|p| p.chars().all(|c| c.is_ascii_digit()));
    let local = |h: &str| h == "localhost" || h.ends_with(".localhost");
    let host = match port {
        Some(port) if request_host == domain || (local(&request_host) && local(domain)) => format!("{domain}:{port}"),
        _ => domain.to_string(),
    };
    format!("{}://{host}/", url.scheme)
}

/// Joins a site's root organization to make it the default: accepted at once where it is
/// open to join, pending otherwise. An existing membership is kept as it is.
#[utoipa::path(
    post,
    path = "/api/v1/groups/default-org/",
    tag = "groups",
    request_body = JoinDefaultOrgInput,
    security(("bearer" = [])),
    responses((status = 200, body = JoinedOrgAnswer))
)]
async fn join_default_org(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiJson(body): ApiJson<JoinDefaultOrgInput>,
) -> ApiResult<Json<JoinedOrgAnswer>> {
    join_once(&state, &user, &url, body.id.number()).await
}

/// Joins a site's root organization by the id in the path: the same as
/// `POST /groups/default-org/ {id}`, with the same answer and refusals.
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/join-default/",
    tag = "groups",
    params(("id" = i64, Path, description = "A default organization's id")),
    security(("bearer" = [])),
    responses((status = 200, body = JoinedOrgAnswer))
)]
async fn join_default(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    Path(id): Path<String>,
) -> ApiResult<Json<JoinedOrgAnswer>> {
    join_once(&state, &user, &url, id.trim().parse().ok()).await
}

/// Joins the default organization `id` once (accepted where it is open, pending otherwise;
/// an existing membership is kept as it is) and says where to continue.
async fn join_once(
    state: &AppState,
    user: &users::Model,
    url: &RequestUrl,
    id: Option<i64>,
) -> ApiResult<Json<JoinedOrgAnswer>> {
    let found = match id {
        Some(id) => q::default_organization(&state.db, id).await?,
        None => None,
    };
    let Some((org, domain)) = found else {
        return Err(ApiError::field("non_field_errors", MSG_COULD_NOT_JOIN));
    };
    let status = if org.join_mode == group_q::JOIN_OPEN { member_q::STATUS_ACCEPTED } else { "pending" };
    // A new application is judged by the site's system agents in the background (issue 18).
    let txn = store::begin_write(&state.db).await?;
    let applied = member_q::find(&txn, org.id, user.id).await?.is_none();
    let membership = q::join_once(&txn, org.id, user.id, status).await?;
    if applied {
        services::system_agents::queue_member(&txn, org.tenant_id, user.id).await?;
    }
    txn.commit().await?;
    if applied {
        state.jobs_wake.notify_one();
    }
    let message = match membership.status.as_str() {
        "accepted" => format!("You are a member of {}.", org.name),
        "pending" => format!("Your request to join {} is waiting for approval.", org.name),
        _ => format!("Your membership of {} was not approved.", org.name),
    };
    Ok(Json(JoinedOrgAnswer {
        data: JoinedOrg { id: org.id, redirect: site_url(url, &domain), domain, membership_status: membership.status },
        message,
    }))
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderMap;

    use super::*;

    fn url(host: &str, proto: Option<&str>) -> RequestUrl {
        let mut headers = HeaderMap::new();
        headers.insert("host", host.parse().unwrap());
        if let Some(proto) = proto {
            headers.insert("x-forwarded-proto", proto.parse().unwrap());
        }
        RequestUrl::from_headers(&headers, "/api/v1/groups/default-org/".parse().unwrap())
    }

    #[test]
    fn the_redirect_follows_the_request() {
        assert_eq!(site_url(&url("acme.example", Some("https")), "star.example"), "https://star.example/");
        assert_eq!(site_url(&url("localhost:8080", None), "star.localhost"), "http://star.localhost:8080/");
        assert_eq!(site_url(&url("acme.example:8443", Some("https")), "star.example"), "https://star.example/");
    }
}
