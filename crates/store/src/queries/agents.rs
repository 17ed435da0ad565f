//! CareerGPS agents of a site (issue 18): definitions here; runs, reports and feedback,
//! usage counts and the system agents' answers in the sub-modules. Every function takes the
//! site (tenant) and reads or writes only its rows; lists are paged in the database.
//!
//! [`ensure_builtin`] gives a site the built-in agents (`domain::agents::builtin`) and the
//! three system agents, adding only the ones it lacks (by slug), so it may run any number
//! of times. It runs when a site is created (`tenants::create`) and, for every site, once
//! when the database is migrated at start ([`ensure_builtin_everywhere`]: sites made before
//! and agents added to the code since); requests never run it.

pub mod reports;
pub mod responses;
pub mod runs;
pub mod system;
pub mod usage;

use domain::agents::{
    builtin,
    definition::{self, AgentDefinition},
    system::SystemAgentType,
};
use sea_orm::{
    sea_query::OnConflict, ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use super::Paged;
use crate::{entities::agents, now, StoreError, StoreResult};

/// A definition to store: a CareerGPS agent, or a system agent (no steps).
pub enum NewAgent<'a> {
    Careergps(&'a AgentDefinition),
    System(SystemAgentType),
}

fn row(tenant_id: i64, new: &NewAgent<'_>, position: i32) -> agents::ActiveModel {
    let at = now();
    let (slug, name, agent_type, is_system, can_chat, is_premium, definition) = match new {
        NewAgent::Careergps(d) => (
            d.slug.clone(),
            d.name.trim().to_string(),
            d.agent_type.as_str(),
            false,
            d.can_chat,
            d.is_premium,
            serde_json::to_value(d).expect("a definition serialises"),
        ),
        NewAgent::System(kind) => {
            (kind.slug().to_string(), kind.name().to_string(), kind.as_str(), true, false, false, serde_json::json!({}))
        }
    };
    agents::ActiveModel {
        tenant_id: Set(tenant_id),
        slug: Set(slug),
        name: Set(name),
        agent_type: Set(agent_type.to_string()),
        is_system: Set(is_system),
        can_chat: Set(can_chat),
        is_premium: Set(is_premium),
        is_active: Set(true),
        position: Set(position),
        definition: Set(definition),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
}

/// Stores a new agent; a slug the site already has is a `Conflict`.
pub async fn insert(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    new: NewAgent<'_>,
    position: i32,
) -> StoreResult<agents::Model> {
    row(tenant_id, &new, position).insert(db).await.map_err(StoreError::classify)
}

/// Gives the site the built-in agents and the system agents it does not have yet (by
/// slug); returns how many were added. Agents the site already has are left as they are.
pub async fn ensure_builtin(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<usize> {
    let existing: Vec<String> = agents::Entity::find()
        .select_only()
        .column(agents::Column::Slug)
        .filter(agents::Column::TenantId.eq(tenant_id))
        .into_tuple()
        .all(db)
        .await?;
    let definitions = builtin::all();
    let mut wanted: Vec<NewAgent<'_>> = definitions.iter().map(NewAgent::Careergps).collect();
    wanted.extend(SystemAgentType::ALL.into_iter().map(NewAgent::System));
    let mut added = 0;
    for (position, new) in wanted.iter().enumerate() {
        let slug = match new {
            NewAgent::Careergps(d) => d.slug.as_str(),
            NewAgent::System(kind) => kind.slug(),
        };
        if existing.iter().any(|s| s == slug) {
            continue;
        }
        // A concurrent seed may have added it since: do nothing then (no failed statement,
        // which would abort a PostgreSQL transaction).
        let on_conflict = OnConflict::columns([agents::Column::TenantId, agents::Column::Slug]).do_nothing().to_owned();
        let inserted = agents::Entity::insert(row(tenant_id, new, position as i32 + 1))
            .on_conflict(on_conflict)
            .exec_without_returning(db)
            .await?;
        added += inserted as usize;
    }
    Ok(added)
}

/// [`ensure_builtin`] for every site; returns how many agents were added in all. Run at
/// start (after the migrations): one small read per site once they have them all.
pub async fn ensure_builtin_everywhere(db: &impl ConnectionTrait) -> StoreResult<usize> {
    let tenant_ids: Vec<i64> = crate::entities::tenants::Entity::find()
        .select_only()
        .column(crate::entities::tenants::Column::Id)
        .order_by_asc(crate::entities::tenants::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let mut added = 0;
    for tenant_id in tenant_ids {
        added += ensure_builtin(db, tenant_id).await?;
    }
    Ok(added)
}

pub async fn find(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<Option<agents::Model>> {
    Ok(agents::Entity::find_by_id(id).filter(agents::Column::TenantId.eq(tenant_id)).one(db).await?)
}

pub async fn find_by_slug(db: &impl ConnectionTrait, tenant_id: i64, slug: &str) -> StoreResult<Option<agents::Model>> {
    Ok(agents::Entity::find()
        .filter(agents::Column::TenantId.eq(tenant_id))
        .filter(agents::Column::Slug.eq(slug))
        .one(db)
        .await?)
}

/// The site's row of a system agent.
pub async fn find_system(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    kind: SystemAgentType,
) -> StoreResult<Option<agents::Model>> {
    Ok(agents::Entity::find()
        .filter(agents::Column::TenantId.eq(tenant_id))
        .filter(agents::Column::IsSystem.eq(true))
        .filter(agents::Column::AgentType.eq(kind.as_str()))
        .one(db)
        .await?)
}

/// Which agents a list shows.
#[derive(Debug, Clone, Default)]
pub struct AgentFilter<'a> {
    /// System agents (`agents/system-agents/`) instead of CareerGPS agents (`agents/`).
    pub system: bool,
    /// careergps or career_assistant (or a system agent type).
    pub agent_type: Option<&'a str>,
    /// Include agents switched off (staff).
    pub include_inactive: bool,
}

/// One page of the site's agents in their position order, with the count.
pub async fn page(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    filter: &AgentFilter<'_>,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<agents::Model>> {
    let mut query = agents::Entity::find()
        .filter(agents::Column::TenantId.eq(tenant_id))
        .filter(agents::Column::IsSystem.eq(filter.system));
    if let Some(agent_type) = filter.agent_type {
        query = query.filter(agents::Column::AgentType.eq(agent_type));
    }
    if !filter.include_inactive {
        query = query.filter(agents::Column::IsActive.eq(true));
    }
    let count = query.clone().count(db).await?;
    let items = query
        .order_by_asc(agents::Column::Position)
        .order_by_asc(agents::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok(Paged { items, count })
}

/// Replaces a CareerGPS agent's definition (staff editing prompts, steps or flags); the
/// copied columns follow. A slug another agent of the site has is a `Conflict`; an agent
/// of another site or a system agent is `NotFound`.
pub async fn update_definition(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    id: i64,
    definition: &AgentDefinition,
) -> StoreResult<agents::Model> {
    let current = find(db, tenant_id, id).await?.filter(|a| !a.is_system).ok_or(StoreError::NotFound)?;
    let mut active: agents::ActiveModel = current.into();
    active.slug = Set(definition.slug.clone());
    active.name = Set(definition.name.trim().to_string());
    active.agent_type = Set(definition.agent_type.as_str().to_string());
    active.can_chat = Set(definition.can_chat);
    active.is_premium = Set(definition.is_premium);
    active.definition = Set(serde_json::to_value(definition).expect("a definition serialises"));
    active.updated_at = Set(now());
    active.update(db).await.map_err(StoreError::classify)
}

/// Switches an agent on or off.
pub async fn set_active(db: &impl ConnectionTrait, tenant_id: i64, id: i64, is_active: bool) -> StoreResult<()> {
    let result = agents::Entity::update_many()
        .col_expr(agents::Column::IsActive, sea_orm::sea_query::Expr::value(is_active))
        .col_expr(agents::Column::UpdatedAt, sea_orm::sea_query::Expr::value(now()))
        .filter(agents::Column::TenantId.eq(tenant_id))
        .filter(agents::Column::Id.eq(id))
        .exec(db)
        .await?;
    if result.rows_affected == 0 {
        return Err(StoreError::NotFound);
    }
    Ok(())
}

/// The definition a CareerGPS agent's row holds, read and checked again (a row written by
/// an older version may no longer be valid: the errors say where).
pub fn definition_of(agent: &agents::Model) -> Result<AgentDefinition, domain::FieldErrors> {
    definition::parse(&agent.definition)
}
