//! The use case form (spec 002 §5): creating, editing and moderating.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::sent::{NumberOrText, Sent, Texts};
use domain::{
    catalogue::{self as rules, UseCaseForm},
    FieldErrors,
};
use serde::{Deserialize, Serialize};
use store::{entities::use_cases, queries::use_cases as q};
use utoipa::ToSchema;

use crate::areas::catalogue::{
    ai_tools::ModerationInput, choices, chosen_file, chosen_group, id_list, ids, moderation, one_id, string_list,
    strings, text, FileField, ModerationAnswer,
};
use crate::extract::{caller_of, Caller};
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult, ErrorBody},
    extract::{ApiJson, AuthUser, Tenant},
};

use super::*;

/// The use case form (spec 002 §5). On PATCH every field is optional; `default_group`
/// may be sent alone.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct UseCaseInput {
    /// Required.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub title: Sent<String>,
    /// Rich text, at most 500 words; required.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub description: Sent<String>,
    /// Rich text, at most 500 words.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub reason: Sent<String>,
    /// The organization's id; required.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub group: Sent<NumberOrText>,
    /// low, medium or high; required.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub business_value: Sent<String>,
    /// low, medium or high; required.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub complexity: Sent<String>,
    /// incremental, substantial or transformational; required.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub innovation_category: Sent<String>,
    /// AI tool ids.
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub ai_tools: Sent<Texts>,
    /// The id of an uploaded image (or a list of at most one); null removes it.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub thumbnail_image: Sent<Texts>,
    /// The id of an uploaded PDF (or a list of at most one); null removes it.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub document: Sent<Texts>,
    /// An http(s) URL.
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub video_link: Sent<String>,
    /// A topic area id (staff only).
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub topic_area: Sent<NumberOrText>,
    /// At most 7 topic ids (staff only).
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub topics: Sent<Texts>,
    /// Staff only.
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub career_stages: Sent<Texts>,
    /// Staff only.
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub professional_fields: Sent<Texts>,
    /// At most 3 `job_functions` values.
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub job_functions: Sent<Texts>,
    /// At most 3 `usecase_categories` values.
    #[schema(value_type = Option<Vec<String>>)]
    #[serde(default)]
    pub categories: Sent<Texts>,
    /// Target personas (current role values).
    #[schema(value_type = Option<Vec<i64>>)]
    #[serde(default)]
    pub roles: Sent<Texts>,
    /// The circle shown beside the use case (a circle of this site), or null.
    #[schema(value_type = Option<i64>)]
    #[serde(default)]
    pub default_group: Sent<NumberOrText>,
}

impl UseCaseInput {
    /// Whether a field of the form (besides `default_group`) was sent.
    fn changes_form(&self) -> bool {
        let texts = [&self.title, &self.description, &self.reason, &self.business_value, &self.complexity];
        let more_texts = [&self.innovation_category, &self.video_link];
        let lists = [
            &self.ai_tools,
            &self.thumbnail_image,
            &self.document,
            &self.topics,
            &self.career_stages,
            &self.professional_fields,
            &self.job_functions,
            &self.categories,
            &self.roles,
        ];
        texts.iter().chain(more_texts.iter()).any(|t| !t.is_absent())
            || lists.iter().any(|l| !l.is_absent())
            || !self.group.is_absent()
            || !self.topic_area.is_absent()
    }
}

/// A use case with the message the form shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct UseCaseAnswer {
    pub data: UseCaseView,
    pub message: String,
}

