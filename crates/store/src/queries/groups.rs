//! Groups (organizations, institutions, circles, events): reading, writing, their topics
//! and SDGs, member counts, and the filtered lists behind `/groups/`, `/circles/` and
//! `/events/`. Lists are filtered, counted and paged in the database.

use std::collections::HashMap;

use chrono::{Days, NaiveDate};
use domain::groups::{form::GroupForm, lifecycle::ARCHIVE_AFTER_DAYS};
use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, Func, LikeExpr, NullOrdering, Query, SelectStatement, SimpleExpr},
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult, Order,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde_json::{json, Value};

use super::{
    connections::PRIVACY_PRIVATE,
    memberships::STATUS_ACCEPTED,
    slugs::{self, SlugColumn},
    Paged,
};
use crate::{
    entities::{circle_types, group_sdgs, group_topics, group_use_cases, groups, memberships, sdgs, topics, users},
    list_counts::ListCounts,
    now, StoreError, StoreResult,
};

pub const JOIN_OPEN: &str = "open";

pub(crate) fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

/// The lower-case forms of `values` a database may compare with `LOWER(column)`: Unicode
/// lower case (PostgreSQL's LOWER) and ASCII lower case (SQLite's), without repeats.
fn lowered(values: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for value in values {
        for form in [value.to_lowercase(), value.to_ascii_lowercase()] {
            if !out.contains(&form) {
                out.push(form);
            }
        }
    }
    out
}

/// "`expr` equals one of `values`, ignoring case" (country filters: profiles and the web
/// store country names as typed, e.g. "Kenya"). An index on `LOWER(column)` serves it.
pub fn equals_any_ignoring_case(expr: impl Into<sea_orm::sea_query::SimpleExpr>, values: &[String]) -> Condition {
    Condition::all().add(Expr::expr(Func::lower(expr.into())).is_in(lowered(values)))
}

/// "The JSON array in `column` holds one of `values`, ignoring case": the array's text is
/// searched for the quoted value, as [`json_array_has_any`] does.
pub fn json_array_has_any_ignoring_case(
    column: impl Into<sea_orm::sea_query::SimpleExpr>,
    values: &[String],
) -> Condition {
    let column: sea_orm::sea_query::SimpleExpr = column.into();
    let mut any = Condition::any();
    for value in lowered(values) {
        let quoted = serde_json::to_string(&value).unwrap_or_default();
        let pattern = format!("%{}%", escape_like(&quoted));
        let text = Func::lower(column.clone().cast_as(Alias::new("TEXT")));
        any = any.add(Expr::expr(text).like(LikeExpr::new(pattern).escape('\\')));
    }
    any
}

/// Who is looking: private groups show only to their accepted members and to staff.
#[derive(Debug, Clone, Copy, Default)]
pub struct Viewer {
    pub user_id: Option<i64>,
    pub is_staff: bool,
}

/// The condition "the viewer may see this group" (the `groups` row of the query), the rule
/// of the API's `ensure_visible`: public groups; private ones to staff, their accepted
/// members, and accepted admins or leaders of a group up to [`HIERARCHY_DEPTH`] levels above
/// them. Each check is correlated with the row (a lookup on the membership index
/// `(user, status, role, group)`, walking up the parents by primary key) and runs only for
/// private rows, so its cost follows the rows read, never the viewer's or the tenant's
/// number of groups (an `IN (groups below the ones I administer)` set was the whole site
/// for an organization's administrator).
pub fn visible_to(viewer: Viewer) -> Condition {
    if viewer.is_staff {
        return Condition::all();
    }
    let mut visible = Condition::any().add(Expr::col((groups::Entity, groups::Column::Privacy)).lt(PRIVACY_PRIVATE));
    if let Some(user_id) = viewer.user_id {
        visible = visible.add(Expr::exists(held_by(user_id, Expr::col((groups::Entity, groups::Column::Id)), false)));
        for above in managed_from_above(user_id) {
            visible = visible.add(above);
        }
    }
    visible
}

/// The condition "the viewer administers this group" (the `groups` row of the query): staff;
/// an accepted admin or leader of it or of a group up to [`HIERARCHY_DEPTH`] levels above
/// it, checked per row like [`visible_to`]. Guests administer nothing.
pub fn administered_by(viewer: Viewer) -> Condition {
    if viewer.is_staff {
        return Condition::all();
    }
    let Some(user_id) = viewer.user_id else { return Condition::all().add(Expr::val(1).eq(0)) };
    let mut any =
        Condition::any().add(Expr::exists(held_by(user_id, Expr::col((groups::Entity, groups::Column::Id)), true)));
    for above in managed_from_above(user_id) {
        any = any.add(above);
    }
    any
}

