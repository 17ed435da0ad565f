//! Institutional memberships: the plan an institution of a site holds for its members
//! (`institutional_subscriptions`), the site administrators' list of them, and the one
//! lookup that finds the plan covering a member ([`cover_of`]).
//!
//! A member is covered through an accepted membership of the institution. An institution
//! whose publicity is open lets anyone in at once, so it covers nobody: only institutions
//! that decide who joins (closed publicity) pass their plan on.

use std::collections::HashMap;

use chrono::NaiveDate;
use domain::payments::institutional::InstitutionalStatus;
use sea_orm::{
    sea_query::Condition, ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, JoinType, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, RelationDef, Set,
};

use super::{groups::JOIN_OPEN, memberships::STATUS_ACCEPTED, profiles::GROUP_INSTITUTION, Paged};
use crate::{
    entities::{groups, institutional_subscriptions as inst, memberships, subscription_plans, subscription_prices},
    now, StoreError, StoreResult,
};

/// An institution's plan with its institution, price and plan.
#[derive(Debug, Clone)]
pub struct InstitutionalPlan {
    pub subscription: inst::Model,
    pub institution: groups::Model,
    pub price: subscription_prices::Model,
    pub plan: subscription_plans::Model,
}

/// An institution of the site by id (a group of type institution); `None` for a group of
/// another type, of another site, or none.
pub async fn institution(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    group_id: i64,
) -> StoreResult<Option<groups::Model>> {
    Ok(groups::Entity::find_by_id(group_id)
        .filter(groups::Column::TenantId.eq(tenant_id))
        .filter(groups::Column::GroupType.eq(GROUP_INSTITUTION))
        .one(db)
        .await?)
}

/// Whether anyone may join the institution at once (it then covers nobody).
pub fn is_open(institution: &groups::Model) -> bool {
    institution.join_mode == JOIN_OPEN
}