fn apply(body: UseCaseInput, form: &mut UseCaseForm, is_staff: bool) -> Result<(), FieldErrors> {
    let mut e = FieldErrors::new();
    if !is_staff {
        // The fields only staff may set (spec 002 §5: shown to staff only).
        let staff_fields = [
            ("topic_area", body.topic_area.is_absent()),
            ("topics", body.topics.is_absent()),
            ("career_stages", body.career_stages.is_absent()),
            ("professional_fields", body.professional_fields.is_absent()),
        ];
        for (field, absent) in staff_fields {
            if !absent {
                e.add(field, "Only staff can set this field.");
            }
        }
    }
    if let Some(v) = text(&mut e, "title", body.title) {
        form.title = v.unwrap_or_default();
    }
    for (key, value, slot) in [
        ("description", body.description, &mut form.description),
        ("reason", body.reason, &mut form.reason),
        ("business_value", body.business_value, &mut form.business_value),
        ("complexity", body.complexity, &mut form.complexity),
        ("innovation_category", body.innovation_category, &mut form.innovation_category),
        ("video_link", body.video_link, &mut form.video_link),
    ] {
        if let Some(v) = text(&mut e, key, value) {
            *slot = v;
        }
    }
    if let Some(v) = one_id(&mut e, "group", body.group) {
        form.group = v;
    }
    if let Some(v) = one_id(&mut e, "topic_area", body.topic_area) {
        form.topic_area = v;
    }
    for (key, value, slot) in [
        ("topics", body.topics, &mut form.topics),
        ("roles", body.roles, &mut form.roles),
        ("ai_tools", body.ai_tools, &mut form.ai_tools),
    ] {
        if let Some(v) = ids(&mut e, key, value) {
            *slot = v;
        }
    }
    for (key, value, slot) in [
        ("career_stages", body.career_stages, &mut form.career_stages),
        ("professional_fields", body.professional_fields, &mut form.professional_fields),
        ("job_functions", body.job_functions, &mut form.job_functions),
        ("categories", body.categories, &mut form.categories),
    ] {
        if let Some(v) = strings(&mut e, key, value) {
            *slot = v;
        }
    }
    e.into_result()
}

fn form_of(u: &use_cases::Model, ai_tools: Vec<i64>) -> UseCaseForm {
    UseCaseForm {
        title: u.title.clone(),
        description: u.description.clone(),
        reason: u.reason.clone(),
        group: u.group_id,
        business_value: u.business_value.clone(),
        complexity: u.complexity.clone(),
        innovation_category: u.innovation_category.clone(),
        video_link: u.video_link.clone(),
        topic_area: u.topic_area,
        topics: id_list(&u.topics),
        career_stages: string_list(&u.career_stages),
        professional_fields: string_list(&u.professional_fields),
        job_functions: string_list(&u.job_functions),
        categories: string_list(&u.categories),
        roles: id_list(&u.roles),
        ai_tools,
    }
}

fn usecase_categories(options: &domain::config::Options) -> Vec<String> {
    options.usecase_categories.iter().map(|o| o.value.clone()).collect()
}

/// Checks the whole form: the rules, the organization, topics, AI tools and files.
async fn checked(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    mut body: UseCaseInput,
    mut form: UseCaseForm,
    current: Option<&use_cases::Model>,
) -> ApiResult<(UseCaseForm, q::Files)> {
    let user_id = caller.id().unwrap_or_default();
    let thumbnail_image = std::mem::take(&mut body.thumbnail_image);
    let document = std::mem::take(&mut body.document);
    let mut errors = match apply(body, &mut form, caller.is_staff()) {
        Ok(()) => FieldErrors::new(),
        Err(found) => found,
    };
    if let Err(found) = rules::validate_use_case(&mut form, &choices(tenant, usecase_categories)) {
        for (field, messages) in found.0 {
            if errors.first(&field).is_none() {
                for message in messages {
                    errors.add(field.clone(), message);
                }
            }
        }
    }
    errors.into_result()?;
    let group_id = form.group.unwrap_or_default();
    if current.and_then(|u| u.group_id) != Some(group_id) {
        chosen_group(state, tenant, caller, group_id).await?;
    }
    if let Some(id) = store::queries::topics::unknown(&state.db, tenant.id(), &form.topics, None).await?.first() {
        return Err(ApiError::field("topics", format!("Invalid pk \"{id}\" - object does not exist.")));
    }
    if let Some(area) = form.topic_area {
        if !store::queries::topics::area_exists(&state.db, tenant.id(), area).await? {
            return Err(ApiError::field("topic_area", format!("Invalid pk \"{area}\" - object does not exist.")));
        }
    }
    let found = store::queries::ai_tools::by_ids(&state.db, tenant.id(), &form.ai_tools).await?;
    if let Some(id) = form.ai_tools.iter().find(|id| !found.iter().any(|t| t.id == **id)) {
        return Err(ApiError::field("ai_tools", format!("Invalid pk \"{id}\" - object does not exist.")));
    }
    let _ = current;
    // Absent file fields keep what the use case has; the client sends them when changed.
    let thumbnail =
        chosen_file(state, tenant, user_id, "thumbnail_image", thumbnail_image, FileField::Thumbnail, None).await?;
    let document = chosen_file(state, tenant, user_id, "document", document, FileField::Document, None).await?;
    let files = q::Files {
        thumbnail: thumbnail.map(|f| f.map(|f| crate::areas::uploads::stored_link(state, &f.storage_key))),
        document: document.map(|f| f.map(|f| (crate::areas::uploads::stored_link(state, &f.storage_key), f.name))),
    };
    Ok((form, files))
}

