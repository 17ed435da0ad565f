use sea_orm::entity::prelude::*;

/// The vector of one distinct text under one model (m0037): little-endian `f32`s.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "match_embeddings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub model: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub text_hash: String,
    #[sea_orm(column_type = "Blob")]
    pub vector: Vec<u8>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
