//! The assistant's retrieval and conversations (spec 002 §4 "Assistant chat").
//!
//! [`retrieve`] is the one retrieval function the assistant (and the CareerGPS agents) use:
//! given a site, the asker's profile, the words to look up and the kinds wanted, it asks the
//! shared full-text index for a bounded number of candidates of each kind (any of the words,
//! best text relevance first), keeps those the asker may see, reads what it needs to rank
//! them for the asker (topics, country, stage, field) in a fixed number of queries, and
//! ranks them with `domain::assistant`. Its cost follows the limits, not the site's size.

use std::collections::{BTreeMap, HashMap, HashSet};

use domain::assistant::{self as rules, ItemKind, Signals};
use sea_orm::{
    sea_query::{Expr, ExprTrait, Query, SimpleExpr},
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, JoinType, Order, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde_json::Value;

use super::{
    connections::PRIVACY_PRIVATE,
    groups::{visible_to, Viewer},
    memberships::STATUS_ACCEPTED,
};
use crate::{
    entities::{
        ai_tools, ama_chats, ama_feedback, contents, follows, group_profiles, group_topics, groups, job_posts,
        memberships, profile_topics, profiles, topics, use_cases, users,
    },
    search_index::{self, Kind, Target, TextQuery},
    StoreResult,
};

/// Candidates read from the index per kind, at most.
pub const CANDIDATES_PER_KIND: u64 = 20;
/// The index's best matches per kind that the site's rules then filter down to the
/// candidates: the bound that keeps a question's cost from growing with the site (an
/// asker's topics OR many common words). People are indexed for every site at once, so
/// this is also how far another site's people can crowd a site's own out of a pick.
pub const BEST_HITS_PER_KIND: u64 = 400;

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

/// What to retrieve.
#[derive(Debug, Clone)]
pub struct Retrieval<'a> {
    pub tenant_id: i64,
    pub asker: &'a Asker,
    /// Word prefixes (a `domain::assistant::QuestionPlan`'s terms).
    pub terms: &'a [String],
    /// The words as typed, for the reasons.
    pub words: &'a [String],
    /// The kinds wanted; the kinds the question named rank above the others.
    pub kinds: &'a [ItemKind],
    /// The kinds the question named (empty: none).
    pub asked: &'a [ItemKind],
    /// At most this many items are returned.
    pub limit: usize,
    /// Leave out the groups the asker joined (any membership) or follows, and the people
    /// they follow (recommendations).
    pub exclude_joined: bool,
}

/// One retrieved item, ranked for the asker.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    pub kind: ItemKind,
    pub id: i64,
    pub slug: String,
    pub name: String,
    /// Plain text, at most 200 characters.
    pub description: String,
    pub image_path: Option<String>,
    pub reason: String,
    pub score: f64,
    /// The item's topics the asker shares (display names).
    pub topics: Vec<String>,
    /// Extra link data: a job's group slug.
    pub group_slug: Option<String>,
}

const HITS: &str = "hits";

fn relevance() -> SimpleExpr {
    Expr::cust(format!("CAST(\"{HITS}\".\"{}\" AS DOUBLE PRECISION)", search_index::RELEVANCE))
}

/// `(id, relevance)` of at most [`CANDIDATES_PER_KIND`] rows of `E` the index finds for
/// `text` and `filter` keeps, best first.
async fn candidates<E: EntityTrait>(
    db: &impl ConnectionTrait,
    target: Target<'_>,
    text: &TextQuery,
    id_column: (E, E::Column),
    filter: Condition,
) -> StoreResult<Vec<(i64, f64)>> {
    let backend = db.get_database_backend();
    let mut query = E::find();
    search_index::drive_from_best_hits(
        QueryTrait::query(&mut query),
        backend,
        target,
        text,
        HITS,
        E::default(),
        id_column,
        BEST_HITS_PER_KIND,
    );
    let rows: Vec<(i64, f64)> = query
        .filter(filter)
        .select_only()
        .column_as(Expr::col(id_column), "id")
        .column_as(relevance(), "relevance")
        .order_by(relevance(), Order::Desc)
        .order_by(Expr::col(id_column), Order::Desc)
        .limit(CANDIDATES_PER_KIND)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows)
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

fn short(text: &str) -> String {
    let plain = domain::rich_text::plain_text(text);
    let plain = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    if plain.chars().count() > 200 {
        plain.chars().take(199).collect::<String>() + "…"
    } else {
        plain
    }
}

