//! The catalogue (spec 002 §3 "AI tool", "Use case", "Vote", "Influential person", issue 14):
//!
//! - `ai_tools`: a tenant's AI tools, each of one organization (`group_id`), pending until
//!   approved; `vote_score` is the sum of the votes, kept in the vote's transaction.
//! - `use_cases` gains the form's fields (reason, group, document, video, classification,
//!   default circle) and its own `vote_score`.
//! - `catalogue_tags`: the multi-valued classification of both kinds (categories, job
//!   functions, professional fields, career stages) as one row per value, so the list
//!   filters are index lookups; the same values stay on the item as JSON for reading.
//! - `use_case_ai_tools`: the AI tools a use case names.
//! - `votes`: one row per (user, content type, object) under a unique index; a neutral
//!   vote is no row.
//! - The search index gains the `ai_tool` kind (name; body: website).

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index, timestamps};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0020_catalogue"
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
                        .table(col("ai_tools"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(big_integer(col("group_id")))
                        .col(string_len(col("slug"), 255))
                        .col(string_len(col("name"), 255))
                        .col(text(col("description")))
                        .col(string_len_null(col("website"), 500))
                        .col(json_binary_null(col("categories")))
                        .col(json_binary_null(col("roles")))
                        .col(string_len_null(col("logo"), 500))
                        .col(big_integer_null(col("logo_file_id")))
                        .col(string_len(col("status"), 20).default("pending"))
                        .col(big_integer(col("vote_score")).default(0))
                        .col(big_integer_null(col("created_by"))),
                )
                .foreign_key(&mut fk(
                    "fk_ai_tools_tenant",
                    (col("ai_tools"), col("tenant_id")),
                    (col("tenants"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_ai_tools_group",
                    (col("ai_tools"), col("group_id")),
                    (col("groups"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_ai_tools_created_by",
                    (col("ai_tools"), col("created_by")),
                    (col("users"), col("id")),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
            )
            .await?;
        manager.create_index(index("ux_ai_tools_tenant_slug", col("ai_tools"), &["tenant_id", "slug"], true)).await?;
        manager
            .create_index(index(
                "ix_ai_tools_tenant_status_created",
                col("ai_tools"),
                &["tenant_id", "status", "created_at", "id"],
                false,
            ))
            .await?;
        manager
            .create_index(index("ix_ai_tools_created_by", col("ai_tools"), &["created_by", "tenant_id"], false))
            .await?;

        for mut column in [
            text_null(col("reason")),
            big_integer_null(col("group_id")),
            string_len_null(col("document"), 500),
            string_len_null(col("document_name"), 255),
            string_len_null(col("video_link"), 500),
            big_integer_null(col("topic_area")),
            json_binary_null(col("topics")),
            json_binary_null(col("career_stages")),
            json_binary_null(col("professional_fields")),
            json_binary_null(col("job_functions")),
            json_binary_null(col("categories")),
            json_binary_null(col("roles")),
            string_len_null(col("business_value"), 30),
            string_len_null(col("complexity"), 30),
            string_len_null(col("innovation_category"), 30),
            big_integer_null(col("default_group")),
            big_integer(col("vote_score")).default(0).to_owned(),
        ] {
            manager.alter_table(Table::alter().table(col("use_cases")).add_column(&mut column).to_owned()).await?;
        }
        manager
            .create_index(index("ix_use_cases_created_by", col("use_cases"), &["created_by", "tenant_id"], false))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(col("catalogue_tags"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(string_len(col("item_kind"), 20))
                    .col(big_integer(col("item_id")))
                    .col(string_len(col("tag"), 30))
                    .col(string_len(col("value"), 100))
                    .foreign_key(&mut fk(
                        "fk_catalogue_tags_tenant",
                        (col("catalogue_tags"), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_catalogue_tags_lookup",
                col("catalogue_tags"),
                &["tenant_id", "item_kind", "tag", "value", "item_id"],
                false,
            ))
            .await?;
        manager
            .create_index(index("ix_catalogue_tags_item", col("catalogue_tags"), &["item_kind", "item_id"], false))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(col("use_case_ai_tools"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("use_case_id")))
                    .col(big_integer(col("ai_tool_id")))
                    .foreign_key(&mut fk(
                        "fk_use_case_ai_tools_use_case",
                        (col("use_case_ai_tools"), col("use_case_id")),
                        (col("use_cases"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_use_case_ai_tools_ai_tool",
                        (col("use_case_ai_tools"), col("ai_tool_id")),
                        (col("ai_tools"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ux_use_case_ai_tools", col("use_case_ai_tools"), &["use_case_id", "ai_tool_id"], true))
            .await?;
        manager
            .create_index(index("ix_use_case_ai_tools_tool", col("use_case_ai_tools"), &["ai_tool_id"], false))
            .await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col("votes"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(big_integer(col("user_id")))
                        .col(string_len(col("content_type"), 30))
                        .col(big_integer(col("object_id")))
                        .col(small_integer(col("value"))),
                )
                .foreign_key(&mut fk(
                    "fk_votes_tenant",
                    (col("votes"), col("tenant_id")),
                    (col("tenants"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_votes_user",
                    (col("votes"), col("user_id")),
                    (col("users"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ux_votes_user_object", col("votes"), &["user_id", "content_type", "object_id"], true))
            .await?;
        manager.create_index(index("ix_votes_object", col("votes"), &["content_type", "object_id"], false)).await?;

        crate::search_index::install_ai_tools(manager.get_connection()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::search_index::uninstall_ai_tools(manager.get_connection()).await?;
        for table in ["votes", "use_case_ai_tools", "catalogue_tags"] {
            manager.drop_table(Table::drop().table(col(table)).to_owned()).await?;
        }
        manager.drop_index(Index::drop().name("ix_use_cases_created_by").table(col("use_cases")).to_owned()).await?;
        for name in [
            "vote_score",
            "default_group",
            "innovation_category",
            "complexity",
            "business_value",
            "roles",
            "categories",
            "job_functions",
            "professional_fields",
            "career_stages",
            "topics",
            "topic_area",
            "video_link",
            "document_name",
            "document",
            "group_id",
            "reason",
        ] {
            manager.alter_table(Table::alter().table(col("use_cases")).drop_column(col(name)).to_owned()).await?;
        }
        manager.drop_table(Table::drop().table(col("ai_tools")).to_owned()).await
    }
}
