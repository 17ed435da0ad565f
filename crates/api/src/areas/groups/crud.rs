//! Reading, creating and editing groups, the caller's groups, the site's organization,
//! and the questions for new members.

use crate::extract::page_from_query;
use crate::extract::{caller_of, Caller};

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use domain::{
    groups::{
        form::{self, FormContext, GroupForm},
        membership,
        permissions::{self, Actor},
        questions,
    },
    FieldErrors,
};
use rand::Rng;
use sea_orm::TransactionTrait;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::{
    entities::groups,
    queries::{groups as group_q, memberships as member_q, profiles as profile_q, use_cases as use_case_q},
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    ensure_visible, input, not_found,
    view::{self, GroupView},
    visible_group,
};
use crate::{
    areas::AppState,
    envelope::{Data, Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{
        bool_param, id_param, list_param, search_param, text_param, ApiJson, ApiQuery, AuthUser, Client, MaybeUser,
        Tenant,
    },
    param,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_groups, create_group))
        .routes(routes!(my_groups))
        .routes(routes!(default_group))
        .routes(routes!(group_by_slug))
        .routes(routes!(get_group, update_group))
        .routes(routes!(set_questions))
}

pub const DEFAULT_PAGE_SIZE: u64 = 15;

/// A group with the message the form shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupAnswer {
    pub data: GroupView,
    pub message: String,
}

fn random_below_10000() -> u32 {
    rand::rng().random_range(0..10_000)
}

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GroupListQuery {
    /// organization, institution, circle or event (comma list).
    pub group_type: Option<String>,
    #[param(value_type = Option<i64>)]
    pub parent_group: Option<String>,
    /// At least 2 characters; matched in the name.
    pub search: Option<String>,
    #[param(value_type = Option<bool>)]
    pub is_influencer: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 15 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 15)]
    pub page_size: Option<String>,
    #[param(ignore)]
    pub q: Option<String>,
}

/// The site's groups the caller may see.
#[utoipa::path(
    get,
    path = "/api/v1/groups/",
    tag = "groups",
    params(GroupListQuery),
    responses((status = 200, body = Page<GroupView>))
)]
async fn list_groups(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<GroupListQuery>,
) -> ApiResult<Json<Page<GroupView>>> {
    let page = page_from_query(&query.page, &query.page_size, DEFAULT_PAGE_SIZE)?;
    let caller = caller_of(user);
    let mut errors = FieldErrors::new();
    let filter = group_q::ListFilter {
        group_types: {
            let types = list_param(&mut errors, param!(query.group_type));
            checked_types(&mut errors, types)
        },
        parent_id: id_param(&mut errors, param!(query.parent_group)),
        search: search_param(param!(query.search).or(param!(query.q))),
        is_influencer: bool_param(&mut errors, param!(query.is_influencer)),
        ..Default::default()
    };
    errors.into_result()?;
    let found = group_q::list(
        state.read_db(),
        &state.list_counts,
        tenant.id(),
        caller.viewer(),
        &filter,
        view::today(),
        page.offset(),
        page.page_size,
    )
    .await?;
    let items = view::views(&state, &caller, found.items).await?;
    Ok(Json(Page::new(items, found.count, &page, &url)))
}

pub fn checked_types(errors: &mut FieldErrors, types: Vec<String>) -> Vec<String> {
    for kind in &types {
        if !form::GROUP_TYPES.contains(&kind.as_str()) {
            errors.add("group_type", format!("\"{kind}\" is not a valid choice."));
        }
    }
    types
}

/// Membership roles of any group type (admin, leader, facilitator, member, attendee,
/// presenter, volunteer), each checked.
pub fn checked_roles(errors: &mut FieldErrors, roles: Vec<String>, key: &str) -> Vec<String> {
    use domain::groups::membership::{EVENT_ROLES, GROUP_ROLES};
    for role in &roles {
        if !GROUP_ROLES.contains(&role.as_str()) && !EVENT_ROLES.contains(&role.as_str()) {
            errors.add(key, format!("\"{role}\" is not a valid choice."));
        }
    }
    roles
}

async fn actor_of(state: &AppState, tenant: &Tenant, caller: &Caller) -> ApiResult<Actor> {
    let Some(user) = caller.user.as_ref() else { return Ok(Actor::default()) };
    let certified = profile_q::find_group_profile(&state.db, tenant.organization_id(), user.id)
        .await?
        .is_some_and(|p| p.is_certified);
    // Certification is per site: one given on another site does not count here.
    let leader = store::queries::programme::certification_of(&state.db, tenant.id(), user.id).await?.is_some();
    Ok(Actor { is_staff: user.is_staff, has_certified_group_profile: certified, has_leadership_certification: leader })
}

