//! `GET /api/v1/search/`: people and groups of the site (spec 000 §7 "Configuration,
//! search, misc", 002 §7 "Connect and search"), ranked by relevance.
//!
//! - `type`: all (people and groups), user, circle, organization, event, institution,
//!   all_group (every group type).
//! - `search`: counts from 2 characters (shorter text is ignored, as in every list).
//! - People are the accepted members of the site's organization. `global_search=true`
//!   widens that to members of any group of the site's organization hierarchy, for callers
//!   who are accepted members of the organization themselves (and staff).
//! - `group_id` with `is_group_search=true` searches the accepted members of one group the
//!   caller may see.
//! - Private groups are found only by their members and staff.

use crate::extract::page_from_query;
use std::collections::HashMap;

use axum::{extract::State, Json};
use domain::FieldErrors;
use serde::{Deserialize, Serialize};
use store::{
    entities::users,
    queries::{
        follows, memberships as member_q, profiles as profile_q,
        search::{self as search_q, GroupSearch, PeopleFilter, PeopleScope},
    },
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::groups::{bool_param, caller_of, country_values, list_param, text_param, view};
use crate::{
    envelope::{Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiQuery, MaybeUser, Tenant},
    state::AppState,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search))
}

pub const SEARCH_TYPES: [&str; 7] = ["all", "user", "circle", "organization", "event", "institution", "all_group"];
pub const DEFAULT_PAGE_SIZE: u64 = 12;
/// How deep `type=all` pages go: its two ranked lists are merged in memory.
pub const MAX_MERGED_OFFSET: u64 = 5_000;

/// Described for the API document; the handler reads the raw query map.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// all (default), user, circle, organization, event, institution or all_group.
    #[serde(rename = "type")]
    #[param(rename = "type", schema_with = search_types)]
    pub kind: Option<String>,
    /// At least 2 characters (`q` also works); up to six words.
    pub search: Option<String>,
    #[param(minimum = 1, default = 1)]
    pub page: Option<u64>,
    /// 12 by default; larger sizes are capped at 500.
    #[param(minimum = 1, default = 12)]
    pub page_size: Option<u64>,
    /// Widen people to the whole organization hierarchy (organization members only).
    pub global_search: Option<bool>,
    /// Only groups set up through the group form.
    pub is_verified_group: Option<bool>,
    /// Professional field ids, comma-separated.
    pub professional_fields: Option<String>,
    /// Countries, comma-separated: names as profiles store them ("Kenya"), matched ignoring
    /// case; known aliases such as "us" match too.
    pub country: Option<String>,
    /// JSON object of group-profile values, e.g. {"department": "Physics"}.
    pub extra_info: Option<String>,
    /// With `is_group_search=true`: search this group's members.
    pub group_id: Option<i64>,
    pub is_group_search: Option<bool>,
}

fn search_types() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&SEARCH_TYPES)
}

/// A person or a group found.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchItem {
    pub id: i64,
    /// user, circle, event, organization or institution.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: String,
    pub name: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub name_slug: String,
    /// The profile picture, or the group's logo.
    pub image: Option<String>,
    /// The person's title, or the start of the group's description.
    pub description: Option<String>,
    pub country: Option<String>,
    /// The person's institution, or the group's parent.
    pub institution_name: Option<String>,
    pub profile_completion_percent: Option<i16>,
    pub is_followed: bool,
    /// The caller's membership of a group.
    pub membership_status: Option<String>,
    pub membership_role: Option<String>,
    pub cover_image: Option<String>,
    pub start_date: Option<chrono::NaiveDate>,
    pub end_date: Option<chrono::NaiveDate>,
    pub price: Option<String>,
    pub total_members: Option<u64>,
    /// How well it matched: 3 whole name, 2 name start, 1 anywhere.
    pub score: i32,
}

fn snippet(html: Option<&str>) -> Option<String> {
    let text = domain::rich_text::plain_text(html?);
    let short: String = text.chars().take(200).collect();
    (!short.is_empty()).then_some(short)
}

