//! Tenants, groups (organizations first), users, memberships, topic areas and topics.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index, timestamps};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0001_foundation"
    }
}

#[derive(DeriveIden)]
enum Tenants {
    Table,
    Id,
    Domain,
    IsDefault,
    Config,
}

#[derive(DeriveIden)]
enum Groups {
    Table,
    Id,
    TenantId,
    ParentId,
    GroupType,
    Name,
    Slug,
    Description,
    Logo,
    CoverImage,
    Privacy,
    JoinMode,
    MembershipType,
    IsTenantRoot,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Email,
    PasswordHash,
    FirstName,
    LastName,
    IsVerified,
    IsTrialUser,
    IsStaff,
    IsActive,
    LastLoginAt,
}

#[derive(DeriveIden)]
enum Memberships {
    Table,
    Id,
    GroupId,
    UserId,
    Role,
    Status,
}

#[derive(DeriveIden)]
enum TopicAreas {
    Table,
    Id,
    TenantId,
    Name,
}

#[derive(DeriveIden)]
enum Topics {
    Table,
    Id,
    TenantId,
    Name,
    NameKey,
    TopicType,
    TopicAreaId,
    GroupId,
    CreatedBy,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(Tenants::Table)
                        .col(big_pk_auto(Tenants::Id))
                        .col(string_len_uniq(Tenants::Domain, 253))
                        .col(boolean(Tenants::IsDefault).default(false))
                        .col(json_binary(Tenants::Config)),
                )
                .to_owned(),
            )
            .await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(Groups::Table)
                        .col(big_pk_auto(Groups::Id))
                        .col(big_integer(Groups::TenantId))
                        .col(big_integer_null(Groups::ParentId))
                        .col(string_len(Groups::GroupType, 20))
                        .col(string_len(Groups::Name, 200))
                        .col(string_len(Groups::Slug, 220))
                        .col(text_null(Groups::Description))
                        .col(string_len_null(Groups::Logo, 1000))
                        .col(string_len_null(Groups::CoverImage, 1000))
                        .col(small_integer(Groups::Privacy).default(0))
                        .col(string_len(Groups::JoinMode, 10).default("open"))
                        .col(string_len_null(Groups::MembershipType, 30))
                        .col(boolean(Groups::IsTenantRoot).default(false)),
                )
                .foreign_key(&mut fk(
                    "fk_groups_tenant",
                    (Groups::Table, Groups::TenantId),
                    (Tenants::Table, Tenants::Id),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_groups_parent",
                    (Groups::Table, Groups::ParentId),
                    (Groups::Table, Groups::Id),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
            )
            .await?;
        manager.create_index(index("ux_groups_tenant_slug", Groups::Table, &["tenant_id", "slug"], true)).await?;
        manager
            .create_index(index("ix_groups_tenant_type", Groups::Table, &["tenant_id", "group_type"], false))
            .await?;
        manager.create_index(index("ix_groups_parent", Groups::Table, &["parent_id"], false)).await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(Users::Table)
                        .col(big_pk_auto(Users::Id))
                        .col(string_len_uniq(Users::Email, 254))
                        .col(string_len_null(Users::PasswordHash, 200))
                        .col(string_len(Users::FirstName, 150))
                        .col(string_len(Users::LastName, 150))
                        .col(boolean(Users::IsVerified).default(false))
                        .col(boolean(Users::IsTrialUser).default(false))
                        .col(boolean(Users::IsStaff).default(false))
                        .col(boolean(Users::IsActive).default(true))
                        .col(timestamp_with_time_zone_null(Users::LastLoginAt)),
                )
                .to_owned(),
            )
            .await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(Memberships::Table)
                        .col(big_pk_auto(Memberships::Id))
                        .col(big_integer(Memberships::GroupId))
                        .col(big_integer(Memberships::UserId))
                        .col(string_len(Memberships::Role, 30))
                        .col(string_len(Memberships::Status, 20)),
                )
                .foreign_key(&mut fk(
                    "fk_memberships_group",
                    (Memberships::Table, Memberships::GroupId),
                    (Groups::Table, Groups::Id),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_memberships_user",
                    (Memberships::Table, Memberships::UserId),
                    (Users::Table, Users::Id),
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ux_memberships_group_user", Memberships::Table, &["group_id", "user_id"], true))
            .await?;
        manager.create_index(index("ix_memberships_user", Memberships::Table, &["user_id"], false)).await?;
        manager
            .create_index(index("ix_memberships_group_status", Memberships::Table, &["group_id", "status"], false))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(TopicAreas::Table)
                    .col(big_pk_auto(TopicAreas::Id))
                    .col(big_integer(TopicAreas::TenantId))
                    .col(string_len(TopicAreas::Name, 120))
                    .col(timestamp_with_time_zone(Alias::new("created_at")))
                    .foreign_key(&mut fk(
                        "fk_topic_areas_tenant",
                        (TopicAreas::Table, TopicAreas::TenantId),
                        (Tenants::Table, Tenants::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ux_topic_areas_tenant_name", TopicAreas::Table, &["tenant_id", "name"], true))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Topics::Table)
                    .col(big_pk_auto(Topics::Id))
                    .col(big_integer(Topics::TenantId))
                    .col(string_len(Topics::Name, 120))
                    .col(string_len(Topics::NameKey, 120))
                    .col(string_len(Topics::TopicType, 10))
                    .col(big_integer_null(Topics::TopicAreaId))
                    .col(big_integer_null(Topics::GroupId))
                    .col(big_integer_null(Topics::CreatedBy))
                    .col(timestamp_with_time_zone(Alias::new("created_at")))
                    .foreign_key(&mut fk(
                        "fk_topics_tenant",
                        (Topics::Table, Topics::TenantId),
                        (Tenants::Table, Tenants::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_topics_area",
                        (Topics::Table, Topics::TopicAreaId),
                        (TopicAreas::Table, TopicAreas::Id),
                        ForeignKeyAction::SetNull,
                    ))
                    .foreign_key(&mut fk(
                        "fk_topics_group",
                        (Topics::Table, Topics::GroupId),
                        (Groups::Table, Groups::Id),
                        ForeignKeyAction::SetNull,
                    ))
                    .foreign_key(&mut fk(
                        "fk_topics_created_by",
                        (Topics::Table, Topics::CreatedBy),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_topics_tenant_type_key",
                Topics::Table,
                &["tenant_id", "topic_type", "name_key"],
                true,
            ))
            .await?;
        manager.create_index(index("ix_topics_area", Topics::Table, &["topic_area_id"], false)).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["topics", "topic_areas", "memberships", "users", "groups", "tenants"] {
            manager.drop_table(Table::drop().table(Alias::new(table)).to_owned()).await?;
        }
        Ok(())
    }
}