/// What one candidate brings to the ranking.
struct Candidate {
    kind: ItemKind,
    id: i64,
    slug: String,
    name: String,
    text: String,
    /// What the item's card shows (HTML or plain).
    summary: String,
    image_path: Option<String>,
    relevance: f64,
    topics: Vec<String>,
    countries: Vec<String>,
    stages: Vec<i64>,
    fields: Vec<i64>,
    group_slug: Option<String>,
}

impl Candidate {
    fn new(kind: ItemKind, id: i64, slug: String, name: String, text: String, relevance: f64) -> Self {
        Candidate {
            kind,
            id,
            slug,
            name,
            summary: text.clone(),
            text,
            image_path: None,
            relevance,
            topics: Vec::new(),
            countries: Vec::new(),
            stages: Vec::new(),
            fields: Vec::new(),
            group_slug: None,
        }
    }
}

/// Names of the topics of some groups, by group.
async fn group_topic_names(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, Vec<String>>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, String)> = group_topics::Entity::find()
        .select_only()
        .column(group_topics::Column::GroupId)
        .column(topics::Column::Name)
        .join(
            JoinType::InnerJoin,
            group_topics::Entity::belongs_to(topics::Entity)
                .from(group_topics::Column::TopicId)
                .to(topics::Column::Id)
                .into(),
        )
        .filter(group_topics::Column::GroupId.is_in(ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    let mut out: HashMap<i64, Vec<String>> = HashMap::new();
    for (id, name) in rows {
        out.entry(id).or_default().push(name);
    }
    Ok(out)
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
    let sql = format!(
        r#"WITH "recent" AS (
    SELECT "entity_type", "entity_id" FROM "bookmarks"
    WHERE "user_id" = {user} AND "tenant_id" = (SELECT "tenant_id" FROM "groups" WHERE "id" = {org})
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
    AND "t"."tenant_id" = (SELECT "tenant_id" FROM "groups" WHERE "id" = {org_again})
ORDER BY "t"."name" LIMIT {MAX_BOOKMARKED_TOPICS}"#,
        contents = expand("c"),
        use_cases = expand("u"),
    );
    let statement =
        Statement::from_sql_and_values(backend, sql, [user_id.into(), organization_id.into(), organization_id.into()]);
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

/// "The asker has no membership of the `groups` row and does not follow it".
fn not_joined(user_id: i64) -> Condition {
    let mut member = Query::select();
    member
        .expr(Expr::val(1))
        .from(memberships::Entity)
        .and_where(Expr::col((memberships::Entity, memberships::Column::UserId)).eq(user_id))
        .and_where(
            Expr::col((memberships::Entity, memberships::Column::GroupId)).equals((groups::Entity, groups::Column::Id)),
        );
    let mut follows = Query::select();
    follows
        .expr(Expr::val(1))
        .from(follows::Entity)
        .and_where(Expr::col((follows::Entity, follows::Column::FollowerId)).eq(user_id))
        .and_where(Expr::col((follows::Entity, follows::Column::GroupId)).equals((groups::Entity, groups::Column::Id)));
    Condition::all().add(Expr::exists(member.to_owned()).not()).add(Expr::exists(follows.to_owned()).not())
}

/// "The asker does not follow the `users` row".
fn not_followed(user_id: i64) -> SimpleExpr {
    let mut follows = Query::select();
    follows
        .expr(Expr::val(1))
        .from(follows::Entity)
        .and_where(Expr::col((follows::Entity, follows::Column::FollowerId)).eq(user_id))
        .and_where(
            Expr::col((follows::Entity, follows::Column::FollowedUserId)).equals((users::Entity, users::Column::Id)),
        );
    Expr::exists(follows.to_owned()).not()
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

async fn group_candidates(
    db: &impl ConnectionTrait,
    r: &Retrieval<'_>,
    text: &TextQuery,
    kind: ItemKind,
) -> StoreResult<Vec<Candidate>> {
    let subkinds = [kind.as_str().to_string()];
    let target = Target { kind: Kind::Group, subkinds: &subkinds, scope_id: Some(r.tenant_id), names_only: false };
    let viewer = Viewer { user_id: Some(r.asker.user_id), is_staff: r.asker.is_staff };
    let filter = Condition::all()
        .add(groups::Column::TenantId.eq(r.tenant_id))
        .add(groups::Column::GroupType.eq(kind.as_str()))
        .add(groups::Column::IsTenantRoot.eq(false))
        .add(visible_to(viewer));
    let filter = if r.exclude_joined { filter.add(not_joined(r.asker.user_id)) } else { filter };
    let hits = candidates(db, target, text, (groups::Entity, groups::Column::Id), filter).await?;
    let ids: Vec<i64> = hits.iter().map(|(id, _)| *id).collect();
    let rows: HashMap<i64, groups::Model> = groups::Entity::find()
        .filter(groups::Column::Id.is_in(ids.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|g| (g.id, g))
        .collect();
    let mut topics = group_topic_names(db, &ids).await?;
    Ok(hits
        .into_iter()
        .filter_map(|(id, relevance)| {
            let g = rows.get(&id)?;
            let topic_names = topics.remove(&id).unwrap_or_default();
            let text = format!("{} {} {}", g.name, g.description.as_deref().unwrap_or(""), topic_names.join(" "));
            let mut c = Candidate::new(kind, id, g.slug.clone(), g.name.clone(), text, relevance);
            c.image_path = g.logo.clone().or_else(|| g.cover_image.clone());
            c.summary = g.description.clone().unwrap_or_default();
            c.topics = topic_names;
            c.countries = json_texts(&g.countries);
            c.countries.extend(g.country.as_deref().map(|s| s.trim().to_lowercase()));
            c.stages = json_ids(&g.career_stages);
            c.fields = json_ids(&g.professional_fields);
            Some(c)
        })
        .collect())
}

async fn user_candidates(
    db: &impl ConnectionTrait,
    r: &Retrieval<'_>,
    text: &TextQuery,
) -> StoreResult<Vec<Candidate>> {
    let filter = Condition::all()
        .add(users::Column::IsActive.eq(true))
        .add(users::Column::Id.ne(r.asker.user_id))
        .add(member_of_site(r.tenant_id));
    let filter = if r.exclude_joined { filter.add(not_followed(r.asker.user_id)) } else { filter };
    let hits = candidates(db, Target::kind(Kind::User), text, (users::Entity, users::Column::Id), filter).await?;
    let ids: Vec<i64> = hits.iter().map(|(id, _)| *id).collect();
    let people: HashMap<i64, users::Model> = users::Entity::find()
        .filter(users::Column::Id.is_in(ids.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let profiles: HashMap<i64, profiles::Model> = profiles::Entity::find()
        .filter(profiles::Column::UserId.is_in(ids.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.user_id, p))
        .collect();
    let profile_ids: Vec<i64> = profiles.values().map(|p| p.id).collect();
    let mut topics = profile_topic_names(db, &profile_ids).await?;
    // Stage and field are their registration answers on the site's organization.
    let organization: Option<i64> = groups::Entity::find()
        .select_only()
        .column(groups::Column::Id)
        .filter(groups::Column::TenantId.eq(r.tenant_id))
        .filter(groups::Column::IsTenantRoot.eq(true))
        .into_tuple()
        .one(db)
        .await?;
    let answers: HashMap<i64, group_profiles::Model> = match organization {
        Some(org) => group_profiles::Entity::find()
            .filter(group_profiles::Column::GroupId.eq(org))
            .filter(group_profiles::Column::UserId.is_in(ids.clone()))
            .all(db)
            .await?
            .into_iter()
            .map(|a| (a.user_id, a))
            .collect(),
        None => HashMap::new(),
    };
    Ok(hits
        .into_iter()
        .filter_map(|(id, relevance)| {
            let u = people.get(&id)?;
            let p = profiles.get(&id)?;
            let topic_names = topics.remove(&p.id).unwrap_or_default();
            let name = format!("{} {}", u.first_name, u.last_name).trim().to_string();
            let text = format!(
                "{name} {} {} {} {}",
                p.title.as_deref().unwrap_or(""),
                p.discipline.as_deref().unwrap_or(""),
                p.country.as_deref().unwrap_or(""),
                topic_names.join(" ")
            );
            let mut c = Candidate::new(ItemKind::User, id, p.name_slug.clone(), name, text, relevance);
            c.image_path = p.picture.clone();
            c.summary = p.title.clone().unwrap_or_default();
            c.topics = topic_names;
            c.countries.extend(p.country.as_deref().map(|s| s.trim().to_lowercase()));
            if let Some(a) = answers.get(&id) {
                c.stages.extend(a.career_stage);
                c.fields.extend(a.professional_field);
            }
            Some(c)
        })
        .collect())
}

async fn resource_candidates(
    db: &impl ConnectionTrait,
    r: &Retrieval<'_>,
    text: &TextQuery,
) -> StoreResult<Vec<Candidate>> {
    let subkinds = ["resource".to_string()];
    let target = Target { kind: Kind::Resource, subkinds: &subkinds, scope_id: Some(r.tenant_id), names_only: false };
    let filter = Condition::all()
        .add(contents::Column::TenantId.eq(r.tenant_id))
        .add(contents::Column::ContentType.eq("resource"))
        .add(contents::Column::Status.eq(domain::content::STATUS_APPROVED))
        .add(contents::Column::SecurityLevel.lt(domain::content::SECURITY_PRIVATE))
        .add(in_public_group(Expr::col((contents::Entity, contents::Column::GroupId))));
    let hits = candidates(db, target, text, (contents::Entity, contents::Column::Id), filter).await?;
    let ids: Vec<i64> = hits.iter().map(|(id, _)| *id).collect();
    let rows: HashMap<i64, contents::Model> = contents::Entity::find()
        .filter(contents::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.id, c))
        .collect();
    Ok(hits
        .into_iter()
        .filter_map(|(id, relevance)| {
            let row = rows.get(&id)?;
            let text = format!("{} {}", row.title, row.raw_text);
            let mut c = Candidate::new(ItemKind::Resource, id, row.slug.clone(), row.title.clone(), text, relevance);
            c.summary = row.raw_text.chars().take(1000).collect();
            c.countries.extend(row.country.as_deref().map(|s| s.trim().to_lowercase()));
            c.stages = json_ids(&row.career_stages);
            c.fields = json_ids(&row.professional_fields);
            Some(c)
        })
        .collect())
}

async fn ai_tool_candidates(
    db: &impl ConnectionTrait,
    r: &Retrieval<'_>,
    text: &TextQuery,
) -> StoreResult<Vec<Candidate>> {
    let filter = Condition::all()
        .add(ai_tools::Column::TenantId.eq(r.tenant_id))
        .add(ai_tools::Column::Status.eq(domain::catalogue::STATUS_APPROVED));
    let target = Target::in_scope(Kind::AiTool, r.tenant_id);
    let hits = candidates(db, target, text, (ai_tools::Entity, ai_tools::Column::Id), filter).await?;
    let ids: Vec<i64> = hits.iter().map(|(id, _)| *id).collect();
    let rows: HashMap<i64, ai_tools::Model> = ai_tools::Entity::find()
        .filter(ai_tools::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.id, c))
        .collect();
    Ok(hits
        .into_iter()
        .filter_map(|(id, relevance)| {
            let row = rows.get(&id)?;
            let text = format!("{} {}", row.name, row.description);
            let mut c = Candidate::new(ItemKind::AiTool, id, row.slug.clone(), row.name.clone(), text, relevance);
            c.summary = row.description.clone();
            c.image_path = row.logo.clone();
            Some(c)
        })
        .collect())
}

async fn use_case_candidates(
    db: &impl ConnectionTrait,
    r: &Retrieval<'_>,
    text: &TextQuery,
) -> StoreResult<Vec<Candidate>> {
    let filter = Condition::all()
        .add(use_cases::Column::TenantId.eq(r.tenant_id))
        .add(use_cases::Column::Status.eq(super::use_cases::STATUS_APPROVED));
    let target = Target::in_scope(Kind::UseCase, r.tenant_id);
    let hits = candidates(db, target, text, (use_cases::Entity, use_cases::Column::Id), filter).await?;
    let ids: Vec<i64> = hits.iter().map(|(id, _)| *id).collect();
    let rows: HashMap<i64, use_cases::Model> = use_cases::Entity::find()
        .filter(use_cases::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.id, c))
        .collect();
    Ok(hits
        .into_iter()
        .filter_map(|(id, relevance)| {
            let row = rows.get(&id)?;
            let text = format!("{} {}", row.title, row.description.as_deref().unwrap_or(""));
            let mut c = Candidate::new(ItemKind::UseCase, id, row.slug.clone(), row.title.clone(), text, relevance);
            c.summary = row.description.clone().unwrap_or_default();
            c.image_path = row.thumbnail_image.clone();
            c.stages = json_ids(&row.career_stages);
            c.fields = json_ids(&row.professional_fields);
            Some(c)
        })
        .collect())
}

async fn job_candidates(db: &impl ConnectionTrait, r: &Retrieval<'_>, text: &TextQuery) -> StoreResult<Vec<Candidate>> {
    let today = chrono::Utc::now().date_naive();
    let filter = Condition::all()
        .add(job_posts::Column::TenantId.eq(r.tenant_id))
        .add(job_posts::Column::JobStatus.eq(domain::jobs::form::STATUS_PUBLISHED))
        .add(job_posts::Column::DeletedAt.is_null())
        .add(
            Condition::any()
                .add(job_posts::Column::ApplicationCloseDate.is_null())
                .add(job_posts::Column::ApplicationCloseDate.gte(today)),
        )
        .add(in_public_group(Expr::col((job_posts::Entity, job_posts::Column::GroupId))));
    let target = Target::in_scope(Kind::Job, r.tenant_id);
    let hits = candidates(db, target, text, (job_posts::Entity, job_posts::Column::Id), filter).await?;
    let ids: Vec<i64> = hits.iter().map(|(id, _)| *id).collect();
    let rows: HashMap<i64, job_posts::Model> = job_posts::Entity::find()
        .filter(job_posts::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.id, c))
        .collect();
    let group_ids: Vec<i64> = rows.values().map(|j| j.group_id).collect();
    let group_slugs: HashMap<i64, String> = groups::Entity::find()
        .select_only()
        .column(groups::Column::Id)
        .column(groups::Column::Slug)
        .filter(groups::Column::Id.is_in(group_ids))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(hits
        .into_iter()
        .filter_map(|(id, relevance)| {
            let row = rows.get(&id)?;
            let text = format!("{} {} {}", row.title, row.address.as_deref().unwrap_or(""), row.description);
            let mut c = Candidate::new(ItemKind::Job, id, row.slug.clone(), row.title.clone(), text, relevance);
            c.summary = row.description.clone();
            c.countries = json_texts(&row.countries);
            c.stages = json_ids(&row.career_stages);
            c.fields = json_ids(&row.professional_fields);
            c.group_slug = group_slugs.get(&row.group_id).cloned();
            Some(c)
        })
        .collect())
}

/// The items of the site that answer `r.terms`, ranked for the asker, at most `r.limit`.
/// Nothing of another site, nothing the asker may not see, never the asker themself.
pub async fn retrieve(db: &impl ConnectionTrait, r: &Retrieval<'_>) -> StoreResult<Vec<Found>> {
    let Some(text) = TextQuery::any_of(r.terms) else { return Ok(Vec::new()) };
    let mut all = Vec::new();
    for kind in r.kinds {
        let found = match kind {
            ItemKind::Circle | ItemKind::Event => group_candidates(db, r, &text, *kind).await?,
            ItemKind::User => user_candidates(db, r, &text).await?,
            ItemKind::Resource => resource_candidates(db, r, &text).await?,
            ItemKind::AiTool => ai_tool_candidates(db, r, &text).await?,
            ItemKind::UseCase => use_case_candidates(db, r, &text).await?,
            ItemKind::Job => job_candidates(db, r, &text).await?,
        };
        all.extend(found);
    }
    Ok(rank(r, all))
}

fn rank(r: &Retrieval<'_>, candidates: Vec<Candidate>) -> Vec<Found> {
    // Relevance is scaled within each kind (bm25 and ts_rank are not comparable across
    // documents of different lengths and kinds).
    let mut best: BTreeMap<ItemKind, f64> = BTreeMap::new();
    for c in &candidates {
        let entry = best.entry(c.kind).or_insert(0.0);
        *entry = entry.max(c.relevance);
    }
    let asker_topics: HashSet<&str> =
        r.asker.topics.iter().chain(&r.asker.bookmarked_topics).map(String::as_str).collect();
    let mut found: Vec<Found> = candidates
        .into_iter()
        .map(|c| {
            let top = best.get(&c.kind).copied().unwrap_or(0.0);
            let signals = Signals {
                matched: rules::matched_terms(r.terms, &c.text),
                terms: r.terms.len(),
                relevance: if top > 0.0 { c.relevance / top } else { 0.0 },
                shared_topics: c
                    .topics
                    .iter()
                    .filter(|t| asker_topics.contains(t.to_lowercase().as_str()))
                    .cloned()
                    .collect(),
                same_country: !r.asker.country_spellings.is_empty()
                    && c.countries.iter().any(|x| r.asker.country_spellings.contains(x)),
                same_stage: r.asker.career_stage.is_some_and(|s| c.stages.contains(&s)),
                same_field: r.asker.professional_field.is_some_and(|f| c.fields.contains(&f)),
                kind_asked: r.asked.contains(&c.kind),
            };
            Found {
                kind: c.kind,
                id: c.id,
                slug: c.slug,
                name: c.name,
                description: short(&c.summary.chars().take(4000).collect::<String>()),
                image_path: c.image_path,
                reason: rules::reason(&signals, r.words),
                score: rules::score(&signals),
                topics: c.topics,
                group_slug: c.group_slug,
            }
        })
        .collect();
    found.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.kind.cmp(&b.kind)).then(b.id.cmp(&a.id)));
    found.truncate(r.limit);
    found
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
