//! A member is queued for the matching engine again only when what their documents are made
//! of changes (issue 29): m0037 queued them on any update of their profile, so uploading a
//! résumé, a picture or a social link re-read, re-hashed and re-wrote them, and a burst of
//! such writes (20,000 résumés in the bench) kept the worker busy for half a minute beside
//! the requests. Their name is now watched too: it is in the meta the engine keeps of them.
//!
//! What the member's documents read (`services::matching::documents::member`): the profile's
//! title, discipline, short bio, career story, additional career information and country, and
//! their topics through the profile's id (`profile_topics`, watched by m0037).

use sea_orm_migration::{prelude::*, sea_orm::DbBackend};

use super::m0037_matching::{self, Source};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0044_matching_document_columns"
    }
}

/// The profile columns the member's documents are made of, and the row's owner.
const PROFILE_COLUMNS: &[&str] =
    &["user_id", "title", "discipline", "short_bio", "career_story", "additional_career_information", "country"];

const NARROWED: [Source; 2] = [
    Source { table: "profiles", kind: "user", id: "{r}.\"user_id\"", update_of: PROFILE_COLUMNS },
    Source { table: "users", kind: "user", id: "{r}.\"id\"", update_of: &["is_active", "first_name", "last_name"] },
];

/// As m0037 made them.
fn before() -> Result<Vec<&'static Source>, DbErr> {
    NARROWED
        .iter()
        .map(|narrowed| {
            m0037_matching::source(narrowed.table, narrowed.kind)
                .ok_or_else(|| DbErr::Migration(format!("m0037 has no source for {}", narrowed.table)))
        })
        .collect()
}

/// Drops and makes each source's triggers again as one batch: statements sent one by one may
/// each take another of the pool's connections, and a SQLite connection that read the schema
/// before the drop refuses to make a trigger of the same name ("already exists") while
/// preparing, before it would notice the schema changed.
async fn replace(manager: &SchemaManager<'_>, sources: &[&Source]) -> Result<(), DbErr> {
    let backend: DbBackend = manager.get_database_backend();
    let statements: Vec<String> =
        sources.iter().flat_map(|source| source.drops(backend).into_iter().chain(source.triggers(backend))).collect();
    manager.get_connection().execute_unprepared(&statements.join(";\n")).await?;
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        replace(manager, &NARROWED.iter().collect::<Vec<_>>()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        replace(manager, &before()?).await
    }
}
