//! Groups (organizations, institutions, circles, events): reading, writing, their topics
//! and SDGs, member counts, and the filtered lists behind `/groups/`, `/circles/` and
//! `/events/`. Lists are filtered, counted and paged in the database.

use std::collections::HashMap;

use domain::groups::form::GroupForm;
use sea_orm::{
    sea_query::{Expr, ExprTrait, Query, SelectStatement},
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, FromQueryResult, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde_json::{json, Value};

use super::{
    memberships::STATUS_ACCEPTED,
    slugs::{self, SlugColumn},
    visibility::{visible_to, Viewer, HIERARCHY_DEPTH},
    Paged,
};
use crate::{
    entities::{circle_types, group_sdgs, group_topics, groups, memberships, sdgs, topics, users},
    now, StoreError, StoreResult,
};

mod list;

pub use list::{lifecycle_condition, list, ListFilter, STATUS_PRIORITY};

pub const JOIN_OPEN: &str = "open";

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
    let row = |id| group_topics::ActiveModel { group_id: Set(group_id), topic_id: Set(id), ..Default::default() };
    crate::queries::sql::replace_links(db, group_topics::Column::GroupId.eq(group_id), ids, row).await
}

async fn set_sdgs(db: &impl ConnectionTrait, group_id: i64, ids: &[i64]) -> StoreResult<()> {
    let row = |id| group_sdgs::ActiveModel { group_id: Set(group_id), sdg_id: Set(id), ..Default::default() };
    crate::queries::sql::replace_links(db, group_sdgs::Column::GroupId.eq(group_id), ids, row).await
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
