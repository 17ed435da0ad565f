//! Job board posts (`job_posts`, issue 12): reading, writing, their skills, application
//! counts, and the filtered board list. Every read skips deleted posts and is scoped to
//! the tenant; the list is filtered, counted and paged in the database.

use std::collections::HashMap;

use chrono::NaiveDate;
use domain::jobs::form::{JobForm, STATUS_PUBLISHED};
use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, JoinType, LikeExpr, Query},
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, Order, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde_json::{json, Value};

use super::{
    slugs::{self, SlugColumn},
    sql::{escape_like, json_array_has_any_ignoring_case},
    visibility::{administered_by, visible_to, Viewer},
    Paged,
};
use crate::{
    entities::{bookmarks, groups, job_applications, job_post_skills, job_posts, topics},
    list_counts::ListCounts,
    now,
    search_index::{self, Kind, Target, TextQuery, HITS},
    StoreError, StoreResult,
};

pub const SKILL: &str = "skill";

pub async fn find(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<Option<job_posts::Model>> {
    Ok(job_posts::Entity::find_by_id(id)
        .filter(job_posts::Column::TenantId.eq(tenant_id))
        .filter(job_posts::Column::DeletedAt.is_null())
        .one(db)
        .await?)
}

pub async fn find_by_slug(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    slug: &str,
) -> StoreResult<Option<job_posts::Model>> {
    Ok(job_posts::Entity::find()
        .filter(job_posts::Column::TenantId.eq(tenant_id))
        .filter(job_posts::Column::Slug.eq(slug))
        .filter(job_posts::Column::DeletedAt.is_null())
        .one(db)
        .await?)
}

/// A slug for `title` that no post of the tenant uses (deleted ones included, so an old
/// link never names a new job): `title`, then `title-2`, … (see `slugs`)
pub async fn free_slug(db: &impl ConnectionTrait, tenant_id: i64, title: &str) -> StoreResult<String> {
    let mut base = domain::slug::slugify(title);
    if base.is_empty() {
        base = "job".into();
    }
    slugs::free_slug(db, SlugColumn::of_tenant("job_posts", tenant_id), &base).await
}

fn fill(active: &mut job_posts::ActiveModel, form: &JobForm) {
    active.title = Set(form.title.clone());
    active.description = Set(form.description.clone().unwrap_or_default());
    active.requirements = Set(form.requirements.clone());
    active.career_stages = Set(Some(json!(form.career_stages)));
    active.professional_fields = Set(Some(json!(form.professional_fields)));
    active.countries = Set(Some(json!(form.countries)));
    active.job_location = Set(form.job_location.clone());
    active.job_type = Set(form.job_type.clone());
    active.address = Set(form.address.clone());
    active.application_open_date = Set(form.application_open_date);
    active.application_close_date = Set(form.application_close_date);
    active.job_status = Set(form.job_status.clone());
}

/// Adds a post with its skills. Run it in a transaction.
pub async fn insert(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    group_id: i64,
    form: &JobForm,
    extra_info: Value,
    created_by: i64,
) -> StoreResult<job_posts::Model> {
    let at = now();
    let mut active = job_posts::ActiveModel {
        tenant_id: Set(tenant_id),
        group_id: Set(group_id),
        slug: Set(free_slug(db, tenant_id, &form.title).await?),
        is_featured: Set(false),
        extra_info: Set(Some(extra_info)),
        created_by: Set(Some(created_by)),
        deleted_at: Set(None),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    };
    fill(&mut active, form);
    let post = active.insert(db).await.map_err(StoreError::classify)?;
    set_skills(db, post.id, &form.skills).await?;
    Ok(post)
}

/// Writes the whole form (and `extra_info`) over a post. Run it in a transaction.
pub async fn update(
    db: &impl ConnectionTrait,
    post: job_posts::Model,
    form: &JobForm,
    extra_info: Value,
) -> StoreResult<job_posts::Model> {
    let id = post.id;
    let mut active: job_posts::ActiveModel = post.into();
    fill(&mut active, form);
    active.extra_info = Set(Some(extra_info));
    active.updated_at = Set(now());
    let post = active.update(db).await.map_err(StoreError::classify)?;
    set_skills(db, id, &form.skills).await?;
    Ok(post)
}

/// Marks a post deleted: it leaves every list, page and the search index; its
/// applications stay for the record.
pub async fn soft_delete(db: &impl ConnectionTrait, post: job_posts::Model) -> StoreResult<()> {
    let mut active: job_posts::ActiveModel = post.into();
    let at = now();
    active.deleted_at = Set(Some(at));
    active.updated_at = Set(at);
    active.update(db).await.map_err(StoreError::classify)?;
    Ok(())
}

async fn set_skills(db: &impl ConnectionTrait, post_id: i64, ids: &[i64]) -> StoreResult<()> {
    let row = |id| job_post_skills::ActiveModel { job_post_id: Set(post_id), topic_id: Set(id), ..Default::default() };
    crate::queries::sql::replace_links(db, job_post_skills::Column::JobPostId.eq(post_id), ids, row).await
}

/// The skills (id, name) of each post, in the order they were given.
/// The posts `ids` (deleted ones too), in no order.
pub async fn by_ids(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<Vec<job_posts::Model>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(job_posts::Entity::find().filter(job_posts::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

pub async fn skills_of(db: &impl ConnectionTrait, post_ids: &[i64]) -> StoreResult<HashMap<i64, Vec<(i64, String)>>> {
    let mut out: HashMap<i64, Vec<(i64, String)>> = HashMap::new();
    if post_ids.is_empty() {
        return Ok(out);
    }
    let rows: Vec<(i64, i64, String)> = job_post_skills::Entity::find()
        .select_only()
        .column(job_post_skills::Column::JobPostId)
        .column(topics::Column::Id)
        .column(topics::Column::Name)
        .join(
            JoinType::InnerJoin,
            job_post_skills::Entity::belongs_to(topics::Entity)
                .from(job_post_skills::Column::TopicId)
                .to(topics::Column::Id)
                .into(),
        )
        .filter(job_post_skills::Column::JobPostId.is_in(post_ids.to_vec()))
        .order_by_asc(job_post_skills::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    for (post_id, id, name) in rows {
        out.entry(post_id).or_default().push((id, name));
    }
    Ok(out)
}

/// Applications per status of one post.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub pending: u64,
    pub accepted: u64,
    pub rejected: u64,
}

/// The application counts of each post, in one query.
pub async fn counts(db: &impl ConnectionTrait, post_ids: &[i64]) -> StoreResult<HashMap<i64, Counts>> {
    let mut out: HashMap<i64, Counts> = HashMap::new();
    if post_ids.is_empty() {
        return Ok(out);
    }
    let rows: Vec<(i64, String, i64)> = job_applications::Entity::find()
        .select_only()
        .column(job_applications::Column::JobPostId)
        .column(job_applications::Column::Status)
        .column_as(Expr::col(job_applications::Column::Id).count(), "n")
        .filter(job_applications::Column::JobPostId.is_in(post_ids.to_vec()))
        .group_by(job_applications::Column::JobPostId)
        .group_by(job_applications::Column::Status)
        .into_tuple()
        .all(db)
        .await?;
    for (post_id, status, n) in rows {
        let entry = out.entry(post_id).or_default();
        let n = u64::try_from(n).unwrap_or(0);
        match status.as_str() {
            "pending" => entry.pending = n,
            "accepted" => entry.accepted = n,
            "rejected" => entry.rejected = n,
            _ => {}
        }
    }
    Ok(out)
}

/// The filters of the board (spec 001 §7 "Jobs").
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    /// Lower-cased search text (the search index); results are ranked by it.
    pub search: Option<String>,
    pub group_id: Option<i64>,
    /// Only this status (pending = drafts, which only their administrators see).
    pub job_status: Option<String>,
    /// Without `job_status`: the drafts the viewer administers too, not only published jobs.
    pub include_drafts: bool,
    /// Matched without regard to case.
    pub countries: Vec<String>,
    pub career_stages: Vec<String>,
    pub professional_fields: Vec<String>,
    /// Skill (topic) ids: posts asking for any of them.
    pub skill_ids: Vec<i64>,
    /// Topic area ids: posts asking for a skill of any of them.
    pub topic_area_ids: Vec<i64>,
    pub job_types: Vec<String>,
    pub job_locations: Vec<String>,
    /// Only posts this user applied to (my area), optionally in one application status.
    pub applied_by: Option<i64>,
    pub application_status: Option<String>,
    /// Only posts this user created (my area).
    pub created_by: Option<i64>,
    /// Only posts this user created or applied to (`GET /jobs/me/`).
    pub created_or_applied_by: Option<i64>,
    /// Oldest first instead of newest first.
    pub oldest_first: bool,
    /// The applicant's person generation when the filter reads their applications: their
    /// applications bump it, not the tenant's list generation (m0046), so it is part of the
    /// keys the page and its count are kept under. Never part of the query.
    pub applicant_generation: Option<i64>,
}

impl ListFilter {
    /// The person whose applications the filter reads, if it does.
    pub fn applicant(&self) -> Option<i64> {
        self.applied_by.or(self.created_or_applied_by)
    }
}

fn json_array_has_any(column: job_posts::Column, values: &[String]) -> Condition {
    let mut any = Condition::any();
    for value in values {
        let quoted = serde_json::to_string(value).unwrap_or_default();
        let pattern = format!("%{}%", escape_like(&quoted));
        any = any.add(
            Expr::col((job_posts::Entity, column))
                .cast_as(Alias::new("TEXT"))
                .like(LikeExpr::new(pattern).escape('\\')),
        );
    }
    any
}

/// The condition "the viewer may see this post" given its group is joined: the group is
/// visible to them, and the post is published or they administer the group.
pub fn visible_posts(viewer: Viewer) -> Condition {
    Condition::all()
        .add(visible_to(viewer))
        .add(Condition::any().add(job_posts::Column::JobStatus.eq(STATUS_PUBLISHED)).add(administered_by(viewer)))
}

fn list_query(
    backend: sea_orm::DbBackend,
    tenant_id: i64,
    viewer: Viewer,
    filter: &ListFilter,
    text: Option<&TextQuery>,
) -> sea_orm::Select<job_posts::Entity> {
    use job_posts::Column as C;
    // The hits first (materialized, then each row by its key), before any other join.
    let target = Target::in_scope(Kind::Job, tenant_id);
    let mut query =
        search_index::select_from_hits::<job_posts::Entity>(backend, target, text, (job_posts::Entity, C::Id))
            .join(
                JoinType::InnerJoin,
                job_posts::Entity::belongs_to(groups::Entity).from(C::GroupId).to(groups::Column::Id).into(),
            )
            .filter(C::TenantId.eq(tenant_id))
            .filter(C::DeletedAt.is_null())
            .filter(visible_posts(viewer));
    match &filter.job_status {
        Some(status) => query = query.filter(C::JobStatus.eq(status.as_str())),
        None if !filter.include_drafts => query = query.filter(C::JobStatus.eq(STATUS_PUBLISHED)),
        None => {}
    }
    if let Some(group_id) = filter.group_id {
        query = query.filter(C::GroupId.eq(group_id));
    }
    if !filter.countries.is_empty() {
        query = query
            .filter(json_array_has_any_ignoring_case(Expr::col((job_posts::Entity, C::Countries)), &filter.countries));
    }
    for (column, values) in
        [(C::CareerStages, &filter.career_stages), (C::ProfessionalFields, &filter.professional_fields)]
    {
        if !values.is_empty() {
            query = query.filter(json_array_has_any(column, values));
        }
    }
    if !filter.job_types.is_empty() {
        query = query.filter(C::JobType.is_in(filter.job_types.clone()));
    }
    if !filter.job_locations.is_empty() {
        query = query.filter(C::JobLocation.is_in(filter.job_locations.clone()));
    }
    if !filter.skill_ids.is_empty() || !filter.topic_area_ids.is_empty() {
        let mut asks = Query::select();
        asks.column((job_post_skills::Entity, job_post_skills::Column::JobPostId)).from(job_post_skills::Entity);
        if !filter.skill_ids.is_empty() {
            asks.and_where(job_post_skills::Column::TopicId.is_in(filter.skill_ids.clone()));
        }
        if !filter.topic_area_ids.is_empty() {
            asks.inner_join(
                topics::Entity,
                Expr::col((topics::Entity, topics::Column::Id))
                    .equals((job_post_skills::Entity, job_post_skills::Column::TopicId)),
            )
            .and_where(Expr::col((topics::Entity, topics::Column::TopicAreaId)).is_in(filter.topic_area_ids.clone()));
        }
        query = query.filter(C::Id.in_subquery(asks.to_owned()));
    }
    if let Some(user_id) = filter.applied_by {
        let mut applied = Query::select();
        applied
            .column(job_applications::Column::JobPostId)
            .from(job_applications::Entity)
            .and_where(job_applications::Column::UserId.eq(user_id));
        if let Some(status) = &filter.application_status {
            applied.and_where(job_applications::Column::Status.eq(status.as_str()));
        }
        query = query.filter(C::Id.in_subquery(applied.to_owned()));
    }
    if let Some(user_id) = filter.created_by {
        query = query.filter(C::CreatedBy.eq(user_id));
    }
    if let Some(user_id) = filter.created_or_applied_by {
        // One set of ids from two index lookups (applications by user, posts by creator):
        // with `id IN (applied) OR created_by = ?` the database walks every post.
        let mut created = Query::select();
        created.column(C::Id).from(job_posts::Entity).and_where(C::CreatedBy.eq(user_id));
        let mine = Query::select()
            .column(job_applications::Column::JobPostId)
            .from(job_applications::Entity)
            .and_where(job_applications::Column::UserId.eq(user_id))
            .union(sea_orm::sea_query::UnionType::Distinct, created)
            .to_owned();
        query = query.filter(C::Id.in_subquery(mine));
    }
    query
}

/// One page of the posts the viewer may see: the best search matches first when
/// searching, then newest first (or oldest first). The count comes from `counts` while the
/// tenant has not written since it was counted (job writes bump its generation too).
pub async fn list(
    db: &impl ConnectionTrait,
    counts: &ListCounts,
    tenant_id: i64,
    viewer: Viewer,
    filter: &ListFilter,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<job_posts::Model>> {
    let text = match filter.search.as_deref() {
        Some(search) => match TextQuery::parse(search) {
            Some(text) => Some(text),
            // Text without a letter or digit matches nothing.
            None => return Ok(Paged { items: Vec::new(), count: 0 }),
        },
        None => None,
    };
    let query = list_query(db.get_database_backend(), tenant_id, viewer, filter, text.as_ref());
    let count = counts.get_or_count(db, tenant_id, count_key(viewer, filter), query.clone().count(db)).await?;
    let mut ordered = query;
    if text.is_some() {
        ordered = ordered.order_by(Expr::col((Alias::new(HITS), Alias::new(search_index::RELEVANCE))), Order::Desc);
    }
    let order = if filter.oldest_first { Order::Asc } else { Order::Desc };
    let items = ordered
        .order_by(job_posts::Column::CreatedAt, order.clone())
        .order_by(job_posts::Column::Id, order)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok(Paged { items, count })
}

/// The entity type of job posts in `bookmarks`.
pub const BOOKMARK_TYPE: &str = domain::bookmarks::EntityType::Job.as_str();

/// One page of the posts `user_id` bookmarked on the tenant's site that the viewer (the same
/// user) may still see, most recently bookmarked first, and how many there are. Posts that
/// were deleted, went back to draft (for non-administrators) or whose group turned private
/// are left out, as everywhere else. The cost follows the user's bookmarks, not the site.
pub async fn bookmarked(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    viewer: Viewer,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<job_posts::Model>> {
    let filter = ListFilter { include_drafts: true, ..Default::default() };
    let query = list_query(db.get_database_backend(), tenant_id, viewer, &filter, None);
    let bookmarker = super::bookmarks::Bookmarker { tenant_id, user_id, kind: BOOKMARK_TYPE };
    super::bookmarks::page_of_bookmarked(
        db,
        query,
        (job_posts::Entity, job_posts::Column::Id),
        bookmarker,
        offset,
        limit,
    )
    .await
}

/// What a board's count depends on besides the tenant: the viewer and the whole filter (its
/// order excepted). No date: which posts a viewer sees does not change with the day.
fn count_key(viewer: Viewer, filter: &ListFilter) -> String {
    let filter = ListFilter { oldest_first: false, ..filter.clone() };
    format!("jobs|{viewer:?}|{filter:?}")
}

/// Whether a post is still open for applications on `today` (a helper for the seed and
/// tests; the API applies the domain rule).
pub fn is_open(post: &job_posts::Model, today: NaiveDate) -> bool {
    domain::jobs::lifecycle::Window { open: post.application_open_date, close: post.application_close_date }
        .is_open(today)
}

/// A group's posts that are not deleted, drafts included (the admin dashboard's jobs count).
pub async fn count_live(db: &impl ConnectionTrait, tenant_id: i64, group_id: i64) -> StoreResult<u64> {
    Ok(job_posts::Entity::find()
        .filter(job_posts::Column::TenantId.eq(tenant_id))
        .filter(job_posts::Column::GroupId.eq(group_id))
        .filter(job_posts::Column::DeletedAt.is_null())
        .count(db)
        .await?)
}

/// Replaces the post's `extra_info` (its questions).
pub async fn set_extra_info(
    db: &impl ConnectionTrait,
    post: job_posts::Model,
    extra: Value,
) -> StoreResult<job_posts::Model> {
    let mut active: job_posts::ActiveModel = post.into();
    active.extra_info = Set(Some(extra));
    active.updated_at = Set(now());
    Ok(active.update(db).await?)
}

/// What a signed-in caller's job list page needs of them: their memberships of the jobs'
/// managing groups, their applications' statuses and their bookmarks among the jobs.
#[derive(Debug, Default)]
pub struct CallerTies {
    /// `(group_id, role, status)` of each membership.
    pub memberships: Vec<(i64, String, String)>,
    pub applications: HashMap<i64, String>,
    pub bookmarked: std::collections::HashSet<i64>,
}

/// [`CallerTies`] in one statement (three `UNION ALL` branches, each on its own index).
pub async fn caller_ties(
    db: &impl ConnectionTrait,
    user_id: i64,
    tenant_id: i64,
    group_ids: &[i64],
    post_ids: &[i64],
) -> StoreResult<CallerTies> {
    use sea_orm::sea_query::{SelectStatement, UnionType};

    use crate::entities::memberships;
    const MEMBERSHIP: i32 = 1;
    const APPLICATION: i32 = 2;
    const BOOKMARK: i32 = 3;
    let null = || Expr::cust("NULL");
    let mut branches: Vec<SelectStatement> = Vec::new();
    if !group_ids.is_empty() {
        let m = |column: memberships::Column| Expr::col((memberships::Entity, column));
        branches.push(
            Query::select()
                .expr_as(Expr::val(MEMBERSHIP), Alias::new("what"))
                .expr_as(m(memberships::Column::GroupId), Alias::new("id"))
                .expr_as(m(memberships::Column::Role), Alias::new("first"))
                .expr_as(m(memberships::Column::Status), Alias::new("second"))
                .from(memberships::Entity)
                .and_where(m(memberships::Column::UserId).eq(user_id))
                .and_where(m(memberships::Column::GroupId).is_in(group_ids.to_vec()))
                .to_owned(),
        );
    }
    if !post_ids.is_empty() {
        let a = |column: job_applications::Column| Expr::col((job_applications::Entity, column));
        branches.push(
            Query::select()
                .expr(Expr::val(APPLICATION))
                .expr(a(job_applications::Column::JobPostId))
                .expr(a(job_applications::Column::Status))
                .expr(null())
                .from(job_applications::Entity)
                .and_where(a(job_applications::Column::UserId).eq(user_id))
                .and_where(a(job_applications::Column::JobPostId).is_in(post_ids.to_vec()))
                .to_owned(),
        );
        let b = |column: bookmarks::Column| Expr::col((bookmarks::Entity, column));
        branches.push(
            Query::select()
                .expr(Expr::val(BOOKMARK))
                .expr(b(bookmarks::Column::EntityId))
                .expr(null())
                .expr(null())
                .from(bookmarks::Entity)
                .and_where(b(bookmarks::Column::UserId).eq(user_id))
                .and_where(b(bookmarks::Column::TenantId).eq(tenant_id))
                .and_where(b(bookmarks::Column::EntityType).eq(BOOKMARK_TYPE))
                .and_where(b(bookmarks::Column::EntityId).is_in(post_ids.to_vec()))
                .to_owned(),
        );
    }
    let mut branches = branches.into_iter();
    let Some(mut statement) = branches.next() else { return Ok(CallerTies::default()) };
    for branch in branches {
        statement.union(UnionType::All, branch);
    }
    let mut ties = CallerTies::default();
    for row in db.query_all(&statement).await? {
        let id: i64 = row.try_get("", "id")?;
        match row.try_get::<i32>("", "what")? {
            MEMBERSHIP => ties.memberships.push((id, row.try_get("", "first")?, row.try_get("", "second")?)),
            APPLICATION => {
                ties.applications.insert(id, row.try_get("", "first")?);
            }
            _ => {
                ties.bookmarked.insert(id);
            }
        }
    }
    Ok(ties)
}
