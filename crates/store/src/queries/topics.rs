//! Topics (skills and general topics) and topic areas of a tenant.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    Set,
};

use super::Paged;
use crate::{
    entities::{topic_areas, topics},
    now,
    search_index::{matching, Kind, Target},
    StoreError, StoreResult,
};

#[derive(Debug, Default, Clone)]
pub struct TopicFilter {
    pub topic_type: Option<String>,
    pub group_id: Option<i64>,
    pub topic_area_id: Option<i64>,
    /// Lower-cased search text; every word starts a word of the name (the search index).
    pub search: Option<String>,
}

pub async fn list(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    filter: &TopicFilter,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<topics::Model>> {
    let mut query = topics::Entity::find().filter(topics::Column::TenantId.eq(tenant_id));
    if let Some(kind) = &filter.topic_type {
        query = query.filter(topics::Column::TopicType.eq(kind.as_str()));
    }
    if let Some(group) = filter.group_id {
        query = query.filter(topics::Column::GroupId.eq(group));
    }
    if let Some(area) = filter.topic_area_id {
        query = query.filter(topics::Column::TopicAreaId.eq(area));
    }
    if let Some(search) = &filter.search {
        let target = Target::in_scope(Kind::Topic, tenant_id);
        query = query.filter(matching(db.get_database_backend(), target, search, topics::Column::Id));
    }
    let count = query.clone().count(db).await?;
    let items = query
        .order_by_asc(topics::Column::NameKey)
        .order_by_asc(topics::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok(Paged { items, count })
}

pub struct NewTopic<'a> {
    pub tenant_id: i64,
    pub name: &'a str,
    pub name_key: &'a str,
    pub topic_type: &'a str,
    pub topic_area_id: Option<i64>,
    pub group_id: Option<i64>,
    pub created_by: Option<i64>,
}

/// Returns the topic with this name (case-insensitive) and type, creating it when new.
/// The boolean is true when a row was created.
pub async fn get_or_create(db: &impl ConnectionTrait, new: NewTopic<'_>) -> StoreResult<(topics::Model, bool)> {
    let find = || {
        topics::Entity::find()
            .filter(topics::Column::TenantId.eq(new.tenant_id))
            .filter(topics::Column::TopicType.eq(new.topic_type))
            .filter(topics::Column::NameKey.eq(new.name_key))
    };
    if let Some(existing) = find().one(db).await? {
        return Ok((existing, false));
    }
    let inserted = topics::ActiveModel {
        tenant_id: Set(new.tenant_id),
        name: Set(new.name.to_string()),
        name_key: Set(new.name_key.to_string()),
        topic_type: Set(new.topic_type.to_string()),
        topic_area_id: Set(new.topic_area_id),
        group_id: Set(new.group_id),
        created_by: Set(new.created_by),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(db)
    .await;
    match inserted.map_err(StoreError::classify) {
        Ok(model) => Ok((model, true)),
        // A concurrent request created it first.
        Err(StoreError::Conflict(_)) => find().one(db).await?.map(|m| (m, false)).ok_or(StoreError::NotFound),
        Err(err) => Err(err),
    }
}

pub async fn area_exists(db: &impl ConnectionTrait, tenant_id: i64, area_id: i64) -> StoreResult<bool> {
    Ok(topic_areas::Entity::find_by_id(area_id).filter(topic_areas::Column::TenantId.eq(tenant_id)).count(db).await?
        > 0)
}

pub async fn list_areas(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<topic_areas::Model>> {
    let query = topic_areas::Entity::find().filter(topic_areas::Column::TenantId.eq(tenant_id));
    let count = query.clone().count(db).await?;
    let items = query.order_by_asc(topic_areas::Column::Name).offset(offset).limit(limit).all(db).await?;
    Ok(Paged { items, count })
}

pub async fn create_area(db: &impl ConnectionTrait, tenant_id: i64, name: &str) -> StoreResult<topic_areas::Model> {
    topic_areas::ActiveModel {
        tenant_id: Set(tenant_id),
        name: Set(name.to_string()),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(StoreError::classify)
}

/// Of `ids`, the ones that are not topics of the tenant (of `topic_type` when given: the
/// skills a job asks for).
pub async fn unknown(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    ids: &[i64],
    topic_type: Option<&str>,
) -> StoreResult<Vec<i64>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut select = topics::Entity::find()
        .select_only()
        .column(topics::Column::Id)
        .filter(crate::queries::sql::on_site_by_key(topics::Entity, tenant_id))
        .filter(topics::Column::Id.is_in(ids.to_vec()));
    if let Some(topic_type) = topic_type {
        select = select.filter(topics::Column::TopicType.eq(topic_type));
    }
    let found: Vec<i64> = select.into_tuple().all(db).await?;
    Ok(ids.iter().copied().filter(|id| !found.contains(id)).collect())
}
