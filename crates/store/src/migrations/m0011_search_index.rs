//! The full-text search index (`crate::search_index`): its tables, the triggers that keep it
//! in step with users, profiles, groups, use cases and topics, and the documents of the
//! rows that exist. The statements differ per database (FTS5, tsvector), so the index
//! module owns them.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0011_search_index"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::search_index::install(manager.get_connection()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::search_index::uninstall(manager.get_connection()).await
    }
}
