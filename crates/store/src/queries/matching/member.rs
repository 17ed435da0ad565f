//! What a member's recommendations read per request, each in one statement on indexes:
//! the stamps their cached answers are filed under, what they already joined, applied to or
//! follow (never offered again), what the members most like them joined, and which of the
//! items ranked are still on offer now (the index may be a moment behind a write).

use std::collections::{HashMap, HashSet};

use domain::matching::ItemKind;
use sea_orm::{
    sea_query::{Expr, ExprTrait, Query, SelectStatement, UnionType},
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QuerySelect, QueryTrait, Statement,
};

use super::super::{memberships::STATUS_ACCEPTED, visibility::PRIVACY_PRIVATE};
use crate::{
    entities::{ai_tools, career_tips, contents, groups, job_posts, memberships, use_cases, users},
    generations::{Announced, Generations as KeptGenerations},
    StoreResult,
};

/// What a member's cached recommendations are trusted at.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Stamps {
    /// Every write of the site's items (the index catches up to it).
    pub generation: i64,
    pub items_generation: i64,
    pub people_generation: i64,
    /// The member's own version (joins, applications, follows, bookmarks, their vector).
    pub member_version: i64,
}

/// The site's generations and the member's version, in one statement.
pub async fn stamps(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64) -> StoreResult<Stamps> {
    let backend = db.get_database_backend();
    let (a, b) = match backend {
        DbBackend::Postgres => ("$1", "$2"),
        _ => ("?", "?"),
    };
    let sql = format!(
        "SELECT g.generation, g.items_generation, g.people_generation, \
         (SELECT m.version FROM match_members m WHERE m.user_id = {b}) AS member_version \
         FROM (SELECT 1 AS one) AS o LEFT JOIN match_generations g ON g.tenant_id = {a}"
    );
    // SQLite binds `?` in the order they appear: the member's first.
    let values: [sea_orm::Value; 2] = match backend {
        DbBackend::Postgres => [tenant_id.into(), user_id.into()],
        _ => [user_id.into(), tenant_id.into()],
    };
    let row = db.query_one_raw(Statement::from_sql_and_values(backend, sql, values)).await?;
    let Some(row) = row else { return Ok(Stamps::default()) };
    Ok(Stamps {
        generation: row.try_get::<Option<i64>>("", "generation")?.unwrap_or(0),
        items_generation: row.try_get::<Option<i64>>("", "items_generation")?.unwrap_or(0),
        people_generation: row.try_get::<Option<i64>>("", "people_generation")?.unwrap_or(0),
        member_version: row.try_get::<Option<i64>>("", "member_version")?.unwrap_or(0),
    })
}

impl KeptGenerations {
    /// What a member's kept recommendations are trusted at
    /// ([`stamps`]), from memory on PostgreSQL.
    pub async fn matching_stamps(
        &self,
        db: &impl ConnectionTrait,
        tenant_id: i64,
        user_id: i64,
    ) -> StoreResult<Stamps> {
        self.recall(
            [(Announced::MatchSite, tenant_id), (Announced::MatchMember, user_id)],
            stamps(db, tenant_id, user_id),
            |s| [[s.generation, s.items_generation, s.people_generation], [s.member_version, 0, 0]],
            |[[generation, items_generation, people_generation], [member_version, ..]]| Stamps {
                generation,
                items_generation,
                people_generation,
                member_version,
            },
        )
        .await
    }
}

/// What a member already has on a site: groups they hold a membership of (any status) or
/// follow, jobs they applied to, people they follow.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Held {
    pub groups: HashSet<i64>,
    pub jobs: HashSet<i64>,
    pub people: HashSet<i64>,
}

/// At most this many of each are read (a member with more keeps seeing the rest excluded by
/// the final check, which filters memberships too).
const HELD_READ: u64 = 2000;

