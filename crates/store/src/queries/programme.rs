//! The circle programme: circle requests, leader applications and certifications, the
//! certified circle leaders list, and the deployment's default organizations.

use std::collections::HashMap;

use sea_orm::{
    sea_query::{Expr, ExprTrait, Query},
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbBackend, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde_json::Value;

use super::{
    memberships::{MANAGEMENT_ROLES, STATUS_ACCEPTED},
    visibility::PRIVACY_PRIVATE,
    Paged,
};
use crate::{
    entities::{
        circle_requests, group_profiles, groups, leader_applications, leader_certifications, memberships,
        profile_topics, profiles, tenants, topic_areas, topics, users,
    },
    now, StoreError, StoreResult,
};

pub const STATUS_PENDING: &str = "pending";
pub const STATUS_REJECTED: &str = "rejected";

pub struct NewCircleRequest<'a> {
    pub tenant_id: i64,
    pub user_id: i64,
    pub real_world_problems_to_solve: &'a str,
    pub goal: &'a str,
    pub urgency: &'a str,
    pub hours_commitment: i32,
    pub learning_modality: &'a str,
    pub location: Option<&'a str>,
}

pub async fn insert_circle_request(
    db: &impl ConnectionTrait,
    new: NewCircleRequest<'_>,
) -> StoreResult<circle_requests::Model> {
    let at = now();
    circle_requests::ActiveModel {
        tenant_id: Set(new.tenant_id),
        user_id: Set(new.user_id),
        real_world_problems_to_solve: Set(new.real_world_problems_to_solve.to_string()),
        goal: Set(new.goal.to_string()),
        urgency: Set(new.urgency.to_string()),
        hours_commitment: Set(new.hours_commitment),
        learning_modality: Set(new.learning_modality.to_string()),
        location: Set(new.location.map(str::to_string)),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(StoreError::classify)
}

/// The accepted administrators (admin or leader) of a group.
pub async fn managers_of(db: &impl ConnectionTrait, group_id: i64) -> StoreResult<Vec<users::Model>> {
    let ids = Query::select()
        .column(memberships::Column::UserId)
        .from(memberships::Entity)
        .and_where(memberships::Column::GroupId.eq(group_id))
        .and_where(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .and_where(memberships::Column::Role.is_in(MANAGEMENT_ROLES))
        .to_owned();
    Ok(users::Entity::find()
        .filter(users::Column::Id.in_subquery(ids))
        .filter(users::Column::IsActive.eq(true))
        .order_by_asc(users::Column::Id)
        .all(db)
        .await?)
}

pub async fn insert_application(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    group_id: Option<i64>,
    response: Value,
) -> StoreResult<leader_applications::Model> {
    let at = now();
    leader_applications::ActiveModel {
        tenant_id: Set(tenant_id),
        user_id: Set(user_id),
        group_id: Set(group_id),
        response: Set(response),
        status: Set(STATUS_PENDING.into()),
        reviewed_by: Set(None),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(StoreError::classify)
}

/// The user's most recent application on the tenant.
pub async fn latest_application(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
) -> StoreResult<Option<leader_applications::Model>> {
    Ok(leader_applications::Entity::find()
        .filter(leader_applications::Column::TenantId.eq(tenant_id))
        .filter(leader_applications::Column::UserId.eq(user_id))
        .order_by_desc(leader_applications::Column::CreatedAt)
        .order_by_desc(leader_applications::Column::Id)
        .one(db)
        .await?)
}

pub async fn find_application(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    id: i64,
) -> StoreResult<Option<leader_applications::Model>> {
    Ok(leader_applications::Entity::find_by_id(id)
        .filter(leader_applications::Column::TenantId.eq(tenant_id))
        .one(db)
        .await?)
}

/// Applications of the tenant, newest first: one user's, or everyone's; optionally of one status.
pub async fn applications(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: Option<i64>,
    status: Option<&str>,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<leader_applications::Model>> {
    use leader_applications::Column as C;
    let mut query = leader_applications::Entity::find().filter(C::TenantId.eq(tenant_id));
    if let Some(user_id) = user_id {
        query = query.filter(C::UserId.eq(user_id));
    }
    if let Some(status) = status {
        query = query.filter(C::Status.eq(status));
    }
    let count = query.clone().count(db).await?;
    let items = query.order_by_desc(C::CreatedAt).order_by_desc(C::Id).offset(offset).limit(limit).all(db).await?;
    Ok(Paged { items, count })
}

/// Records the decision on an application that is still pending, in one conditional
/// UPDATE, so that of two reviewers deciding at once only one succeeds. `None`: it was no
/// longer pending. Run it in a transaction with the certification.
pub async fn decide_if_pending(
    db: &impl ConnectionTrait,
    id: i64,
    status: &str,
    reviewer: i64,
) -> StoreResult<Option<leader_applications::Model>> {
    use leader_applications::Column as C;
    let result = leader_applications::Entity::update_many()
        .col_expr(C::Status, Expr::value(status))
        .col_expr(C::ReviewedBy, Expr::value(reviewer))
        .col_expr(C::UpdatedAt, Expr::value(now()))
        .filter(C::Id.eq(id))
        .filter(C::Status.eq(STATUS_PENDING))
        .exec(db)
        .await?;
    if result.rows_affected == 0 {
        return Ok(None);
    }
    Ok(leader_applications::Entity::find_by_id(id).one(db).await?)
}

/// What a certification says (the review's decision).
#[derive(Debug, Clone)]
pub struct NewCertification<'a> {
    pub level: i32,
    pub level_name: &'a str,
    pub topic_areas: &'a [i64],
    pub application_id: Option<i64>,
}

/// Certifies the user as a circle leader on the tenant, replacing an earlier certification
/// there. Run it in a transaction with the application's decision.
pub async fn set_certification(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    new: NewCertification<'_>,
) -> StoreResult<leader_certifications::Model> {
    let at = now();
    let areas = serde_json::json!(new.topic_areas);
    match certification_of(db, tenant_id, user_id).await? {
        Some(existing) => {
            let mut active: leader_certifications::ActiveModel = existing.into();
            active.level = Set(new.level);
            active.level_name = Set(new.level_name.to_string());
            active.topic_areas = Set(areas);
            active.certified_at = Set(at);
            active.application_id = Set(new.application_id);
            active.updated_at = Set(at);
            Ok(active.update(db).await?)
        }
        None => leader_certifications::ActiveModel {
            tenant_id: Set(tenant_id),
            user_id: Set(user_id),
            level: Set(new.level),
            level_name: Set(new.level_name.to_string()),
            topic_areas: Set(areas),
            certified_at: Set(at),
            application_id: Set(new.application_id),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        }
        .insert(db)
        .await
        .map_err(StoreError::classify),
    }
}

/// The user's leader certification on the tenant.
pub async fn certification_of(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
) -> StoreResult<Option<leader_certifications::Model>> {
    Ok(leader_certifications::Entity::find()
        .filter(leader_certifications::Column::TenantId.eq(tenant_id))
        .filter(leader_certifications::Column::UserId.eq(user_id))
        .one(db)
        .await?)
}

/// The leader certifications of the users on the tenant, by user id.
pub async fn certifications_of(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_ids: &[i64],
) -> StoreResult<HashMap<i64, leader_certifications::Model>> {
    if user_ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(leader_certifications::Entity::find()
        .filter(leader_certifications::Column::TenantId.eq(tenant_id))
        .filter(leader_certifications::Column::UserId.is_in(user_ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.user_id, c))
        .collect())
}

/// The topic area ids a certification names.
pub fn certification_areas(certification: &leader_certifications::Model) -> Vec<i64> {
    certification.topic_areas.as_array().map(|a| a.iter().filter_map(Value::as_i64).collect()).unwrap_or_default()
}

/// Of `ids`, the topic areas of the tenant.
pub async fn areas_of_tenant(db: &impl ConnectionTrait, tenant_id: i64, ids: &[i64]) -> StoreResult<Vec<i64>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(topic_areas::Entity::find()
        .select_only()
        .column(topic_areas::Column::Id)
        .filter(crate::queries::sql::on_site_by_key(topic_areas::Entity, tenant_id))
        .filter(topic_areas::Column::Id.is_in(ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?)
}

pub async fn area_names(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(topic_areas::Entity::find()
        .filter(topic_areas::Column::Id.is_in(ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.id, a.name))
        .collect())
}

/// The filters of the circle leaders list (spec 002 §2 "Circle Leaders").
#[derive(Debug, Clone, Default)]
pub struct LeaderFilter {
    /// Lower-cased words, each matched in the first or last name.
    pub search_words: Vec<String>,
    pub topic_areas: Vec<i64>,
    pub professional_fields: Vec<i64>,
    pub job_functions: Vec<i64>,
}

/// "The certification's topic_areas hold `area`": JSON functions of each database.
fn certification_has_area(backend: DbBackend, area: i64) -> Expr {
    match backend {
        DbBackend::Postgres => Expr::cust(format!("\"leader_certifications\".\"topic_areas\" @> '[{area}]'::jsonb")),
        _ => Expr::cust(format!(
            "EXISTS (SELECT 1 FROM json_each(\"leader_certifications\".\"topic_areas\") AS a WHERE a.value = {area})"
        )),
    }
}

/// The users certified on the tenant (optionally in any of `areas`).
fn certified_users(backend: DbBackend, tenant_id: i64, areas: &[i64]) -> sea_orm::sea_query::SelectStatement {
    let mut query = Query::select();
    query
        .column((leader_certifications::Entity, leader_certifications::Column::UserId))
        .from(leader_certifications::Entity)
        .and_where(Expr::col((leader_certifications::Entity, leader_certifications::Column::TenantId)).eq(tenant_id));
    if !areas.is_empty() {
        let mut any = Condition::any();
        for area in areas {
            any = any.add(certification_has_area(backend, *area));
        }
        query.cond_where(any);
    }
    query.to_owned()
}

/// Circle leaders certified on the tenant among the accepted members of its organization
/// (`organization_id`), in the order they got their profiles, paged in the database.
pub async fn leaders(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    organization_id: i64,
    filter: &LeaderFilter,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<(profiles::Model, users::Model)>> {
    use profiles::Column as P;
    let members = Query::select()
        .column(memberships::Column::UserId)
        .from(memberships::Entity)
        .and_where(memberships::Column::GroupId.eq(organization_id))
        .and_where(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .to_owned();
    let mut people = Query::select();
    people.column(users::Column::Id).from(users::Entity).and_where(users::Column::IsActive.eq(true));
    let backend = db.get_database_backend();
    if !filter.search_words.is_empty() {
        // Every word starts a word of the name (the search index's people documents).
        people.and_where(crate::search_index::matching_people(
            backend,
            &filter.search_words.join(" "),
            false,
            (users::Entity, users::Column::Id),
        ));
    }
    let mut query = profiles::Entity::find()
        .filter(P::UserId.in_subquery(certified_users(backend, tenant_id, &[])))
        .filter(P::UserId.in_subquery(members))
        .filter(P::UserId.in_subquery(people.to_owned()));
    for (column, values) in [
        (group_profiles::Column::ProfessionalField, &filter.professional_fields),
        (group_profiles::Column::JobFunction, &filter.job_functions),
    ] {
        if !values.is_empty() {
            let with = Query::select()
                .column(group_profiles::Column::UserId)
                .from(group_profiles::Entity)
                .and_where(group_profiles::Column::GroupId.eq(organization_id))
                .and_where(column.is_in(values.clone()))
                .to_owned();
            query = query.filter(P::UserId.in_subquery(with));
        }
    }
    if !filter.topic_areas.is_empty() {
        let about = Query::select()
            .column((profile_topics::Entity, profile_topics::Column::ProfileId))
            .from(profile_topics::Entity)
            .inner_join(
                topics::Entity,
                Expr::col((topics::Entity, topics::Column::Id))
                    .equals((profile_topics::Entity, profile_topics::Column::TopicId)),
            )
            .and_where(Expr::col((topics::Entity, topics::Column::TopicAreaId)).is_in(filter.topic_areas.clone()))
            .to_owned();
        let certified_in = certified_users(backend, tenant_id, &filter.topic_areas);
        query = query.filter(Condition::any().add(P::Id.in_subquery(about)).add(P::UserId.in_subquery(certified_in)));
    }
    let count = query.clone().count(db).await?;
    let found = query.order_by_asc(P::Id).offset(offset).limit(limit).all(db).await?;
    let ids: Vec<i64> = found.iter().map(|p| p.user_id).collect();
    let mut users: HashMap<i64, users::Model> = if ids.is_empty() {
        HashMap::new()
    } else {
        users::Entity::find()
            .filter(users::Column::Id.is_in(ids))
            .all(db)
            .await?
            .into_iter()
            .map(|u| (u.id, u))
            .collect()
    };
    let items = found.into_iter().filter_map(|p| users.remove(&p.user_id).map(|u| (p, u))).collect();
    Ok(Paged { items, count })
}

/// The topic areas of each profile's topics, by profile id.
pub async fn profile_topic_areas(
    db: &impl ConnectionTrait,
    profile_ids: &[i64],
) -> StoreResult<HashMap<i64, Vec<i64>>> {
    if profile_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, Option<i64>)> = profile_topics::Entity::find()
        .select_only()
        .column(profile_topics::Column::ProfileId)
        .column_as(Expr::col((topics::Entity, topics::Column::TopicAreaId)), "topic_area_id")
        .join(
            sea_orm::JoinType::InnerJoin,
            profile_topics::Entity::belongs_to(topics::Entity)
                .from(profile_topics::Column::TopicId)
                .to(topics::Column::Id)
                .into(),
        )
        .filter(profile_topics::Column::ProfileId.is_in(profile_ids.to_vec()))
        .filter(Expr::col((topics::Entity, topics::Column::TopicAreaId)).is_not_null())
        .order_by_asc(profile_topics::Column::Position)
        .into_tuple()
        .all(db)
        .await?;
    let mut out: HashMap<i64, Vec<i64>> = HashMap::new();
    for (profile, area) in rows {
        if let Some(area) = area {
            let list = out.entry(profile).or_default();
            if !list.contains(&area) {
                list.push(area);
            }
        }
    }
    Ok(out)
}

/// How many circles of the tenant each user leads (accepted admin or leader), by user id.
pub async fn circles_led(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_ids: &[i64],
) -> StoreResult<HashMap<i64, u64>> {
    if user_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let circles = Query::select()
        .column(groups::Column::Id)
        .from(groups::Entity)
        .and_where(groups::Column::TenantId.eq(tenant_id))
        .and_where(groups::Column::GroupType.eq("circle"))
        .to_owned();
    let rows: Vec<(i64, i64)> = memberships::Entity::find()
        .select_only()
        .column(memberships::Column::UserId)
        .column_as(memberships::Column::Id.count(), "led")
        .filter(memberships::Column::UserId.is_in(user_ids.to_vec()))
        .filter(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .filter(memberships::Column::Role.is_in(MANAGEMENT_ROLES))
        .filter(memberships::Column::GroupId.in_subquery(circles))
        .group_by(memberships::Column::UserId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|(user, led)| (user, u64::try_from(led).unwrap_or(0))).collect())
}

/// The deployment's public tenant root organizations with their domains, by name.
pub async fn default_organizations(db: &impl ConnectionTrait) -> StoreResult<Vec<(groups::Model, String)>> {
    let orgs = groups::Entity::find()
        .filter(groups::Column::IsTenantRoot.eq(true))
        .filter(groups::Column::Privacy.lt(PRIVACY_PRIVATE))
        .order_by_asc(groups::Column::Name)
        .order_by_asc(groups::Column::Id)
        .all(db)
        .await?;
    let ids: Vec<i64> = orgs.iter().map(|g| g.tenant_id).collect();
    let domains: HashMap<i64, String> = if ids.is_empty() {
        HashMap::new()
    } else {
        tenants::Entity::find()
            .filter(tenants::Column::Id.is_in(ids))
            .all(db)
            .await?
            .into_iter()
            .map(|t| (t.id, t.domain))
            .collect()
    };
    Ok(orgs.into_iter().filter_map(|g| domains.get(&g.tenant_id).cloned().map(|d| (g, d))).collect())
}

/// One public tenant root organization by id, with its domain.
pub async fn default_organization(db: &impl ConnectionTrait, id: i64) -> StoreResult<Option<(groups::Model, String)>> {
    let Some(org) = groups::Entity::find_by_id(id)
        .filter(groups::Column::IsTenantRoot.eq(true))
        .filter(groups::Column::Privacy.lt(PRIVACY_PRIVATE))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let domain = tenants::Entity::find_by_id(org.tenant_id).one(db).await?.map(|t| t.domain);
    Ok(domain.map(|d| (org, d)))
}

/// Adds a membership unless the user already has one; returns the membership.
pub async fn join_once(
    db: &impl ConnectionTrait,
    group_id: i64,
    user_id: i64,
    status: &str,
) -> StoreResult<memberships::Model> {
    if let Some(existing) = super::memberships::find(db, group_id, user_id).await? {
        return Ok(existing);
    }
    super::memberships::upsert(db, group_id, user_id, "member", status).await
}

/// Users by id.
pub async fn users_by_ids(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, users::Model>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(users::Entity::find()
        .filter(users::Column::Id.is_in(ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect())
}
