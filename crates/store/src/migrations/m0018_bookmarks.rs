//! Bookmarks (favourites, spec 002 §3 "Bookmark", §4 "Bookmark", §7 "Bookmarks"): a user's
//! bookmark of one item of a site, by entity type and id. One table serves every kind that
//! can be bookmarked (jobs today; use cases, resources, AI tools and groups later), so the
//! item is named by `entity_type` and `entity_id` rather than a foreign key per kind: the
//! queries join the kind's own table, which also decides whether the item is still visible.
//!
//! Indexes follow the queries: one bookmark per user and item (unique), "my bookmarks of
//! type X on this site, newest first" `(user, tenant, type, created_at, id)`, and the
//! cleanup or counts of one item `(type, entity)`.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0018_bookmarks"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(col("bookmarks"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(big_integer(col("user_id")))
                    .col(string_len(col("entity_type"), 30))
                    .col(big_integer(col("entity_id")))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .foreign_key(&mut fk(
                        "fk_bookmarks_tenant",
                        (col("bookmarks"), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_bookmarks_user",
                        (col("bookmarks"), col("user_id")),
                        (col("users"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_bookmarks_user_entity",
                col("bookmarks"),
                &["user_id", "entity_type", "entity_id"],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_bookmarks_user_type_created",
                col("bookmarks"),
                &["user_id", "tenant_id", "entity_type", "created_at", "id"],
                false,
            ))
            .await?;
        manager
            .create_index(index("ix_bookmarks_entity", col("bookmarks"), &["entity_type", "entity_id"], false))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(col("bookmarks")).to_owned()).await
    }
}
