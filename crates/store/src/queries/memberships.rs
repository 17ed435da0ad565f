//! Group memberships and the role checks built on them.

use std::collections::HashMap;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    Set,
};

use crate::{entities::memberships, now, StoreError, StoreResult};

pub const STATUS_ACCEPTED: &str = "accepted";
/// Roles that manage a group (spec 000 §6: admin-like users).
pub const MANAGEMENT_ROLES: [&str; 2] = ["admin", "leader"];

pub async fn find(db: &impl ConnectionTrait, group_id: i64, user_id: i64) -> StoreResult<Option<memberships::Model>> {
    Ok(memberships::Entity::find()
        .filter(memberships::Column::GroupId.eq(group_id))
        .filter(memberships::Column::UserId.eq(user_id))
        .one(db)
        .await?)
}

/// Adds a membership, or updates role and status when one exists.
pub async fn upsert(
    db: &impl ConnectionTrait,
    group_id: i64,
    user_id: i64,
    role: &str,
    status: &str,
) -> StoreResult<memberships::Model> {
    let at = now();
    let existing = memberships::Entity::find()
        .filter(memberships::Column::GroupId.eq(group_id))
        .filter(memberships::Column::UserId.eq(user_id))
        .one(db)
        .await?;
    match existing {
        Some(model) => {
            let mut active: memberships::ActiveModel = model.into();
            active.role = Set(role.to_string());
            active.status = Set(status.to_string());
            active.updated_at = Set(at);
            Ok(active.update(db).await?)
        }
        None => memberships::ActiveModel {
            group_id: Set(group_id),
            user_id: Set(user_id),
            role: Set(role.to_string()),
            status: Set(status.to_string()),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        }
        .insert(db)
        .await
        .map_err(StoreError::classify),
    }
}