/// "The user holds an accepted membership of `group`" (in a management role when
/// `managed`), as a subquery for `EXISTS`: one lookup on the membership index.
fn held_by(user_id: i64, group: SimpleExpr, managed: bool) -> SelectStatement {
    let m = Alias::new("visible_m");
    let mut query = Query::select();
    query
        .expr(Expr::val(1))
        .from_as(memberships::Entity, m.clone())
        .and_where(Expr::col((m.clone(), memberships::Column::UserId)).eq(user_id))
        .and_where(Expr::col((m.clone(), memberships::Column::Status)).eq(STATUS_ACCEPTED))
        .and_where(Expr::col((m.clone(), memberships::Column::GroupId)).eq(group));
    if managed {
        query.and_where(Expr::col((m, memberships::Column::Role)).is_in(super::memberships::MANAGEMENT_ROLES));
    }
    query
}

/// "The user manages the row's parent", "… its parent's parent", …: one `EXISTS` per level
/// up to [`HIERARCHY_DEPTH`], each walking one more ancestor (aliases visible_a1, visible_a2,
/// …) by primary key.
fn managed_from_above(user_id: i64) -> Vec<SimpleExpr> {
    (0..HIERARCHY_DEPTH)
        .map(|depth| {
            let top = if depth == 0 {
                Expr::col((groups::Entity, groups::Column::ParentId))
            } else {
                Expr::col((Alias::new(format!("visible_a{depth}")), groups::Column::ParentId))
            };
            let mut query = held_by(user_id, top, true);
            for level in 1..=depth {
                let alias = Alias::new(format!("visible_a{level}"));
                let below = if level == 1 {
                    Expr::col((groups::Entity, groups::Column::ParentId))
                } else {
                    Expr::col((Alias::new(format!("visible_a{}", level - 1)), groups::Column::ParentId))
                };
                query
                    .from_as(groups::Entity, alias.clone())
                    .and_where(Expr::col((alias, groups::Column::Id)).eq(below));
            }
            Expr::exists(query)
        })
        .collect()
}

