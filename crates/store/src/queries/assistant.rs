//! The assistant's conversations (spec 002 §4 "Assistant chat"), what the CareerGPS reports
//! know of their owner ([`asker`]), and the staff recommendation package's items. Finding
//! what fits a member is the matching engine's (`queries::matching`,
//! `services::matching`).

use std::collections::HashMap;

use sea_orm::{
    sea_query::{Expr, ExprTrait, Query, SimpleExpr},
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, JoinType, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde_json::Value;

use super::{
    memberships::STATUS_ACCEPTED,
    visibility::{visible_to, Viewer, PRIVACY_PRIVATE},
};
use crate::{
    entities::{
        ama_chats, ama_feedback, contents, group_profiles, groups, memberships, profile_topics, profiles, topics, users,
    },
    StoreResult,
};

/// Who asks: what ranks items for them.
#[derive(Debug, Clone, Default)]
pub struct Asker {
    pub user_id: i64,
    pub is_staff: bool,
    /// Every spelling of the asker's country, lower-cased (empty when unknown).
    pub country_spellings: Vec<String>,
    pub country: Option<String>,
    /// Career stage and professional field option ids on the site's organization.
    pub career_stage: Option<i64>,
    pub professional_field: Option<i64>,
    /// The asker's topics and skills, lower-cased names.
    pub topics: Vec<String>,
    /// The topics of the items the asker bookmarked ([`bookmarked_topic_names`]) that are not
    /// among `topics`, lower-cased: interests too, though not the profile's.
    pub bookmarked_topics: Vec<String>,
    /// The asker's profile title ("Senior Data Analyst").
    pub title: Option<String>,
}

/// Numbers in a JSON array of numbers or numeric strings (`["3", 4]`).
pub(crate) fn json_ids(value: &Option<Value>) -> Vec<i64> {
    match value {
        Some(Value::Array(items)) => {
            items.iter().filter_map(|v| v.as_i64().or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))).collect()
        }
        _ => Vec::new(),
    }
}

pub(crate) fn json_texts(value: &Option<Value>) -> Vec<String> {
    match value {
        Some(Value::Array(items)) => items.iter().filter_map(|v| v.as_str().map(|s| s.trim().to_lowercase())).collect(),
        _ => Vec::new(),
    }
}

/// Names of the topics and skills of some profiles, by profile.
pub async fn profile_topic_names(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, Vec<String>>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, String)> = profile_topics::Entity::find()
        .select_only()
        .column(profile_topics::Column::ProfileId)
        .column(topics::Column::Name)
        .join(
            JoinType::InnerJoin,
            profile_topics::Entity::belongs_to(topics::Entity)
                .from(profile_topics::Column::TopicId)
                .to(topics::Column::Id)
                .into(),
        )
        .filter(profile_topics::Column::ProfileId.is_in(ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    let mut out: HashMap<i64, Vec<String>> = HashMap::new();
    for (id, name) in rows {
        out.entry(id).or_default().push(name);
    }
    Ok(out)
}

/// The asker as retrieval ranks for them: their profile's country and topics, and their
/// registration answers (stage, field) on the site's organization.
pub async fn asker(
    db: &impl ConnectionTrait,
    organization_id: i64,
    user: &users::Model,
    country_spellings: impl Fn(&str) -> Vec<String>,
) -> StoreResult<Asker> {
    let profile = profiles::Entity::find().filter(profiles::Column::UserId.eq(user.id)).one(db).await?;
    let mut asker = Asker { user_id: user.id, is_staff: user.is_staff, ..Default::default() };
    if let Some(profile) = profile {
        asker.title = profile.title.clone().filter(|t| !t.trim().is_empty());
        if let Some(country) = profile.country.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
            let mut spellings: Vec<String> = country_spellings(country).into_iter().map(|s| s.to_lowercase()).collect();
            spellings.push(country.to_lowercase());
            asker.country_spellings = spellings;
            asker.country = Some(country.to_string());
        }
        asker.topics = profile_topic_names(db, &[profile.id])
            .await?
            .remove(&profile.id)
            .unwrap_or_default()
            .into_iter()
            .map(|t| t.to_lowercase())
            .collect();
    }
    let answers = group_profiles::Entity::find()
        .filter(group_profiles::Column::GroupId.eq(organization_id))
        .filter(group_profiles::Column::UserId.eq(user.id))
        .one(db)
        .await?;
    if let Some(answers) = answers {
        asker.career_stage = answers.career_stage;
        asker.professional_field = answers.professional_field;
    }
    for name in bookmarked_topic_names(db, organization_id, user.id).await? {
        let name = name.to_lowercase();
        if !asker.topics.contains(&name) && !asker.bookmarked_topics.contains(&name) {
            asker.bookmarked_topics.push(name);
        }
    }
    Ok(asker)
}

