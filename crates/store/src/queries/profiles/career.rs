//! A person's career profiles, career entries (work and education) and services.

use std::collections::HashMap;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    Set, TryIntoModel,
};

use super::super::Paged;
use crate::{
    entities::{career_entries, career_entry_skills, career_profiles, groups, topics, user_services},
    now, StoreError, StoreResult,
};

// ---------------------------------------------------------------------------------------
// Career profiles

pub async fn find_career_profile(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
) -> StoreResult<Option<career_profiles::Model>> {
    Ok(career_profiles::Entity::find()
        .filter(career_profiles::Column::TenantId.eq(tenant_id))
        .filter(career_profiles::Column::UserId.eq(user_id))
        .one(db)
        .await?)
}

pub async fn find_career_profile_by_id(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    id: i64,
) -> StoreResult<Option<career_profiles::Model>> {
    Ok(career_profiles::Entity::find_by_id(id).filter(career_profiles::Column::TenantId.eq(tenant_id)).one(db).await?)
}

pub async fn group_in_tenant(db: &impl ConnectionTrait, tenant_id: i64, group_id: i64) -> StoreResult<bool> {
    Ok(groups::Entity::find_by_id(group_id).filter(groups::Column::TenantId.eq(tenant_id)).count(db).await? > 0)
}

pub struct CareerProfileValues {
    pub group_id: Option<i64>,
    pub institution_id: Option<i64>,
    pub start_date: Option<chrono::NaiveDate>,
    pub batch: Option<String>,
    pub title: Option<String>,
}

pub async fn save_career_profile(
    db: &impl ConnectionTrait,
    existing: Option<career_profiles::Model>,
    tenant_id: i64,
    user_id: i64,
    values: CareerProfileValues,
) -> StoreResult<career_profiles::Model> {
    let at = now();
    let mut active: career_profiles::ActiveModel = match existing {
        Some(model) => model.into(),
        None => career_profiles::ActiveModel {
            tenant_id: Set(tenant_id),
            user_id: Set(user_id),
            created_at: Set(at),
            ..Default::default()
        },
    };
    active.group_id = Set(values.group_id);
    active.institution_id = Set(values.institution_id);
    active.start_date = Set(values.start_date);
    active.batch = Set(values.batch);
    active.title = Set(values.title);
    active.updated_at = Set(at);
    active.save(db).await.map_err(StoreError::classify)?.try_into_model().map_err(StoreError::Db)
}

// ---------------------------------------------------------------------------------------
// Career entries

/// A user's entries of one type (or all), most recent first.
pub async fn career_entries_of(
    db: &impl ConnectionTrait,
    user_id: i64,
    entry_type: Option<&str>,
) -> StoreResult<Vec<career_entries::Model>> {
    let mut query = career_entries::Entity::find().filter(career_entries::Column::UserId.eq(user_id));
    if let Some(kind) = entry_type {
        query = query.filter(career_entries::Column::EntryType.eq(kind));
    }
    Ok(query
        .order_by_desc(career_entries::Column::IsCurrentlyWorking)
        .order_by_desc(career_entries::Column::StartDate)
        .order_by_desc(career_entries::Column::Id)
        .all(db)
        .await?)
}

