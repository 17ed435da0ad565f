//! Topics (skills and general topics) and topic areas: `GET|POST /api/v1/topics/`,
//! `GET /api/v1/topic-areas/`.

use axum::{extract::State, http::StatusCode, Json};
use domain::{
    topics::{clean_topic_name, TopicType},
    FieldErrors,
};
use serde::{Deserialize, Serialize};
use store::{
    entities::{topic_areas, topics},
    queries::topics::{self as topic_q, TopicFilter},
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    areas::AppState,
    envelope::{Data, Page},
    error::{ApiError, ApiResult},
    extract::{ApiJson, ApiQuery, AuthUser, PageParams, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_topics, create_topic)).routes(routes!(list_topic_areas))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TopicView {
    pub id: i64,
    pub name: String,
    pub topic_type: String,
    /// The topic area's id, when the topic belongs to one.
    pub topic_area: Option<i64>,
}

impl From<topics::Model> for TopicView {
    fn from(m: topics::Model) -> Self {
        TopicView { id: m.id, name: m.name, topic_type: m.topic_type, topic_area: m.topic_area_id }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TopicAreaView {
    pub id: i64,
    pub name: String,
}

impl From<topic_areas::Model> for TopicAreaView {
    fn from(m: topic_areas::Model) -> Self {
        TopicAreaView { id: m.id, name: m.name }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TopicQuery {
    /// skill or general (`all` or empty: both).
    #[param(schema_with = topic_types)]
    pub topic_type: Option<String>,
    /// Only topics of this group (a group id; `all` or empty: every group).
    pub group: Option<String>,
    /// Only topics of this topic area (an id; `all` or empty: every area).
    pub topic_area: Option<String>,
    /// Words of the name, each matched from its start (case and accents ignored).
    pub search: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 40 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 40)]
    pub page_size: Option<String>,
}

fn topic_types() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&["all", TopicType::Skill.as_str(), TopicType::General.as_str()])
}

fn optional_id(errors: &mut FieldErrors, field: &str, raw: Option<&str>) -> Option<i64> {
    let raw = raw.map(str::trim).filter(|v| !v.is_empty() && *v != "all")?;
    match raw.parse::<i64>() {
        Ok(id) if id > 0 => Some(id),
        _ => {
            errors.add(field, "A valid integer is required.");
            None
        }
    }
}

fn topic_type_choice(errors: &mut FieldErrors, raw: Option<&str>) -> Option<TopicType> {
    let raw = raw.map(str::trim).filter(|v| !v.is_empty() && *v != "all")?;
    let parsed = TopicType::parse(raw);
    if parsed.is_none() {
        errors.add("topic_type", format!("\"{raw}\" is not a valid choice."));
    }
    parsed
}

