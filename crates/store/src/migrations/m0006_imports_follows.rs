//! Profile imports (from a resume or a LinkedIn URL, run in the background), the
//! languages list of a profile, and follows of people and groups.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index, timestamps};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0006_imports_follows"
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
enum Groups {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Files {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Profiles {
    Table,
    Languages,
}

#[derive(DeriveIden)]
enum ProfileImports {
    Table,
    Id,
    TenantId,
    UserId,
    RequestedBy,
    Source,
    Status,
    Fields,
    FileId,
    Url,
    Error,
    StartedAt,
    FinishedAt,
}

#[derive(DeriveIden)]
enum Follows {
    Table,
    Id,
    FollowerId,
    FollowedUserId,
    GroupId,
    TenantId,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table(Profiles::Table).add_column(json_binary_null(Profiles::Languages)).to_owned(),
            )
            .await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(ProfileImports::Table)
                        .col(big_pk_auto(ProfileImports::Id))
                        .col(big_integer(ProfileImports::TenantId))
                        .col(big_integer(ProfileImports::UserId))
                        .col(big_integer_null(ProfileImports::RequestedBy))
                        .col(string_len(ProfileImports::Source, 20))
                        .col(string_len(ProfileImports::Status, 20))
                        .col(json_binary(ProfileImports::Fields))
                        .col(big_integer_null(ProfileImports::FileId))
                        .col(string_len_null(ProfileImports::Url, 500))
                        .col(text_null(ProfileImports::Error))
                        .col(timestamp_with_time_zone_null(ProfileImports::StartedAt))
                        .col(timestamp_with_time_zone_null(ProfileImports::FinishedAt)),
                )
                .foreign_key(&mut fk(
                    "fk_profile_imports_tenant",
                    (ProfileImports::Table, ProfileImports::TenantId),
                    (Tenants::Table, Tenants::Id),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_profile_imports_user",
                    (ProfileImports::Table, ProfileImports::UserId),
                    (Users::Table, Users::Id),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_profile_imports_requested_by",
                    (ProfileImports::Table, ProfileImports::RequestedBy),
                    (Users::Table, Users::Id),
                    ForeignKeyAction::SetNull,
                ))
                .foreign_key(&mut fk(
                    "fk_profile_imports_file",
                    (ProfileImports::Table, ProfileImports::FileId),
                    (Files::Table, Files::Id),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
            )
            .await?;
        manager.create_index(index("ix_profile_imports_user", ProfileImports::Table, &["user_id"], false)).await?;
        manager.create_index(index("ix_profile_imports_tenant", ProfileImports::Table, &["tenant_id"], false)).await?;

        // One row per follow: of a person (`followed_user_id`) or of a group (`group_id`,
        // with the group's tenant). Real foreign keys, so a deleted person or group takes
        // its follows along.
        manager
            .create_table(
                Table::create()
                    .table(Follows::Table)
                    .col(big_pk_auto(Follows::Id))
                    .col(big_integer(Follows::FollowerId))
                    .col(big_integer_null(Follows::FollowedUserId))
                    .col(big_integer_null(Follows::GroupId))
                    .col(big_integer_null(Follows::TenantId))
                    .col(timestamp_with_time_zone(Follows::CreatedAt))
                    .foreign_key(&mut fk(
                        "fk_follows_follower",
                        (Follows::Table, Follows::FollowerId),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_follows_followed_user",
                        (Follows::Table, Follows::FollowedUserId),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_follows_group",
                        (Follows::Table, Follows::GroupId),
                        (Groups::Table, Groups::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_follows_tenant",
                        (Follows::Table, Follows::TenantId),
                        (Tenants::Table, Tenants::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        // NULLs are distinct in unique indexes on both databases, so each index holds one
        // kind of follow.
        manager
            .create_index(index("ux_follows_follower_user", Follows::Table, &["follower_id", "followed_user_id"], true))
            .await?;
        manager
            .create_index(index("ux_follows_follower_group", Follows::Table, &["follower_id", "group_id"], true))
            .await?;
        manager.create_index(index("ix_follows_followed_user", Follows::Table, &["followed_user_id"], false)).await?;
        manager.create_index(index("ix_follows_group", Follows::Table, &["group_id"], false)).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["follows", "profile_imports"] {
            manager.drop_table(Table::drop().table(Alias::new(table)).to_owned()).await?;
        }
        manager.alter_table(Table::alter().table(Profiles::Table).drop_column(Profiles::Languages).to_owned()).await
    }
}