pub async fn find(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<Option<groups::Model>> {
    Ok(groups::Entity::find_by_id(id).filter(groups::Column::TenantId.eq(tenant_id)).one(db).await?)
}

pub async fn find_by_slug(db: &impl ConnectionTrait, tenant_id: i64, slug: &str) -> StoreResult<Option<groups::Model>> {
    Ok(groups::Entity::find()
        .filter(groups::Column::TenantId.eq(tenant_id))
        .filter(groups::Column::Slug.eq(slug))
        .one(db)
        .await?)
}

/// The site's own organization.
pub async fn tenant_root(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<Option<groups::Model>> {
    Ok(groups::Entity::find()
        .filter(groups::Column::TenantId.eq(tenant_id))
        .filter(groups::Column::IsTenantRoot.eq(true))
        .one(db)
        .await?)
}

/// The organizations and institutions above a group, nearest first.
pub async fn ancestors(db: &impl ConnectionTrait, group: &groups::Model) -> StoreResult<Vec<groups::Model>> {
    let mut found = Vec::new();
    let mut next = group.parent_id;
    while let Some(id) = next {
        if found.len() >= 16 || found.iter().any(|g: &groups::Model| g.id == id) {
            break;
        }
        match groups::Entity::find_by_id(id).filter(groups::Column::TenantId.eq(group.tenant_id)).one(db).await? {
            Some(parent) => {
                next = parent.parent_id;
                found.push(parent);
            }
            None => break,
        }
    }
    Ok(found)
}

/// A slug for `name` that no group of the tenant uses yet: `name`, then `name-2`, … (see `slugs`)
pub async fn free_slug(db: &impl ConnectionTrait, tenant_id: i64, name: &str) -> StoreResult<String> {
    let mut base = domain::slug::slugify(name);
    if base.is_empty() {
        base = "group".into();
    }
    slugs::free_slug(db, SlugColumn::of_tenant("groups", tenant_id), &base).await
}

fn strings(values: &[String]) -> Option<Value> {
    Some(json!(values))
}

fn fill(active: &mut groups::ActiveModel, form: &GroupForm) {
    active.name = Set(form.name.clone());
    active.group_type = Set(form.group_type.clone());
    active.parent_id = Set(form.parent_group);
    active.description = Set(form.description.clone());
    active.objective = Set(form.objective.clone());
    active.member_requirements = Set(form.member_requirements.clone());
    active.impact = Set(form.impact.clone());
    active.location = Set(form.location.clone());
    active.country = Set(form.country.clone());
    active.countries = Set(strings(&form.countries));
    active.career_stages = Set(strings(&form.career_stages));
    active.professional_fields = Set(strings(&form.professional_fields));
    active.roles = Set(strings(&form.roles));
    active.paid_features = Set(strings(&form.paid_features));
    active.donation_details = Set(Some(serde_json::to_value(&form.donation_details).unwrap_or(Value::Null)));
    active.extra_info = Set(Some(form.extra_info.clone()));
    active.level = Set(form.level);
    active.group_duration = Set(Some(form.group_duration.clone()).filter(|d| !d.is_empty()));
    active.maximum_size = Set(form.maximum_size);
    active.start_date = Set(form.start_date);
    active.end_date = Set(form.end_date);
    active.application_open_date = Set(form.application_open_date);
    active.application_close_date = Set(form.application_close_date);
    active.join_mode = Set(form.publicity.clone().unwrap_or_else(|| JOIN_OPEN.into()));
    active.circle_type_id = Set(form.circle_type);
    active.circle_status_priority = Set(form.circle_status_priority);
    active.event_type = Set(form.event_type.clone());
    active.is_paid = Set(form.is_paid);
    active.price_cents = Set(if form.is_paid { form.price_cents } else { None });
    active.discount = Set(form.discount);
    active.commitment_time = Set(form.commitment_time);
    active.complexity_level = Set(form.complexity_level.clone());
    active.learning_modality = Set(form.learning_modality.clone());
    active.create_google_classroom = Set(form.create_google_classroom);
    active.google_classroom_id = Set(form.google_classroom_id.clone());
    active.is_influencer = Set(form.is_influencer);
}

/// Adds a group with its topics and SDGs. Run it in a transaction.
pub async fn insert(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    form: &GroupForm,
    privacy: i16,
    created_by: i64,
) -> StoreResult<groups::Model> {
    let at = now();
    let mut active = groups::ActiveModel {
        tenant_id: Set(tenant_id),
        slug: Set(free_slug(db, tenant_id, &form.name).await?),
        logo: Set(None),
        cover_image: Set(None),
        privacy: Set(privacy),
        membership_type: Set(None),
        is_tenant_root: Set(false),
        created_by: Set(Some(created_by)),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    };
    fill(&mut active, form);
    let group = active.insert(db).await.map_err(StoreError::classify)?;
    set_topics(db, group.id, &form.topics).await?;
    set_sdgs(db, group.id, &form.relevant_sdgs).await?;
    super::use_cases::set_for_group(db, group.id, &form.use_cases).await?;
    Ok(group)
}

/// Writes the whole form over a group. Run it in a transaction.
pub async fn update(
    db: &impl ConnectionTrait,
    group: groups::Model,
    form: &GroupForm,
    privacy: i16,
) -> StoreResult<groups::Model> {
    let group_id = group.id;
    let mut active: groups::ActiveModel = group.into();
    fill(&mut active, form);
    active.privacy = Set(privacy);
    active.updated_at = Set(now());
    let group = active.update(db).await.map_err(StoreError::classify)?;
    set_topics(db, group_id, &form.topics).await?;
    set_sdgs(db, group_id, &form.relevant_sdgs).await?;
    super::use_cases::set_for_group(db, group_id, &form.use_cases).await?;
    Ok(group)
}

/// Replaces the group's `extra_info`.
pub async fn set_extra_info(
    db: &impl ConnectionTrait,
    group: groups::Model,
    extra: Value,
) -> StoreResult<groups::Model> {
    let mut active: groups::ActiveModel = group.into();
    active.extra_info = Set(Some(extra));
    active.updated_at = Set(now());
    Ok(active.update(db).await?)
}

pub enum Image {
    Logo,
    Cover,
}

pub async fn set_image(
    db: &impl ConnectionTrait,
    group: groups::Model,
    which: Image,
    path: Option<String>,
) -> StoreResult<groups::Model> {
    let mut active: groups::ActiveModel = group.into();
    match which {
        Image::Logo => active.logo = Set(path),
        Image::Cover => active.cover_image = Set(path),
    }
    active.updated_at = Set(now());
    Ok(active.update(db).await?)
}

async fn set_topics(db: &impl ConnectionTrait, group_id: i64, ids: &[i64]) -> StoreResult<()> {
    group_topics::Entity::delete_many().filter(group_topics::Column::GroupId.eq(group_id)).exec(db).await?;
    let mut seen = Vec::new();
    for id in ids.iter().copied() {
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        group_topics::ActiveModel { group_id: Set(group_id), topic_id: Set(id), ..Default::default() }
            .insert(db)
            .await
            .map_err(StoreError::classify)?;
    }
    Ok(())
}

async fn set_sdgs(db: &impl ConnectionTrait, group_id: i64, ids: &[i64]) -> StoreResult<()> {
    group_sdgs::Entity::delete_many().filter(group_sdgs::Column::GroupId.eq(group_id)).exec(db).await?;
    let mut seen = Vec::new();
    for id in ids.iter().copied() {
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        group_sdgs::ActiveModel { group_id: Set(group_id), sdg_id: Set(id), ..Default::default() }
            .insert(db)
            .await
            .map_err(StoreError::classify)?;
    }
    Ok(())
}

/// Of `ids`, the ones that are not topics of the tenant.
pub async fn unknown_topics(db: &impl ConnectionTrait, tenant_id: i64, ids: &[i64]) -> StoreResult<Vec<i64>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let found: Vec<i64> = topics::Entity::find()
        .select_only()
        .column(topics::Column::Id)
        .filter(topics::Column::TenantId.eq(tenant_id))
        .filter(topics::Column::Id.is_in(ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    Ok(ids.iter().copied().filter(|id| !found.contains(id)).collect())
}

pub async fn all_sdgs(db: &impl ConnectionTrait) -> StoreResult<Vec<sdgs::Model>> {
    Ok(sdgs::Entity::find().order_by_asc(sdgs::Column::Number).all(db).await?)
}

pub async fn circle_types(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<Vec<circle_types::Model>> {
    Ok(circle_types::Entity::find()
        .filter(circle_types::Column::TenantId.is_null().or(circle_types::Column::TenantId.eq(tenant_id)))
        .order_by_asc(circle_types::Column::Name)
        .all(db)
        .await?)
}

/// Topics (id, name) of each group.
pub async fn topics_of(db: &impl ConnectionTrait, group_ids: &[i64]) -> StoreResult<HashMap<i64, Vec<(i64, String)>>> {
    let mut out: HashMap<i64, Vec<(i64, String)>> = HashMap::new();
    if group_ids.is_empty() {
        return Ok(out);
    }
    let rows: Vec<(i64, i64, String)> = group_topics::Entity::find()
        .select_only()
        .column(group_topics::Column::GroupId)
        .column(topics::Column::Id)
        .column(topics::Column::Name)
        .join(
            sea_orm::JoinType::InnerJoin,
            group_topics::Entity::belongs_to(topics::Entity)
                .from(group_topics::Column::TopicId)
                .to(topics::Column::Id)
                .into(),
        )
        .filter(group_topics::Column::GroupId.is_in(group_ids.to_vec()))
        .order_by_asc(group_topics::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    for (group_id, id, name) in rows {
        out.entry(group_id).or_default().push((id, name));
    }
    Ok(out)
}

/// SDGs of each group, in one query (the links joined to the goals).
pub async fn sdgs_of(db: &impl ConnectionTrait, group_ids: &[i64]) -> StoreResult<HashMap<i64, Vec<sdgs::Model>>> {
    let mut out: HashMap<i64, Vec<sdgs::Model>> = HashMap::new();
    if group_ids.is_empty() {
        return Ok(out);
    }
    let rows: Vec<(i64, i64, i32, String, Option<String>)> = group_sdgs::Entity::find()
        .select_only()
        .column(group_sdgs::Column::GroupId)
        .column(sdgs::Column::Id)
        .column(sdgs::Column::Number)
        .column(sdgs::Column::Name)
        .column(sdgs::Column::Logo)
        .join(
            sea_orm::JoinType::InnerJoin,
            group_sdgs::Entity::belongs_to(sdgs::Entity).from(group_sdgs::Column::SdgId).to(sdgs::Column::Id).into(),
        )
        .filter(group_sdgs::Column::GroupId.is_in(group_ids.to_vec()))
        .order_by_asc(sdgs::Column::Number)
        .into_tuple()
        .all(db)
        .await?;
    for (group_id, id, number, name, logo) in rows {
        out.entry(group_id).or_default().push(sdgs::Model { id, number, name, logo });
    }
    Ok(out)
}

/// Membership counts of a group.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub accepted: u64,
    pub pending: u64,
    pub rejected: u64,
    /// Accepted members whose e-mail is not verified.
    pub unverified: u64,
    /// Circles directly under the group.
    pub circles: u64,
}

#[derive(FromQueryResult)]
struct StatusCount {
    group_id: i64,
    status: String,
    verified: bool,
    n: i64,
}

/// Counts for many groups in two grouped queries.
pub async fn counts(db: &impl ConnectionTrait, group_ids: &[i64]) -> StoreResult<HashMap<i64, Counts>> {
    let mut out: HashMap<i64, Counts> = group_ids.iter().map(|id| (*id, Counts::default())).collect();
    if group_ids.is_empty() {
        return Ok(out);
    }
    let rows = memberships::Entity::find()
        .select_only()
        .column(memberships::Column::GroupId)
        .column(memberships::Column::Status)
        .column_as(users::Column::IsVerified, "verified")
        .column_as(Expr::col((memberships::Entity, memberships::Column::Id)).count(), "n")
        .join(
            sea_orm::JoinType::InnerJoin,
            memberships::Entity::belongs_to(users::Entity)
                .from(memberships::Column::UserId)
                .to(users::Column::Id)
                .into(),
        )
        .filter(memberships::Column::GroupId.is_in(group_ids.to_vec()))
        .group_by(memberships::Column::GroupId)
        .group_by(memberships::Column::Status)
        .group_by(users::Column::IsVerified)
        .into_model::<StatusCount>()
        .all(db)
        .await?;
    for row in rows {
        let entry = out.entry(row.group_id).or_default();
        let n = u64::try_from(row.n).unwrap_or(0);
        match row.status.as_str() {
            "accepted" => {
                entry.accepted += n;
                if !row.verified {
                    entry.unverified += n;
                }
            }
            "pending" => entry.pending += n,
            "rejected" => entry.rejected += n,
            _ => {}
        }
    }
    let circles: Vec<(Option<i64>, i64)> = groups::Entity::find()
        .select_only()
        .column(groups::Column::ParentId)
        .column_as(groups::Column::Id.count(), "n")
        .filter(groups::Column::ParentId.is_in(group_ids.to_vec()))
        .filter(groups::Column::GroupType.eq("circle"))
        .group_by(groups::Column::ParentId)
        .into_tuple()
        .all(db)
        .await?;
    for (parent, n) in circles {
        if let Some(parent) = parent {
            out.entry(parent).or_default().circles = u64::try_from(n).unwrap_or(0);
        }
    }
    Ok(out)
}

/// How many levels below a group its administrators reach (the same depth as the parent
/// chain the API loads to decide who administers a group).
pub const HIERARCHY_DEPTH: usize = 4;

/// The ids of the groups (of the tenant, when given) up to `depth` levels below the
/// groups `roots` selects, one subquery per level.
fn levels_below(tenant_id: Option<i64>, roots: SelectStatement, depth: usize) -> Vec<SelectStatement> {
    let mut levels = Vec::with_capacity(depth);
    let mut parents = roots;
    for _ in 0..depth {
        let mut children = Query::select()
            .column(groups::Column::Id)
            .from(groups::Entity)
            .and_where(groups::Column::ParentId.in_subquery(parents))
            .to_owned();
        if let Some(tenant_id) = tenant_id {
            children.and_where(groups::Column::TenantId.eq(tenant_id));
        }
        levels.push(children.clone());
        parents = children;
    }
    levels
}

/// Pending requests (wait-listed ones too) in a group and every group below it: the
/// administrators' to-do count.
pub async fn pending_in_hierarchy(db: &impl ConnectionTrait, tenant_id: i64, root: i64) -> StoreResult<u64> {
    let own = Query::select()
        .column(groups::Column::Id)
        .from(groups::Entity)
        .and_where(groups::Column::Id.eq(root))
        .to_owned();
    let mut within = Condition::any().add(memberships::Column::GroupId.eq(root));
    for level in levels_below(Some(tenant_id), own, HIERARCHY_DEPTH) {
        within = within.add(memberships::Column::GroupId.in_subquery(level));
    }
    Ok(memberships::Entity::find()
        .filter(memberships::Column::Status.eq(super::memberships::STATUS_PENDING))
        .filter(within)
        .count(db)
        .await?)
}

/// How many accepted members a group has.
pub async fn accepted_count(db: &impl ConnectionTrait, group_id: i64) -> StoreResult<u64> {
    Ok(memberships::Entity::find()
        .filter(memberships::Column::GroupId.eq(group_id))
        .filter(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .count(db)
        .await?)
}

/// The filters of the group lists (spec 001 §7, 002 §2).
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    pub group_types: Vec<String>,
    pub parent_id: Option<i64>,
    /// Lower-cased; every word starts a word of the name (the search index).
    pub search: Option<String>,
    /// Lifecycle keys 1 to 6; any of them.
    pub statuses: Vec<u8>,
    pub learning_modality: Option<String>,
    pub complexity_level: Option<String>,
    /// Starting in this month (its first day).
    pub starting_month: Option<NaiveDate>,
    pub weeks: Option<i32>,
    /// Matched without regard to case, in `country` or `countries`.
    pub countries: Vec<String>,
    pub career_stages: Vec<String>,
    pub professional_fields: Vec<String>,
    pub roles: Vec<String>,
    /// Linked to any of these use cases (ids; an id that names nothing matches nothing).
    pub use_cases: Vec<i64>,
    pub topic_area_ids: Vec<i64>,
    pub topic_ids: Vec<i64>,
    /// Only groups where `member_id` holds an accepted membership with one of these roles
    /// (none at all without a `member_id`).
    pub member_roles: Vec<String>,
    pub member_id: Option<i64>,
    /// Order by lifecycle priority (Application Open, Opening Soon, Application Closed,
    /// Running, Closed, Archived), then soonest start, instead of newest start first.
    pub by_status_priority: bool,
    pub is_influencer: Option<bool>,
}

/// "The JSON array in `column` holds any of `values`", portable across SQLite and
/// PostgreSQL: the array's text is searched for the quoted value.
fn json_array_has_any(column: groups::Column, values: &[String]) -> Condition {
    let mut any = Condition::any();
    for value in values {
        let quoted = serde_json::to_string(value).unwrap_or_default();
        let pattern = format!("%{}%", escape_like(&quoted));
        any = any.add(Expr::col(column).cast_as(Alias::new("TEXT")).like(LikeExpr::new(pattern).escape('\\')));
    }
    any
}

/// The condition for one lifecycle key on `today` (spec 001 §4); the same boundaries as
/// [`domain::groups::lifecycle::GroupDates::lifecycle`], which a test holds them to.
pub fn lifecycle_condition(key: u8, today: NaiveDate) -> Condition {
    use groups::Column as C;
    let archive_before = today.checked_sub_days(Days::new(ARCHIVE_AFTER_DAYS)).unwrap_or(NaiveDate::MIN);
    let not_ended = Condition::any().add(C::EndDate.is_null()).add(C::EndDate.gte(today));
    let not_running = Condition::any().add(C::StartDate.is_null()).add(C::StartDate.gt(today));
    let opened = Condition::any().add(C::ApplicationOpenDate.is_null()).add(C::ApplicationOpenDate.lte(today));
    let before_start = Condition::all().add(not_ended.clone()).add(not_running);
    match key {
        1 => before_start.add(C::ApplicationOpenDate.gt(today)),
        2 => before_start
            .add(opened)
            .add(Condition::any().add(C::ApplicationCloseDate.is_null()).add(C::ApplicationCloseDate.gte(today))),
        3 => before_start.add(opened).add(C::ApplicationCloseDate.lt(today)),
        4 => Condition::all().add(not_ended).add(C::StartDate.lte(today)),
        5 => Condition::all().add(C::EndDate.lt(today)).add(C::EndDate.gte(archive_before)),
        6 => Condition::all().add(C::EndDate.lt(archive_before)),
        _ => Condition::all().add(Expr::val(1).eq(0)),
    }
}

/// Lifecycle keys in the order `circle_status_priority` lists them: open for applications
/// first, then opening soon, closed for applications, running, closed, archived.
pub const STATUS_PRIORITY: [u8; 6] = [2, 1, 3, 4, 5, 6];

/// The rank of a group's lifecycle on `today` in [`STATUS_PRIORITY`] (0 first), in SQL.
fn status_priority(today: NaiveDate) -> sea_orm::sea_query::SimpleExpr {
    let mut case = sea_orm::sea_query::CaseStatement::new();
    for (rank, key) in STATUS_PRIORITY.iter().enumerate().take(STATUS_PRIORITY.len() - 1) {
        case = case.case(lifecycle_condition(*key, today), Expr::val(rank as i32));
    }
    case.finally(Expr::val(STATUS_PRIORITY.len() as i32 - 1)).into()
}

fn list_query(
    backend: sea_orm::DbBackend,
    tenant_id: i64,
    viewer: Viewer,
    filter: &ListFilter,
    today: NaiveDate,
) -> sea_orm::Select<groups::Entity> {
    use groups::Column as C;
    let mut query = groups::Entity::find().filter(C::TenantId.eq(tenant_id)).filter(visible_to(viewer));
    if !filter.group_types.is_empty() {
        query = query.filter(C::GroupType.is_in(filter.group_types.clone()));
    }
    if let Some(parent) = filter.parent_id {
        query = query.filter(C::ParentId.eq(parent));
    }
    if let Some(search) = &filter.search {
        use crate::search_index::{matching, Kind, Target};
        let target =
            Target { kind: Kind::Group, subkinds: &filter.group_types, scope_id: Some(tenant_id), names_only: true };
        query = query.filter(matching(backend, target, search, (groups::Entity, C::Id)));
    }
    if !filter.statuses.is_empty() {
        let mut any = Condition::any();
        for key in &filter.statuses {
            any = any.add(lifecycle_condition(*key, today));
        }
        query = query.filter(any);
    }
    if let Some(modality) = &filter.learning_modality {
        query = query.filter(C::LearningModality.eq(modality.as_str()));
    }
    if let Some(level) = &filter.complexity_level {
        query = query.filter(C::ComplexityLevel.eq(level.as_str()));
    }
    if let Some(month) = filter.starting_month {
        let next = month.checked_add_months(chrono::Months::new(1)).unwrap_or(NaiveDate::MAX);
        query = query.filter(C::StartDate.gte(month)).filter(C::StartDate.lt(next));
    }
    if let Some(weeks) = filter.weeks {
        query = query.filter(C::CommitmentTime.eq(weeks));
    }
    if !filter.countries.is_empty() {
        query = query.filter(
            Condition::any()
                .add(equals_any_ignoring_case(Expr::col(C::Country), &filter.countries))
                .add(json_array_has_any_ignoring_case(Expr::col(C::Countries), &filter.countries)),
        );
    }
    for (column, values) in [
        (C::CareerStages, &filter.career_stages),
        (C::ProfessionalFields, &filter.professional_fields),
        (C::Roles, &filter.roles),
    ] {
        if !values.is_empty() {
            query = query.filter(json_array_has_any(column, values));
        }
    }
    if !filter.use_cases.is_empty() {
        let linked = Query::select()
            .column(group_use_cases::Column::GroupId)
            .from(group_use_cases::Entity)
            .and_where(group_use_cases::Column::UseCaseId.is_in(filter.use_cases.clone()))
            .to_owned();
        query = query.filter(C::Id.in_subquery(linked));
    }
    if !filter.topic_ids.is_empty() || !filter.topic_area_ids.is_empty() {
        let mut about = Query::select();
        about.column((group_topics::Entity, group_topics::Column::GroupId)).from(group_topics::Entity);
        if !filter.topic_ids.is_empty() {
            about.and_where(group_topics::Column::TopicId.is_in(filter.topic_ids.clone()));
        }
        if !filter.topic_area_ids.is_empty() {
            about
                .inner_join(
                    topics::Entity,
                    Expr::col((topics::Entity, topics::Column::Id))
                        .equals((group_topics::Entity, group_topics::Column::TopicId)),
                )
                .and_where(
                    Expr::col((topics::Entity, topics::Column::TopicAreaId)).is_in(filter.topic_area_ids.clone()),
                );
        }
        query = query.filter(C::Id.in_subquery(about.to_owned()));
    }
    if !filter.member_roles.is_empty() {
        query = query.filter(match filter.member_id {
            Some(user_id) => {
                let held = Query::select()
                    .column(memberships::Column::GroupId)
                    .from(memberships::Entity)
                    .and_where(memberships::Column::UserId.eq(user_id))
                    .and_where(memberships::Column::Status.eq(STATUS_ACCEPTED))
                    .and_where(memberships::Column::Role.is_in(filter.member_roles.clone()))
                    .to_owned();
                Condition::all().add(C::Id.in_subquery(held))
            }
            None => Condition::all().add(Expr::val(1).eq(0)),
        });
    }
    if let Some(influencer) = filter.is_influencer {
        query = query.filter(C::IsInfluencer.eq(influencer));
    }
    query
}

/// One page of the groups the viewer may see, soonest start first within the newest. The
/// count comes from `counts` while the tenant has not written since it was counted.
#[allow(clippy::too_many_arguments)]
pub async fn list(
    db: &impl ConnectionTrait,
    counts: &ListCounts,
    tenant_id: i64,
    viewer: Viewer,
    filter: &ListFilter,
    today: NaiveDate,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<groups::Model>> {
    let query = list_query(db.get_database_backend(), tenant_id, viewer, filter, today);
    let count = counts.get_or_count(db, tenant_id, count_key(viewer, filter, today), query.clone().count(db)).await?;
    let ordered = if filter.by_status_priority {
        query
            .order_by(status_priority(today), Order::Asc)
            .order_by(Expr::col(groups::Column::StartDate).is_null(), Order::Asc)
            .order_by_asc(groups::Column::StartDate)
            .order_by_desc(groups::Column::Id)
    } else {
        newest_start_first(query, db.get_database_backend())
    };
    let items = ordered.offset(offset).limit(limit).all(db).await?;
    Ok(Paged { items, count })
}

/// What a group list's count depends on besides the tenant: the viewer, the whole filter
/// (its order excepted) and the day the lifecycle filters are evaluated on.
fn count_key(viewer: Viewer, filter: &ListFilter, today: NaiveDate) -> String {
    let filter = ListFilter { by_status_priority: false, ..filter.clone() };
    format!("groups|{viewer:?}|{today}|{filter:?}")
}

/// Newest start first, undated groups last, then newest first: the order of the index
/// `ix_groups_list_start`, written so that each database reads that index instead of
/// sorting. SQLite sorts NULL lowest, so a descending order already puts it last.
fn newest_start_first(query: sea_orm::Select<groups::Entity>, backend: DbBackend) -> sea_orm::Select<groups::Entity> {
    let query = match backend {
        DbBackend::Postgres => query.order_by_with_nulls(groups::Column::StartDate, Order::Desc, NullOrdering::Last),
        _ => query.order_by_desc(groups::Column::StartDate),
    };
    query.order_by_desc(groups::Column::Id)
}

/// Which of a user's groups to list.
#[derive(Debug, Clone, Default)]
pub struct MembershipFilter {
    pub status: String,
    /// Any of these roles; all roles when empty.
    pub roles: Vec<String>,
    pub group_types: Vec<String>,
    /// Also the groups directly below the ones found.
    pub with_children: bool,
}

/// The user's groups by membership (status, roles), optionally with the groups below them.
pub async fn of_member(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    filter: &MembershipFilter,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<groups::Model>> {
    let mut own = Query::select()
        .column(memberships::Column::GroupId)
        .from(memberships::Entity)
        .and_where(memberships::Column::UserId.eq(user_id))
        .and_where(memberships::Column::Status.eq(filter.status.as_str()))
        .to_owned();
    if !filter.roles.is_empty() {
        own.and_where(memberships::Column::Role.is_in(filter.roles.clone()));
    }
    let mut membership = Condition::any().add(groups::Column::Id.in_subquery(own.clone()));
    if filter.with_children {
        membership = membership.add(groups::Column::ParentId.in_subquery(own));
    }
    let mut query = groups::Entity::find().filter(groups::Column::TenantId.eq(tenant_id)).filter(membership);
    if !filter.group_types.is_empty() {
        query = query.filter(groups::Column::GroupType.is_in(filter.group_types.clone()));
    }
    let count = query.clone().count(db).await?;
    let items = query.order_by_asc(groups::Column::Name).offset(offset).limit(limit).all(db).await?;
    Ok(Paged { items, count })
}

/// The groups of these types on the tenant that the user created or applied to (any
/// membership status), newest first (`GET /circles/me/`). Paged in the database.
pub async fn created_or_applied_by(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    group_types: &[String],
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<groups::Model>> {
    // One set of ids from two index lookups (memberships by user, groups by creator): with
    // `id IN (applied) OR created_by = ?` the database walks every group of the tenant.
    let mut created = Query::select();
    created.column(groups::Column::Id).from(groups::Entity).and_where(groups::Column::CreatedBy.eq(user_id));
    let mine = Query::select()
        .column(memberships::Column::GroupId)
        .from(memberships::Entity)
        .and_where(memberships::Column::UserId.eq(user_id))
        .union(sea_orm::sea_query::UnionType::Distinct, created)
        .to_owned();
    let mut query = groups::Entity::find()
        .filter(groups::Column::TenantId.eq(tenant_id))
        .filter(groups::Column::Id.in_subquery(mine));
    if !group_types.is_empty() {
        query = query.filter(groups::Column::GroupType.is_in(group_types.to_vec()));
    }
    let count = query.clone().count(db).await?;
    let items = query
        .order_by_desc(groups::Column::CreatedAt)
        .order_by_desc(groups::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok(Paged { items, count })
}

/// The groups of the tenant the user follows without being an accepted member (spec 001 §3
/// Member: a follower), of these types, that the viewer may see; by name.
pub async fn followed_by(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    viewer: Viewer,
    group_types: &[String],
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<groups::Model>> {
    use crate::entities::follows;
    let followed = Query::select()
        .column(follows::Column::GroupId)
        .from(follows::Entity)
        .and_where(follows::Column::FollowerId.eq(user_id))
        .and_where(follows::Column::GroupId.is_not_null())
        .to_owned();
    let member = Query::select()
        .column(memberships::Column::GroupId)
        .from(memberships::Entity)
        .and_where(memberships::Column::UserId.eq(user_id))
        .and_where(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .to_owned();
    let mut query = groups::Entity::find()
        .filter(groups::Column::TenantId.eq(tenant_id))
        .filter(groups::Column::Id.in_subquery(followed))
        .filter(groups::Column::Id.not_in_subquery(member))
        .filter(visible_to(viewer));
    if !group_types.is_empty() {
        query = query.filter(groups::Column::GroupType.is_in(group_types.to_vec()));
    }
    let count = query.clone().count(db).await?;
    let items = query
        .order_by_asc(groups::Column::Name)
        .order_by_asc(groups::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok(Paged { items, count })
}

pub async fn circle_type_names(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(circle_types::Entity::find()
        .filter(circle_types::Column::Id.is_in(ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|t| (t.id, t.name))
        .collect())
}

pub async fn circle_type_exists(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<bool> {
    Ok(circle_types::Entity::find_by_id(id)
        .filter(circle_types::Column::TenantId.is_null().or(circle_types::Column::TenantId.eq(tenant_id)))
        .count(db)
        .await?
        > 0)
}

pub async fn sdgs_exist(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<Vec<i64>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let found: Vec<i64> = sdgs::Entity::find()
        .select_only()
        .column(sdgs::Column::Id)
        .filter(sdgs::Column::Id.is_in(ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    Ok(ids.iter().copied().filter(|id| !found.contains(id)).collect())
}