/// Submits a use case (pending until approved; 'Thank you for submitting a use case').
#[utoipa::path(
    post,
    path = "/api/v1/use-cases/",
    tag = "use-cases",
    request_body = UseCaseInput,
    security(("bearer" = [])),
    responses((status = 201, body = UseCaseAnswer))
)]
pub(super) async fn create_use_case(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<UseCaseInput>,
) -> ApiResult<(StatusCode, Json<UseCaseAnswer>)> {
    let user_id = user.id;
    let caller = caller_of(Some(user));
    let (form, files) = checked(&state, &tenant, &caller, body, UseCaseForm::default(), None).await?;
    let txn = store::begin_write(&state.db).await?;
    let found = q::insert_form(&txn, tenant.id(), &form, &files, user_id).await?;
    // Use case curation judges it in the background (issue 18).
    services::system_agents::queue_use_case(&txn, tenant.id(), found.id).await?;
    txn.commit().await?;
    state.jobs_wake.notify_one();
    let data = view(&state, &tenant, &caller, found).await?;
    Ok((StatusCode::CREATED, Json(UseCaseAnswer { data, message: rules::USE_CASE_SUBMITTED.into() })))
}

/// Edits a use case: staff or its creator (spec 002 §6). Any subset of the form's fields;
/// `default_group` sets the circle shown beside it.
#[utoipa::path(
    patch,
    path = "/api/v1/use-cases/{id}/",
    tag = "use-cases",
    params(("id" = i64, Path)),
    request_body = UseCaseInput,
    security(("bearer" = [])),
    responses((status = 200, body = UseCaseAnswer), (status = 403, body = ErrorBody))
)]
pub(super) async fn update_use_case(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(mut body): ApiJson<UseCaseInput>,
) -> ApiResult<Json<UseCaseAnswer>> {
    let caller = caller_of(Some(user));
    let found = q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    let found = ensure_visible(&state, &tenant, &caller, found).await?;
    if !(caller.is_staff() || caller.id() == found.created_by) {
        return Err(ApiError::Forbidden(MSG_NO_RIGHT.into()));
    }
    let default_group = std::mem::take(&mut body.default_group);
    let mut found = found;
    if !default_group.is_absent() {
        let mut errors = FieldErrors::new();
        let group_id = one_id(&mut errors, "default_group", default_group).flatten();
        errors.into_result()?;
        if let Some(group_id) = group_id {
            let group = chosen_group(&state, &tenant, &caller, group_id).await.map_err(|_| {
                ApiError::field("default_group", format!("Invalid pk \"{group_id}\" - object does not exist."))
            })?;
            if group.group_type != "circle" {
                return Err(ApiError::field("default_group", "Please choose a circle."));
            }
        }
        found = q::set_default_group(&state.db, found, group_id).await?;
    }
    if body.changes_form() {
        let tools = q::ai_tools_of(&state.db, &[found.id]).await?.remove(&found.id).unwrap_or_default();
        let (form, files) = checked(&state, &tenant, &caller, body, form_of(&found, tools), Some(&found)).await?;
        let txn = store::begin_write(&state.db).await?;
        found = q::update_form(&txn, found, &form, &files).await?;
        txn.commit().await?;
    }
    let data = view(&state, &tenant, &caller, found).await?;
    Ok(Json(UseCaseAnswer { data, message: rules::USE_CASE_UPDATED.into() }))
}

/// Approves (pending or rejected) or rejects (pending) a use case: administrators of its
/// organization and staff (spec 002 §4 "Moderation").
#[utoipa::path(
    post,
    path = "/api/v1/use-cases/{id}/approve-reject/",
    tag = "use-cases",
    params(("id" = i64, Path)),
    request_body = ModerationInput,
    security(("bearer" = [])),
    responses((status = 200, body = ModerationAnswer), (status = 403, body = ErrorBody))
)]
pub(super) async fn moderate_use_case(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ModerationInput>,
) -> ApiResult<Json<ModerationAnswer>> {
    let caller = caller_of(Some(user));
    let action = moderation::action(&body.action)?;
    let found = q::find(&state.db, tenant.id(), id).await?.ok_or_else(not_found)?;
    let found = ensure_visible(&state, &tenant, &caller, found).await?;
    let item = moderation::Item { id: found.id, status: &found.status, group_id: found.group_id };
    Ok(Json(moderation::apply(&state, &tenant, &caller, &moderation::USE_CASES, action, item).await?))
}