/// Checks what the form points at: the parent, topics, SDGs and circle type must be the
/// site's own, and use cases approved ones of the site. A parent the caller may not see is
/// answered like an unknown id; `parent_access` is false when an edit keeps the parent it
/// had (its editors need not see it). `linked_use_cases` are the group's current use cases:
/// an edit may keep them even if they are no longer approved.
async fn check_references(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    form: &GroupForm,
    parent_access: bool,
    linked_use_cases: &[i64],
) -> ApiResult<Option<groups::Model>> {
    let mut errors = FieldErrors::new();
    let parent = match form.parent_group {
        Some(id) => {
            let mut parent = group_q::find(&state.db, tenant.id(), id).await?;
            if parent_access {
                if let Some(found) = parent.take() {
                    parent = super::is_visible(state, caller, &found).await?.then_some(found);
                }
            }
            let fits = parent.as_ref().is_some_and(|p| match form.group_type.as_str() {
                "circle" | "event" => matches!(p.group_type.as_str(), "organization" | "institution" | "circle"),
                _ => matches!(p.group_type.as_str(), "organization" | "institution"),
            });
            if !fits {
                errors.add("parent_group", format!("Invalid pk \"{id}\" - object does not exist."));
            }
            parent.filter(|_| fits)
        }
        None => None,
    };
    let unknown = store::queries::topics::unknown(&state.db, tenant.id(), &form.topics, None).await?;
    if let Some(id) = unknown.first() {
        errors.add("topics", format!("Invalid pk \"{id}\" - object does not exist."));
    }
    let unknown = group_q::sdgs_exist(&state.db, &form.relevant_sdgs).await?;
    if let Some(id) = unknown.first() {
        errors.add("relevant_sdgs", format!("Invalid pk \"{id}\" - object does not exist."));
    }
    if let Some(kind) = form.circle_type {
        if !group_q::circle_type_exists(&state.db, tenant.id(), kind).await? {
            errors.add("circle_type", format!("Invalid pk \"{kind}\" - object does not exist."));
        }
    }
    let added: Vec<i64> = form.use_cases.iter().copied().filter(|id| !linked_use_cases.contains(id)).collect();
    let unusable = use_case_q::not_usable(&state.db, tenant.id(), &added).await?;
    if let Some(id) = unusable.first() {
        errors.add("use_cases", format!("Invalid pk \"{id}\" - object does not exist."));
    }
    errors.into_result()?;
    Ok(parent)
}

/// Creating a circle or event under `parent` needs the caller to belong to the parent's
/// organization: an accepted member of it, or an administrator of it or of a group above.
/// Staff may anywhere.
async fn require_member_of_parent_org(state: &AppState, caller: &Caller, parent: &groups::Model) -> ApiResult<()> {
    if caller.is_staff() {
        return Ok(());
    }
    let Some(user_id) = caller.id() else { return Err(ApiError::forbidden()) };
    let ancestors = group_q::ancestors(&state.db, parent).await?;
    let Some(org) = permissions::organization_of(parent, &ancestors, |g| g.group_type.as_str()) else {
        return Err(ApiError::Forbidden(permissions::MSG_CREATE_NOT_MEMBER.into()));
    };
    let member =
        member_q::find(&state.db, org.id, user_id).await?.is_some_and(|m| m.status == member_q::STATUS_ACCEPTED);
    if member || super::is_admin(state, caller, org).await? {
        Ok(())
    } else {
        Err(ApiError::Forbidden(permissions::MSG_CREATE_NOT_MEMBER.into()))
    }
}

/// The caller's accepted role in `group` or the nearest group above it where they hold an
/// admin role.
async fn role_in_or_above(state: &AppState, caller: &Caller, group: &groups::Model) -> ApiResult<Option<String>> {
    let Some(user_id) = caller.id() else { return Ok(None) };
    let parents = view::parent_chain(state, std::slice::from_ref(group)).await?;
    let mut ids: Vec<i64> = parents.keys().copied().collect();
    ids.push(group.id);
    let own = member_q::of_user_in(&state.db, user_id, &ids).await?;
    let accepted: Vec<_> = own.iter().filter(|m| m.status == member_q::STATUS_ACCEPTED).collect();
    if let Some(admin) = accepted.iter().find(|m| permissions::is_admin_role(&m.role)) {
        return Ok(Some(admin.role.clone()));
    }
    Ok(accepted.iter().find(|m| m.group_id == group.id).map(|m| m.role.clone()))
}

