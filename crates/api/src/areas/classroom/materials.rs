//! Course materials: `GET /api/v1/groups/{id}/classroom-materials/` and
//! `POST /api/v1/groups/{id}/classroom-materials/sync/`.

use std::collections::{HashMap, HashSet};

use axum::{
    extract::{Path, State},
    Json,
};
use domain::content::{form::ContentForm, SECURITY_PRIVATE, SECURITY_PUBLIC, STATUS_APPROVED, TYPE_RESOURCE};
use serde::Serialize;
use services::classroom;
use store::queries::{classroom as q, contents as content_q, visibility::PRIVACY_PRIVATE};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{access_for, course_of, failure, MSG_SYNC_RESOURCES_FAILED};
use crate::{
    areas::AppState,
    envelope::{Page, Pagination},
    error::{ApiResult, ErrorBody},
    extract::{AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_materials)).routes(routes!(sync_materials))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MaterialView {
    /// The material's id in the course.
    pub id: String,
    pub title: String,
    pub description: String,
    pub url: Option<String>,
    /// The resource it became, once synced.
    pub resource_id: Option<i64>,
    pub resource_slug: Option<String>,
}

/// The course's materials, each with the resource it became.
#[utoipa::path(
    get,
    path = "/api/v1/groups/{id}/classroom-materials/",
    tag = "classroom",
    params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Page<MaterialView>),
        (status = 403, body = ErrorBody),
        (status = 502, body = ErrorBody)
    )
)]
async fn list_materials(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Page<MaterialView>>> {
    let (group, course) = course_of(&state, &tenant, &user, id).await?;
    let access = access_for(&state, &tenant, user.id).await?;
    let materials = match state.classroom.list_materials(&access, &course).await {
        Ok(materials) => materials,
        Err(err) => return Err(failure(&state, &tenant, user.id, err, MSG_SYNC_RESOURCES_FAILED.into()).await),
    };
    let ids: Vec<String> = materials.iter().map(|m| m.id.clone()).collect();
    let links = q::links_of(state.read_db(), group.id, q::LINK_MATERIAL, &ids).await?;
    let content_ids: Vec<i64> = links.values().copied().collect();
    let slugs: HashMap<i64, String> = content_q::find_in_order(state.read_db(), tenant.id(), &content_ids)
        .await?
        .into_iter()
        .filter(|c| c.group_id == group.id)
        .map(|c| (c.id, c.slug))
        .collect();
    let data: Vec<MaterialView> = materials
        .into_iter()
        .map(|m| {
            let resource_id = links.get(&m.id).copied().filter(|id| slugs.contains_key(id));
            MaterialView {
                resource_slug: resource_id.and_then(|id| slugs.get(&id).cloned()),
                resource_id,
                id: m.id,
                title: m.title,
                description: m.description,
                url: m.url,
            }
        })
        .collect();
    let count = data.len() as u64;
    Ok(Json(Page { data, pagination: Pagination { count, next: None } }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SyncMaterialsResult {
    /// Materials read from the course.
    pub total: usize,
    pub created: usize,
    pub updated: usize,
    pub unchanged: usize,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SyncMaterialsAnswer {
    pub data: SyncMaterialsResult,
    pub message: String,
}

/// The form of the resource a material becomes: its title, its description as sanitised
/// rich text, and its link as the source.
fn resource_form(material: &classroom::Material) -> ContentForm {
    let mut form = ContentForm::blank(TYPE_RESOURCE, false);
    form.title = material.title.chars().take(domain::content::MAX_TITLE_CHARS).collect::<String>().trim().to_string();
    if form.title.is_empty() {
        form.title = "Untitled material".into();
    }
    let description: String = material.description.chars().take(domain::content::MAX_CONTENT_CHARS / 2).collect();
    form.content = classroom::description_html(&description);
    form.raw_text = domain::rich_text::plain_text(&form.content);
    form.source = material
        .url
        .as_deref()
        .map(str::trim)
        .filter(|u| {
            (u.starts_with("https://") || u.starts_with("http://"))
                && u.chars().count() <= domain::content::MAX_SOURCE_CHARS
        })
        .map(str::to_string);
    form
}

/// Makes the course's materials approved resources of the group (a re-sync updates them).
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/classroom-materials/sync/",
    tag = "classroom",
    params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, body = SyncMaterialsAnswer),
        (status = 403, body = ErrorBody),
        (status = 502, body = ErrorBody)
    )
)]
async fn sync_materials(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<SyncMaterialsAnswer>> {
    let (group, course) = course_of(&state, &tenant, &user, id).await?;
    let access = access_for(&state, &tenant, user.id).await?;
    let materials = match state.classroom.list_materials(&access, &course).await {
        Ok(materials) => materials,
        Err(err) => return Err(failure(&state, &tenant, user.id, err, MSG_SYNC_RESOURCES_FAILED.into()).await),
    };
    let security = if group.privacy >= PRIVACY_PRIVATE { SECURITY_PRIVATE } else { SECURITY_PUBLIC };
    let mut result = SyncMaterialsResult { total: materials.len(), created: 0, updated: 0, unchanged: 0 };
    let ids: Vec<String> = materials.iter().map(|m| m.id.clone()).collect();
    let txn = store::begin_write(&state.db).await?;
    let links = q::links_of(&txn, group.id, q::LINK_MATERIAL, &ids).await?;
    let linked: Vec<i64> = links.values().copied().collect();
    let mut items: HashMap<i64, _> = content_q::find_in_order(&txn, tenant.id(), &linked)
        .await?
        .into_iter()
        .filter(|c| c.group_id == group.id)
        .map(|c| (c.id, c))
        .collect();
    let mut seen: HashSet<&str> = HashSet::new();
    for material in &materials {
        if !seen.insert(material.id.as_str()) {
            continue;
        }
        let form = resource_form(material);
        match links.get(&material.id).and_then(|id| items.remove(id)) {
            Some(item) => {
                if item.title == form.title && item.content == form.content && item.source == form.source {
                    result.unchanged += 1;
                } else {
                    // Its topics, files, status (a moderator may have rejected it since) and
                    // visibility stay.
                    q::refresh_resource(&txn, item, &form.title, &form.content, &form.raw_text, form.source.as_deref())
                        .await?;
                    result.updated += 1;
                }
            }
            None => {
                let item =
                    content_q::insert(&txn, tenant.id(), group.id, user.id, &form, security, STATUS_APPROVED).await?;
                q::link(&txn, group.id, q::LINK_MATERIAL, &material.id, item.id).await?;
                result.created += 1;
            }
        }
    }
    txn.commit().await?;
    let message = format!(
        "Resources synced from Google Classroom: {} added, {} updated, {} unchanged.",
        result.created, result.updated, result.unchanged
    );
    Ok(Json(SyncMaterialsAnswer { data: result, message }))
}
