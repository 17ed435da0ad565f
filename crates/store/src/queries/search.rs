//! Search over people and groups of a site (spec 000 §7, 002 §7 "Connect and search").
//! The full-text index (`crate::search_index`) finds the candidates; the scope and
//! visibility rules below filter them, and the database ranks and pages them: a whole-name
//! match first, then names starting with the first word, then text relevance; ties by
//! profile completeness (people) or newest (groups).

use sea_orm::{
    sea_query::{Alias, CaseStatement, Expr, ExprTrait, Func, LikeExpr, Query, SimpleExpr},
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, JoinType, Order, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

use super::{
    memberships::STATUS_ACCEPTED,
    sql::{equals_any_ignoring_case, escape_like, json_array_has_any_ignoring_case},
    visibility::{visible_to, Viewer, PRIVACY_PRIVATE},
};
use crate::{
    entities::{group_profiles, groups, memberships, profiles, users},
    search_index::{self, Kind, Target, TextQuery, HITS},
    StoreResult,
};

/// Which people may be found.
#[derive(Debug, Clone)]
pub enum PeopleScope {
    /// Accepted members of the site's organization.
    Organization(i64),
    /// Accepted members of any group of the site (the organization hierarchy).
    Site(i64),
    /// Members of one group, with these statuses.
    Group { group_id: i64, statuses: Vec<String> },
}

#[derive(Debug, Clone, Default)]
pub struct PeopleFilter {
    /// Lower-cased words; each must start a word of the person's document in the search
    /// index (name, title, discipline, location, country).
    pub words: Vec<String>,
    pub countries: Vec<String>,
    /// Professional field option ids of the person's group profile on `organization_id`.
    pub professional_fields: Vec<i64>,
    /// Exact values in the group profile's extra info (department, uni_batch, …).
    pub extra_info: Vec<(String, String)>,
    pub organization_id: i64,
    pub exclude_user: Option<i64>,
}

/// "The lower-cased `expr` starts with `word`", for ranking rows the index has already found
/// (a comparison of the first characters, no pattern).
fn starts(expr: SimpleExpr, word: &str) -> SimpleExpr {
    let length = i32::try_from(word.chars().count()).unwrap_or(i32::MAX);
    Expr::expr(Func::cust(Alias::new("SUBSTR")).arg(Func::lower(expr)).arg(1).arg(length)).eq(word.to_string())
}

fn equals(expr: SimpleExpr, word: &str) -> SimpleExpr {
    Expr::expr(Func::lower(expr)).eq(word.to_string())
}

/// 3 for an exact match of a name column, 2 for a prefix, 1 otherwise.
fn rank(columns: &[SimpleExpr], words: &[String]) -> SimpleExpr {
    let Some(first) = words.first() else { return Expr::val(1) };
    let whole = words.join(" ");
    let mut exact = Condition::any();
    let mut prefix = Condition::any();
    for column in columns {
        exact = exact.add(equals(column.clone(), &whole));
        prefix = prefix.add(starts(column.clone(), first));
    }
    CaseStatement::new().case(exact, 3).case(prefix, 2).finally(1).into()
}

/// A column of the index's hits joined to a query.
fn hits_col(column: &str) -> SimpleExpr {
    Expr::col((Alias::new(HITS), Alias::new(column)))
}

/// What the words ask of the index: nothing (no words), or a query; `Err` when the words
/// hold nothing searchable (only punctuation), which nothing matches.
fn text_of(words: &[String]) -> Result<Option<TextQuery>, ()> {
    if words.is_empty() {
        return Ok(None);
    }
    TextQuery::parse(&words.join(" ")).map(Some).ok_or(())
}

fn in_json_text(column: SimpleExpr, quoted: &str) -> SimpleExpr {
    column.cast_as(Alias::new("TEXT")).like(LikeExpr::new(format!("%{}%", escape_like(quoted))).escape('\\'))
}

fn people_query(
    backend: sea_orm::DbBackend,
    scope: &PeopleScope,
    filter: &PeopleFilter,
    text: Option<&TextQuery>,
) -> sea_orm::Select<users::Entity> {
    let members = match scope {
        PeopleScope::Organization(org) => Query::select()
            .column(memberships::Column::UserId)
            .from(memberships::Entity)
            .and_where(memberships::Column::GroupId.eq(*org))
            .and_where(memberships::Column::Status.eq(STATUS_ACCEPTED))
            .to_owned(),
        PeopleScope::Site(tenant_id) => Query::select()
            .column((memberships::Entity, memberships::Column::UserId))
            .from(memberships::Entity)
            .inner_join(
                groups::Entity,
                Expr::col((groups::Entity, groups::Column::Id))
                    .equals((memberships::Entity, memberships::Column::GroupId)),
            )
            .and_where(Expr::col((groups::Entity, groups::Column::TenantId)).eq(*tenant_id))
            .and_where(Expr::col((memberships::Entity, memberships::Column::Status)).eq(STATUS_ACCEPTED))
            .to_owned(),
        PeopleScope::Group { group_id, statuses } => Query::select()
            .column(memberships::Column::UserId)
            .from(memberships::Entity)
            .and_where(memberships::Column::GroupId.eq(*group_id))
            .and_where(memberships::Column::Status.is_in(statuses.clone()))
            .to_owned(),
    };
    let mut query = search_index::select_from_hits::<users::Entity>(
        backend,
        Target::kind(Kind::User),
        text,
        (users::Entity, users::Column::Id),
    )
    .join(
        JoinType::LeftJoin,
        sea_orm::RelationDef::from(
            profiles::Entity::belongs_to(users::Entity).from(profiles::Column::UserId).to(users::Column::Id),
        )
        .rev(),
    )
    .filter(users::Column::IsActive.eq(true));
    // With search text the index bounds the candidates, so each is checked on the membership
    // index (user, status, …); without text the members drive the query. `IN (members)` with
    // text made SQLite build the whole organization's member list on every search.
    query = if text.is_some() {
        let mut correlated = members;
        correlated.and_where(
            Expr::col((memberships::Entity, memberships::Column::UserId)).equals((users::Entity, users::Column::Id)),
        );
        query.filter(Expr::exists(correlated))
    } else {
        query.filter(users::Column::Id.in_subquery(members))
    };
    if let Some(me) = filter.exclude_user {
        query = query.filter(users::Column::Id.ne(me));
    }
    if !filter.countries.is_empty() {
        query = query.filter(equals_any_ignoring_case(
            Expr::col((profiles::Entity, profiles::Column::Country)),
            &filter.countries,
        ));
    }
    if !filter.professional_fields.is_empty() || !filter.extra_info.is_empty() {
        let mut on_profile = Query::select()
            .column(group_profiles::Column::UserId)
            .from(group_profiles::Entity)
            .and_where(group_profiles::Column::GroupId.eq(filter.organization_id))
            .to_owned();
        if !filter.professional_fields.is_empty() {
            on_profile.and_where(group_profiles::Column::ProfessionalField.is_in(filter.professional_fields.clone()));
        }
        for (key, value) in &filter.extra_info {
            let pair = |space: &str| {
                format!(
                    "{}:{space}{}",
                    serde_json::to_string(key).unwrap_or_default(),
                    serde_json::to_string(value).unwrap_or_default()
                )
            };
            let column: SimpleExpr = Expr::col(group_profiles::Column::ExtraInfo);
            on_profile.cond_where(
                Condition::any().add(in_json_text(column.clone(), &pair(""))).add(in_json_text(column, &pair(" "))),
            );
        }
        query = query.filter(users::Column::Id.in_subquery(on_profile));
    }
    query
}

/// One page of people's ids, best match first, and how many match.
pub async fn people(
    db: &impl ConnectionTrait,
    scope: &PeopleScope,
    filter: &PeopleFilter,
    offset: u64,
    limit: u64,
) -> StoreResult<(Vec<(i64, i32)>, u64)> {
    let Ok(text) = text_of(&filter.words) else { return Ok((Vec::new(), 0)) };
    let query = people_query(db.get_database_backend(), scope, filter, text.as_ref());
    let mut names: Vec<SimpleExpr> =
        vec![Expr::col((users::Entity, users::Column::FirstName)), Expr::col((users::Entity, users::Column::LastName))];
    if text.is_some() {
        names.push(hits_col(search_index::NAME));
    }
    let score = rank(&names, &filter.words);
    let mut ranked = query
        .clone()
        .select_only()
        .column(users::Column::Id)
        .column_as(score.clone(), "score")
        .column_as(total(), "total")
        .order_by(score, Order::Desc);
    if text.is_some() {
        ranked = ranked.order_by(hits_col(search_index::RELEVANCE), Order::Desc);
    }
    let rows: Vec<(i64, i32, i64)> = ranked
        .order_by(
            Expr::expr(Func::coalesce([
                SimpleExpr::from(Expr::col((profiles::Entity, profiles::Column::CompletionPercent))),
                SimpleExpr::from(Expr::val(0)),
            ])),
            Order::Desc,
        )
        .order_by_asc(users::Column::Id)
        .offset(offset)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?;
    page_and_count(rows, offset, query.count(db)).await
}

/// The count of every row found, beside each row of the page: the matches are read once.
fn total() -> SimpleExpr {
    Expr::cust("COUNT(*) OVER ()")
}

/// The page's `(id, score)` and the count its rows carry; a page past the end carries none,
/// so the count is read on its own.
async fn page_and_count(
    rows: Vec<(i64, i32, i64)>,
    offset: u64,
    count: impl std::future::Future<Output = Result<u64, sea_orm::DbErr>>,
) -> StoreResult<(Vec<(i64, i32)>, u64)> {
    let count = match rows.first() {
        Some((_, _, total)) => u64::try_from(*total).unwrap_or(0),
        None if offset == 0 => 0,
        None => count.await?,
    };
    Ok((rows.into_iter().map(|(id, score, _)| (id, score)).collect(), count))
}

#[derive(Debug, Clone, Default)]
pub struct GroupSearch {
    pub words: Vec<String>,
    pub group_types: Vec<String>,
    pub countries: Vec<String>,
    pub professional_fields: Vec<String>,
    /// Only groups set up through the group form (not names typed into a profile).
    pub verified_only: bool,
}

fn group_query(
    backend: sea_orm::DbBackend,
    tenant_id: i64,
    viewer: Viewer,
    search: &GroupSearch,
    text: Option<&TextQuery>,
) -> sea_orm::Select<groups::Entity> {
    use groups::Column as C;
    let target =
        Target { kind: Kind::Group, subkinds: &search.group_types, scope_id: Some(tenant_id), names_only: false };
    let mut query = search_index::select_from_hits::<groups::Entity>(backend, target, text, (groups::Entity, C::Id))
        .filter(C::TenantId.eq(tenant_id))
        .filter(visible_to(viewer));
    if !search.group_types.is_empty() {
        query = query.filter(C::GroupType.is_in(search.group_types.clone()));
    }
    if !search.countries.is_empty() {
        query = query.filter(
            Condition::any()
                .add(equals_any_ignoring_case(Expr::col(C::Country), &search.countries))
                .add(json_array_has_any_ignoring_case(Expr::col(C::Countries), &search.countries)),
        );
    }
    if !search.professional_fields.is_empty() {
        let mut any = Condition::any();
        for field in &search.professional_fields {
            any = any
                .add(in_json_text(Expr::col(C::ProfessionalFields), &serde_json::to_string(field).unwrap_or_default()));
        }
        query = query.filter(any);
    }
    if search.verified_only {
        query = query.filter(Condition::any().add(C::IsTenantRoot.eq(true)).add(C::CreatedBy.is_not_null()));
    }
    query
}

/// One page of group ids, best match first, and how many match.
pub async fn groups(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    viewer: Viewer,
    search: &GroupSearch,
    offset: u64,
    limit: u64,
) -> StoreResult<(Vec<(i64, i32)>, u64)> {
    let Ok(text) = text_of(&search.words) else { return Ok((Vec::new(), 0)) };
    let query = group_query(db.get_database_backend(), tenant_id, viewer, search, text.as_ref());
    let score = rank(&[Expr::col((groups::Entity, groups::Column::Name))], &search.words);
    let mut ranked = query
        .clone()
        .select_only()
        .column(groups::Column::Id)
        .column_as(score.clone(), "score")
        .column_as(total(), "total")
        .order_by(score, Order::Desc);
    if text.is_some() {
        ranked = ranked.order_by(hits_col(search_index::RELEVANCE), Order::Desc);
    }
    let rows: Vec<(i64, i32, i64)> =
        ranked.order_by_desc(groups::Column::Id).offset(offset).limit(limit).into_tuple().all(db).await?;
    page_and_count(rows, offset, query.count(db)).await
}

/// Whether a private group's members may be listed to this viewer is decided by the
/// caller; this only tells whether the group is private.
pub fn is_private(group: &groups::Model) -> bool {
    group.privacy >= PRIVACY_PRIVATE
}
