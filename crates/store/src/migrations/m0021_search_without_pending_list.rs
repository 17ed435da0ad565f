//! PostgreSQL's search indexes take every write directly (`fastupdate = off`) instead of
//! collecting new documents in a pending list that each search reads in full until a vacuum
//! merges it; the list left by earlier writes is merged now. SQLite is unchanged.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0021_search_without_pending_list"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::search_index::index_without_pending_list(manager.get_connection()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::search_index::index_with_pending_list(manager.get_connection()).await
    }
}
