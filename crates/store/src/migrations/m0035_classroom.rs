//! Google Classroom (spec 001 §6, §7, §8; issue 19):
//!
//! - `classroom_grants`: an administrator's consent on a site, the Google refresh token
//!   sealed (encrypted with a key derived from the server secret; never returned or logged).
//! - `classroom_links`: what a sync made of a course's people and materials in a group —
//!   a roster member's Google id ↔ the user it matched, a material's id ↔ the resource it
//!   became — so a re-sync updates instead of duplicating.
//! - `classroom_local_members`, `classroom_local_materials`: the embedded provider's
//!   courses (rosters and materials kept in the database, seeded for the demo circle), so
//!   the flow works on one machine without Google (docs/decisions.md).

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0035_classroom"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

fn tenant_fk(table: &str) -> ForeignKeyCreateStatement {
    fk(
        &format!("fk_{table}_tenant"),
        (col(table), col("tenant_id")),
        (col("tenants"), col("id")),
        ForeignKeyAction::Cascade,
    )
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(col("classroom_grants"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(big_integer(col("user_id")))
                    .col(text(col("sealed_refresh_token")))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .col(timestamp_with_time_zone(col("updated_at")))
                    .foreign_key(&mut tenant_fk("classroom_grants"))
                    .foreign_key(&mut fk(
                        "fk_classroom_grants_user",
                        (col("classroom_grants"), col("user_id")),
                        (col("users"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ux_classroom_grants_user", col("classroom_grants"), &["tenant_id", "user_id"], true))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(col("classroom_links"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("group_id")))
                    // member or material
                    .col(string_len(col("kind"), 16))
                    .col(string_len(col("external_id"), 200))
                    // users.id for a member, contents.id for a material
                    .col(big_integer(col("target_id")))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .col(timestamp_with_time_zone(col("updated_at")))
                    .foreign_key(&mut fk(
                        "fk_classroom_links_group",
                        (col("classroom_links"), col("group_id")),
                        (col("groups"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_classroom_links_external",
                col("classroom_links"),
                &["group_id", "kind", "external_id"],
                true,
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(col("classroom_local_members"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(string_len(col("course_id"), 100))
                    // student or teacher
                    .col(string_len(col("role"), 16))
                    .col(string_len(col("external_id"), 200))
                    .col(string_len(col("email"), 254))
                    .col(string_len(col("full_name"), 200))
                    .foreign_key(&mut tenant_fk("classroom_local_members"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_classroom_local_members",
                col("classroom_local_members"),
                &["tenant_id", "course_id", "role", "external_id"],
                true,
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(col("classroom_local_materials"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(string_len(col("course_id"), 100))
                    .col(string_len(col("external_id"), 200))
                    .col(string_len(col("title"), 255))
                    .col(text(col("description")))
                    .col(string_len_null(col("url"), 500))
                    .foreign_key(&mut tenant_fk("classroom_local_materials"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_classroom_local_materials",
                col("classroom_local_materials"),
                &["tenant_id", "course_id", "external_id"],
                true,
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["classroom_local_materials", "classroom_local_members", "classroom_links", "classroom_grants"] {
            manager.drop_table(Table::drop().table(col(table)).if_exists().to_owned()).await?;
        }
        Ok(())
    }
}
