use sea_orm::entity::prelude::*;

/// One item of a site as the matching engine knows it (m0037): the hash of the text it was
/// embedded from, whether anyone on the site may be offered it, what ranking reads of it
/// (`meta`, JSON of `domain::matching::ItemMeta`) and the site's generation it was written at.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "match_items")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub tenant_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub item_id: i64,
    pub eligible: bool,
    pub text_hash: String,
    #[sea_orm(column_type = "Text")]
    pub meta: String,
    pub seq: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
