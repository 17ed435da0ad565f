//! The source rows items are made from, read by id in a fixed number of queries per batch:
//! the row, its topic or skill names, and whether its group is public. A member is read with
//! the sites they belong to, their answers there and what they wrote about their goals.
//! Turning these into texts and facts is `services::matching::documents`'s.

use std::collections::HashMap;

use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, JoinType, QueryFilter, QueryOrder, QuerySelect};
use serde_json::Value;

use super::super::{memberships::STATUS_ACCEPTED, visibility::PRIVACY_PRIVATE};
use crate::{
    entities::{
        agent_runs, ai_tools, career_tips, circle_requests, contents, group_profiles, group_topics, groups,
        job_post_skills, job_posts, memberships, profile_topics, profiles, topics, use_cases, users,
    },
    StoreResult,
};

/// A circle or event with its topic names.
#[derive(Debug, Clone)]
pub struct GroupSource {
    pub group: groups::Model,
    pub topics: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct JobSource {
    pub job: job_posts::Model,
    pub skills: Vec<String>,
    pub group_is_public: bool,
}

/// A resource or prompt.
#[derive(Debug, Clone)]
pub struct ContentSource {
    pub content: contents::Model,
    pub topics: Vec<String>,
    pub group_is_public: bool,
}

#[derive(Debug, Clone)]
pub struct UseCaseSource {
    pub use_case: use_cases::Model,
    pub topics: Vec<String>,
}

/// A member on one site: their answers on its organization and what they wrote there about
/// where they want to go.
#[derive(Debug, Clone)]
pub struct MemberSite {
    pub tenant_id: i64,
    /// An accepted member of a group of the site (else they are not offered to others).
    pub accepted: bool,
    pub answers: Option<group_profiles::Model>,
    /// Text answers of their agent runs and the goals of their circle requests, newest first.
    pub goals: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct MemberSource {
    pub user: users::Model,
    pub profile: Option<profiles::Model>,
    pub topics: Vec<String>,
    pub sites: Vec<MemberSite>,
}

fn by_id<T>(rows: Vec<T>, id: impl Fn(&T) -> i64) -> HashMap<i64, T> {
    rows.into_iter().map(|r| (id(&r), r)).collect()
}

/// Topic names by a row id, from `(row id, topic id)` pairs.
async fn names_of(db: &impl ConnectionTrait, pairs: Vec<(i64, i64)>) -> StoreResult<HashMap<i64, Vec<String>>> {
    let mut out: HashMap<i64, Vec<String>> = HashMap::new();
    if pairs.is_empty() {
        return Ok(out);
    }
    let mut ids: Vec<i64> = pairs.iter().map(|(_, t)| *t).collect();
    ids.sort_unstable();
    ids.dedup();
    let names: HashMap<i64, String> = topics::Entity::find()
        .select_only()
        .column(topics::Column::Id)
        .column(topics::Column::Name)
        .filter(topics::Column::Id.is_in(ids))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    for (row, topic) in pairs {
        if let Some(name) = names.get(&topic) {
            let list = out.entry(row).or_default();
            if !list.contains(name) {
                list.push(name.clone());
            }
        }
    }
    Ok(out)
}

/// Topic ids in a JSON list of numbers or numeric strings.
fn json_ids(value: &Option<Value>) -> Vec<i64> {
    match value {
        Some(Value::Array(items)) => {
            items.iter().filter_map(|v| v.as_i64().or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))).collect()
        }
        _ => Vec::new(),
    }
}

/// Which of `group_ids` are public (anyone may see them).
async fn public_groups(db: &impl ConnectionTrait, group_ids: Vec<i64>) -> StoreResult<Vec<i64>> {
    if group_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(groups::Entity::find()
        .select_only()
        .column(groups::Column::Id)
        .filter(groups::Column::Id.is_in(group_ids))
        .filter(groups::Column::Privacy.lt(PRIVACY_PRIVATE))
        .into_tuple()
        .all(db)
        .await?)
}

