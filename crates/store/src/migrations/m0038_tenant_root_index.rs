//! A site's root organization by key: every tenant lookup reads it
//! (`queries::tenants::with_org`). Without this index SQLite answered
//! `tenant_id = ? AND is_tenant_root = ?` from the influencer list's index and walked the
//! site's groups, 20–120 ms at 10,000 circles, and every request that found the host cache
//! expired waited for it at once.

use sea_orm_migration::prelude::*;

use super::index;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0038_tenant_root_index"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(index("ix_groups_tenant_root", Alias::new("groups"), &["tenant_id", "is_tenant_root"], false))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("ix_groups_tenant_root").table(Alias::new("groups")).to_owned()).await
    }
}