/// Creates a group (spec 001 §5, §6). The creator becomes its admin (a circle's: leader).
#[utoipa::path(
    post,
    path = "/api/v1/groups/",
    tag = "groups",
    request_body(content = input::GroupInput, description = "The group form's fields (spec 001 §3)"),
    security(("bearer" = [])),
    responses((status = 201, body = GroupAnswer), (status = 403, body = ErrorBody))
)]
async fn create_group(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<input::GroupInput>,
) -> ApiResult<(StatusCode, Json<GroupAnswer>)> {
    let caller = caller_of(Some(user.clone()));
    let mut parsed = input::apply(body, input::blank_form(), input::PRIVACY_PUBLIC, random_below_10000);
    if parsed.form.is_influencer && !user.is_staff {
        return Err(ApiError::field("is_influencer", "Only staff can mark a group as an influencer."));
    }
    parsed.validate(FormContext::default())?;
    let parent = check_references(&state, &tenant, &caller, &parsed.form, true, &[]).await?;
    let parent_role = match &parent {
        Some(parent) => role_in_or_above(&state, &caller, parent).await?,
        None => None,
    };
    let actor = actor_of(&state, &tenant, &caller).await?;
    permissions::may_create(actor, &parsed.form.group_type, parent_role.as_deref())
        .map_err(|reason| ApiError::Forbidden(reason.into()))?;
    if let (Some(parent), true) = (&parent, parsed.form.is_circle() || parsed.form.group_type == "event") {
        require_member_of_parent_org(&state, &caller, parent).await?;
    }
    let own_role = if parsed.form.is_circle() { "leader" } else { "admin" };
    let txn = state.db.begin().await?;
    let group = group_q::insert(&txn, tenant.id(), &parsed.form, parsed.privacy, user.id).await?;
    member_q::upsert(&txn, group.id, user.id, own_role, member_q::STATUS_ACCEPTED).await?;
    txn.commit().await?;
    let kind = group.group_type.clone();
    let data = view::view(&state, &caller, group).await?;
    Ok((StatusCode::CREATED, Json(GroupAnswer { data, message: format!("Successfully created {kind}") })))
}

/// Edits a group: any subset of the form's fields. Administrators of the group or of an
/// organization above it, and staff.
#[utoipa::path(
    patch,
    path = "/api/v1/groups/{id}/",
    tag = "groups",
    params(("id" = i64, Path)),
    request_body(content = input::GroupInput, description = "Any of the group form's fields"),
    security(("bearer" = [])),
    responses((status = 200, body = GroupAnswer), (status = 403, body = ErrorBody))
)]
async fn update_group(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<input::GroupInput>,
) -> ApiResult<Json<GroupAnswer>> {
    let caller = caller_of(Some(user.clone()));
    let group = visible_group(&state, &tenant, &caller, id).await?;
    require_edit(&state, &caller, &group).await?;
    let use_cases = linked_use_cases(&state, group.id).await?;
    let current = stored_form(&state, &group, use_cases.clone()).await?;
    let sent = body.sent_fields();
    let mut parsed = input::apply(body, current, group.privacy, random_below_10000);
    check_fixed_fields(&group, &parsed.form, user.is_staff)?;
    // A partial update answers for what it changes, not for what the stored row lacks.
    parsed.validate_changes(
        FormContext { parent_from_context: group.is_tenant_root, use_cases_available: false },
        &sent,
    )?;
    let moved = parsed.form.parent_group != group.parent_id;
    let new_parent = check_references(&state, &tenant, &caller, &parsed.form, moved, &use_cases).await?;
    if moved {
        check_move(&state, &tenant, &caller, &group, new_parent.as_ref()).await?;
    }
    let txn = store::begin_write(&state.db).await?;
    let old_maximum = group.maximum_size;
    let group = group_q::update(&txn, group, &parsed.form, parsed.privacy).await?;
    // A larger maximum size lets wait-listed requests in, as a member leaving does.
    let accepted = group_q::accepted_count(&txn, group.id).await?;
    let seats = membership::seats_freed(&group.group_type, old_maximum, group.maximum_size, accepted);
    let promoted = super::membership::fill_seats(&txn, &tenant, &client, &group, seats).await?;
    txn.commit().await?;
    if group.is_tenant_root {
        // The site's settings (name, logo, who may join) are kept per host: read them afresh.
        state.tenants.invalidate(tenant.id());
    }
    if promoted > 0 {
        state.jobs_wake.notify_one();
    }
    let kind = group.group_type.clone();
    let data = view::view(&state, &caller, group).await?;
    Ok(Json(GroupAnswer { data, message: format!("Successfully edited {kind}") }))
}