/// How many of a member's newest bookmarks lend their topics to their interests.
pub const BOOKMARKS_READ: u64 = 50;
/// At most this many topics are taken from bookmarks.
pub const MAX_BOOKMARKED_TOPICS: u64 = 20;

/// The topics (and skills) of the items the user bookmarked on the site of `organization_id`:
/// a circle's or event's topics, a job's skills, a resource's and a use case's topics. One
/// query, bounded: the newest [`BOOKMARKS_READ`] bookmarks (the `(user, tenant, …)` index),
/// each item by its primary key, at most [`MAX_BOOKMARKED_TOPICS`] names of the site's topics.
pub async fn bookmarked_topic_names(
    db: &impl ConnectionTrait,
    organization_id: i64,
    user_id: i64,
) -> StoreResult<Vec<String>> {
    let tenant: Option<i64> = groups::Entity::find_by_id(organization_id)
        .select_only()
        .column(groups::Column::TenantId)
        .into_tuple()
        .one(db)
        .await?;
    match tenant {
        Some(tenant_id) => bookmarked_topic_names_on(db, tenant_id, user_id).await,
        None => Ok(Vec::new()),
    }
}

/// [`bookmarked_topic_names`] on the site `tenant_id`.
pub async fn bookmarked_topic_names_on(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
) -> StoreResult<Vec<String>> {
    use domain::bookmarks::EntityType;
    use sea_orm::{DbBackend, Statement};

    let backend = db.get_database_backend();
    // A JSON array of topic ids of the row `alias`, as rows of "e" whose id is `elem`.
    let (expand, elem, params): (fn(&str) -> String, &str, [&str; 3]) = match backend {
        DbBackend::Postgres => (
            |alias| {
                format!(
                    "CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(\"{alias}\".\"topics\") = \
                     'array' THEN \"{alias}\".\"topics\" ELSE '[]'::jsonb END) AS \"e\"(\"v\") WHERE \"e\".\"v\" ~ \
                     '^[0-9]{{1,18}}$'"
                )
            },
            "CAST(\"e\".\"v\" AS BIGINT)",
            ["$1", "$2", "$3"],
        ),
        _ => (
            |alias| {
                format!(
                    ", json_each(CASE WHEN json_valid(\"{alias}\".\"topics\") THEN CASE WHEN \
                     json_type(\"{alias}\".\"topics\") = 'array' THEN \"{alias}\".\"topics\" ELSE '[]' END ELSE \
                     '[]' END) AS \"e\" WHERE \"e\".\"type\" = 'integer'"
                )
            },
            "\"e\".\"value\"",
            ["?", "?", "?"],
        ),
    };
    let [user, org, org_again] = params;
    let (group, job, resource, use_case) = (
        EntityType::Group.as_str(),
        EntityType::Job.as_str(),
        EntityType::Resource.as_str(),
        EntityType::UseCase.as_str(),
    );
    // The topics found are read by their key (the unary `+` keeps SQLite from reading every
    // topic of the site by its tenant index instead).
    let sql = format!(
        r#"WITH "recent" AS (
    SELECT "entity_type", "entity_id" FROM "bookmarks"
    WHERE "user_id" = {user} AND "tenant_id" = {org}
    ORDER BY "created_at" DESC, "id" DESC LIMIT {BOOKMARKS_READ}
), "ids" AS (
    SELECT "gt"."topic_id" AS "id" FROM "group_topics" AS "gt"
        JOIN "recent" AS "r" ON "r"."entity_type" = '{group}' AND "gt"."group_id" = "r"."entity_id"
    UNION SELECT "s"."topic_id" FROM "job_post_skills" AS "s"
        JOIN "recent" AS "r" ON "r"."entity_type" = '{job}' AND "s"."job_post_id" = "r"."entity_id"
    UNION SELECT {elem} FROM "contents" AS "c"
        JOIN "recent" AS "r" ON "r"."entity_type" = '{resource}' AND "c"."id" = "r"."entity_id" {contents}
    UNION SELECT {elem} FROM "use_cases" AS "u"
        JOIN "recent" AS "r" ON "r"."entity_type" = '{use_case}' AND "u"."id" = "r"."entity_id" {use_cases}
)
SELECT "t"."name" AS "name" FROM "topics" AS "t"
WHERE "t"."id" IN (SELECT "id" FROM "ids")
    AND +"t"."tenant_id" = {org_again}
ORDER BY "t"."name" LIMIT {MAX_BOOKMARKED_TOPICS}"#,
        contents = expand("c"),
        use_cases = expand("u"),
    );
    let statement = Statement::from_sql_and_values(backend, sql, [user_id.into(), tenant_id.into(), tenant_id.into()]);
    let mut names = Vec::new();
    for row in db.query_all_raw(statement).await? {
        names.push(row.try_get::<String>("", "name")?);
    }
    Ok(names)
}

