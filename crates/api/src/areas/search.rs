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
use crate::extract::{caller_of, country_values, Caller};
use std::{collections::HashMap, sync::Arc};

use axum::{extract::State, Json};
use domain::{pagination::PageRequest, FieldErrors};
use serde::{Deserialize, Serialize};
use store::{
    entities::users,
    queries::{
        follows, memberships as member_q,
        search::{self as search_q, GroupSearch, PeopleFilter, PeopleScope},
    },
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    groups::view,
    person_cards::{self, PersonCard},
};
use crate::{
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{bool_param, id_param, list_param, text_param, ApiQuery, MaybeUser, Param, Tenant},
    param,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search))
}

pub const SEARCH_TYPES: [&str; 7] = ["all", "user", "circle", "organization", "event", "institution", "all_group"];
pub const DEFAULT_PAGE_SIZE: u64 = 12;
/// How deep `type=all` pages go: its two ranked lists are merged in memory.
pub const MAX_MERGED_OFFSET: u64 = 5_000;

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// all (default), user, circle, organization, event, institution or all_group.
    #[serde(rename = "type")]
    #[param(rename = "type", schema_with = search_types)]
    pub kind: Option<String>,
    /// At least 2 characters (`q` also works); up to six words.
    pub search: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 12 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 12)]
    pub page_size: Option<String>,
    /// Widen people to the whole organization hierarchy (organization members only).
    #[param(value_type = Option<bool>)]
    pub global_search: Option<String>,
    /// Only groups set up through the group form.
    #[param(value_type = Option<bool>)]
    pub is_verified_group: Option<String>,
    /// Professional field ids, comma-separated.
    pub professional_fields: Option<String>,
    /// Countries, comma-separated: names as profiles store them ("Kenya"), matched ignoring
    /// case; known aliases such as "us" match too.
    pub country: Option<String>,
    /// JSON object of group-profile values, e.g. {"department": "Physics"}.
    pub extra_info: Option<String>,
    /// With `is_group_search=true`: search this group's members.
    #[param(value_type = Option<i64>)]
    pub group_id: Option<String>,
    #[param(value_type = Option<bool>)]
    pub is_group_search: Option<String>,
    #[param(ignore)]
    pub q: Option<String>,
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
    responses((status = 200, body = Page<SearchItem>), (status = 404, body = ErrorBody))
)]
async fn search(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> ApiResult<Json<Page<SearchItem>>> {
    let page = page_from_query(&query.page, &query.page_size, DEFAULT_PAGE_SIZE)?;
    let asked = asked_of(&query)?;
    let caller = caller_of(user.clone());
    let people_scope = people_scope(&state, &tenant, &caller, user.as_ref(), &asked).await?;
    // Kept per tenant write generation: memberships, groups and what a person's card and
    // document hold bump it (m0014, m0041, m0043). Which groups are found depends on who
    // may see the private ones; which people, only on the scope above.
    let generation = state.generations.site(state.read_db(), tenant.id()).await?;
    let viewer = (asked.kind != "user" && asked.group_id.is_none()).then(|| caller.viewer());
    let key = format!("{people_scope:?}|{asked:?}|{viewer:?}|{}|{}", page.offset(), page.page_size);
    let kept = state
        .kept
        .search_pages
        .kept(tenant.id(), generation, key, async || {
            ranked_hits(&state, &tenant, &caller, people_scope, asked, &page).await
        })
        .await?;
    let items = build_items(&state, &tenant, &caller, generation, &kept.hits).await?;
    Ok(Json(Page::new(items, kept.count, &page, &url)))
}

/// A search page as kept: its hits `(score, is_person, id)` in order, and the count of
/// everything found.
#[derive(Debug)]
pub struct KeptHits {
    hits: Vec<(i32, bool, i64)>,
    count: u64,
}

/// What a search asks for, checked.
#[derive(Debug)]
struct Asked {
    kind: String,
    words: Vec<String>,
    countries: Vec<String>,
    field_ids: Vec<i64>,
    field_values: Vec<String>,
    extra_info: Vec<(String, String)>,
    group_id: Option<i64>,
    group_search: bool,
    global_search: bool,
    verified_only: bool,
}

fn asked_of(query: &SearchQuery) -> Result<Asked, FieldErrors> {
    let mut errors = FieldErrors::new();
    let kind = text_param(Param::new("type", &query.kind)).unwrap_or_else(|| "all".into());
    if !SEARCH_TYPES.contains(&kind.as_str()) {
        errors.add("type", format!("\"{kind}\" is not a valid choice."));
    }
    let words: Vec<String> = param!(query.search)
        .or(param!(query.q))
        .raw
        .map(|s| s.trim().to_lowercase())
        .filter(|s| s.chars().count() >= 2)
        .map(|s| s.split_whitespace().take(6).map(|w| w.chars().take(50).collect()).collect())
        .unwrap_or_default();
    let countries = country_values(list_param(&mut errors, param!(query.country)));
    let field_values = list_param(&mut errors, param!(query.professional_fields));
    let mut field_ids = Vec::new();
    for value in &field_values {
        match value.parse::<i64>() {
            Ok(id) => field_ids.push(id),
            Err(_) => errors.add("professional_fields", "A valid integer is required."),
        }
    }
    let extra_info = extra_info_of(&mut errors, text_param(param!(query.extra_info)));
    let group_id = id_param(&mut errors, param!(query.group_id));
    let mut flag_of = |param: Param| bool_param(&mut errors, param).unwrap_or(false);
    let (group_search, global_search, verified_only) = (
        flag_of(param!(query.is_group_search)),
        flag_of(param!(query.global_search)),
        flag_of(param!(query.is_verified_group)),
    );
    errors.into_result()?;
    Ok(Asked {
        kind,
        words,
        countries,
        field_ids,
        field_values,
        extra_info,
        group_id,
        group_search,
        global_search,
        verified_only,
    })
}

/// `extra_info`: a JSON object of group-profile values; its first five text or number values.
fn extra_info_of(errors: &mut FieldErrors, raw: Option<String>) -> Vec<(String, String)> {
    let Some(raw) = raw else { return Vec::new() };
    match serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(&raw) {
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
    }
}

/// Whose people a search looks among: one group's members, the whole site (the hierarchy,
/// for its members), or the site's organization; none when only groups are asked for.
async fn people_scope(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    user: Option<&users::Model>,
    asked: &Asked,
) -> ApiResult<Option<PeopleScope>> {
    if let (Some(group_id), true) = (asked.group_id, asked.group_search) {
        let group = super::groups::visible_group(state, tenant, caller, group_id).await?;
        return Ok(Some(PeopleScope::Group { group_id: group.id, statuses: vec![member_q::STATUS_ACCEPTED.into()] }));
    }
    if !matches!(asked.kind.as_str(), "all" | "user") {
        return Ok(None);
    }
    let widen = asked.global_search && may_search_hierarchy(state, tenant, user).await?;
    Ok(Some(if widen { PeopleScope::Site(tenant.id()) } else { PeopleScope::Organization(tenant.organization_id()) }))
}

/// The page's hits and the count of everything found.
async fn ranked_hits(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    people_scope: Option<PeopleScope>,
    asked: Asked,
    page: &PageRequest,
) -> ApiResult<KeptHits> {
    let want_groups = asked.kind != "user";
    let group_types: Vec<String> = match asked.kind.as_str() {
        "all" | "all_group" | "user" => Vec::new(),
        other => vec![other.to_string()],
    };
    let people_filter = PeopleFilter {
        words: asked.words.clone(),
        countries: asked.countries.clone(),
        professional_fields: asked.field_ids,
        extra_info: asked.extra_info,
        organization_id: tenant.organization_id(),
        exclude_user: None,
    };
    let group_search = GroupSearch {
        words: asked.words,
        group_types,
        countries: asked.countries,
        professional_fields: asked.field_values,
        verified_only: asked.verified_only,
    };
    let (offset, limit) = (page.offset(), page.page_size);
    let merged = people_scope.is_some() && want_groups && asked.group_id.is_none();
    if merged && offset > MAX_MERGED_OFFSET {
        return Err(ApiError::field("page", "Narrow the search to see results this far down."));
    }
    // Merging two ranked lists: each gives its best `offset + limit`, the merge keeps the page.
    let (fetch_offset, fetch_limit) = if merged { (0, offset + limit) } else { (offset, limit) };
    let (people, people_count) = match &people_scope {
        Some(scope) => search_q::people(state.read_db(), scope, &people_filter, fetch_offset, fetch_limit).await?,
        None => (Vec::new(), 0),
    };
    let (groups, groups_count) = if want_groups && asked.group_id.is_none() {
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
    Ok(KeptHits { hits, count: people_count + groups_count })
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

/// The cards of `user_ids` as kept at the tenant's `generation`, the missing ones read (the
/// recommendation lists' card: a person without a profile yet shows its defaults).
async fn person_cards(
    state: &AppState,
    tenant_id: i64,
    generation: i64,
    user_ids: &[i64],
) -> ApiResult<HashMap<i64, Arc<PersonCard>>> {
    let kept = state.kept.search_pages.items(tenant_id, generation, user_ids);
    let missing: Vec<i64> = user_ids.iter().zip(&kept).filter(|(_, k)| k.is_none()).map(|(id, _)| *id).collect();
    let mut cards: HashMap<i64, Arc<PersonCard>> =
        user_ids.iter().zip(kept).filter_map(|(id, card)| Some((*id, card?))).collect();
    if missing.is_empty() {
        return Ok(cards);
    }
    let (read, _) = person_cards::load(state.read_db(), &missing).await?;
    let read: Vec<(i64, Arc<PersonCard>)> = read.into_iter().map(|(id, card)| (id, Arc::new(card))).collect();
    state.kept.search_pages.remember_items(tenant_id, generation, read.iter().cloned());
    cards.extend(read);
    Ok(cards)
}

async fn build_items(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    generation: i64,
    hits: &[(i32, bool, i64)],
) -> ApiResult<Vec<SearchItem>> {
    let user_ids: Vec<i64> = hits.iter().filter(|h| h.1).map(|h| h.2).collect();
    let group_ids: Vec<i64> = hits.iter().filter(|h| !h.1).map(|h| h.2).collect();
    let people = person_cards(state, tenant.id(), generation, &user_ids).await?;
    let followed: Vec<i64> = match caller.id() {
        Some(me) if !user_ids.is_empty() => follows::followed_users_among(state.read_db(), me, &user_ids).await?,
        _ => Vec::new(),
    };
    // The groups' base views are those the circles and events lists keep per write
    // generation: a search that shows kept groups reads only the caller's ties to them.
    let group_views: HashMap<i64, view::GroupView> = if group_ids.is_empty() {
        HashMap::new()
    } else {
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
                Some(SearchItem {
                    id: *id,
                    kind: "user".into(),
                    name: person.name.clone(),
                    first_name: Some(person.first_name.clone()),
                    last_name: Some(person.last_name.clone()),
                    name_slug: person.name_slug.clone().unwrap_or_default(),
                    image: person.image.clone(),
                    description: person.title.clone(),
                    country: person.country.clone(),
                    institution_name: person.institution_name.clone(),
                    profile_completion_percent: Some(person.profile_completion_percent),
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
