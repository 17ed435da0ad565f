//! Uploaded files: who uploaded what, where it is stored, and its checked type.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0005_files"
    }
}

#[derive(DeriveIden)]
enum Tenants {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Files {
    Table,
    Id,
    TenantId,
    UserId,
    StorageKey,
    Name,
    ContentType,
    Size,
    Kind,
    Purpose,
    Description,
    Details,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Files::Table)
                    .col(big_pk_auto(Files::Id))
                    .col(big_integer(Files::TenantId))
                    .col(big_integer(Files::UserId))
                    .col(string_len_uniq(Files::StorageKey, 200))
                    .col(string_len(Files::Name, 255))
                    .col(string_len(Files::ContentType, 100))
                    .col(big_integer(Files::Size))
                    .col(string_len(Files::Kind, 20))
                    .col(string_len(Files::Purpose, 30))
                    .col(text_null(Files::Description))
                    .col(json_binary_null(Files::Details))
                    .col(timestamp_with_time_zone(Files::CreatedAt))
                    .foreign_key(&mut fk(
                        "fk_files_tenant",
                        (Files::Table, Files::TenantId),
                        (Tenants::Table, Tenants::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_files_user",
                        (Files::Table, Files::UserId),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("ix_files_tenant_user", Files::Table, &["tenant_id", "user_id"], false)).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Files::Table).to_owned()).await
    }
}