/// A plan of the site's institutions by id.
pub async fn find(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<Option<inst::Model>> {
    Ok(inst::Entity::find_by_id(id).filter(inst::Column::TenantId.eq(tenant_id)).one(db).await?)
}

/// What a new or changed institutional plan holds.
#[derive(Debug, Clone)]
pub struct Values {
    pub price_id: i64,
    pub status: InstitutionalStatus,
    pub ends_on: Option<NaiveDate>,
}

/// Gives an institution its plan. `Conflict` when it already has one (one per institution).
pub async fn create(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    group_id: i64,
    created_by: i64,
    values: &Values,
) -> StoreResult<inst::Model> {
    let at = now();
    inst::ActiveModel {
        tenant_id: Set(tenant_id),
        group_id: Set(group_id),
        price_id: Set(values.price_id),
        status: Set(values.status.as_str().to_string()),
        ends_on: Set(values.ends_on),
        created_by: Set(Some(created_by)),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(StoreError::classify)
}

/// Replaces the price, status and last day of an institution's plan.
pub async fn update(db: &impl ConnectionTrait, current: inst::Model, values: &Values) -> StoreResult<inst::Model> {
    let mut row: inst::ActiveModel = current.into();
    row.price_id = Set(values.price_id);
    row.status = Set(values.status.as_str().to_string());
    row.ends_on = Set(values.ends_on);
    row.updated_at = Set(now());
    row.update(db).await.map_err(StoreError::classify)
}

/// Prices by row id with their plans: one query.
async fn prices_with_plans(
    db: &impl ConnectionTrait,
    price_ids: Vec<i64>,
) -> StoreResult<HashMap<i64, (subscription_prices::Model, subscription_plans::Model)>> {
    if price_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let plan = RelationDef::from(
        subscription_prices::Entity::belongs_to(subscription_plans::Entity)
            .from(subscription_prices::Column::PlanId)
            .to(subscription_plans::Column::Id),
    );
    Ok(subscription_prices::Entity::find()
        .join(JoinType::InnerJoin, plan)
        .select_also(subscription_plans::Entity)
        .filter(subscription_prices::Column::Id.is_in(price_ids))
        .all(db)
        .await?
        .into_iter()
        .filter_map(|(price, plan)| Some((price.id, (price, plan?))))
        .collect())
}

/// The rows with their institutions, prices and plans (rows whose price or group is gone
/// are left out): two queries.
async fn complete(
    db: &impl ConnectionTrait,
    rows: Vec<(inst::Model, groups::Model)>,
) -> StoreResult<Vec<InstitutionalPlan>> {
    let prices = prices_with_plans(db, rows.iter().map(|(s, _)| s.price_id).collect()).await?;
    Ok(rows
        .into_iter()
        .filter_map(|(subscription, institution)| {
            let (price, plan) = prices.get(&subscription.price_id).cloned()?;
            Some(InstitutionalPlan { subscription, institution, price, plan })
        })
        .collect())
}

fn with_institution() -> RelationDef {
    RelationDef::from(inst::Entity::belongs_to(groups::Entity).from(inst::Column::GroupId).to(groups::Column::Id))
}

/// One page of the site's institutional plans, newest first: a count and two reads.
pub async fn page(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<InstitutionalPlan>> {
    let query = inst::Entity::find().filter(inst::Column::TenantId.eq(tenant_id));
    let count = query.clone().count(db).await?;
    let rows = query
        .join(JoinType::InnerJoin, with_institution())
        .select_also(groups::Entity)
        .order_by_desc(inst::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?
        .into_iter()
        .filter_map(|(row, group)| Some((row, group?)))
        .collect();
    Ok(Paged { items: complete(db, rows).await?, count })
}

/// One institutional plan of the site with its institution, price and plan.
pub async fn detail(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<InstitutionalPlan> {
    let row = inst::Entity::find_by_id(id)
        .filter(inst::Column::TenantId.eq(tenant_id))
        .join(JoinType::InnerJoin, with_institution())
        .select_also(groups::Entity)
        .one(db)
        .await?
        .and_then(|(row, group)| Some((row, group?)))
        .ok_or(StoreError::NotFound)?;
    complete(db, vec![row]).await?.pop().ok_or(StoreError::NotFound)
}

/// The institutional plan covering the member on `today`, of the highest tier when several
/// institutions of theirs hold one: the member's accepted memberships of closed
/// institutions of the site meet the plans that are active and not past their last day.
/// One indexed query for a member no institution covers (the usual case), two otherwise.
pub async fn cover_of(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    today: NaiveDate,
) -> StoreResult<Option<InstitutionalPlan>> {
    let membership = RelationDef::from(
        inst::Entity::belongs_to(memberships::Entity).from(inst::Column::GroupId).to(memberships::Column::GroupId),
    );
    let rows: Vec<(inst::Model, groups::Model)> = inst::Entity::find()
        .join(JoinType::InnerJoin, membership)
        .join(JoinType::InnerJoin, with_institution())
        .select_also(groups::Entity)
        .filter(memberships::Column::UserId.eq(user_id))
        .filter(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .filter(inst::Column::TenantId.eq(tenant_id))
        .filter(inst::Column::Status.eq(InstitutionalStatus::Active.as_str()))
        .filter(Condition::any().add(inst::Column::EndsOn.is_null()).add(inst::Column::EndsOn.gte(today)))
        .filter(groups::Column::TenantId.eq(tenant_id))
        .filter(groups::Column::GroupType.eq(GROUP_INSTITUTION))
        .filter(groups::Column::JoinMode.ne(JOIN_OPEN))
        .order_by_asc(inst::Column::Id)
        .limit(20)
        .all(db)
        .await?
        .into_iter()
        .filter_map(|(row, group)| Some((row, group?)))
        .collect();
    if rows.is_empty() {
        return Ok(None);
    }
    let mut covering = complete(db, rows).await?;
    // The highest tier; the oldest plan among equals (the sort is stable).
    covering.sort_by_key(|c| std::cmp::Reverse(c.plan.subscription_tier));
    Ok(covering.into_iter().next())
}
