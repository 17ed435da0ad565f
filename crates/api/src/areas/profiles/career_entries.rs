//! Career entries: work experiences and education (spec 000 §3 "Career entry", 002 §5).
//! The spec names no paths; one resource serves both types, told apart by `type`
//! (docs/decisions.md). Only the owner writes.

use std::sync::Arc;

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::{
    profiles::{validate_career_entry, CareerEntryInput, ENTRY_EDUCATION, ENTRY_WORK},
    sent::{Reference, Sent},
    topics::TopicType,
    FieldErrors,
};
use sea_orm::DatabaseTransaction;
use serde::Deserialize;
use store::{
    entities::career_entries,
    queries::{
        memberships,
        profiles::{self as q, CareerEntryValues},
    },
};
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{entry_views, finish, not_found_user, resolve_group, resolve_topics, visible, CareerEntryView};
use crate::{
    areas::AppState,
    envelope::{Data, Page},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, ApiQuery, AuthUser, MaybeUser, PageParams, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_entries, create_entry)).routes(routes!(
        get_entry,
        update_entry,
        delete_entry
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EntryQuery {
    /// Whose entries (the signed-in user when left out).
    pub user: Option<i64>,
    /// work or education.
    #[serde(rename = "type")]
    #[param(rename = "type", schema_with = entry_types)]
    pub entry_type: Option<String>,
}

fn entry_types() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&["all", ENTRY_WORK, ENTRY_EDUCATION])
}

/// A user's career entries, current first, then by start date (newest first).
#[utoipa::path(
    get,
    path = "/api/v1/career-entries/",
    tag = "profiles",
    params(EntryQuery, ("page" = Option<u64>, Query, minimum = 1, description = "1 by default"), ("page_size" = Option<u64>, Query, minimum = 1, description = "40 by default; larger sizes are capped at 500")),
    responses(
        (status = 200, body = Page<CareerEntryView>),
        (status = 401, description = "A guest who names no `user`", body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn list_entries(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(viewer): MaybeUser,
    paging: PageParams,
    ApiQuery(query): ApiQuery<EntryQuery>,
) -> ApiResult<Json<Page<CareerEntryView>>> {
    let kind = match query.entry_type.as_deref().map(str::trim).filter(|t| !t.is_empty() && *t != "all") {
        None => None,
        Some(ENTRY_WORK) => Some(ENTRY_WORK),
        Some(ENTRY_EDUCATION) => Some(ENTRY_EDUCATION),
        Some(other) => return Err(ApiError::field("type", format!("\"{other}\" is not a valid choice."))),
    };
    let owner_id = match (query.user, &viewer) {
        (Some(id), _) => id,
        (None, Some(me)) => me.id,
        (None, None) => return Err(ApiError::Unauthorized(crate::error::MSG_UNAUTHENTICATED.into())),
    };
    // A page of entries is kept per person generation (`crate::person_cache`): the owner's
    // entries, their skills, their activity and site membership all bump it, and a group's
    // or a skill's new name bumps everyone's.
    let db = state.read_db();
    let generation = state.generations.person(db, owner_id).await?;
    let today = chrono::Utc::now().date_naive();
    let key = (tenant.id(), owner_id, kind, paging.page.offset(), paging.page.page_size);
    let kept = match state.kept.entry_pages.get(&key, generation, today) {
        Some(kept) => kept,
        None => {
            let owner = store::queries::users::find_by_id(db, owner_id).await?.ok_or_else(not_found_user)?;
            let site_member = memberships::find(db, tenant.organization_id(), owner.id).await?.is_some();
            let page = q::career_entries_page(db, owner.id, kind, paging.page.offset(), paging.page.page_size).await?;
            let items = entry_views(db, &page.items).await?;
            let kept = Arc::new(KeptEntries { active: owner.is_active, site_member, count: page.count, items });
            state.kept.entry_pages.remember(key, generation, today, kept.clone());
            kept
        }
    };
    let own_or_staff = viewer.as_ref().is_some_and(|v| v.id == owner_id || v.is_staff);
    if !(kept.active && (own_or_staff || kept.site_member)) {
        return Err(not_found_user());
    }
    Ok(Json(Page::new(kept.items.clone(), kept.count, &paging.page, &paging.url)))
}

/// Which page of whose entries: (tenant, owner, type, offset, page size).
pub type EntryPageKey = (i64, i64, Option<&'static str>, u64, u64);

/// A page of someone's entries as every viewer sees it, and what decides who may: the
/// rule of [`super::visible`] (active, and a member of the site's organization unless the
/// viewer is the owner or staff).
pub struct KeptEntries {
    active: bool,
    site_member: bool,
    count: u64,
    items: Vec<CareerEntryView>,
}

/// One career entry.
#[utoipa::path(
    get,
    path = "/api/v1/career-entries/{id}/",
    tag = "profiles",
    params(("id" = i64, Path)),
    responses((status = 200, body = Data<CareerEntryView>))
)]
async fn get_entry(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(viewer): MaybeUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Data<CareerEntryView>>> {
    let entry = q::find_career_entry(state.read_db(), id).await?.ok_or_else(ApiError::not_found)?;
    let owner =
        store::queries::users::find_by_id(state.read_db(), entry.user_id).await?.ok_or_else(ApiError::not_found)?;
    if !visible(state.read_db(), &tenant, viewer.as_ref(), &owner).await? {
        return Err(ApiError::not_found());
    }
    Ok(Json(Data::new(view(&state, &entry).await?)))
}

async fn view(state: &AppState, entry: &career_entries::Model) -> ApiResult<CareerEntryView> {
    Ok(entry_views(&state.db, std::slice::from_ref(entry)).await?.remove(0))
}

/// Adds a work or education entry to the signed-in user's profile.
#[utoipa::path(
    post,
    path = "/api/v1/career-entries/",
    tag = "profiles",
    request_body = CareerEntryInput,
    security(("bearer" = [])),
    responses((status = 201, body = Data<CareerEntryView>))
)]
async fn create_entry(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<CareerEntryInput>,
) -> ApiResult<(StatusCode, Json<Data<CareerEntryView>>)> {
    let txn = store::begin_write(&state.db).await?;
    let result = save(&txn, &tenant, user.id, None, &body).await;
    let entry = finish(txn, result).await?;
    Ok((StatusCode::CREATED, Json(Data::new(view(&state, &entry).await?))))
}

