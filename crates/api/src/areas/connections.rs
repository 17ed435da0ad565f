//! Connections (spec 000 §3 "Other: Connection item", §7 "Profile and identity"; the profile
//! page's Career Circles tab).
//!
//! - `GET /api/v1/connections/`: the signed-in user's
//! - `GET /api/v1/connections/user/{id}/`: someone's, visible like their profile page
//! - `GET /api/v1/users/{id}/circles/`: the circles someone is an accepted member of
//!
//! A connection is a person followed (reason 'Following'), a group of this site the person
//! is an accepted member of (reason 'Member'), or one they follow (reason 'Following').
//! Private groups are listed only to their members (and staff).

use std::{
    collections::{HashMap, HashSet},
    sync::Arc,
};

use axum::{
    extract::{Path, State},
    Json,
};
use serde::{Deserialize, Serialize};
use store::{
    entities::{memberships, users},
    queries::{
        connections::{self as conn_q, Connection, Kind, Scope},
        follows, memberships as member_q, profiles as profile_q,
    },
};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    envelope::Page,
    error::{ApiError, ApiResult},
    extract::{ApiQuery, AuthUser, MaybeUser, PageOf, PageParams, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(own_connections))
        .routes(routes!(user_connections))
        .routes(routes!(user_circles))
}

/// Connections lists: 12 per page (spec 002 §2 "Connect", §9), at most 500.
pub const PAGE_SIZE: u64 = 12;
pub const REASON_FOLLOWING: &str = "Following";
pub const REASON_MEMBER: &str = "Member";
/// The `type` filter's values besides all.
pub const CONNECTION_TYPES: [&str; 5] = ["user", "circle", "event", "organization", "institution"];

/// A person or group in someone's connections.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ConnectionItem {
    /// The user id, or the group id.
    pub id: i64,
    /// user, circle, event, organization or institution.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: String,
    pub name: String,
    /// The profile's name_slug, or the group's slug.
    pub slug: String,
    /// The profile picture, or the group's logo.
    pub image: Option<String>,
    /// The person's title, or the group's description.
    pub description: Option<String>,
    /// Following or Member.
    pub reason: String,
    /// The person's institution, or the group's parent group.
    pub institution_name: Option<String>,
    /// Groups: the listed person's (the profile owner's) tie to the group: `member` while
    /// their membership is pending or accepted, otherwise `follower`. Null for people.
    pub membership_type: Option<String>,
    /// Groups: the profile owner's membership status (pending, accepted or rejected), null
    /// when they only follow the group. Null for people.
    pub membership_status: Option<String>,
    /// Groups: the profile owner's role (admin, leader, facilitator, member; events:
    /// attendee, presenter, volunteer) while pending or accepted. Null otherwise.
    pub membership_role: Option<String>,
    /// People: whether the caller follows them (false for guests). Null for groups.
    pub is_followed: Option<bool>,
}

/// A circle someone is a member of.
#[derive(Debug, Serialize, ToSchema)]
pub struct CircleItem {
    pub id: i64,
    pub name: String,
    pub slug: String,
    /// The circle's logo.
    pub image: Option<String>,
    pub description: Option<String>,
    /// The person's role in it (admin, leader, facilitator, member).
    pub role: String,
}

#[derive(Debug, Deserialize)]
struct ConnectionQuery {
    #[serde(rename = "type")]
    kind: Option<String>,
}

/// The type filter, and its name in a kept page's key.
fn kind_of(raw: Option<&str>) -> ApiResult<(String, Kind)> {
    match raw.map(str::trim).filter(|k| !k.is_empty()) {
        None | Some("all") => Ok(("all".into(), Kind::All)),
        Some("user") => Ok(("user".into(), Kind::Users)),
        Some(kind) if CONNECTION_TYPES.contains(&kind) => Ok((kind.to_string(), Kind::Groups(kind.to_string()))),
        Some(kind) => Err(ApiError::field("type", format!("\"{kind}\" is not a valid choice."))),
    }
}

