use sea_orm::entity::prelude::*;

/// One run of an agent (m0032): `user_id` ran it, for `beneficiary_id` when staff ran it
/// for a member. `answers` are by step order (`{"2": {...}}`), `status` in_progress,
/// completed or failed, `log` the agent log staff may read (a JSON list of messages).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "agent_runs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub agent_id: i64,
    pub user_id: i64,
    pub beneficiary_id: Option<i64>,
    pub answers: Json,
    pub current_step: i32,
    pub status: String,
    pub log: Json,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub completed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
