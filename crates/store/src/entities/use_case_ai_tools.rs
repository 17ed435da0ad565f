use sea_orm::entity::prelude::*;

/// An AI tool named by a use case.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "use_case_ai_tools")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub use_case_id: i64,
    pub ai_tool_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