pub async fn held(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64) -> StoreResult<Held> {
    let backend = db.get_database_backend();
    let p = |n: usize| match backend {
        DbBackend::Postgres => format!("${n}"),
        _ => "?".to_string(),
    };
    let sql = format!(
        "SELECT * FROM (SELECT 'g' AS what, m.group_id AS id FROM memberships m WHERE m.user_id = {u1} \
         AND EXISTS (SELECT 1 FROM groups g WHERE g.id = m.group_id AND g.tenant_id = {t1}) LIMIT {HELD_READ}) AS joined \
         UNION ALL SELECT * FROM (SELECT 'g' AS what, f.group_id AS id FROM follows f WHERE f.follower_id = {u2} \
         AND f.group_id IS NOT NULL LIMIT {HELD_READ}) AS followed_groups \
         UNION ALL SELECT * FROM (SELECT 'j' AS what, a.job_post_id AS id FROM job_applications a \
         WHERE a.user_id = {u3} AND EXISTS (SELECT 1 FROM job_posts j WHERE j.id = a.job_post_id AND j.tenant_id = {t2}) \
         LIMIT {HELD_READ}) AS applied \
         UNION ALL SELECT * FROM (SELECT 'p' AS what, f.followed_user_id AS id FROM follows f WHERE f.follower_id = {u4} \
         AND f.followed_user_id IS NOT NULL LIMIT {HELD_READ}) AS followed_people",
        u1 = p(1),
        t1 = p(2),
        u2 = p(3),
        u3 = p(4),
        t2 = p(5),
        u4 = p(6),
    );
    let values: Vec<sea_orm::Value> =
        vec![user_id.into(), tenant_id.into(), user_id.into(), user_id.into(), tenant_id.into(), user_id.into()];
    let mut out = Held::default();
    for row in db.query_all_raw(Statement::from_sql_and_values(backend, sql, values)).await? {
        let what: String = row.try_get("", "what")?;
        let id: i64 = row.try_get("", "id")?;
        match what.as_str() {
            "g" => out.groups.insert(id),
            "j" => out.jobs.insert(id),
            _ => out.people.insert(id),
        };
    }
    Ok(out)
}

/// How many of `peers` are accepted members of each of `groups` (circles and events of the
/// site, as its matching index holds them): only the groups a ranking looks at are counted,
/// so the answer is a few rows however many groups the peers joined.
pub async fn peers_joined(db: &impl ConnectionTrait, peers: &[i64], groups: &[i64]) -> StoreResult<HashMap<i64, u32>> {
    if peers.is_empty() || groups.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, i64)> = memberships::Entity::find()
        .select_only()
        .column(memberships::Column::GroupId)
        .column_as(memberships::Column::UserId.count(), "n")
        .filter(memberships::Column::UserId.is_in(peers.to_vec()))
        .filter(memberships::Column::Status.eq(STATUS_ACCEPTED))
        // Driven from the peers' memberships (a few each): by the (group, user) key SQLite
        // would probe every group of the list for every peer.
        .filter(Expr::cust("+\"memberships\".\"group_id\"").is_in(groups.iter().copied()))
        .group_by(memberships::Column::GroupId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|(g, n)| (g, n.clamp(0, i64::from(u32::MAX)) as u32)).collect())
}

/// Which of the ranked items (ids per kind, on the site) may be offered now: the site's,
/// public, approved or published, open, and for people active members of the site. One
/// statement for every kind, by primary keys.
pub async fn still_offered(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    wanted: &[(ItemKind, Vec<i64>)],
) -> StoreResult<HashSet<(ItemKind, i64)>> {
    let backend = db.get_database_backend();
    let mut union: Option<SelectStatement> = None;
    for (n, (kind, ids)) in wanted.iter().enumerate().filter(|(_, (_, ids))| !ids.is_empty()) {
        // Each kind as a derived table: SQLite takes no parentheses around a compound's parts.
        let branch = Query::select()
            .expr_as(Expr::cust(format!("CAST({n} AS BIGINT)")), "part")
            .column("id")
            .from_subquery(offered_of(tenant_id, *kind, ids.clone()), format!("part_{n}"))
            .to_owned();
        match union.as_mut() {
            None => union = Some(branch),
            Some(first) => {
                first.union(UnionType::All, branch);
            }
        }
    }
    let Some(statement) = union else { return Ok(HashSet::new()) };
    let mut out = HashSet::new();
    for row in db.query_all_raw(backend.build(&statement)).await? {
        let part: i64 = row.try_get("", "part")?;
        let id: i64 = row.try_get("", "id")?;
        if let Some((kind, _)) = usize::try_from(part).ok().and_then(|n| wanted.get(n)) {
            out.insert((*kind, id));
        }
    }
    Ok(out)
}

/// `"table"."tenant_id" = tenant_id`, kept from every index (SQLite's unary `+`): without
/// table statistics SQLite would read the site's rows by a `(tenant_id, status)` index, all
/// of them, rather than the few ids by their key.
fn on_site_by_key(table: &str, tenant_id: i64) -> Expr {
    Expr::cust(format!("+\"{table}\".\"tenant_id\"")).eq(tenant_id)
}