/// "The person is an accepted member of a group of the site" for the `users` row.
fn member_of_site(tenant_id: i64) -> SimpleExpr {
    let mut member = Query::select();
    member
        .expr(Expr::val(1))
        .from(memberships::Entity)
        .inner_join(
            groups::Entity,
            Expr::col((groups::Entity, groups::Column::Id)).equals((memberships::Entity, memberships::Column::GroupId)),
        )
        .and_where(
            Expr::col((memberships::Entity, memberships::Column::UserId)).equals((users::Entity, users::Column::Id)),
        )
        .and_where(Expr::col((memberships::Entity, memberships::Column::Status)).eq(STATUS_ACCEPTED))
        .and_where(Expr::col((groups::Entity, groups::Column::TenantId)).eq(tenant_id));
    Expr::exists(member.to_owned())
}

/// "The row's group (`group_id` of `table`) is public": resources are recommended only
/// from groups anyone may see.
fn in_public_group(group_id: SimpleExpr) -> SimpleExpr {
    let mut public = Query::select();
    public
        .expr(Expr::val(1))
        .from(groups::Entity)
        .and_where(Expr::col((groups::Entity, groups::Column::Id)).eq(group_id))
        .and_where(Expr::col((groups::Entity, groups::Column::Privacy)).lt(PRIVACY_PRIVATE));
    Expr::exists(public.to_owned())
}

// ---- Conversations ----

/// A new chat: the question and its answer.
pub struct NewChat<'a> {
    pub tenant_id: i64,
    pub user_id: i64,
    pub parent_chat: Option<i64>,
    pub question: &'a str,
    pub answer: Value,
    pub source: &'a str,
}

