//! The circles and events lists (spec 001 §7, 002 §2 "Content"): every filter, the
//! lifecycle status keys 1 to 6 evaluated in SQL, nine per page.

use std::collections::HashMap;

use axum::{extract::State, Json};
use chrono::NaiveDate;
use domain::{
    groups::form::{COMMITMENT_WEEKS, COMPLEXITY_LEVELS, LEARNING_MODALITIES},
    pagination::PageRequest,
    FieldErrors,
};
use serde::Deserialize;
use store::queries::groups as group_q;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{view, GroupView};
use crate::extract::{caller_of, country_values, Caller};
use crate::{
    areas::AppState,
    envelope::{Page, RequestUrl},
    error::ApiResult,
    extract::{
        first_ids, first_list, id_param, list_param, search_param, text_param, ApiQuery, MaybeUser, Param, Tenant,
    },
    page_cache::PageIds,
    param,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(circles)).routes(routes!(events))
}

/// Circles and events lists: 9 per page (spec 001 §9).
pub const PAGE_SIZE: u64 = 9;

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProgramListQuery {
    /// Name search, at least 2 characters (`q` also works).
    pub search: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 9 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 9)]
    pub page_size: Option<String>,
    /// Lifecycle keys 1–6, comma-separated: 1 Upcoming, 2 Registration Open,
    /// 3 Registration Closed, 4 Running, 5 Closed, 6 Archived.
    pub circle_status: Option<String>,
    /// true (or 1): order by lifecycle priority (Application Open, Opening Soon,
    /// Application Closed, Running, Closed, Archived), then soonest start; false (or 0,
    /// the default): newest start first.
    #[param(value_type = Option<bool>)]
    pub circle_status_priority: Option<String>,
    #[param(schema_with = learning_modalities)]
    pub learning_modality: Option<String>,
    #[param(schema_with = complexity_levels)]
    pub complexity_level: Option<String>,
    /// Starting in this month: YYYY-MM.
    pub starting_month: Option<String>,
    /// Commitment in weeks (`week` also works): 1, 2, 3, 4, 8, 12, 16 or 24.
    #[param(value_type = Option<i32>)]
    pub weeks: Option<String>,
    /// Countries, comma-separated (`country` also works); names as profiles store them,
    /// matched ignoring case (known aliases such as "us" too).
    pub countries: Option<String>,
    pub career_stages: Option<String>,
    pub professional_fields: Option<String>,
    /// The caller's membership roles, comma-separated (e.g. admin,leader): only groups where
    /// the signed-in caller holds one of them (accepted). Guests get an empty list.
    pub role: Option<String>,
    /// Target personas, comma-separated.
    pub roles: Option<String>,
    /// Use case ids, comma-separated (`usecase_id` also works): groups linked to any of them.
    pub use_cases: Option<String>,
    /// Topic area ids, comma-separated.
    pub topic_areas: Option<String>,
    /// Topic ids, comma-separated.
    pub topics: Option<String>,
    #[param(value_type = Option<i64>)]
    pub parent_group: Option<String>,
    #[param(ignore)]
    pub q: Option<String>,
    #[param(ignore)]
    pub status: Option<String>,
    #[param(ignore)]
    pub week: Option<String>,
    #[param(ignore)]
    pub country: Option<String>,
    #[param(ignore)]
    pub career_stage: Option<String>,
    #[param(ignore)]
    pub professional_field: Option<String>,
    #[param(ignore)]
    pub usecase_id: Option<String>,
    #[param(ignore)]
    pub topic_area: Option<String>,
}

fn learning_modalities() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&LEARNING_MODALITIES)
}

fn complexity_levels() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&COMPLEXITY_LEVELS)
}

fn choice(errors: &mut FieldErrors, param: Param, choices: &[&str]) -> Option<String> {
    let value = text_param(param)?;
    if choices.contains(&value.as_str()) {
        Some(value)
    } else {
        errors.add(param.key, format!("\"{value}\" is not a valid choice."));
        None
    }
}

