//! An index for the country filters (Connect, You May Know, the members list): they compare
//! `LOWER(profiles.country)` with the lower-cased names asked for, so the index is on that
//! expression. sea-query builds expression indexes for PostgreSQL only, so the statement
//! is written out; it is the same SQL on both databases (SQLite has expression indexes).

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0008_profile_country_index"
    }
}

pub const INDEX: &str = "ix_profiles_country_lower";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let sql = format!(r#"CREATE INDEX "{INDEX}" ON "profiles" (LOWER("country"))"#);
        manager.get_connection().execute_unprepared(&sql).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared(&format!(r#"DROP INDEX IF EXISTS "{INDEX}""#)).await?;
        Ok(())
    }
}