pub async fn groups(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, GroupSource>> {
    let rows = groups::Entity::find().filter(groups::Column::Id.is_in(ids.to_vec())).all(db).await?;
    let pairs: Vec<(i64, i64)> = group_topics::Entity::find()
        .select_only()
        .column(group_topics::Column::GroupId)
        .column(group_topics::Column::TopicId)
        .filter(group_topics::Column::GroupId.is_in(ids.to_vec()))
        .order_by_asc(group_topics::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let mut names = names_of(db, pairs).await?;
    Ok(by_id(
        rows.into_iter().map(|g| GroupSource { topics: names.remove(&g.id).unwrap_or_default(), group: g }).collect(),
        |s| s.group.id,
    ))
}

pub async fn jobs(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, JobSource>> {
    let rows = job_posts::Entity::find().filter(job_posts::Column::Id.is_in(ids.to_vec())).all(db).await?;
    let pairs: Vec<(i64, i64)> = job_post_skills::Entity::find()
        .select_only()
        .column(job_post_skills::Column::JobPostId)
        .column(job_post_skills::Column::TopicId)
        .filter(job_post_skills::Column::JobPostId.is_in(ids.to_vec()))
        .order_by_asc(job_post_skills::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let mut names = names_of(db, pairs).await?;
    let public = public_groups(db, rows.iter().map(|j| j.group_id).collect()).await?;
    Ok(by_id(
        rows.into_iter()
            .map(|j| JobSource {
                skills: names.remove(&j.id).unwrap_or_default(),
                group_is_public: public.contains(&j.group_id),
                job: j,
            })
            .collect(),
        |s| s.job.id,
    ))
}

pub async fn contents(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, ContentSource>> {
    let rows = contents::Entity::find().filter(contents::Column::Id.is_in(ids.to_vec())).all(db).await?;
    let pairs: Vec<(i64, i64)> =
        rows.iter().flat_map(|c| json_ids(&c.topics).into_iter().map(move |t| (c.id, t))).collect();
    let mut names = names_of(db, pairs).await?;
    let public = public_groups(db, rows.iter().map(|c| c.group_id).collect()).await?;
    Ok(by_id(
        rows.into_iter()
            .map(|c| ContentSource {
                topics: names.remove(&c.id).unwrap_or_default(),
                group_is_public: public.contains(&c.group_id),
                content: c,
            })
            .collect(),
        |s| s.content.id,
    ))
}

pub async fn use_cases(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, UseCaseSource>> {
    let rows = use_cases::Entity::find().filter(use_cases::Column::Id.is_in(ids.to_vec())).all(db).await?;
    let pairs: Vec<(i64, i64)> =
        rows.iter().flat_map(|c| json_ids(&c.topics).into_iter().map(move |t| (c.id, t))).collect();
    let mut names = names_of(db, pairs).await?;
    Ok(by_id(
        rows.into_iter()
            .map(|u| UseCaseSource { topics: names.remove(&u.id).unwrap_or_default(), use_case: u })
            .collect(),
        |s| s.use_case.id,
    ))
}

pub async fn ai_tools(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, ai_tools::Model>> {
    let rows = ai_tools::Entity::find().filter(ai_tools::Column::Id.is_in(ids.to_vec())).all(db).await?;
    Ok(by_id(rows, |t| t.id))
}

pub async fn career_tips(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, career_tips::Model>> {
    let rows = career_tips::Entity::find().filter(career_tips::Column::Id.is_in(ids.to_vec())).all(db).await?;
    Ok(by_id(rows, |t| t.id))
}

/// Goals read per member and site, at most.
const GOALS_PER_SITE: usize = 4;
/// Agent runs read per member, at most (newest first).
const RUNS_READ: u64 = 20;

/// The strings of an agent run's answers that say something in words (three words or more):
/// what the member typed, not the options they picked.
fn typed_answers(answers: &Value, out: &mut Vec<String>) {
    match answers {
        Value::String(s) if s.split_whitespace().count() >= 3 => out.push(s.trim().to_string()),
        Value::Object(map) => map.values().for_each(|v| typed_answers(v, out)),
        Value::Array(items) => items.iter().for_each(|v| typed_answers(v, out)),
        _ => {}
    }
}

pub async fn members(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, MemberSource>> {
    let people = users::Entity::find().filter(users::Column::Id.is_in(ids.to_vec())).all(db).await?;
    let profiles = profiles::Entity::find().filter(profiles::Column::UserId.is_in(ids.to_vec())).all(db).await?;
    let profile_of: HashMap<i64, i64> = profiles.iter().map(|p| (p.id, p.user_id)).collect();
    let pairs: Vec<(i64, i64)> = profile_topics::Entity::find()
        .select_only()
        .column(profile_topics::Column::ProfileId)
        .column(profile_topics::Column::TopicId)
        .filter(profile_topics::Column::ProfileId.is_in(profile_of.keys().copied().collect::<Vec<_>>()))
        .order_by_asc(profile_topics::Column::Position)
        .order_by_asc(profile_topics::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let mut topic_names = names_of(db, pairs).await?;
    // Every site the member has a membership of (any status), and whether it is accepted.
    let held: Vec<(i64, i64, String, bool, i64)> = memberships::Entity::find()
        .select_only()
        .column(memberships::Column::UserId)
        .column(groups::Column::TenantId)
        .column(memberships::Column::Status)
        .column(groups::Column::IsTenantRoot)
        .column(groups::Column::Id)
        .join(
            JoinType::InnerJoin,
            memberships::Entity::belongs_to(groups::Entity)
                .from(memberships::Column::GroupId)
                .to(groups::Column::Id)
                .into(),
        )
        .filter(memberships::Column::UserId.is_in(ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    let mut sites: HashMap<(i64, i64), MemberSite> = HashMap::new();
    let mut organizations: HashMap<i64, i64> = HashMap::new();
    for (user_id, tenant_id, status, is_root, group_id) in held {
        let site = sites.entry((user_id, tenant_id)).or_insert(MemberSite {
            tenant_id,
            accepted: false,
            answers: None,
            goals: Vec::new(),
        });
        site.accepted |= status == STATUS_ACCEPTED;
        if is_root {
            organizations.insert(group_id, tenant_id);
        }
    }
    if !organizations.is_empty() {
        let answers = group_profiles::Entity::find()
            .filter(group_profiles::Column::UserId.is_in(ids.to_vec()))
            .filter(group_profiles::Column::GroupId.is_in(organizations.keys().copied().collect::<Vec<_>>()))
            .all(db)
            .await?;
        for answer in answers {
            if let Some(tenant_id) = organizations.get(&answer.group_id) {
                if let Some(site) = sites.get_mut(&(answer.user_id, *tenant_id)) {
                    site.answers = Some(answer);
                }
            }
        }
    }
    let runs = agent_runs::Entity::find()
        .filter(
            Condition::any()
                .add(agent_runs::Column::UserId.is_in(ids.to_vec()))
                .add(agent_runs::Column::BeneficiaryId.is_in(ids.to_vec())),
        )
        .order_by_desc(agent_runs::Column::Id)
        .limit(RUNS_READ * ids.len() as u64)
        .all(db)
        .await?;
    for run in runs {
        let owner = run.beneficiary_id.unwrap_or(run.user_id);
        if let Some(site) = sites.get_mut(&(owner, run.tenant_id)) {
            let mut typed = Vec::new();
            typed_answers(&run.answers, &mut typed);
            for text in typed {
                if site.goals.len() < GOALS_PER_SITE && !site.goals.contains(&text) {
                    site.goals.push(text);
                }
            }
        }
    }
    let requests = circle_requests::Entity::find()
        .filter(circle_requests::Column::UserId.is_in(ids.to_vec()))
        .order_by_desc(circle_requests::Column::Id)
        .limit(5 * ids.len() as u64)
        .all(db)
        .await?;
    for request in requests {
        if let Some(site) = sites.get_mut(&(request.user_id, request.tenant_id)) {
            if site.goals.len() < GOALS_PER_SITE && !request.goal.trim().is_empty() {
                site.goals.push(request.goal.trim().to_string());
            }
        }
    }
    let mut profile_by_user: HashMap<i64, profiles::Model> = profiles.into_iter().map(|p| (p.user_id, p)).collect();
    let mut out = HashMap::new();
    for user in people {
        let profile = profile_by_user.remove(&user.id);
        let topics = profile.as_ref().and_then(|p| topic_names.remove(&p.id)).unwrap_or_default();
        let mut mine: Vec<MemberSite> =
            sites.iter().filter(|((u, _), _)| *u == user.id).map(|(_, s)| s.clone()).collect();
        mine.sort_by_key(|s| s.tenant_id);
        out.insert(user.id, MemberSource { user, profile, topics, sites: mine });
    }
    Ok(out)
}
