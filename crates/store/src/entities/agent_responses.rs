use sea_orm::entity::prelude::*;

/// A system agent's latest answer about a member (`content_type` user) or a use case
/// (aiusecase), one per agent and object (m0032). `response` is a
/// `domain::agents::system::SystemResponse`; `action` and `level` are copied out of it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "agent_responses")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub agent_id: i64,
    pub agent_type: String,
    pub content_type: String,
    pub object_id: i64,
    pub action: String,
    pub level: Option<String>,
    pub response: Json,
    pub last_run_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

impl Model {
    /// A text field of the answer (`reason`, `ai_enthusiasm_level`, `quality_level`).
    pub fn response_text(&self, key: &str) -> Option<String> {
        self.response.get(key).and_then(Json::as_str).map(str::to_string)
    }
}