/// Parses the list filters; `group_type` is fixed by the list.
pub fn filter_of(
    query: &ProgramListQuery,
    group_type: &str,
    caller: &Caller,
) -> Result<group_q::ListFilter, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut statuses = Vec::new();
    let keys =
        [list_param(&mut errors, param!(query.circle_status)), list_param(&mut errors, param!(query.status))].concat();
    for key in keys {
        match key.parse::<u8>() {
            Ok(k) if (1..=6).contains(&k) => statuses.push(k),
            _ => errors.add("circle_status", format!("\"{key}\" is not a valid choice.")),
        }
    }
    let starting_month = text_param(param!(query.starting_month)).and_then(|raw| {
        let parsed = NaiveDate::parse_from_str(&format!("{}-01", raw.get(..7).unwrap_or(&raw)), "%Y-%m-%d").ok();
        if parsed.is_none() {
            errors.add("starting_month", "Use the format YYYY-MM.");
        }
        parsed
    });
    let weeks = text_param(param!(query.weeks)).or_else(|| text_param(param!(query.week))).and_then(|raw| {
        match raw.parse::<i32>() {
            Ok(w) if COMMITMENT_WEEKS.contains(&w) => Some(w),
            _ => {
                errors.add("weeks", format!("\"{raw}\" is not a valid choice."));
                None
            }
        }
    });
    let by_priority = match text_param(param!(query.circle_status_priority)).as_deref() {
        None | Some("false" | "False" | "0") => false,
        Some("true" | "True" | "1") => true,
        Some(_) => {
            errors.add("circle_status_priority", "Must be a valid boolean.");
            false
        }
    };
    let member_roles = list_param(&mut errors, param!(query.role));
    let member_roles = super::crud::checked_roles(&mut errors, member_roles, "role");
    let modality = choice(&mut errors, param!(query.learning_modality), &LEARNING_MODALITIES);
    let complexity = choice(&mut errors, param!(query.complexity_level), &COMPLEXITY_LEVELS);
    let filter = group_q::ListFilter {
        group_types: vec![group_type.to_string()],
        parent_id: id_param(&mut errors, param!(query.parent_group)),
        search: search_param(param!(query.search).or(param!(query.q))),
        statuses,
        learning_modality: modality,
        complexity_level: complexity,
        starting_month,
        weeks,
        countries: country_values(first_list(&mut errors, &[param!(query.countries), param!(query.country)])),
        career_stages: first_list(&mut errors, &[param!(query.career_stages), param!(query.career_stage)]),
        professional_fields: first_list(
            &mut errors,
            &[param!(query.professional_fields), param!(query.professional_field)],
        ),
        roles: list_param(&mut errors, param!(query.roles)),
        // An id that names nothing (or is not a number) matches nothing.
        use_cases: first_list(&mut errors, &[param!(query.use_cases), param!(query.usecase_id)])
            .iter()
            .map(|v| v.parse::<i64>().ok().filter(|id| *id > 0).unwrap_or(0))
            .collect(),
        topic_area_ids: first_ids(&mut errors, &[param!(query.topic_areas), param!(query.topic_area)]),
        topic_ids: first_ids(&mut errors, &[param!(query.topics)]),
        member_roles,
        member_id: caller.id(),
        by_status_priority: by_priority,
        is_influencer: None,
    };
    errors.into_result().map(|_| filter)
}

async fn program_list(
    state: &AppState,
    tenant: &Tenant,
    user: Option<store::entities::users::Model>,
    url: &RequestUrl,
    query: &ProgramListQuery,
    group_type: &str,
) -> ApiResult<Json<Page<GroupView>>> {
    let page = PageRequest::parse(query.page.as_deref(), query.page_size.as_deref(), PAGE_SIZE)?;
    let caller = caller_of(user);
    let filter = filter_of(query, group_type, &caller)?;
    // The page's rows and count, and their base views, kept per write generation
    // (`crate::page_cache`): a kept page reads the generation and, signed in, the caller's
    // memberships and follows of its groups.
    let today = view::today();
    let generation = state.generations.site(state.read_db(), tenant.id()).await?;
    let key = format!("{group_type}|{:?}|{today}|{}|{}|{filter:?}", caller.viewer(), page.offset(), page.page_size);
    let mut kept = state.kept.group_pages.page(tenant.id(), generation, &key);
    let _turn = match kept {
        Some(_) => None,
        None => {
            let turn = state.kept.group_pages.turn(tenant.id(), &key).await;
            kept = state.kept.group_pages.page(tenant.id(), generation, &key);
            Some(turn)
        }
    };
    let (kept, models) = match kept {
        Some(kept) => (kept, HashMap::new()),
        None => {
            let found = group_q::list(
                state.read_db(),
                &state.list_counts,
                tenant.id(),
                caller.viewer(),
                &filter,
                today,
                page.offset(),
                page.page_size,
            )
            .await?;
            let ids = found.items.iter().map(|g| g.id).collect();
            let kept = PageIds { ids, count: found.count };
            state.kept.group_pages.remember_page(tenant.id(), generation, key, kept.clone());
            (std::sync::Arc::new(kept), found.items.into_iter().map(|g| (g.id, g)).collect())
        }
    };
    let items = view::kept_views(state, &caller, tenant.id(), generation, &kept.ids, models).await?;
    let found = kept;
    Ok(Json(Page::new(items, found.count, &page, url)))
}

/// Circles of the site the caller may see.
#[utoipa::path(
    get,
    path = "/api/v1/circles/",
    tag = "groups",
    params(ProgramListQuery),
    responses((status = 200, body = Page<GroupView>))
)]
async fn circles(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<ProgramListQuery>,
) -> ApiResult<Json<Page<GroupView>>> {
    program_list(&state, &tenant, user, &url, &query, "circle").await
}

/// Events of the site the caller may see.
#[utoipa::path(
    get,
    path = "/api/v1/events/",
    tag = "groups",
    params(ProgramListQuery),
    responses((status = 200, body = Page<GroupView>))
)]
async fn events(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<ProgramListQuery>,
) -> ApiResult<Json<Page<GroupView>>> {
    program_list(&state, &tenant, user, &url, &query, "event").await
}
