//! `GET /circles/me/` (my area) lists the groups a user created or applied to: the groups
//! they created are found by `created_by`, which had no index (every group of the tenant was
//! read to find a user's own).

use sea_orm_migration::prelude::*;

use super::index;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0026_groups_created_by"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.create_index(index("ix_groups_created_by", Alias::new("groups"), &["created_by"], false)).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("ix_groups_created_by").table(Alias::new("groups")).to_owned()).await
    }
}
