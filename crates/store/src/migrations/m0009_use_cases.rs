//! AI use cases (spec 002 §3 "Use case"), read side: the catalogue of each tenant and the
//! groups' links to it. Groups named use cases in a JSON array (`groups.use_cases`) while
//! no catalogue existed, so those values name nothing; the array is replaced by the
//! `group_use_cases` join table, which the circles list filters on.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index, timestamps};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0009_use_cases"
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
                        .table(col("use_cases"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(string_len(col("slug"), 255))
                        .col(string_len(col("title"), 255))
                        .col(text_null(col("description")))
                        .col(string_len_null(col("thumbnail_image"), 500))
                        .col(string_len(col("status"), 20).default("pending"))
                        .col(big_integer_null(col("created_by"))),
                )
                .foreign_key(&mut fk(
                    "fk_use_cases_tenant",
                    (col("use_cases"), col("tenant_id")),
                    (col("tenants"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_use_cases_created_by",
                    (col("use_cases"), col("created_by")),
                    (col("users"), col("id")),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
            )
            .await?;
        manager.create_index(index("ux_use_cases_tenant_slug", col("use_cases"), &["tenant_id", "slug"], true)).await?;
        manager
            .create_index(index(
                "ix_use_cases_tenant_status_title",
                col("use_cases"),
                &["tenant_id", "status", "title"],
                false,
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(col("group_use_cases"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("group_id")))
                    .col(big_integer(col("use_case_id")))
                    .foreign_key(&mut fk(
                        "fk_group_use_cases_group",
                        (col("group_use_cases"), col("group_id")),
                        (col("groups"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_group_use_cases_use_case",
                        (col("group_use_cases"), col("use_case_id")),
                        (col("use_cases"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ux_group_use_cases", col("group_use_cases"), &["group_id", "use_case_id"], true))
            .await?;
        manager
            .create_index(index("ix_group_use_cases_use_case", col("group_use_cases"), &["use_case_id"], false))
            .await?;
        manager.alter_table(Table::alter().table(col("groups")).drop_column(col("use_cases")).to_owned()).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(col("groups")).add_column(json_binary_null(col("use_cases"))).to_owned())
            .await?;
        for table in ["group_use_cases", "use_cases"] {
            manager.drop_table(Table::drop().table(col(table)).to_owned()).await?;
        }
        Ok(())
    }
}