fn scope(tenant: &Tenant, viewer: Option<&users::Model>, person_id: i64) -> Scope {
    Scope {
        person_id,
        tenant_id: tenant.id(),
        organization_id: tenant.organization_id(),
        viewer_id: viewer.map(|v| v.id),
        viewer_is_staff: viewer.is_some_and(|v| v.is_staff),
    }
}

/// The person named by `id`, when the viewer may see their profile page.
async fn visible_person(
    state: &AppState,
    tenant: &Tenant,
    viewer: Option<&users::Model>,
    id: i64,
) -> ApiResult<users::Model> {
    let db = state.read_db();
    let person = store::queries::users::find_by_id(db, id).await?.ok_or_else(super::profiles::not_found_user)?;
    if !super::profiles::visible(db, tenant, viewer, &person).await? {
        return Err(super::profiles::not_found_user());
    }
    Ok(person)
}

fn full_name(user: &users::Model) -> String {
    format!("{} {}", user.first_name, user.last_name).trim().to_string()
}

/// Which page of whose connections, seen as what: (tenant, person, type, offset, page size,
/// viewer). Only views that are the same for a whole class of viewers are kept: a guest's
/// ([`Seen::AsGuest`]), the person's own, and staff's (who see every private group).
pub type ConnectionPageKey = (i64, i64, String, u64, u64, Seen);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seen {
    AsGuest,
    ByThemselves { staff: bool },
    ByStaff,
}

/// A page of someone's connections as its class of viewers sees it (`is_followed` left
/// false), kept per the person's generation and the site's write generation: the person's
/// follows and memberships bump the first; a card's name, picture, title or institution, a
/// followed person's activity or site membership, and any group's change bump the second.
pub struct KeptConnections {
    site_generation: i64,
    /// The rule of [`super::profiles::visible`]: active, and a member of the site's
    /// organization unless the viewer is the person or staff.
    active: bool,
    site_member: bool,
    count: u64,
    items: Vec<ConnectionItem>,
}

/// The page of the person's connections for this viewer: kept, or read (and kept when the
/// viewer's class is one that is kept). `None` when there is no such person.
async fn connections_of(
    state: &AppState,
    tenant: &Tenant,
    viewer: Option<&users::Model>,
    person_id: i64,
    (kind_key, kind): (String, Kind),
    paging: &PageParams,
) -> ApiResult<Option<Arc<KeptConnections>>> {
    let db = state.read_db();
    let seen = match viewer {
        None => Some(Seen::AsGuest),
        Some(v) if v.id == person_id => Some(Seen::ByThemselves { staff: v.is_staff }),
        Some(v) if v.is_staff => Some(Seen::ByStaff),
        Some(_) => None,
    };
    let key = seen.map(|seen| (tenant.id(), person_id, kind_key, paging.page.offset(), paging.page.page_size, seen));
    let generation = state.generations.person(db, person_id).await?;
    let site_generation = state.generations.site(db, tenant.id()).await?;
    let today = chrono::Utc::now().date_naive();
    if let Some(kept) = key.as_ref().and_then(|key| state.kept.connection_pages.get(key, generation, today)) {
        if kept.site_generation == site_generation {
            return Ok(Some(kept));
        }
    }
    let Some(person) = store::queries::users::find_by_id(db, person_id).await? else { return Ok(None) };
    let site_member = member_q::find(db, tenant.organization_id(), person.id).await?.is_some();
    let (count, items) = read_page(state, tenant, viewer, person.id, &kind, paging).await?;
    let kept = Arc::new(KeptConnections { site_generation, active: person.is_active, site_member, count, items });
    if let Some(key) = key {
        state.kept.connection_pages.remember(key, generation, today, kept.clone());
    }
    Ok(Some(kept))
}