/// The ids of `ids` (items of `kind`) the site may offer now, as a select of `id`.
fn offered_of(tenant_id: i64, kind: ItemKind, ids: Vec<i64>) -> SelectStatement {
    let today = chrono::Utc::now().date_naive();
    let public_group = |group: Expr| {
        let mut public = Query::select();
        public
            .expr(Expr::val(1))
            .from(groups::Entity)
            .and_where(Expr::col((groups::Entity, groups::Column::Id)).eq(group))
            .and_where(Expr::col((groups::Entity, groups::Column::Privacy)).lt(PRIVACY_PRIVATE));
        Expr::exists(public.to_owned())
    };
    match kind {
        ItemKind::Circle | ItemKind::Event => groups::Entity::find()
            .select_only()
            .column(groups::Column::Id)
            .filter(groups::Column::Id.is_in(ids))
            .filter(groups::Column::TenantId.eq(tenant_id))
            .filter(groups::Column::GroupType.eq(kind.as_str()))
            .filter(groups::Column::IsTenantRoot.eq(false))
            .filter(groups::Column::Privacy.lt(PRIVACY_PRIVATE))
            .into_query(),
        ItemKind::Job => job_posts::Entity::find()
            .select_only()
            .column(job_posts::Column::Id)
            .filter(job_posts::Column::Id.is_in(ids))
            .filter(job_posts::Column::TenantId.eq(tenant_id))
            .filter(job_posts::Column::JobStatus.eq(domain::jobs::form::STATUS_PUBLISHED))
            .filter(job_posts::Column::DeletedAt.is_null())
            .filter(
                sea_orm::Condition::any()
                    .add(job_posts::Column::ApplicationCloseDate.is_null())
                    .add(job_posts::Column::ApplicationCloseDate.gte(today)),
            )
            .filter(public_group(Expr::col((job_posts::Entity, job_posts::Column::GroupId))))
            .into_query(),
        ItemKind::Resource | ItemKind::Prompt => contents::Entity::find()
            .select_only()
            .column(contents::Column::Id)
            .filter(contents::Column::Id.is_in(ids))
            .filter(on_site_by_key("contents", tenant_id))
            .filter(contents::Column::ContentType.eq(if kind == ItemKind::Prompt { "prompt" } else { "resource" }))
            .filter(contents::Column::Status.eq(domain::content::STATUS_APPROVED))
            .filter(contents::Column::SecurityLevel.lt(domain::content::SECURITY_PRIVATE))
            .filter(public_group(Expr::col((contents::Entity, contents::Column::GroupId))))
            .into_query(),
        ItemKind::UseCase => use_cases::Entity::find()
            .select_only()
            .column(use_cases::Column::Id)
            .filter(use_cases::Column::Id.is_in(ids))
            .filter(on_site_by_key("use_cases", tenant_id))
            .filter(use_cases::Column::Status.eq(super::super::use_cases::STATUS_APPROVED))
            .into_query(),
        ItemKind::AiTool => ai_tools::Entity::find()
            .select_only()
            .column(ai_tools::Column::Id)
            .filter(ai_tools::Column::Id.is_in(ids))
            .filter(on_site_by_key("ai_tools", tenant_id))
            .filter(ai_tools::Column::Status.eq(domain::catalogue::STATUS_APPROVED))
            .into_query(),
        ItemKind::CareerTip => career_tips::Entity::find()
            .select_only()
            .column(career_tips::Column::Id)
            .filter(career_tips::Column::Id.is_in(ids))
            .filter(on_site_by_key("career_tips", tenant_id))
            .filter(career_tips::Column::Status.eq(domain::catalogue::STATUS_APPROVED))
            .into_query(),
        ItemKind::User => {
            let mut member = Query::select();
            member
                .expr(Expr::val(1))
                .from(memberships::Entity)
                .inner_join(
                    groups::Entity,
                    Expr::col((groups::Entity, groups::Column::Id))
                        .equals((memberships::Entity, memberships::Column::GroupId)),
                )
                .and_where(
                    Expr::col((memberships::Entity, memberships::Column::UserId))
                        .equals((users::Entity, users::Column::Id)),
                )
                .and_where(Expr::col((memberships::Entity, memberships::Column::Status)).eq(STATUS_ACCEPTED))
                .and_where(Expr::col((groups::Entity, groups::Column::TenantId)).eq(tenant_id));
            users::Entity::find()
                .select_only()
                .column(users::Column::Id)
                .filter(users::Column::Id.is_in(ids))
                .filter(users::Column::IsActive.eq(true))
                .filter(Expr::exists(member.to_owned()))
                .into_query()
        }
    }
}
