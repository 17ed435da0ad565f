use sea_orm::entity::prelude::*;

/// One value of a multi-valued classification of a catalogue item (`item_kind` aitool or
/// usecase; `tag` category, job_function, professional_field or career_stage), for the
/// list filters. The item keeps the same values as JSON for reading.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "catalogue_tags")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub item_kind: String,
    pub item_id: i64,
    pub tag: String,
    pub value: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