/// The viewer's copy of a kept page: whom of the people they follow, read per request.
async fn finish_page(
    state: &AppState,
    viewer: Option<&users::Model>,
    person_id: i64,
    kept: Option<Arc<KeptConnections>>,
    paging: &PageParams,
) -> ApiResult<Page<ConnectionItem>> {
    let Some(kept) = kept else { return Err(super::profiles::not_found_user()) };
    let own_or_staff = viewer.is_some_and(|v| v.id == person_id || v.is_staff);
    if !(kept.active && (own_or_staff || kept.site_member)) {
        return Err(super::profiles::not_found_user());
    }
    let mut items = kept.items.clone();
    if let Some(viewer) = viewer {
        let people: Vec<i64> = items.iter().filter(|c| c.is_followed.is_some()).map(|c| c.id).collect();
        if !people.is_empty() {
            let followed: HashSet<i64> =
                follows::followed_users_among(state.read_db(), viewer.id, &people).await?.into_iter().collect();
            for item in items.iter_mut().filter(|c| c.is_followed.is_some()) {
                item.is_followed = Some(followed.contains(&item.id));
            }
        }
    }
    Ok(Page::new(items, kept.count, &paging.page, &paging.url))
}

/// One page of connections with everything every viewer of its class sees, loaded in a few
/// batched queries.
async fn read_page(
    state: &AppState,
    tenant: &Tenant,
    viewer: Option<&users::Model>,
    person_id: i64,
    kind: &Kind,
    paging: &PageParams,
) -> ApiResult<(u64, Vec<ConnectionItem>)> {
    let db = state.read_db();
    let page =
        conn_q::page(db, &scope(tenant, viewer, person_id), kind, paging.page.offset(), paging.page.page_size).await?;
    let user_ids: Vec<i64> =
        page.items.iter().filter_map(|c| if let Connection::User(id) = c { Some(*id) } else { None }).collect();
    let group_ids: Vec<i64> = page
        .items
        .iter()
        .filter_map(|c| if let Connection::Group { group_id, .. } = c { Some(*group_id) } else { None })
        .collect();
    let people = store::queries::users::find_by_ids(db, &user_ids).await?;
    // Read only: a person without a profile yet (made on their first visit) shows defaults.
    let profiles = profile_q::find_by_users(db, &user_ids).await?;
    let groups = profile_q::groups_by_ids(db, &group_ids).await?;
    // The owner's memberships of the listed groups.
    let ties: HashMap<i64, memberships::Model> =
        member_q::of_user_in(db, person_id, &group_ids).await?.into_iter().map(|m| (m.group_id, m)).collect();
    let mut related: Vec<i64> = profiles.values().filter_map(|p| p.institution_id).collect();
    related.extend(groups.values().filter_map(|g| g.parent_id));
    let related: HashMap<i64, _> = profile_q::groups_by_ids(db, &related).await?;
    let items = page
        .items
        .iter()
        .filter_map(|connection| match connection {
            Connection::User(id) => {
                let person = people.get(id)?;
                let profile = profiles.get(id);
                Some(ConnectionItem {
                    id: *id,
                    kind: "user".into(),
                    name: full_name(person),
                    slug: profile.map(|p| p.name_slug.clone()).unwrap_or_default(),
                    image: profile.and_then(|p| p.picture.clone()),
                    description: profile.and_then(|p| p.title.clone()),
                    reason: REASON_FOLLOWING.into(),
                    institution_name: profile
                        .and_then(|p| p.institution_id)
                        .and_then(|g| related.get(&g))
                        .map(|g| g.name.clone()),
                    membership_type: None,
                    membership_status: None,
                    membership_role: None,
                    is_followed: Some(false),
                })
            }
            Connection::Group { group_id, member } => {
                let group = groups.get(group_id)?;
                let tie = ties.get(group_id);
                let active = tie.filter(|m| m.status != member_q::STATUS_REJECTED);
                Some(ConnectionItem {
                    id: group.id,
                    kind: group.group_type.clone(),
                    name: group.name.clone(),
                    slug: group.slug.clone(),
                    image: group.logo.clone(),
                    description: group.description.clone(),
                    reason: if *member { REASON_MEMBER } else { REASON_FOLLOWING }.into(),
                    institution_name: group.parent_id.and_then(|p| related.get(&p)).map(|g| g.name.clone()),
                    membership_type: Some(if active.is_some() { "member" } else { "follower" }.into()),
                    membership_status: tie.map(|m| m.status.clone()),
                    membership_role: active.map(|m| m.role.clone()),
                    is_followed: None,
                })
            }
        })
        .collect();
    Ok((page.count, items))
}

