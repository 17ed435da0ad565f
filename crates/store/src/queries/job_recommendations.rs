//! Recommended applicants of a job (spec 001 §7 "Recommended applicants"): the accepted
//! members of one group who have not applied to the job, optionally with given answers in
//! their organization profile (`uni_batch`, `department`, `affiliation`), ranked by how
//! well they fit the job and paged in the database.
//!
//! The rank: how many of the job's skills the person lists among their profile's skills
//! and topics, then whether they live in one of the job's countries, then how complete
//! their profile is; ties by id. Each is a correlated lookup on an index per candidate,
//! so a page costs one query (and one count) whatever the page size.

use sea_orm::{
    sea_query::{CaseStatement, Expr, ExprTrait, Func, Query, SimpleExpr},
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, JoinType, Order, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

use super::memberships::STATUS_ACCEPTED;
use crate::{
    entities::{group_profiles, job_applications, memberships, profile_topics, profiles, users},
    StoreResult,
};

/// What the recommendation is for.
#[derive(Debug, Clone, Default)]
pub struct Recommend {
    /// The job: people who applied to it are left out.
    pub job_post_id: i64,
    /// The group whose accepted members are recommended.
    pub group_id: i64,
    /// The job's skills (topic ids).
    pub skill_ids: Vec<i64>,
    /// The job's countries, every spelling, lower-cased.
    pub countries: Vec<String>,
    /// The site's organization, whose group profiles hold the answers.
    pub organization_id: i64,
    /// `(key, value)` answers the person must have given, compared ignoring case; the keys
    /// are fixed names (`domain::jobs::recommend::FILTER_KEYS`), never user text.
    pub answers: Vec<(&'static str, String)>,
    /// Left out (the caller).
    pub exclude_user: Option<i64>,
}

/// One recommended person: user id, how many of the job's skills they have, and whether they
/// live in one of its countries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recommended {
    pub user_id: i64,
    pub matching_skills: u64,
    pub same_country: bool,
}

/// `extra_info ->> key` of the group profile, lower-cased, in each database's JSON syntax.
fn answer_of(backend: DbBackend, key: &'static str) -> SimpleExpr {
    debug_assert!(key.chars().all(|c| c.is_ascii_lowercase() || c == '_'));
    match backend {
        DbBackend::Postgres => Expr::cust(format!("LOWER(\"group_profiles\".\"extra_info\" ->> '{key}')")),
        _ => Expr::cust(format!("LOWER(json_extract(\"group_profiles\".\"extra_info\", '$.{key}'))")),
    }
}

fn matching_skills(skill_ids: &[i64]) -> SimpleExpr {
    if skill_ids.is_empty() {
        return Expr::cust("CAST(0 AS BIGINT)");
    }
    let mut count = Query::select();
    count
        .expr(Expr::col((profile_topics::Entity, profile_topics::Column::Id)).count())
        .from(profile_topics::Entity)
        .and_where(
            Expr::col((profile_topics::Entity, profile_topics::Column::ProfileId))
                .equals((profiles::Entity, profiles::Column::Id)),
        )
        .and_where(Expr::col((profile_topics::Entity, profile_topics::Column::TopicId)).is_in(skill_ids.to_vec()));
    SimpleExpr::SubQuery(None, Box::new(count.to_owned().into()))
}

fn same_country(countries: &[String]) -> SimpleExpr {
    if countries.is_empty() {
        return Expr::cust("0");
    }
    CaseStatement::new()
        .case(
            Expr::expr(Func::lower(Expr::col((profiles::Entity, profiles::Column::Country)))).is_in(countries.to_vec()),
            Expr::cust("1"),
        )
        .finally(Expr::cust("0"))
        .into()
}

/// One page of recommended people, best fit first, and how many there are.
pub async fn recommended(
    db: &impl ConnectionTrait,
    what: &Recommend,
    offset: u64,
    limit: u64,
) -> StoreResult<(Vec<Recommended>, u64)> {
    let backend = db.get_database_backend();
    let members = Query::select()
        .column(memberships::Column::UserId)
        .from(memberships::Entity)
        .and_where(memberships::Column::GroupId.eq(what.group_id))
        .and_where(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .to_owned();
    let applied = Query::select()
        .expr(Expr::val(1))
        .from(job_applications::Entity)
        .and_where(Expr::col((job_applications::Entity, job_applications::Column::JobPostId)).eq(what.job_post_id))
        .and_where(
            Expr::col((job_applications::Entity, job_applications::Column::UserId))
                .equals((users::Entity, users::Column::Id)),
        )
        .to_owned();
    let mut query = users::Entity::find()
        .join(
            JoinType::LeftJoin,
            sea_orm::RelationDef::from(
                profiles::Entity::belongs_to(users::Entity).from(profiles::Column::UserId).to(users::Column::Id),
            )
            .rev(),
        )
        .filter(users::Column::IsActive.eq(true))
        .filter(users::Column::Id.in_subquery(members))
        .filter(Expr::exists(applied).not());
    if let Some(me) = what.exclude_user {
        query = query.filter(users::Column::Id.ne(me));
    }
    if !what.answers.is_empty() {
        let mut answered = Query::select()
            .column(group_profiles::Column::UserId)
            .from(group_profiles::Entity)
            .and_where(group_profiles::Column::GroupId.eq(what.organization_id))
            .to_owned();
        for (key, value) in &what.answers {
            answered.and_where(answer_of(backend, key).eq(value.to_lowercase()));
        }
        query = query.filter(users::Column::Id.in_subquery(answered));
    }
    let count = query.clone().count(db).await?;
    let skills = matching_skills(&what.skill_ids);
    let country = same_country(&what.countries);
    let completion = Expr::expr(Func::coalesce([
        SimpleExpr::from(Expr::col((profiles::Entity, profiles::Column::CompletionPercent))),
        SimpleExpr::from(Expr::val(0)),
    ]));
    let rows: Vec<(i64, i64, i32)> = query
        .select_only()
        .column(users::Column::Id)
        .column_as(skills.clone(), "matching_skills")
        .column_as(country.clone(), "same_country")
        .order_by(skills, Order::Desc)
        .order_by(country, Order::Desc)
        .order_by(completion, Order::Desc)
        .order_by_asc(users::Column::Id)
        .offset(offset)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?;
    Ok((
        rows.into_iter()
            .map(|(user_id, skills, country)| Recommended {
                user_id,
                matching_skills: u64::try_from(skills).unwrap_or(0),
                same_country: country > 0,
            })
            .collect(),
        count,
    ))
}
