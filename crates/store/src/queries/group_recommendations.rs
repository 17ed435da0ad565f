//! People recommended to a group (spec 001 §7 "Recommendations: group_id, entity_type
//! (research_collaboration or cross_group), group_from_user_to_be_included"): people of the
//! site who have no membership of the group (any status), taken from the accepted members of
//! another group (`cross_group`) or from the site's members who hold one of the group's
//! topics (`research_collaboration`), ranked by what they share with the group and paged in
//! the database.
//!
//! Here are the candidates (a bounded pool, [`pool`]) and who may be recommended at all
//! ([`admissible`]); the matching engine ranks them (`services::matching::Engine::rank_people`).
//!
//! Cost: the candidates are read through indexes and bounded. A cross_group request ranks
//! the chosen group's accepted members (`(group_id, status)`), as the job's recommended
//! applicants do; a research_collaboration request ranks the people behind the newest
//! [`SITE_POOL`] profile topics among the group's topics (`profile_topics(topic_id)`), never
//! the whole site. Each signal is a correlated lookup on a unique index per candidate.

use sea_orm::{
    sea_query::{Expr, ExprTrait, Query, SelectStatement, SimpleExpr},
    ColumnTrait, ConnectionTrait, EntityTrait, Order, QueryFilter, QuerySelect,
};

use super::{
    assistant::{json_ids, json_texts},
    memberships::STATUS_ACCEPTED,
};
use crate::{
    entities::{group_profiles, groups, memberships, profile_topics, profiles, topics, users},
    StoreResult,
};

/// A research_collaboration request ranks the people of at most this many profile topics
/// (the newest) among the group's topics; a cross_group one at most this many of the
/// source group's accepted members (the newest).
pub const SITE_POOL: u64 = 1000;

/// What a group is about: what its recommended people are ranked by.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GroupInterests {
    /// Its topics and skills, display names.
    pub topics: Vec<String>,
    /// Its countries as stored, lower-cased.
    pub countries: Vec<String>,
    /// Career stage and professional field option ids.
    pub stages: Vec<i64>,
    pub fields: Vec<i64>,
}

impl GroupInterests {
    /// The topic names lower-cased (`topics.name_key`).
    pub fn topic_keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = self.topics.iter().map(|t| t.to_lowercase()).collect();
        keys.sort();
        keys.dedup();
        keys
    }
}

/// The group's topics, countries, career stages and professional fields.
pub async fn interests_of(db: &impl ConnectionTrait, group: &groups::Model) -> StoreResult<GroupInterests> {
    let topics = super::groups::topics_of(db, &[group.id])
        .await?
        .remove(&group.id)
        .unwrap_or_default()
        .into_iter()
        .map(|(_, name)| name)
        .collect();
    let mut countries = json_texts(&group.countries);
    countries.extend(group.country.as_deref().map(|c| c.trim().to_lowercase()).filter(|c| !c.is_empty()));
    Ok(GroupInterests {
        topics,
        countries,
        stages: json_ids(&group.career_stages),
        fields: json_ids(&group.professional_fields),
    })
}

/// Where the people come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The accepted members of this group (cross_group).
    Group(i64),
    /// The site's members who hold one of the group's topics (research_collaboration).
    Site,
}

/// What to recommend.
#[derive(Debug, Clone)]
pub struct Recommend<'a> {
    pub tenant_id: i64,
    /// The site's organization: people must be its accepted members (people of the site, who
    /// can be invited), and their career stage and field are their answers on it.
    pub organization_id: i64,
    /// The group recommended to: anyone with a membership of it is left out (none for a
    /// member's package, where nobody is left out but the member).
    pub group_id: Option<i64>,
    pub source: Source,
    /// The group's topic names, lower-cased.
    pub topic_keys: &'a [String],
    /// The group's countries, every spelling, lower-cased.
    pub countries: &'a [String],
    pub stages: &'a [i64],
    pub fields: &'a [i64],
    /// Left out (the caller).
    pub exclude_user: Option<i64>,
    /// Only people whose career stage on the organization is within these bounds
    /// (inclusive): a package's mentors (later stages) or mentees (earlier ones).
    pub stage_between: Option<(i64, i64)>,
}

/// "The `users` row has a membership of `group_id`" (with `status`, or any).
fn membership_of(group_id: i64, status: Option<&str>) -> SimpleExpr {
    let mut member = Query::select();
    member
        .expr(Expr::val(1))
        .from(memberships::Entity)
        .and_where(Expr::col((memberships::Entity, memberships::Column::GroupId)).eq(group_id))
        .and_where(
            Expr::col((memberships::Entity, memberships::Column::UserId)).equals((users::Entity, users::Column::Id)),
        );
    if let Some(status) = status {
        member.and_where(Expr::col((memberships::Entity, memberships::Column::Status)).eq(status));
    }
    Expr::exists(member.to_owned())
}