/// The signed-in user's connections.
#[utoipa::path(
    get,
    path = "/api/v1/connections/",
    tag = "profiles",
    params(
        ("type" = Option<String>, Query, description = "all (default), user, circle, event, organization or institution"),
        ("page" = Option<u64>, Query, minimum = 1, description = "1 by default"),
        ("page_size" = Option<u64>, Query, minimum = 1, description = "12 by default; larger sizes are capped at 500")
    ),
    security(("bearer" = [])),
    responses((status = 200, body = Page<ConnectionItem>))
)]
async fn own_connections(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    PageOf(paging): PageOf<PAGE_SIZE>,
    ApiQuery(query): ApiQuery<ConnectionQuery>,
) -> ApiResult<Json<Page<ConnectionItem>>> {
    let kind = kind_of(query.kind.as_deref())?;
    let kept = connections_of(&state, &tenant, Some(&user), user.id, kind, &paging).await?;
    Ok(Json(finish_page(&state, Some(&user), user.id, kept, &paging).await?))
}

/// Someone's connections, visible to whoever may see their profile page.
#[utoipa::path(
    get,
    path = "/api/v1/connections/user/{id}/",
    tag = "profiles",
    params(
        ("id" = i64, Path, description = "The user id"),
        ("type" = Option<String>, Query, description = "all (default), user, circle, event, organization or institution"),
        ("page" = Option<u64>, Query, minimum = 1, description = "1 by default"),
        ("page_size" = Option<u64>, Query, minimum = 1, description = "12 by default; larger sizes are capped at 500")
    ),
    responses((status = 200, body = Page<ConnectionItem>))
)]
async fn user_connections(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(viewer): MaybeUser,
    PageOf(paging): PageOf<PAGE_SIZE>,
    Path(id): Path<i64>,
    ApiQuery(query): ApiQuery<ConnectionQuery>,
) -> ApiResult<Json<Page<ConnectionItem>>> {
    let kind = kind_of(query.kind.as_deref())?;
    let kept = connections_of(&state, &tenant, viewer.as_ref(), id, kind, &paging).await?;
    Ok(Json(finish_page(&state, viewer.as_ref(), id, kept, &paging).await?))
}

/// The circles someone is an accepted member of (private ones only to their members).
#[utoipa::path(
    get,
    path = "/api/v1/users/{id}/circles/",
    tag = "profiles",
    params(("id" = i64, Path, description = "The user id"), ("page" = Option<u64>, Query, minimum = 1, description = "1 by default"), ("page_size" = Option<u64>, Query, minimum = 1, description = "40 by default; larger sizes are capped at 500")),
    responses((status = 200, body = Page<CircleItem>))
)]
async fn user_circles(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(viewer): MaybeUser,
    paging: PageParams,
    Path(id): Path<i64>,
) -> ApiResult<Json<Page<CircleItem>>> {
    let person = visible_person(&state, &tenant, viewer.as_ref(), id).await?;
    let scope = scope(&tenant, viewer.as_ref(), person.id);
    let page =
        conn_q::memberships_of_type(state.read_db(), &scope, "circle", paging.page.offset(), paging.page.page_size)
            .await?;
    let ids: Vec<i64> = page.items.iter().map(|m| m.group_id).collect();
    let groups = profile_q::groups_by_ids(state.read_db(), &ids).await?;
    let items = page
        .items
        .iter()
        .filter_map(|m| {
            let group = groups.get(&m.group_id)?;
            Some(CircleItem {
                id: group.id,
                name: group.name.clone(),
                slug: group.slug.clone(),
                image: group.logo.clone(),
                description: group.description.clone(),
                role: m.role.clone(),
            })
        })
        .collect();
    Ok(Json(Page::new(items, page.count, &paging.page, &paging.url)))
}