pub async fn create_chat(db: &impl ConnectionTrait, chat: NewChat<'_>) -> StoreResult<ama_chats::Model> {
    Ok(ama_chats::ActiveModel {
        tenant_id: Set(chat.tenant_id),
        user_id: Set(chat.user_id),
        parent_chat: Set(chat.parent_chat),
        question: Set(chat.question.to_string()),
        answer: Set(chat.answer),
        source: Set(chat.source.to_string()),
        created_at: Set(chrono::Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

/// The member's own chat on the site.
pub async fn find_chat(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    id: i64,
) -> StoreResult<Option<ama_chats::Model>> {
    Ok(ama_chats::Entity::find_by_id(id)
        .filter(ama_chats::Column::TenantId.eq(tenant_id))
        .filter(ama_chats::Column::UserId.eq(user_id))
        .one(db)
        .await?)
}

/// The last `limit` chats of a thread (its first chat and those under it), oldest first:
/// the conversation a model is given.
pub async fn thread_tail(db: &impl ConnectionTrait, root: i64, limit: u64) -> StoreResult<Vec<ama_chats::Model>> {
    let mut rows = ama_chats::Entity::find()
        .filter(Condition::any().add(ama_chats::Column::Id.eq(root)).add(ama_chats::Column::ParentChat.eq(root)))
        .order_by_desc(ama_chats::Column::Id)
        .limit(limit)
        .all(db)
        .await?;
    rows.reverse();
    Ok(rows)
}

/// One page of the member's chats on the site, newest first (optionally one thread's),
/// and how many there are.
pub async fn chats_page(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    thread: Option<i64>,
    offset: u64,
    limit: u64,
) -> StoreResult<(Vec<ama_chats::Model>, u64)> {
    let mut query = ama_chats::Entity::find()
        .filter(ama_chats::Column::TenantId.eq(tenant_id))
        .filter(ama_chats::Column::UserId.eq(user_id));
    if let Some(root) = thread {
        query = query
            .filter(Condition::any().add(ama_chats::Column::Id.eq(root)).add(ama_chats::Column::ParentChat.eq(root)));
    }
    let count = query.clone().count(db).await?;
    let rows = query.order_by_desc(ama_chats::Column::Id).offset(offset).limit(limit).all(db).await?;
    Ok((rows, count))
}

/// The ratings of some chats, by chat.
pub async fn ratings_of(db: &impl ConnectionTrait, chat_ids: &[i64]) -> StoreResult<HashMap<i64, i16>> {
    if chat_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, i16)> = ama_feedback::Entity::find()
        .select_only()
        .column(ama_feedback::Column::ChatId)
        .column(ama_feedback::Column::Rating)
        .filter(ama_feedback::Column::ChatId.is_in(chat_ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// Rates an answer (again: the new rating and reason replace the old).
pub async fn rate(
    db: &impl ConnectionTrait,
    chat_id: i64,
    user_id: i64,
    rating: i16,
    feedback: &str,
) -> StoreResult<ama_feedback::Model> {
    let now = chrono::Utc::now();
    let existing = ama_feedback::Entity::find().filter(ama_feedback::Column::ChatId.eq(chat_id)).one(db).await?;
    Ok(match existing {
        Some(row) => {
            let mut active: ama_feedback::ActiveModel = row.into();
            active.rating = Set(rating);
            active.feedback = Set(feedback.to_string());
            active.updated_at = Set(now);
            active.update(db).await?
        }
        None => {
            ama_feedback::ActiveModel {
                chat_id: Set(chat_id),
                user_id: Set(user_id),
                rating: Set(rating),
                feedback: Set(feedback.to_string()),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(db)
            .await?
        }
    })
}

// ---- The staff recommendation package ----

/// One item of a package: id, display name, slug, and (groups) type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageItem {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub kind: String,
}

/// The active people among `ids` who are accepted members of a group of the site, with
/// their profile slug.
pub async fn package_people(db: &impl ConnectionTrait, tenant_id: i64, ids: &[i64]) -> StoreResult<Vec<PackageItem>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(i64, String, String, Option<String>)> = users::Entity::find()
        .select_only()
        .column(users::Column::Id)
        .column(users::Column::FirstName)
        .column(users::Column::LastName)
        .column(profiles::Column::NameSlug)
        .join(
            JoinType::LeftJoin,
            sea_orm::RelationDef::from(
                profiles::Entity::belongs_to(users::Entity).from(profiles::Column::UserId).to(users::Column::Id),
            )
            .rev(),
        )
        .filter(users::Column::Id.is_in(ids.to_vec()))
        .filter(users::Column::IsActive.eq(true))
        .filter(member_of_site(tenant_id))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, first, last, slug)| {
            Some(PackageItem {
                id,
                name: format!("{first} {last}").trim().to_string(),
                slug: slug?,
                kind: "user".into(),
            })
        })
        .collect())
}

/// The groups among `ids` of the site that `viewer` (the recipient) may see; never the root.
pub async fn package_groups(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    ids: &[i64],
    viewer: Viewer,
) -> StoreResult<Vec<PackageItem>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(i64, String, String, String)> = groups::Entity::find()
        .select_only()
        .column(groups::Column::Id)
        .column(groups::Column::Name)
        .column(groups::Column::Slug)
        .column(groups::Column::GroupType)
        .filter(groups::Column::Id.is_in(ids.to_vec()))
        .filter(groups::Column::TenantId.eq(tenant_id))
        .filter(groups::Column::IsTenantRoot.eq(false))
        .filter(visible_to(viewer))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|(id, name, slug, kind)| PackageItem { id, name, slug, kind }).collect())
}

/// The approved, not private resources among `ids` of the site, in public groups.
pub async fn package_resources(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    ids: &[i64],
) -> StoreResult<Vec<PackageItem>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(i64, String, String)> = contents::Entity::find()
        .select_only()
        .column(contents::Column::Id)
        .column(contents::Column::Title)
        .column(contents::Column::Slug)
        .filter(contents::Column::Id.is_in(ids.to_vec()))
        .filter(contents::Column::TenantId.eq(tenant_id))
        .filter(contents::Column::ContentType.is_in(["resource", "prompt"]))
        .filter(contents::Column::Status.eq(domain::content::STATUS_APPROVED))
        .filter(contents::Column::SecurityLevel.lt(domain::content::SECURITY_PRIVATE))
        .filter(in_public_group(Expr::col((contents::Entity, contents::Column::GroupId))))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|(id, name, slug)| PackageItem { id, name, slug, kind: "resource".into() }).collect())
}
