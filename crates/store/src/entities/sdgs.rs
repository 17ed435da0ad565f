use sea_orm::entity::prelude::*;

/// The United Nations Sustainable Development Goals.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sdgs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub number: i32,
    pub name: String,
    pub logo: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
