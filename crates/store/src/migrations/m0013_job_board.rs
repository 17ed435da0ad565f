//! The job board (spec 001 §3 "Job", §4 "Job lifecycle", issue 12): job posts of a group,
//! their skills, and the applications to them. The tables are `job_posts` and
//! `job_applications` because `jobs` is the background work queue.
//!
//! Indexes follow the list queries: the board walks `(tenant, created_at, id)` newest
//! first; a group's jobs `(group, created_at)`; the applicants of a job
//! `(job, status, created_at)`; a person's applications `(user, status, job)`. The search
//! index gets a `job` document per live post (title; body: address), kept by triggers.

use sea_orm_migration::{prelude::*, schema::*, sea_orm::DbBackend};

use super::{fk, index, timestamps};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0013_job_board"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

const BOARD_SQLITE: &str =
    r#"CREATE INDEX "ix_job_posts_board" ON "job_posts" ("tenant_id", "created_at", "id", "job_status", "group_id")"#;
const BOARD_POSTGRES: &str = r#"CREATE INDEX "ix_job_posts_board" ON "job_posts" ("tenant_id", "created_at" DESC, "id" DESC) INCLUDE ("job_status", "group_id", "deleted_at")"#;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col("job_posts"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(big_integer(col("group_id")))
                        .col(string_len(col("slug"), 255))
                        .col(string_len(col("title"), 255))
                        .col(text(col("description")))
                        .col(text_null(col("requirements")))
                        .col(json_binary_null(col("career_stages")))
                        .col(json_binary_null(col("professional_fields")))
                        .col(json_binary_null(col("countries")))
                        .col(string_len(col("job_location"), 20))
                        .col(string_len_null(col("job_type"), 20))
                        .col(string_len_null(col("address"), 255))
                        .col(date_null(col("application_open_date")))
                        .col(date_null(col("application_close_date")))
                        .col(string_len(col("job_status"), 20).default("pending"))
                        .col(boolean(col("is_featured")).default(false))
                        .col(json_binary_null(col("extra_info")))
                        .col(big_integer_null(col("created_by")))
                        .col(timestamp_with_time_zone_null(col("deleted_at"))),
                )
                .foreign_key(&mut fk(
                    "fk_job_posts_tenant",
                    (col("job_posts"), col("tenant_id")),
                    (col("tenants"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_job_posts_group",
                    (col("job_posts"), col("group_id")),
                    (col("groups"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_job_posts_created_by",
                    (col("job_posts"), col("created_by")),
                    (col("users"), col("id")),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
            )
            .await?;
        manager.create_index(index("ux_job_posts_tenant_slug", col("job_posts"), &["tenant_id", "slug"], true)).await?;
        manager
            .create_index(index("ix_job_posts_group_created", col("job_posts"), &["group_id", "created_at"], false))
            .await?;
        manager.create_index(index("ix_job_posts_created_by", col("job_posts"), &["created_by"], false)).await?;
        let board = match manager.get_database_backend() {
            DbBackend::Postgres => BOARD_POSTGRES,
            _ => BOARD_SQLITE,
        };
        manager.get_connection().execute_unprepared(board).await?;

        manager
            .create_table(
                Table::create()
                    .table(col("job_post_skills"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("job_post_id")))
                    .col(big_integer(col("topic_id")))
                    .foreign_key(&mut fk(
                        "fk_job_post_skills_job",
                        (col("job_post_skills"), col("job_post_id")),
                        (col("job_posts"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_job_post_skills_topic",
                        (col("job_post_skills"), col("topic_id")),
                        (col("topics"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ux_job_post_skills", col("job_post_skills"), &["job_post_id", "topic_id"], true))
            .await?;
        manager
            .create_index(index(
                "ix_job_post_skills_topic",
                col("job_post_skills"),
                &["topic_id", "job_post_id"],
                false,
            ))
            .await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col("job_applications"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("job_post_id")))
                        .col(big_integer(col("user_id")))
                        .col(string_len(col("status"), 20).default("pending"))
                        .col(json_binary_null(col("answers")))
                        .col(string_len_null(col("resume"), 500))
                        .col(timestamp_with_time_zone_null(col("reviewed_at")))
                        .col(big_integer_null(col("reviewed_by"))),
                )
                .foreign_key(&mut fk(
                    "fk_job_applications_job",
                    (col("job_applications"), col("job_post_id")),
                    (col("job_posts"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_job_applications_user",
                    (col("job_applications"), col("user_id")),
                    (col("users"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_job_applications_reviewed_by",
                    (col("job_applications"), col("reviewed_by")),
                    (col("users"), col("id")),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_job_applications_job_user",
                col("job_applications"),
                &["job_post_id", "user_id"],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_job_applications_job_status",
                col("job_applications"),
                &["job_post_id", "status", "created_at"],
                false,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_job_applications_user_status",
                col("job_applications"),
                &["user_id", "status", "job_post_id"],
                false,
            ))
            .await?;
        crate::search_index::install_job_posts(manager.get_connection()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        crate::search_index::uninstall_job_posts(manager.get_connection()).await?;
        for table in ["job_applications", "job_post_skills", "job_posts"] {
            manager.drop_table(Table::drop().table(col(table)).to_owned()).await?;
        }
        Ok(())
    }
}
