//! The filtered, counted and paged lists of groups behind `/groups/`, `/circles/` and
//! `/events/`, ordered by status (what is open first) or newest.

use chrono::{Days, NaiveDate};
use domain::groups::lifecycle::ARCHIVE_AFTER_DAYS;
use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, LikeExpr, NullOrdering, Query},
    ColumnTrait, Condition, ConnectionTrait, DbBackend, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

use super::super::{
    memberships::STATUS_ACCEPTED,
    sql::{equals_any_ignoring_case, escape_like, json_array_has_any_ignoring_case},
    visibility::{visible_to, Viewer},
    Paged,
};
use crate::{
    entities::{group_topics, group_use_cases, groups, memberships, topics},
    list_counts::ListCounts,
    StoreResult,
};

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