async fn linked_use_cases(state: &AppState, group_id: i64) -> ApiResult<Vec<i64>> {
    let mut linked = use_case_q::of_groups(&state.db, &[group_id]).await?;
    Ok(linked.remove(&group_id).unwrap_or_default().into_iter().map(|u| u.id).collect())
}

/// The group as stored, as the form an update starts from.
async fn stored_form(state: &AppState, group: &groups::Model, use_cases: Vec<i64>) -> ApiResult<GroupForm> {
    let mut topics = group_q::topics_of(&state.db, &[group.id]).await?;
    let topics: Vec<i64> = topics.remove(&group.id).unwrap_or_default().into_iter().map(|t| t.0).collect();
    let mut sdgs = group_q::sdgs_of(&state.db, &[group.id]).await?;
    let sdgs: Vec<i64> = sdgs.remove(&group.id).unwrap_or_default().into_iter().map(|s| s.id).collect();
    Ok(input::form_of(group, topics, sdgs, use_cases))
}

/// What an update may not change: the type, the influencer flag (staff only) and the site
/// organization's lack of a parent.
fn check_fixed_fields(group: &groups::Model, form: &GroupForm, staff: bool) -> ApiResult<()> {
    if form.group_type != group.group_type {
        return Err(ApiError::field("group_type", "The type of a group cannot be changed."));
    }
    if form.is_influencer != group.is_influencer && !staff {
        return Err(ApiError::field("is_influencer", "Only staff can mark a group as an influencer."));
    }
    if group.is_tenant_root && form.parent_group.is_some() {
        return Err(ApiError::field("parent_group", "The site's organization has no parent."));
    }
    Ok(())
}

/// A group moved under `new_parent` (or out from under its parent): never below itself, and
/// only by administrators of the new parent, or of the old one when it leaves it.
async fn check_move(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    group: &groups::Model,
    new_parent: Option<&groups::Model>,
) -> ApiResult<()> {
    if let Some(parent) = new_parent {
        let chain = view::parent_chain(state, std::slice::from_ref(parent)).await?;
        if parent.id == group.id || chain.contains_key(&group.id) {
            return Err(ApiError::field("parent_group", "A group cannot sit below itself."));
        }
        if !super::is_admin(state, caller, parent).await? {
            return Err(ApiError::Forbidden(permissions::MSG_MOVE.into()));
        }
        return Ok(());
    }
    let Some(old) = group.parent_id else { return Ok(()) };
    // Out from under its parent: the parent's administrators decide that.
    let allowed = match group_q::find(&state.db, tenant.id(), old).await? {
        Some(old) => super::is_admin(state, caller, &old).await?,
        None => true,
    };
    if allowed {
        Ok(())
    } else {
        Err(ApiError::Forbidden(permissions::MSG_DETACH.into()))
    }
}

pub async fn require_edit(state: &AppState, caller: &Caller, group: &groups::Model) -> ApiResult<()> {
    if super::is_admin(state, caller, group).await? {
        Ok(())
    } else {
        Err(ApiError::Forbidden("You do not have permission to edit this group.".into()))
    }
}

/// One group by id.
#[utoipa::path(
    get,
    path = "/api/v1/groups/{id}/",
    tag = "groups",
    params(("id" = i64, Path)),
    responses((status = 200, body = Data<GroupView>))
)]
async fn get_group(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Data<GroupView>>> {
    let caller = caller_of(user);
    let group = visible_group(&state, &tenant, &caller, id).await?;
    Ok(Json(Data::new(view::view(&state, &caller, group).await?)))
}

/// One group by its slug (the `/org/{slug}`, `/circle/{slug}` and `/event/{slug}` pages).
#[utoipa::path(
    get,
    path = "/api/v1/groups/slug/{slug}/",
    tag = "groups",
    params(("slug" = String, Path)),
    responses((status = 200, body = Data<GroupView>))
)]
async fn group_by_slug(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<Data<GroupView>>> {
    let caller = caller_of(user);
    let group = group_q::find_by_slug(&state.db, tenant.id(), slug.trim()).await?.ok_or_else(not_found)?;
    let group = ensure_visible(&state, &caller, group).await?;
    Ok(Json(Data::new(view::view(&state, &caller, group).await?)))
}

/// Values are read as text, so a bad one is answered on its own field with the spec's words.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MyGroupsQuery {
    /// member (default): groups by the caller's membership; follower: groups the caller
    /// follows without being a member (status, role and get_child_groups do not apply).
    #[param(schema_with = membership_types)]
    pub membership_type: Option<String>,
    /// accepted (default), pending or rejected.
    #[param(schema_with = super::members::membership_statuses)]
    pub status: Option<String>,
    /// Membership roles, comma-separated (e.g. admin,leader).
    pub role: Option<String>,
    pub group_type: Option<String>,
    /// Also the groups below the ones found.
    #[param(value_type = Option<bool>)]
    pub get_child_groups: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    /// 15 by default; larger sizes are capped at 500.
    #[param(value_type = Option<u64>, minimum = 1, default = 15)]
    pub page_size: Option<String>,
}