/// Searches people and groups.
#[utoipa::path(
    get,
    path = "/api/v1/search/",
    tag = "search",
    params(SearchQuery),
    responses((status = 200, body = Page<SearchItem>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody))
)]
async fn search(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Json<Page<SearchItem>>> {
    let page = page_from_query(&query, DEFAULT_PAGE_SIZE)?;
    let mut errors = FieldErrors::new();
    let kind = text_param(&query, "type").unwrap_or_else(|| "all".into());
    if !SEARCH_TYPES.contains(&kind.as_str()) {
        errors.add("type", format!("\"{kind}\" is not a valid choice."));
    }
    let words: Vec<String> = query
        .get("search")
        .or_else(|| query.get("q"))
        .map(|s| s.trim().to_lowercase())
        .filter(|s| s.chars().count() >= 2)
        .map(|s| s.split_whitespace().take(6).map(|w| w.chars().take(50).collect()).collect())
        .unwrap_or_default();
    let countries = country_values(list_param(&mut errors, &query, "country"));
    let field_values = list_param(&mut errors, &query, "professional_fields");
    let mut field_ids = Vec::new();
    for value in &field_values {
        match value.parse::<i64>() {
            Ok(id) => field_ids.push(id),
            Err(_) => errors.add("professional_fields", "A valid integer is required."),
        }
    }
    let extra_info: Vec<(String, String)> = match text_param(&query, "extra_info") {
        None => Vec::new(),
        Some(raw) => match serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(&raw) {
            Ok(map) => map
                .into_iter()
                .filter_map(|(k, v)| match v {
                    serde_json::Value::String(s) if !s.trim().is_empty() => Some((k, s)),
                    serde_json::Value::Number(n) => Some((k, n.to_string())),
                    _ => None,
                })
                .take(5)
                .collect(),
            Err(_) => {
                errors.add("extra_info", "Expected a JSON object.");
                Vec::new()
            }
        },
    };
    let group_id = match text_param(&query, "group_id") {
        Some(raw) => match raw.parse::<i64>() {
            Ok(id) if id > 0 => Some(id),
            _ => {
                errors.add("group_id", "A valid integer is required.");
                None
            }
        },
        None => None,
    };
    let mut flag_of = |key: &str| bool_param(&mut errors, &query, key).unwrap_or(false);
    let (group_search, global_search, verified_only) =
        (flag_of("is_group_search"), flag_of("global_search"), flag_of("is_verified_group"));
    errors.into_result()?;
    let caller = caller_of(user.clone());

    let want_people = matches!(kind.as_str(), "all" | "user");
    let want_groups = kind != "user";
    let people_scope = if let (Some(group_id), true) = (group_id, group_search) {
        let group = super::groups::visible_group(&state, &tenant, &caller, group_id).await?;
        Some(PeopleScope::Group { group_id: group.id, statuses: vec![member_q::STATUS_ACCEPTED.into()] })
    } else if want_people {
        let widen = global_search && may_search_hierarchy(&state, &tenant, user.as_ref()).await?;
        Some(if widen { PeopleScope::Site(tenant.id()) } else { PeopleScope::Organization(tenant.organization_id()) })
    } else {
        None
    };
    let group_types: Vec<String> = match kind.as_str() {
        "all" | "all_group" => Vec::new(),
        "user" => Vec::new(),
        other => vec![other.to_string()],
    };
    let people_filter = PeopleFilter {
        words: words.clone(),
        countries: countries.clone(),
        professional_fields: field_ids,
        extra_info,
        organization_id: tenant.organization_id(),
        exclude_user: None,
    };
    let group_search = GroupSearch { words, group_types, countries, professional_fields: field_values, verified_only };

    let (offset, limit) = (page.offset(), page.page_size);
    let merged = people_scope.is_some() && want_groups && group_id.is_none();
    if merged && offset > MAX_MERGED_OFFSET {
        return Err(ApiError::field("page", "Narrow the search to see results this far down."));
    }
    // Merging two ranked lists: each gives its best `offset + limit`, the merge keeps the page.
    let (fetch_offset, fetch_limit) = if merged { (0, offset + limit) } else { (offset, limit) };
    let (people, people_count) = match &people_scope {
        Some(scope) => search_q::people(state.read_db(), scope, &people_filter, fetch_offset, fetch_limit).await?,
        None => (Vec::new(), 0),
    };
    let (groups, groups_count) = if want_groups && group_id.is_none() {
        search_q::groups(state.read_db(), tenant.id(), caller.viewer(), &group_search, fetch_offset, fetch_limit)
            .await?
    } else {
        (Vec::new(), 0)
    };
    let mut hits: Vec<(i32, bool, i64)> =
        people.iter().map(|(id, s)| (*s, true, *id)).chain(groups.iter().map(|(id, s)| (*s, false, *id))).collect();
    if merged {
        // Best score first; on a tie people come before groups, each in its own order.
        hits.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
        hits = hits.into_iter().skip(usize::try_from(offset).unwrap_or(usize::MAX)).take(limit as usize).collect();
    }
    let items = build_items(&state, &tenant, &caller, &hits).await?;
    Ok(Json(Page::new(items, people_count + groups_count, &page, &url)))
}

async fn may_search_hierarchy(state: &AppState, tenant: &Tenant, user: Option<&users::Model>) -> ApiResult<bool> {
    let Some(user) = user else { return Ok(false) };
    if user.is_staff {
        return Ok(true);
    }
    Ok(member_q::find(state.read_db(), tenant.organization_id(), user.id)
        .await?
        .is_some_and(|m| m.status == member_q::STATUS_ACCEPTED))
}

async fn build_items(
    state: &AppState,
    tenant: &Tenant,
    caller: &view::Caller,
    hits: &[(i32, bool, i64)],
) -> ApiResult<Vec<SearchItem>> {
    let user_ids: Vec<i64> = hits.iter().filter(|h| h.1).map(|h| h.2).collect();
    let group_ids: Vec<i64> = hits.iter().filter(|h| !h.1).map(|h| h.2).collect();
    let people = store::queries::users::find_by_ids(state.read_db(), &user_ids).await?;
    // Read only: a person without a profile yet (made on their first visit) shows defaults.
    let profiles = profile_q::find_by_users(state.read_db(), &user_ids).await?;
    let institution_ids: Vec<i64> = profiles.values().filter_map(|p| p.institution_id).collect();
    let institutions = profile_q::groups_by_ids(state.read_db(), &institution_ids).await?;
    let followed: Vec<i64> = match caller.id() {
        Some(me) => follows::followed_users_among(state.read_db(), me, &user_ids).await?,
        None => Vec::new(),
    };
    // The groups' base views are those the circles and events lists keep per write
    // generation: a search that shows kept groups reads only the caller's ties to them.
    let group_views: HashMap<i64, view::GroupView> = if group_ids.is_empty() {
        HashMap::new()
    } else {
        let generation = store::list_counts::generation(state.read_db(), tenant.id()).await?;
        view::kept_views(state, caller, tenant.id(), generation, &group_ids, HashMap::new())
            .await?
            .into_iter()
            .map(|g| (g.id, g))
            .collect()
    };
    Ok(hits
        .iter()
        .filter_map(|(score, is_person, id)| {
            if *is_person {
                let person = people.get(id)?;
                let profile = profiles.get(id);
                Some(SearchItem {
                    id: *id,
                    kind: "user".into(),
                    name: format!("{} {}", person.first_name, person.last_name).trim().to_string(),
                    first_name: Some(person.first_name.clone()),
                    last_name: Some(person.last_name.clone()),
                    name_slug: profile.map(|p| p.name_slug.clone()).unwrap_or_default(),
                    image: profile.and_then(|p| p.picture.clone()),
                    description: profile.and_then(|p| p.title.clone()),
                    country: profile.and_then(|p| p.country.clone()),
                    institution_name: profile
                        .and_then(|p| p.institution_id)
                        .and_then(|i| institutions.get(&i))
                        .map(|g| g.name.clone()),
                    profile_completion_percent: Some(profile.map_or(0, |p| p.completion_percent)),
                    is_followed: followed.contains(id),
                    membership_status: None,
                    membership_role: None,
                    cover_image: None,
                    start_date: None,
                    end_date: None,
                    price: None,
                    total_members: None,
                    score: *score,
                })
            } else {
                let group = group_views.get(id)?;
                Some(SearchItem {
                    id: *id,
                    kind: group.group_type.clone(),
                    name: group.name.clone(),
                    first_name: None,
                    last_name: None,
                    name_slug: group.name_slug.clone(),
                    image: group.logo.clone(),
                    description: snippet(group.description.as_deref()),
                    country: group.country.clone().or_else(|| group.countries.first().cloned()),
                    institution_name: group.parent_group_detail.as_ref().map(|p| p.name.clone()),
                    profile_completion_percent: None,
                    is_followed: group.is_followed,
                    membership_status: group.membership_status.clone(),
                    membership_role: group.role.clone(),
                    cover_image: group.cover_image.clone(),
                    start_date: group.start_date,
                    end_date: group.end_date,
                    price: group.price.clone(),
                    total_members: Some(group.total_members),
                    score: *score,
                })
            }
        })
        .collect())
}
