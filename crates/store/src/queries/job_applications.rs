//! Applications to job board posts (`job_applications`): one per person and post, pending
//! then accepted or rejected; the applicants page of a post with each person's name, e-mail
//! and profile link, searched through the search index.

use std::collections::HashMap;

use sea_orm::{
    sea_query::{Expr, JoinType},
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde_json::Value;

use super::Paged;
use crate::{
    entities::{job_applications, profiles, users},
    now,
    search_index::{matching, Kind, Target},
    StoreError, StoreResult,
};

pub const STATUS_PENDING: &str = "pending";

pub async fn find(
    db: &impl ConnectionTrait,
    post_id: i64,
    user_id: i64,
) -> StoreResult<Option<job_applications::Model>> {
    Ok(job_applications::Entity::find()
        .filter(job_applications::Column::JobPostId.eq(post_id))
        .filter(job_applications::Column::UserId.eq(user_id))
        .one(db)
        .await?)
}

/// The user's application status on each of `post_ids` they applied to.
pub async fn statuses_of(
    db: &impl ConnectionTrait,
    user_id: i64,
    post_ids: &[i64],
) -> StoreResult<HashMap<i64, String>> {
    if post_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, String)> = job_applications::Entity::find()
        .select_only()
        .column(job_applications::Column::JobPostId)
        .column(job_applications::Column::Status)
        .filter(job_applications::Column::UserId.eq(user_id))
        .filter(job_applications::Column::JobPostId.is_in(post_ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// Adds a pending application. A second one for the same person and post is refused by
/// the unique index (a `Conflict`).
pub async fn insert(
    db: &impl ConnectionTrait,
    post_id: i64,
    user_id: i64,
    answers: Value,
    resume: Option<String>,
) -> StoreResult<job_applications::Model> {
    let at = now();
    job_applications::ActiveModel {
        job_post_id: Set(post_id),
        user_id: Set(user_id),
        status: Set(STATUS_PENDING.into()),
        answers: Set(Some(answers)),
        resume: Set(resume),
        reviewed_at: Set(None),
        reviewed_by: Set(None),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(StoreError::classify)
}

pub async fn delete(db: &impl ConnectionTrait, id: i64) -> StoreResult<()> {
    job_applications::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}

/// The applications of `user_ids` to a post.
pub async fn of_post_for(
    db: &impl ConnectionTrait,
    post_id: i64,
    user_ids: &[i64],
) -> StoreResult<Vec<job_applications::Model>> {
    Ok(job_applications::Entity::find()
        .filter(job_applications::Column::JobPostId.eq(post_id))
        .filter(job_applications::Column::UserId.is_in(user_ids.to_vec()))
        .all(db)
        .await?)
}

pub async fn set_status(
    db: &impl ConnectionTrait,
    application: job_applications::Model,
    status: &str,
    reviewed_by: i64,
) -> StoreResult<job_applications::Model> {
    let mut active: job_applications::ActiveModel = application.into();
    let at = now();
    active.status = Set(status.to_string());
    active.reviewed_at = Set(Some(at));
    active.reviewed_by = Set(Some(reviewed_by));
    active.updated_at = Set(at);
    active.update(db).await.map_err(StoreError::classify)
}

/// One applicant row: the application with the person's name, e-mail and profile.
#[derive(Debug, Clone, FromQueryResult)]
pub struct ApplicantRow {
    pub id: i64,
    pub user_id: i64,
    pub status: String,
    pub answers: Option<Value>,
    pub resume: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub reviewed_at: Option<chrono::DateTime<chrono::Utc>>,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub name_slug: Option<String>,
    pub picture: Option<String>,
    pub profile_resume: Option<String>,
}

/// Which applicants of a post to list.
#[derive(Debug, Clone, Default)]
pub struct ApplicantFilter {
    pub post_id: i64,
    /// pending, accepted or rejected; every status when none.
    pub status: Option<String>,
    /// Matched against the people's names and profiles (the search index).
    pub search: Option<String>,
}

fn applicants_query(backend: DbBackend, filter: &ApplicantFilter) -> sea_orm::Select<job_applications::Entity> {
    use job_applications::Column as C;
    let mut query = job_applications::Entity::find()
        .select_only()
        .column(C::Id)
        .column(C::UserId)
        .column(C::Status)
        .column(C::Answers)
        .column(C::Resume)
        .column(C::CreatedAt)
        .column(C::ReviewedAt)
        .column(users::Column::FirstName)
        .column(users::Column::LastName)
        .column(users::Column::Email)
        .column(profiles::Column::NameSlug)
        .column(profiles::Column::Picture)
        .column_as(Expr::col((profiles::Entity, profiles::Column::Resume)), "profile_resume")
        .join(
            JoinType::InnerJoin,
            job_applications::Entity::belongs_to(users::Entity).from(C::UserId).to(users::Column::Id).into(),
        )
        .join(
            JoinType::LeftJoin,
            job_applications::Entity::belongs_to(profiles::Entity).from(C::UserId).to(profiles::Column::UserId).into(),
        )
        .filter(C::JobPostId.eq(filter.post_id));
    if let Some(status) = &filter.status {
        query = query.filter(C::Status.eq(status.as_str()));
    }
    if let Some(search) = &filter.search {
        query =
            query.filter(matching(backend, Target::kind(Kind::User), search, (job_applications::Entity, C::UserId)));
    }
    query
}

/// One page of a post's applicants, earliest application first, with the total count.
pub async fn applicants_page(
    db: &impl ConnectionTrait,
    filter: &ApplicantFilter,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<ApplicantRow>> {
    let query = applicants_query(db.get_database_backend(), filter);
    let count = query.clone().count(db).await?;
    let items = query
        .order_by_asc(job_applications::Column::CreatedAt)
        .order_by_asc(job_applications::Column::Id)
        .offset(offset)
        .limit(limit)
        .into_model::<ApplicantRow>()
        .all(db)
        .await?;
    Ok(Paged { items, count })
}