/// Topics of the tenant, filtered and paginated, ordered by name.
#[utoipa::path(
    get,
    path = "/api/v1/topics/",
    tag = "topics",
    params(TopicQuery),
    responses((status = 200, body = Page<TopicView>))
)]
async fn list_topics(
    State(state): State<AppState>,
    tenant: Tenant,
    paging: PageParams,
    ApiQuery(query): ApiQuery<TopicQuery>,
) -> ApiResult<Json<Page<TopicView>>> {
    let mut errors = FieldErrors::new();
    let filter = TopicFilter {
        topic_type: topic_type_choice(&mut errors, query.topic_type.as_deref()).map(|t| t.as_str().to_string()),
        group_id: optional_id(&mut errors, "group", query.group.as_deref()),
        topic_area_id: optional_id(&mut errors, "topic_area", query.topic_area.as_deref()),
        search: query
            .search
            .as_deref()
            .map(|s| s.trim().to_lowercase())
            .filter(|s| !s.is_empty())
            .map(|s| s.chars().take(100).collect()),
    };
    errors.into_result()?;
    // Kept per tenant write generation: a topic's insert, delete, name, type, group and area
    // bump it (m0014, m0017, m0043).
    // Kept per site generation, which every write to `topic_areas` bumps (m0041).
    let (offset, size) = (paging.page.offset(), paging.page.page_size);
    let generation = state.generations.site(state.read_db(), tenant.id()).await?;
    let key = format!("{filter:?}|{offset}|{size}");
    let views = |rows: Vec<topics::Model>| rows.into_iter().map(|m| (m.id, TopicView::from(m))).collect();
    let page = state
        .kept
        .topic_pages
        .kept_page(
            tenant.id(),
            generation,
            key,
            async || {
                let page = topic_q::list(state.read_db(), tenant.id(), &filter, offset, size).await?;
                Ok::<_, ApiError>((page.count, views(page.items)))
            },
            async |ids| {
                let rows = store::queries::sql::site_rows_by_ids::<topics::Entity>(state.read_db(), tenant.id(), &ids);
                Ok(views(rows.await?))
            },
        )
        .await?;
    let items = page.items.iter().map(|view| view.as_ref().clone()).collect();
    Ok(Json(Page::new(items, page.count, &paging.page, &paging.url)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewTopicRequest {
    pub name: String,
    /// skill or general; general when left out.
    pub topic_type: Option<String>,
    pub topic_area: Option<i64>,
}

/// Adds a topic (any signed-in user, from the pickers' "create new" option). A topic that
/// exists with the same name and type is returned instead (200).
#[utoipa::path(
    post,
    path = "/api/v1/topics/",
    tag = "topics",
    request_body = NewTopicRequest,
    security(("bearer" = [])),
    responses((status = 201, body = Data<TopicView>), (status = 200, body = Data<TopicView>))
)]
async fn create_topic(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<NewTopicRequest>,
) -> ApiResult<(StatusCode, Json<Data<TopicView>>)> {
    let mut errors = FieldErrors::new();
    let cleaned = clean_topic_name(&body.name);
    if let Err(name_errors) = &cleaned {
        errors.0.extend(name_errors.0.clone());
    }
    let topic_type = match body.topic_type.as_deref() {
        None => Some(TopicType::General),
        Some(raw) => topic_type_choice(&mut errors, Some(raw)).or_else(|| {
            if raw.trim().is_empty() || raw == "all" {
                errors.add("topic_type", format!("\"{raw}\" is not a valid choice."));
            }
            None
        }),
    };
    if let Some(area) = body.topic_area {
        if !topic_q::area_exists(&state.db, tenant.id(), area).await? {
            errors.add("topic_area", format!("Invalid pk \"{area}\" - object does not exist."));
        }
    }
    errors.into_result()?;
    let (name, key) = cleaned.expect("checked above");
    let topic_type = topic_type.expect("checked above");
    let (topic, created) = topic_q::get_or_create(
        &state.db,
        topic_q::NewTopic {
            tenant_id: tenant.id(),
            name: &name,
            name_key: &key,
            topic_type: topic_type.as_str(),
            topic_area_id: body.topic_area,
            group_id: None,
            created_by: Some(user.id),
        },
    )
    .await?;
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(Data::new(topic.into()))))
}

/// A page of topic areas as kept (`KeptPages::topic_area_pages`): the exact count and the
/// page's areas, in order.
pub struct TopicAreaPage {
    count: u64,
    items: Vec<TopicAreaView>,
}

/// Topic areas of the tenant, ordered by name.
#[utoipa::path(
    get,
    path = "/api/v1/topic-areas/",
    tag = "topics",
    params(("page" = Option<u64>, Query, minimum = 1, description = "1 by default"), ("page_size" = Option<u64>, Query, minimum = 1, description = "40 by default; larger sizes are capped at 500")),
    responses((status = 200, body = Page<TopicAreaView>))
)]
async fn list_topic_areas(
    State(state): State<AppState>,
    tenant: Tenant,
    paging: PageParams,
) -> ApiResult<Json<Page<TopicAreaView>>> {
    // Kept per site generation, which every write to `topic_areas` bumps (m0041).
    let (offset, size) = (paging.page.offset(), paging.page.page_size);
    let generation = state.generations.site(state.read_db(), tenant.id()).await?;
    let kept = state
        .kept
        .topic_area_pages
        .kept(tenant.id(), generation, format!("{offset}|{size}"), async || {
            let page = topic_q::list_areas(state.read_db(), tenant.id(), offset, size).await?;
            let items = page.items.into_iter().map(TopicAreaView::from).collect();
            Ok::<_, ApiError>(TopicAreaPage { count: page.count, items })
        })
        .await?;
    Ok(Json(Page::new(kept.items.clone(), kept.count, &paging.page, &paging.url)))
}
