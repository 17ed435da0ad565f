use sea_orm::entity::prelude::*;

/// Organizations, institutions, circles and events share this one table.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "groups")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub parent_id: Option<i64>,
    pub group_type: String,
    pub name: String,
    pub slug: String,
    pub description: Option<String>,
    pub logo: Option<String>,
    pub cover_image: Option<String>,
    pub privacy: i16,
    pub join_mode: String,
    pub membership_type: Option<String>,
    pub is_tenant_root: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
