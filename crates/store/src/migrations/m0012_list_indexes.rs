//! Indexes shaped after the list queries (issue 11): each list walks one index in the order
//! it answers, with the columns its filters test inside the index, so a page reads only the
//! rows it shows and a count never touches the table.
//!
//! - circles/events/groups lists: `(tenant, type, start date, id)` in the lists' order
//!   (newest start first, undated last), carrying the other lifecycle dates and the privacy
//!   level and the parent, so the status filters (date ranges) and the visibility rule are
//!   checked in the index. It replaces `ix_groups_tenant_type_start`, its prefix.
//! - a viewer's own memberships (visibility of private groups, "my groups", connections):
//!   `(user, status, role, group)` answers them from the index. It replaces
//!   `ix_memberships_user`, its prefix.
//!
//! PostgreSQL gets the order written out (DESC NULLS LAST) and the filter columns as
//! INCLUDE columns; SQLite has neither, but sorts NULLs first, so a plain index read
//! backwards is the same order.

use sea_orm_migration::{prelude::*, sea_orm::DbBackend};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0012_list_indexes"
    }
}

const GROUP_LIST_SQLITE: &str = r#"CREATE INDEX "ix_groups_list_start" ON "groups" ("tenant_id", "group_type", "start_date", "id", "end_date", "application_open_date", "application_close_date", "privacy", "parent_id")"#;
const GROUP_LIST_POSTGRES: &str = r#"CREATE INDEX "ix_groups_list_start" ON "groups" ("tenant_id", "group_type", "start_date" DESC NULLS LAST, "id" DESC) INCLUDE ("end_date", "application_open_date", "application_close_date", "privacy", "parent_id")"#;
const OWN_MEMBERSHIPS: &str =
    r#"CREATE INDEX "ix_memberships_user_status" ON "memberships" ("user_id", "status", "role", "group_id")"#;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let group_list = match manager.get_database_backend() {
            DbBackend::Postgres => GROUP_LIST_POSTGRES,
            _ => GROUP_LIST_SQLITE,
        };
        db.execute_unprepared(group_list).await?;
        db.execute_unprepared(r#"DROP INDEX IF EXISTS "ix_groups_tenant_type_start""#).await?;
        db.execute_unprepared(OWN_MEMBERSHIPS).await?;
        db.execute_unprepared(r#"DROP INDEX IF EXISTS "ix_memberships_user""#).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared(r#"CREATE INDEX "ix_memberships_user" ON "memberships" ("user_id")"#).await?;
        db.execute_unprepared(r#"DROP INDEX IF EXISTS "ix_memberships_user_status""#).await?;
        db.execute_unprepared(
            r#"CREATE INDEX "ix_groups_tenant_type_start" ON "groups" ("tenant_id", "group_type", "start_date")"#,
        )
        .await?;
        db.execute_unprepared(r#"DROP INDEX IF EXISTS "ix_groups_list_start""#).await?;
        Ok(())
    }
}
