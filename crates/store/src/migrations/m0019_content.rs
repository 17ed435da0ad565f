//! Content (issue 13): posts, newsletters, resources and prompts of groups (`contents`,
//! their files `content_files`), career tips, and the cache of link previews.
//!
//! Indexes follow the lists: the Resource Hub and the public lists walk
//! `(tenant, type, status, created_at, id)` newest first; a group's posts or resources
//! `(group, type, created_at, id)`; an author's items `(created_by, type, created_at)`;
//! the topic-area filter `(tenant, topic_area, created_at)`; a stored file's attachment
//! `(file)` (the `/media/` check of premium files). Resources and career tips get search
//! documents (kinds `resource` and `career_tip`) kept by triggers.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index, timestamps};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0019_content"
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
                timestamps(
                    Table::create()
                        .table(col("contents"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(big_integer(col("group_id")))
                        .col(big_integer(col("created_by")))
                        .col(string_len(col("content_type"), 20))
                        .col(boolean(col("is_newsletter")).default(false))
                        .col(string_len_null(col("sub_type"), 20))
                        .col(string_len(col("title"), 300))
                        .col(string_len(col("slug"), 320))
                        .col(text(col("content")))
                        .col(text(col("raw_text")))
                        .col(json_binary_null(col("data")))
                        .col(big_integer_null(col("thumbnail_file_id")))
                        .col(json_binary_null(col("topics")))
                        .col(big_integer_null(col("topic_area_id")))
                        .col(json_binary_null(col("career_stages")))
                        .col(json_binary_null(col("career_goals")))
                        .col(json_binary_null(col("professional_fields")))
                        .col(json_binary_null(col("roles")))
                        .col(string_len_null(col("country"), 100))
                        .col(small_integer(col("security_level")).default(20))
                        .col(boolean(col("publish_to_khub")).default(false))
                        .col(boolean(col("is_premium")).default(false))
                        .col(boolean(col("is_trending")).default(false))
                        .col(boolean(col("is_pinned")).default(false))
                        .col(string_len(col("status"), 20))
                        .col(string_len_null(col("source"), 500))
                        .col(boolean(col("send_email")).default(false)),
                )
                .col(timestamp_with_time_zone_null(col("last_edited_at")))
                .foreign_key(&mut fk(
                    "fk_contents_tenant",
                    (col("contents"), col("tenant_id")),
                    (col("tenants"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_contents_group",
                    (col("contents"), col("group_id")),
                    (col("groups"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_contents_user",
                    (col("contents"), col("created_by")),
                    (col("users"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_contents_thumbnail",
                    (col("contents"), col("thumbnail_file_id")),
                    (col("files"), col("id")),
                    ForeignKeyAction::SetNull,
                ))
                .foreign_key(&mut fk(
                    "fk_contents_topic_area",
                    (col("contents"), col("topic_area_id")),
                    (col("topic_areas"), col("id")),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
            )
            .await?;
        for (name, cols, unique) in [
            ("ux_contents_tenant_slug", &["tenant_id", "slug"][..], true),
            ("ix_contents_list", &["tenant_id", "content_type", "status", "created_at", "id"][..], false),
            ("ix_contents_group", &["group_id", "content_type", "created_at", "id"][..], false),
            ("ix_contents_author", &["created_by", "content_type", "created_at"][..], false),
            ("ix_contents_topic_area", &["tenant_id", "topic_area_id", "created_at"][..], false),
        ] {
            manager.create_index(index(name, col("contents"), cols, unique)).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(col("content_files"))
                    .col(big_integer(col("content_id")))
                    .col(big_integer(col("file_id")))
                    .col(integer(col("position")))
                    .primary_key(Index::create().col(col("content_id")).col(col("file_id")))
                    .foreign_key(&mut fk(
                        "fk_content_files_content",
                        (col("content_files"), col("content_id")),
                        (col("contents"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_content_files_file",
                        (col("content_files"), col("file_id")),
                        (col("files"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("ix_content_files_file", col("content_files"), &["file_id"], false)).await?;

        manager
            .create_table(
                Table::create()
                    .table(col("link_previews"))
                    .col(big_pk_auto(col("id")))
                    .col(string_len(col("url_hash"), 64).unique_key())
                    .col(text(col("url")))
                    .col(boolean(col("ok")))
                    .col(string_len(col("kind"), 20))
                    .col(text_null(col("title")))
                    .col(text_null(col("description")))
                    .col(text_null(col("image")))
                    .col(text_null(col("site_name")))
                    .col(text_null(col("embed_url")))
                    .col(timestamp_with_time_zone(col("fetched_at")))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col("career_tips"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(big_integer_null(col("group_id")))
                        .col(big_integer(col("created_by")))
                        .col(string_len(col("slug"), 320))
                        .col(text(col("content")))
                        .col(text(col("raw_text")))
                        .col(string_len(col("status"), 20)),
                )
                .foreign_key(&mut fk(
                    "fk_career_tips_tenant",
                    (col("career_tips"), col("tenant_id")),
                    (col("tenants"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_career_tips_group",
                    (col("career_tips"), col("group_id")),
                    (col("groups"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_career_tips_user",
                    (col("career_tips"), col("created_by")),
                    (col("users"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
            )
            .await?;
        for (name, cols, unique) in [
            ("ux_career_tips_tenant_slug", &["tenant_id", "slug"][..], true),
            ("ix_career_tips_list", &["tenant_id", "status", "created_at", "id"][..], false),
            ("ix_career_tips_group", &["group_id", "status", "created_at"][..], false),
            ("ix_career_tips_author", &["created_by", "created_at"][..], false),
        ] {
            manager.create_index(index(name, col("career_tips"), cols, unique)).await?;
        }
        crate::search_index::install_content(manager.get_connection()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::search_index::uninstall_content(manager.get_connection()).await?;
        for table in ["career_tips", "link_previews", "content_files", "contents"] {
            manager.drop_table(Table::drop().table(col(table)).to_owned()).await?;
        }
        Ok(())
    }
}