/// Whether the user holds an accepted admin or leader membership of the group.
pub async fn is_manager(db: &impl ConnectionTrait, group_id: i64, user_id: i64) -> StoreResult<bool> {
    let count = memberships::Entity::find()
        .filter(memberships::Column::GroupId.eq(group_id))
        .filter(memberships::Column::UserId.eq(user_id))
        .filter(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .filter(memberships::Column::Role.is_in(MANAGEMENT_ROLES))
        .count(db)
        .await?;
    Ok(count > 0)
}

/// The user's memberships of tenant root organizations, with each tenant's domain.
pub async fn tenant_organizations_of(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> StoreResult<Vec<(memberships::Model, crate::entities::groups::Model, String)>> {
    use crate::entities::{groups, tenants};
    // The memberships of site organizations (root groups) with their groups, then the
    // sites' domains: two statements.
    let group = sea_orm::RelationDef::from(
        memberships::Entity::belongs_to(groups::Entity).from(memberships::Column::GroupId).to(groups::Column::Id),
    );
    let rows = memberships::Entity::find()
        .join(sea_orm::JoinType::InnerJoin, group)
        .select_also(groups::Entity)
        .filter(memberships::Column::UserId.eq(user_id))
        .filter(groups::Column::IsTenantRoot.eq(true))
        .order_by_asc(memberships::Column::Id)
        .all(db)
        .await?;
    let rows: Vec<(memberships::Model, groups::Model)> =
        rows.into_iter().filter_map(|(membership, org)| Some((membership, org?))).collect();
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let tenant_ids: Vec<i64> = rows.iter().map(|(_, org)| org.tenant_id).collect();
    let domains: std::collections::HashMap<i64, String> = tenants::Entity::find()
        .filter(tenants::Column::Id.is_in(tenant_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|t| (t.id, t.domain))
        .collect();
    Ok(rows
        .into_iter()
        .filter_map(|(membership, org)| {
            let domain = domains.get(&org.tenant_id)?.clone();
            Some((membership, org, domain))
        })
        .collect())
}

/// The user's memberships among `group_ids`.
pub async fn of_user_in(
    db: &impl ConnectionTrait,
    user_id: i64,
    group_ids: &[i64],
) -> StoreResult<Vec<memberships::Model>> {
    if group_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(memberships::Entity::find()
        .filter(memberships::Column::UserId.eq(user_id))
        .filter(memberships::Column::GroupId.is_in(group_ids.to_vec()))
        .all(db)
        .await?)
}

/// The memberships of any of `user_ids` in any of `group_ids`, in one query.
pub async fn of_users_in(
    db: &impl ConnectionTrait,
    user_ids: &[i64],
    group_ids: &[i64],
) -> StoreResult<Vec<memberships::Model>> {
    if user_ids.is_empty() || group_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(memberships::Entity::find()
        .filter(memberships::Column::UserId.is_in(user_ids.to_vec()))
        .filter(memberships::Column::GroupId.is_in(group_ids.to_vec()))
        .all(db)
        .await?)
}

pub const STATUS_PENDING: &str = "pending";
pub const STATUS_REJECTED: &str = "rejected";

/// A membership as a join, an invitation or an administrator sets it.
#[derive(Debug, Clone)]
pub struct Apply<'a> {
    pub group_id: i64,
    pub user_id: i64,
    pub role: &'a str,
    pub status: &'a str,
    pub extra_info: Option<serde_json::Value>,
    pub waitlisted: bool,
    pub payment_status: Option<&'a str>,
}

/// Creates the membership, or starts it afresh over an earlier (rejected) one: notes and
/// reason are cleared and `created_at`, the wait list's order, is now.
pub async fn apply(db: &impl ConnectionTrait, new: Apply<'_>) -> StoreResult<memberships::Model> {
    let at = now();
    let existing = find(db, new.group_id, new.user_id).await?;
    let is_new = existing.is_none();
    let mut active: memberships::ActiveModel = match existing {
        Some(model) => model.into(),
        None => {
            memberships::ActiveModel { group_id: Set(new.group_id), user_id: Set(new.user_id), ..Default::default() }
        }
    };
    active.role = Set(new.role.to_string());
    active.status = Set(new.status.to_string());
    active.extra_info = Set(new.extra_info);
    active.notes = Set(None);
    active.reason = Set(None);
    active.payment_status = Set(new.payment_status.map(str::to_string));
    active.payment_mode = Set(None);
    active.waitlisted = Set(new.waitlisted);
    active.created_at = Set(at);
    active.updated_at = Set(at);
    if is_new {
        active.insert(db).await.map_err(StoreError::classify)
    } else {
        Ok(active.update(db).await?)
    }
}

pub async fn delete(db: &impl ConnectionTrait, id: i64) -> StoreResult<()> {
    memberships::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}

/// Changes status (and notes or reason) of one membership; leaving the wait list.
pub async fn set_status(
    db: &impl ConnectionTrait,
    model: memberships::Model,
    status: &str,
    notes: Option<Option<String>>,
    reason: Option<Option<String>>,
    payment_status: Option<Option<String>>,
) -> StoreResult<memberships::Model> {
    let mut active: memberships::ActiveModel = model.into();
    active.status = Set(status.to_string());
    active.waitlisted = Set(false);
    if let Some(notes) = notes {
        active.notes = Set(notes);
    }
    if let Some(reason) = reason {
        active.reason = Set(reason);
    }
    if let Some(payment) = payment_status {
        active.payment_status = Set(payment);
    }
    active.updated_at = Set(now());
    Ok(active.update(db).await?)
}

/// How many accepted admins and leaders the group has.
pub async fn manager_count(db: &impl ConnectionTrait, group_id: i64) -> StoreResult<u64> {
    Ok(memberships::Entity::find()
        .filter(memberships::Column::GroupId.eq(group_id))
        .filter(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .filter(memberships::Column::Role.is_in(MANAGEMENT_ROLES))
        .count(db)
        .await?)
}

/// The memberships of `user_ids` in the group.
pub async fn of_group_for(
    db: &impl ConnectionTrait,
    group_id: i64,
    user_ids: &[i64],
) -> StoreResult<Vec<memberships::Model>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(memberships::Entity::find()
        .filter(memberships::Column::GroupId.eq(group_id))
        .filter(memberships::Column::UserId.is_in(user_ids.to_vec()))
        .all(db)
        .await?)
}

/// Fills a freed seat (spec 001 §4 wait list): when the group has a seat free, the
/// longest-waiting wait-listed applicant (by `created_at`, then id) leaves the wait list;
/// with `accept` (open publicity) they are accepted at once, otherwise their request goes
/// to the administrators as an ordinary pending one. `capacity` is the group's number of
/// seats (None: unlimited, nothing to promote). Run it in the transaction that freed the
/// seat; the caller mails the person returned.
pub async fn promote_waitlisted(
    db: &impl ConnectionTrait,
    group: &crate::entities::groups::Model,
    capacity: Option<u64>,
    accept: bool,
) -> StoreResult<Option<memberships::Model>> {
    use sea_orm::QueryOrder;
    let Some(capacity) = capacity else { return Ok(None) };
    let accepted = memberships::Entity::find()
        .filter(memberships::Column::GroupId.eq(group.id))
        .filter(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .count(db)
        .await?;
    if accepted >= capacity {
        return Ok(None);
    }
    let next = memberships::Entity::find()
        .filter(memberships::Column::GroupId.eq(group.id))
        .filter(memberships::Column::Status.eq(STATUS_PENDING))
        .filter(memberships::Column::Waitlisted.eq(true))
        .order_by_asc(memberships::Column::CreatedAt)
        .order_by_asc(memberships::Column::Id)
        .one(db)
        .await?;
    let Some(next) = next else { return Ok(None) };
    let status = if accept { STATUS_ACCEPTED } else { STATUS_PENDING };
    let payment = (accept && group.is_paid && next.payment_status.is_none()).then(|| Some("pending".to_string()));
    Ok(Some(set_status(db, next, status, None, None, payment).await?))
}

/// Which members to list (spec 001 §4 "Member list tabs", §7 members call).
#[derive(Debug, Clone, Default)]
pub struct MemberFilter {
    pub group_id: i64,
    pub status: String,
    /// Only accepted members whose e-mail is not verified.
    pub unverified: bool,
    pub roles: Vec<String>,
    /// Lower-cased, at least 2 characters: words starting words of the name (the search
    /// index's people documents, names only).
    pub search: Option<String>,
    /// Also find a member by their whole e-mail address (administrators only).
    pub search_email: bool,
    /// The profile's country, ignoring case.
    pub countries: Vec<String>,
    /// Professional field option ids of the members' group profile on `organization_id`.
    pub professional_fields: Vec<i64>,
    pub organization_id: i64,
    /// A system agent's answer about the member (the admin dashboard's agent filters).
    pub agent_answer: Option<AgentAnswerFilter>,
}

/// "A system agent answered about the member so": one agent or any (`agent_id` None), an
/// action and a level when given. An EXISTS on `agent_responses (tenant, content_type,
/// object_id, agent)`.
#[derive(Debug, Clone, Default)]
pub struct AgentAnswerFilter {
    pub tenant_id: i64,
    pub agent_id: Option<i64>,
    pub action: Option<String>,
    pub level: Option<String>,
}

fn member_query(backend: sea_orm::DbBackend, filter: &MemberFilter) -> sea_orm::Select<memberships::Entity> {
    use sea_orm::{
        sea_query::{Expr, Query},
        JoinType, QuerySelect,
    };

    use crate::entities::{group_profiles, profiles, users};
    let mut query = memberships::Entity::find()
        .join(
            JoinType::InnerJoin,
            memberships::Entity::belongs_to(users::Entity)
                .from(memberships::Column::UserId)
                .to(users::Column::Id)
                .into(),
        )
        .filter(memberships::Column::GroupId.eq(filter.group_id))
        .filter(memberships::Column::Status.eq(filter.status.as_str()));
    if filter.unverified {
        query = query.filter(users::Column::IsVerified.eq(false));
    }
    if !filter.roles.is_empty() {
        query = query.filter(memberships::Column::Role.is_in(filter.roles.clone()));
    }
    if let Some(search) = &filter.search {
        // Every word starts a word of the member's name, through the search index; for
        // administrators, or the text is the member's e-mail address.
        query = query.filter(crate::search_index::matching_people(
            backend,
            search,
            filter.search_email,
            (memberships::Entity, memberships::Column::UserId),
        ));
    }
    if !filter.countries.is_empty() {
        let from = Query::select()
            .column(profiles::Column::UserId)
            .from(profiles::Entity)
            .cond_where(super::sql::equals_any_ignoring_case(
                Expr::col((profiles::Entity, profiles::Column::Country)),
                &filter.countries,
            ))
            .to_owned();
        query = query.filter(memberships::Column::UserId.in_subquery(from));
    }
    if !filter.professional_fields.is_empty() {
        let fields = Query::select()
            .column(group_profiles::Column::UserId)
            .from(group_profiles::Entity)
            .and_where(group_profiles::Column::GroupId.eq(filter.organization_id))
            .and_where(group_profiles::Column::ProfessionalField.is_in(filter.professional_fields.clone()))
            .to_owned();
        query = query.filter(memberships::Column::UserId.in_subquery(fields));
    }
    if let Some(answer) = &filter.agent_answer {
        use crate::entities::agent_responses as r;
        use sea_orm::sea_query::ExprTrait;
        let mut sub = Query::select();
        sub.expr(Expr::val(1))
            .from(r::Entity)
            .and_where(Expr::col((r::Entity, r::Column::TenantId)).eq(answer.tenant_id))
            .and_where(Expr::col((r::Entity, r::Column::ContentType)).eq("user"))
            .and_where(
                Expr::col((r::Entity, r::Column::ObjectId)).equals((memberships::Entity, memberships::Column::UserId)),
            );
        if let Some(agent_id) = answer.agent_id {
            sub.and_where(Expr::col((r::Entity, r::Column::AgentId)).eq(agent_id));
        }
        if let Some(action) = &answer.action {
            sub.and_where(Expr::col((r::Entity, r::Column::Action)).eq(action.as_str()));
        }
        if let Some(level) = &answer.level {
            sub.and_where(Expr::col((r::Entity, r::Column::Level)).eq(level.as_str()));
        }
        query = query.filter(Expr::exists(sub.to_owned()));
    }
    query
}

/// One page of a group's members, newest first, with their users.
pub async fn members_page(
    db: &impl ConnectionTrait,
    filter: &MemberFilter,
    offset: u64,
    limit: u64,
) -> StoreResult<super::Paged<memberships::Model>> {
    use sea_orm::{QueryOrder, QuerySelect};
    let query = member_query(db.get_database_backend(), filter);
    let count = query.clone().count(db).await?;
    let items = query
        .order_by_desc(memberships::Column::CreatedAt)
        .order_by_desc(memberships::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok(super::Paged { items, count })
}

/// A user's membership of a group, as the group lists show it to them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tie {
    pub group_id: i64,
    pub role: String,
    pub status: String,
    pub payment_status: Option<String>,
    pub waitlisted: bool,
}

/// What a signed-in caller has to do with a page of groups, read in one statement.
#[derive(Debug, Default)]
pub struct CallerTies {
    /// Their memberships of `member_of`.
    pub ties: Vec<Tie>,
    /// Which of `follow_of` they follow.
    pub followed: Vec<i64>,
    /// Which of `bookmark_of` they bookmarked.
    pub bookmarked: Vec<i64>,
}

/// The memberships of `user_id` among `member_of`, which of `follow_of` they follow and
/// which of `bookmark_of` (group ids by their tenant, bookmarked as `bookmark_type`) they
/// bookmarked: one statement (a `UNION ALL` of three indexed lookups).
pub async fn caller_ties(
    db: &impl ConnectionTrait,
    user_id: i64,
    member_of: &[i64],
    follow_of: &[i64],
    bookmark_type: &str,
    bookmark_of: &HashMap<i64, Vec<i64>>,
) -> StoreResult<CallerTies> {
    use sea_orm::sea_query::{Alias, Condition, Expr, ExprTrait, Query, UnionType};

    use crate::entities::{bookmarks, follows};
    const TIE: i32 = 0;
    const FOLLOW: i32 = 1;
    const BOOKMARK: i32 = 2;
    if member_of.is_empty() && follow_of.is_empty() && bookmark_of.values().all(Vec::is_empty) {
        return Ok(CallerTies::default());
    }
    let m = |column: memberships::Column| Expr::col((memberships::Entity, column));
    let mut ties = Query::select();
    ties.expr_as(m(memberships::Column::GroupId), Alias::new("group_id"))
        .expr_as(m(memberships::Column::Role), Alias::new("role"))
        .expr_as(m(memberships::Column::Status), Alias::new("status"))
        .expr_as(m(memberships::Column::PaymentStatus), Alias::new("payment_status"))
        .expr_as(m(memberships::Column::Waitlisted), Alias::new("waitlisted"))
        .expr_as(Expr::val(TIE), Alias::new("kind"))
        .from(memberships::Entity)
        .and_where(m(memberships::Column::UserId).eq(user_id))
        .and_where(m(memberships::Column::GroupId).is_in(member_of.to_vec()));
    let mut followed = Query::select();
    followed
        .expr(Expr::col((follows::Entity, follows::Column::GroupId)))
        .expr(Expr::cust("NULL"))
        .expr(Expr::cust("NULL"))
        .expr(Expr::cust("NULL"))
        .expr(Expr::val(false))
        .expr(Expr::val(FOLLOW))
        .from(follows::Entity)
        .and_where(Expr::col((follows::Entity, follows::Column::FollowerId)).eq(user_id))
        .and_where(Expr::col((follows::Entity, follows::Column::GroupId)).is_in(follow_of.to_vec()));
    ties.union(UnionType::All, followed);
    let b = |column: bookmarks::Column| Expr::col((bookmarks::Entity, column));
    let mut by_tenant = Condition::any();
    for (tenant_id, ids) in bookmark_of.iter().filter(|(_, ids)| !ids.is_empty()) {
        by_tenant = by_tenant.add(
            Condition::all()
                .add(b(bookmarks::Column::TenantId).eq(*tenant_id))
                .add(b(bookmarks::Column::EntityId).is_in(ids.clone())),
        );
    }
    if !by_tenant.is_empty() {
        let mut bookmarked = Query::select();
        bookmarked
            .expr(b(bookmarks::Column::EntityId))
            .expr(Expr::cust("NULL"))
            .expr(Expr::cust("NULL"))
            .expr(Expr::cust("NULL"))
            .expr(Expr::val(false))
            .expr(Expr::val(BOOKMARK))
            .from(bookmarks::Entity)
            .and_where(b(bookmarks::Column::UserId).eq(user_id))
            .and_where(b(bookmarks::Column::EntityType).eq(bookmark_type))
            .cond_where(by_tenant);
        ties.union(UnionType::All, bookmarked);
    }
    let mut found = CallerTies::default();
    for row in db.query_all(&ties).await? {
        let group_id: i64 = row.try_get("", "group_id")?;
        match row.try_get::<i32>("", "kind")? {
            FOLLOW => found.followed.push(group_id),
            BOOKMARK => found.bookmarked.push(group_id),
            _ => found.ties.push(Tie {
                group_id,
                role: row.try_get("", "role")?,
                status: row.try_get("", "status")?,
                payment_status: row.try_get("", "payment_status")?,
                waitlisted: row.try_get("", "waitlisted")?,
            }),
        }
    }
    Ok(found)
}

/// Sets how a paid group's seat is paid (`payment_status` and `payment_mode`).
pub async fn set_payment(
    db: &impl ConnectionTrait,
    model: memberships::Model,
    payment_status: &str,
    payment_mode: Option<&str>,
) -> StoreResult<memberships::Model> {
    let mut active: memberships::ActiveModel = model.into();
    active.payment_status = Set(Some(payment_status.to_string()));
    active.payment_mode = Set(payment_mode.map(str::to_string));
    active.updated_at = Set(now());
    Ok(active.update(db).await?)
}
