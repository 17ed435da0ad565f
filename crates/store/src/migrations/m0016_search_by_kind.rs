//! The search index by kind (`crate::search_index`): SQLite gets one FTS5 table per kind
//! in place of the one that held every kind, PostgreSQL one partial GIN index per kind in
//! place of one over every kind, both built from the documents that exist. A search of one
//! kind then reads only that kind's matches: people search no longer walks every job
//! document whose title starts like a name. The documents and their triggers are unchanged.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0016_search_by_kind"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::search_index::index_by_kind(manager.get_connection()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::search_index::index_single(manager.get_connection()).await
    }
}