/// Changes a career entry (the owner only); fields left out keep their values.
#[utoipa::path(
    patch,
    path = "/api/v1/career-entries/{id}/",
    tag = "profiles",
    params(("id" = i64, Path)),
    request_body = CareerEntryInput,
    security(("bearer" = [])),
    responses((status = 200, body = Data<CareerEntryView>), (status = 403, body = ErrorBody))
)]
async fn update_entry(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<CareerEntryInput>,
) -> ApiResult<Json<Data<CareerEntryView>>> {
    let entry = q::find_career_entry(&state.db, id).await?.ok_or_else(ApiError::not_found)?;
    if entry.user_id != user.id {
        return Err(ApiError::forbidden());
    }
    let skills = q::entry_skills(&state.db, &[entry.id]).await?.remove(&entry.id).unwrap_or_default();
    let merged = CareerEntryInput {
        entry_type: body.entry_type.clone().or_else(|| Some(entry.entry_type.clone())),
        title: body.title.clone().or_else(|| Some(entry.title.clone())),
        description: body.description.clone().or_else(|| Some(entry.description.clone())),
        group: match entry.group_id {
            Some(stored) if body.group.is_missing() => Sent::Value(Reference::Number(stored)),
            _ => body.group.clone(),
        },
        skills: if body.skills.is_missing() {
            Sent::Value(skills.into_iter().map(|id| Sent::Value(Reference::Number(id))).collect())
        } else {
            body.skills.clone()
        },
        is_currently_working: body.is_currently_working.or(Some(entry.is_currently_working)),
        start_date: body.start_date.clone().or_else(|| Some(entry.start_date.format("%Y-%m-%d").to_string())),
        end_date: body.end_date.clone().or_else(|| Some(entry.end_date.map(|d| d.format("%Y-%m-%d").to_string()))),
        show_gps: body.show_gps.or(Some(entry.show_gps)),
    };
    let txn = store::begin_write(&state.db).await?;
    let result = save(&txn, &tenant, user.id, Some(entry), &merged).await;
    let entry = finish(txn, result).await?;
    Ok(Json(Data::new(view(&state, &entry).await?)))
}

/// Removes a career entry (the owner only).
#[utoipa::path(
    delete,
    path = "/api/v1/career-entries/{id}/",
    tag = "profiles",
    params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 204), (status = 403, body = ErrorBody))
)]
async fn delete_entry(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<StatusCode> {
    let entry = q::find_career_entry(&state.db, id).await?.ok_or_else(ApiError::not_found)?;
    if entry.user_id != user.id {
        return Err(ApiError::forbidden());
    }
    let txn = store::begin_write(&state.db).await?;
    let result = async {
        q::delete_career_entry(&txn, entry.id).await?;
        q::refresh_completion(&txn, user.id).await?;
        Ok(())
    }
    .await;
    finish(txn, result).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn save(
    txn: &DatabaseTransaction,
    tenant: &Tenant,
    user_id: i64,
    existing: Option<career_entries::Model>,
    input: &CareerEntryInput,
) -> ApiResult<career_entries::Model> {
    let entry = validate_career_entry(input)?;
    let mut errors = FieldErrors::new();
    let group = resolve_group(txn, &mut errors, tenant.id(), "group", &entry.group).await?;
    let skills =
        resolve_topics(txn, &mut errors, tenant.id(), "skills", TopicType::Skill.as_str(), &entry.skills, user_id)
            .await?;
    errors.into_result()?;
    let model = q::save_career_entry(
        txn,
        existing,
        user_id,
        CareerEntryValues {
            entry_type: entry.entry_type.to_string(),
            title: entry.title,
            description: entry.description,
            group_id: Some(group.expect("resolved")),
            is_currently_working: entry.is_currently_working,
            start_date: entry.start_date,
            end_date: entry.end_date,
            show_gps: entry.show_gps,
            skills,
        },
    )
    .await?;
    q::refresh_completion(txn, user_id).await?;
    Ok(model)
}
