use sea_orm::entity::prelude::*;

/// An agent of a site (m0032): a CareerGPS agent or a system agent (`is_system`). The
/// `definition` holds what `domain::agents::definition::AgentDefinition` reads (steps,
/// prompts, stepper) for CareerGPS agents, and `{}` for system agents; `name`, `slug`,
/// `agent_type`, `can_chat` and `is_premium` are copied out of it for lists and checks.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "agents")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub slug: String,
    pub name: String,
    pub agent_type: String,
    pub is_system: bool,
    pub can_chat: bool,
    pub is_premium: bool,
    pub is_active: bool,
    pub position: i32,
    pub definition: Json,
    /// The sum of its votes (+1 up, −1 down; m0040).
    pub vote_score: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