/// "The `users` row's career stage on the organization is between `low` and `high`".
fn stage_between(organization_id: i64, low: i64, high: i64) -> SimpleExpr {
    let mut answer = Query::select();
    answer
        .expr(Expr::val(1))
        .from(group_profiles::Entity)
        .and_where(Expr::col((group_profiles::Entity, group_profiles::Column::GroupId)).eq(organization_id))
        .and_where(
            Expr::col((group_profiles::Entity, group_profiles::Column::UserId))
                .equals((users::Entity, users::Column::Id)),
        )
        .and_where(Expr::col((group_profiles::Entity, group_profiles::Column::CareerStage)).between(low, high));
    Expr::exists(answer.to_owned())
}

/// The ids of the site's topics named `keys` (any type: a skill and a topic may share a name).
async fn topic_ids(db: &impl ConnectionTrait, tenant_id: i64, keys: &[String]) -> StoreResult<Vec<i64>> {
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    Ok(topics::Entity::find()
        .select_only()
        .column(topics::Column::Id)
        .filter(topics::Column::TenantId.eq(tenant_id))
        .filter(topics::Column::NameKey.is_in(keys.to_vec()))
        .into_tuple()
        .all(db)
        .await?)
}

/// The candidates (`users` joined to their profile) without the ranking columns, or `None`
/// when there can be none.
async fn candidates(db: &impl ConnectionTrait, what: &Recommend<'_>) -> StoreResult<Option<SelectStatement>> {
    let mut query = admissible_people(what);
    if !add_source(db, what, &mut query).await? {
        return Ok(None);
    }
    Ok(Some(query))
}

/// Who may be recommended at all: active accepted members of the site's organization with
/// no membership of the group, at the stages asked, never the caller.
fn admissible_people(what: &Recommend<'_>) -> SelectStatement {
    let mut query = Query::select();
    query
        .from(users::Entity)
        .left_join(
            profiles::Entity,
            Expr::col((profiles::Entity, profiles::Column::UserId)).equals((users::Entity, users::Column::Id)),
        )
        .and_where(Expr::col((users::Entity, users::Column::IsActive)).eq(true))
        .and_where(membership_of(what.organization_id, Some(STATUS_ACCEPTED)));
    if let Some(group_id) = what.group_id {
        query.and_where(membership_of(group_id, None).not());
    }
    if let Some((low, high)) = what.stage_between {
        query.and_where(stage_between(what.organization_id, low, high));
    }
    if let Some(me) = what.exclude_user {
        query.and_where(Expr::col((users::Entity, users::Column::Id)).ne(me));
    }
    query
}

/// Narrows `query` to the request's source; `false` when it can hold nobody.
async fn add_source(db: &impl ConnectionTrait, what: &Recommend<'_>, query: &mut SelectStatement) -> StoreResult<bool> {
    match what.source {
        Source::Group(source) => {
            let members = Query::select()
                .column(memberships::Column::UserId)
                .from(memberships::Entity)
                .and_where(memberships::Column::GroupId.eq(source))
                .and_where(memberships::Column::Status.eq(STATUS_ACCEPTED))
                // The source may be the whole site: its newest members, on
                // `ix_memberships_group_status_created`, bound the ranking.
                .order_by(memberships::Column::CreatedAt, Order::Desc)
                .limit(SITE_POOL)
                .to_owned();
            query.and_where(Expr::col((users::Entity, users::Column::Id)).in_subquery(members));
        }
        Source::Site => {
            let ids = topic_ids(db, what.tenant_id, what.topic_keys).await?;
            if ids.is_empty() {
                return Ok(false);
            }
            let holders = Query::select()
                .column(profile_topics::Column::ProfileId)
                .from(profile_topics::Entity)
                .and_where(profile_topics::Column::TopicId.is_in(ids))
                .order_by(profile_topics::Column::Id, Order::Desc)
                .limit(SITE_POOL)
                .to_owned();
            query.and_where(Expr::col((profiles::Entity, profiles::Column::Id)).in_subquery(holders));
        }
    }
    Ok(true)
}

/// The request's candidates (at most [`SITE_POOL`]), for the matching engine to rank.
pub async fn pool(db: &impl ConnectionTrait, what: &Recommend<'_>) -> StoreResult<Vec<i64>> {
    let Some(base) = candidates(db, what).await? else { return Ok(Vec::new()) };
    let statement = base
        .clone()
        .expr_as(Expr::col((users::Entity, users::Column::Id)), "user_id")
        .order_by((users::Entity, users::Column::Id), Order::Desc)
        .limit(SITE_POOL)
        .to_owned();
    let mut out = Vec::new();
    for row in db.query_all(&statement).await? {
        out.push(row.try_get::<i64>("", "user_id")?);
    }
    Ok(out)
}

/// Which of `ids` may be recommended (the filters of [`pool`] without its source).
pub async fn admissible(db: &impl ConnectionTrait, what: &Recommend<'_>, ids: &[i64]) -> StoreResult<Vec<i64>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let statement = admissible_people(what)
        .expr_as(Expr::col((users::Entity, users::Column::Id)), "user_id")
        .and_where(Expr::col((users::Entity, users::Column::Id)).is_in(ids.to_vec()))
        .to_owned();
    let mut out = Vec::new();
    for row in db.query_all(&statement).await? {
        out.push(row.try_get::<i64>("", "user_id")?);
    }
    Ok(out)
}