fn membership_types() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&["member", "follower"])
}

/// The caller's groups by membership.
#[utoipa::path(
    get,
    path = "/api/v1/groups/list/",
    tag = "groups",
    params(MyGroupsQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Page<GroupView>))
)]
async fn my_groups(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<MyGroupsQuery>,
) -> ApiResult<Json<Page<GroupView>>> {
    let page = page_from_query(&query.page, &query.page_size, DEFAULT_PAGE_SIZE)?;
    let mut errors = FieldErrors::new();
    let status = text_param(param!(query.status)).unwrap_or_else(|| member_q::STATUS_ACCEPTED.into());
    if !["accepted", "pending", "rejected"].contains(&status.as_str()) {
        errors.add("status", format!("\"{status}\" is not a valid choice."));
    }
    let follower = match text_param(param!(query.membership_type)).as_deref() {
        None | Some("member") => false,
        Some("follower") => true,
        Some(kind) => {
            errors.add("membership_type", format!("\"{kind}\" is not a valid choice."));
            false
        }
    };
    let types = list_param(&mut errors, param!(query.group_type));
    let types = checked_types(&mut errors, types);
    let roles = list_param(&mut errors, param!(query.role));
    let roles = checked_roles(&mut errors, roles, "role");
    let with_children = bool_param(&mut errors, param!(query.get_child_groups)).unwrap_or(false);
    errors.into_result()?;
    let caller = caller_of(Some(user.clone()));
    let found = if follower {
        // Following is not a membership: it has no status or role.
        group_q::followed_by(&state.db, tenant.id(), user.id, caller.viewer(), &types, page.offset(), page.page_size)
            .await?
    } else {
        let filter = group_q::MembershipFilter { status, roles, group_types: types, with_children };
        group_q::of_member(&state.db, tenant.id(), user.id, &filter, page.offset(), page.page_size).await?
    };
    let items = view::views(&state, &caller, found.items).await?;
    Ok(Json(Page::new(items, found.count, &page, &url)))
}

/// The site's organization.
#[utoipa::path(
    get,
    path = "/api/v1/groups/default/",
    tag = "groups",
    responses((status = 200, body = Data<GroupView>))
)]
async fn default_group(
    State(state): State<AppState>,
    tenant: Tenant,
    MaybeUser(user): MaybeUser,
) -> ApiResult<Json<Data<GroupView>>> {
    let caller = caller_of(user);
    let group = group_q::find(&state.db, tenant.id(), tenant.organization_id()).await?.ok_or_else(not_found)?;
    Ok(Json(Data::new(view::view(&state, &caller, group).await?)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuestionsInput {
    /// The whole list; it replaces the current questions (`[]` removes them all).
    #[schema(value_type = Vec<Object>)]
    pub questions: Value,
}

/// Sets the questions new members answer (spec 001 §3 "Question").
#[utoipa::path(
    post,
    path = "/api/v1/groups/{id}/questions/",
    tag = "groups",
    params(("id" = i64, Path)),
    request_body = QuestionsInput,
    security(("bearer" = [])),
    responses((status = 200, body = GroupAnswer), (status = 403, body = ErrorBody))
)]
async fn set_questions(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<QuestionsInput>,
) -> ApiResult<Json<GroupAnswer>> {
    let caller = caller_of(Some(user));
    let group = visible_group(&state, &tenant, &caller, id).await?;
    require_edit(&state, &caller, &group).await?;
    // A body without the list must not read as "no questions" and wipe them.
    if body.questions.is_null() {
        return Err(ApiError::field("questions", "This field is required."));
    }
    let list = questions::normalize(&body.questions, random_below_10000)?;
    let mut extra = group.extra_info.clone().and_then(|e| e.as_object().cloned()).unwrap_or_default();
    extra.insert("questions".into(), serde_json::to_value(list).unwrap_or_default());
    let group = group_q::set_extra_info(&state.db, group, Value::Object(extra)).await?;
    let data = view::view(&state, &caller, group).await?;
    Ok(Json(GroupAnswer { data, message: "Questions added successfully".into() }))
}