/// One page of a user's entries of one type (or all), in the order of `career_entries_of`.
pub async fn career_entries_page(
    db: &impl ConnectionTrait,
    user_id: i64,
    entry_type: Option<&str>,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<career_entries::Model>> {
    let mut query = career_entries::Entity::find().filter(career_entries::Column::UserId.eq(user_id));
    if let Some(kind) = entry_type {
        query = query.filter(career_entries::Column::EntryType.eq(kind));
    }
    let count = query.clone().count(db).await?;
    let items = query
        .order_by_desc(career_entries::Column::IsCurrentlyWorking)
        .order_by_desc(career_entries::Column::StartDate)
        .order_by_desc(career_entries::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok(Paged { items, count })
}

pub async fn find_career_entry(db: &impl ConnectionTrait, id: i64) -> StoreResult<Option<career_entries::Model>> {
    Ok(career_entries::Entity::find_by_id(id).one(db).await?)
}

/// Skill ids of each entry, in order.
pub async fn entry_skills(db: &impl ConnectionTrait, entry_ids: &[i64]) -> StoreResult<HashMap<i64, Vec<i64>>> {
    let mut out: HashMap<i64, Vec<i64>> = HashMap::new();
    if entry_ids.is_empty() {
        return Ok(out);
    }
    let rows = career_entry_skills::Entity::find()
        .filter(career_entry_skills::Column::EntryId.is_in(entry_ids.to_vec()))
        .order_by_asc(career_entry_skills::Column::Position)
        .order_by_asc(career_entry_skills::Column::Id)
        .all(db)
        .await?;
    for row in rows {
        out.entry(row.entry_id).or_default().push(row.topic_id);
    }
    Ok(out)
}

/// The skills of each entry, in order, with their names: `entry id → [(topic id, name)]`,
/// in one statement.
pub async fn entry_skill_names(
    db: &impl ConnectionTrait,
    entry_ids: &[i64],
) -> StoreResult<HashMap<i64, Vec<(i64, String)>>> {
    let mut out: HashMap<i64, Vec<(i64, String)>> = HashMap::new();
    if entry_ids.is_empty() {
        return Ok(out);
    }
    let topic = sea_orm::RelationDef::from(
        career_entry_skills::Entity::belongs_to(topics::Entity)
            .from(career_entry_skills::Column::TopicId)
            .to(topics::Column::Id),
    );
    let rows: Vec<(i64, i64, String)> = career_entry_skills::Entity::find()
        .select_only()
        .column(career_entry_skills::Column::EntryId)
        .column(career_entry_skills::Column::TopicId)
        .column(topics::Column::Name)
        .join(sea_orm::JoinType::InnerJoin, topic)
        .filter(career_entry_skills::Column::EntryId.is_in(entry_ids.to_vec()))
        .order_by_asc(career_entry_skills::Column::Position)
        .order_by_asc(career_entry_skills::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    for (entry_id, topic_id, name) in rows {
        out.entry(entry_id).or_default().push((topic_id, name));
    }
    Ok(out)
}

pub struct CareerEntryValues {
    pub entry_type: String,
    pub title: String,
    pub description: String,
    /// Always set by the API; an imported entry may have no institution.
    pub group_id: Option<i64>,
    pub is_currently_working: bool,
    pub start_date: chrono::NaiveDate,
    pub end_date: Option<chrono::NaiveDate>,
    pub show_gps: bool,
    pub skills: Vec<i64>,
}

pub async fn save_career_entry(
    db: &impl ConnectionTrait,
    existing: Option<career_entries::Model>,
    user_id: i64,
    values: CareerEntryValues,
) -> StoreResult<career_entries::Model> {
    let at = now();
    let mut active: career_entries::ActiveModel = match existing {
        Some(model) => model.into(),
        None => career_entries::ActiveModel { user_id: Set(user_id), created_at: Set(at), ..Default::default() },
    };
    active.entry_type = Set(values.entry_type);
    active.title = Set(values.title);
    active.description = Set(values.description);
    active.group_id = Set(values.group_id);
    active.is_currently_working = Set(values.is_currently_working);
    active.start_date = Set(values.start_date);
    active.end_date = Set(values.end_date);
    active.show_gps = Set(values.show_gps);
    active.updated_at = Set(at);
    let entry = active.save(db).await.map_err(StoreError::classify)?.try_into_model().map_err(StoreError::Db)?;
    career_entry_skills::Entity::delete_many()
        .filter(career_entry_skills::Column::EntryId.eq(entry.id))
        .exec(db)
        .await?;
    for (position, topic_id) in values.skills.iter().enumerate() {
        career_entry_skills::ActiveModel {
            entry_id: Set(entry.id),
            topic_id: Set(*topic_id),
            position: Set(position as i32),
            ..Default::default()
        }
        .insert(db)
        .await
        .map_err(StoreError::classify)?;
    }
    Ok(entry)
}

pub async fn delete_career_entry(db: &impl ConnectionTrait, id: i64) -> StoreResult<()> {
    career_entries::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------
// User services

pub async fn services_of(
    db: &impl ConnectionTrait,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<user_services::Model>> {
    let query = user_services::Entity::find().filter(user_services::Column::UserId.eq(user_id));
    let count = query.clone().count(db).await?;
    let items = query.order_by_asc(user_services::Column::Id).offset(offset).limit(limit).all(db).await?;
    Ok(Paged { items, count })
}

pub async fn find_service(db: &impl ConnectionTrait, id: i64) -> StoreResult<Option<user_services::Model>> {
    Ok(user_services::Entity::find_by_id(id).one(db).await?)
}

pub async fn save_service(
    db: &impl ConnectionTrait,
    existing: Option<user_services::Model>,
    user_id: i64,
    service: domain::profiles::UserService,
) -> StoreResult<user_services::Model> {
    let at = now();
    let mut active: user_services::ActiveModel = match existing {
        Some(model) => model.into(),
        None => user_services::ActiveModel { user_id: Set(user_id), created_at: Set(at), ..Default::default() },
    };
    active.title = Set(service.title);
    active.description = Set(service.description);
    active.url = Set(service.url);
    active.updated_at = Set(at);
    active.save(db).await.map_err(StoreError::classify)?.try_into_model().map_err(StoreError::Db)
}

pub async fn delete_service(db: &impl ConnectionTrait, id: i64) -> StoreResult<()> {
    user_services::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}
