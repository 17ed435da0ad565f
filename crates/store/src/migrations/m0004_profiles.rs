//! Profiles: the personal profile (one per user), the group profile (one per user and
//! organization), the career profile (one per user and site), career entries (work and
//! education), user services, and the skills and topics chosen for them.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index, timestamps};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0004_profiles"
    }
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
enum Tenants {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Topics {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Profiles {
    Table,
    Id,
    UserId,
    NameSlug,
    Picture,
    Country,
    Location,
    Title,
    Batch,
    PreferedLanguage,
    Resume,
    Video,
    SocialLinkedin,
    SocialTwitter,
    SocialGoogleScholar,
    SocialResearchGate,
    SocialOrcid,
    SocialFacebook,
    ShortBio,
    CareerStory,
    CareerAdvice,
    CalendyUrl,
    SpecificNeeds,
    Discipline,
    AdditionalCareerInformation,
    InstitutionId,
    InterestedServices,
    CompletionPercent,
}

#[derive(DeriveIden)]
enum ProfileTopics {
    Table,
    Id,
    ProfileId,
    TopicId,
    Position,
}

#[derive(DeriveIden)]
enum GroupProfiles {
    Table,
    Id,
    GroupId,
    UserId,
    CurrentRole,
    JobFunction,
    CareerStage,
    ProfessionalField,
    ReasonToJoin,
    IsCertified,
    ExtraInfo,
}

#[derive(DeriveIden)]
enum CareerProfiles {
    Table,
    Id,
    TenantId,
    UserId,
    GroupId,
    InstitutionId,
    StartDate,
    Batch,
    Title,
}

#[derive(DeriveIden)]
enum CareerEntries {
    Table,
    Id,
    UserId,
    EntryType,
    Title,
    Description,
    GroupId,
    IsCurrentlyWorking,
    StartDate,
    EndDate,
    ShowGps,
}

#[derive(DeriveIden)]
enum CareerEntrySkills {
    Table,
    Id,
    EntryId,
    TopicId,
    Position,
}

#[derive(DeriveIden)]
enum UserServices {
    Table,
    Id,
    UserId,
    Title,
    Description,
    Url,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(Profiles::Table)
                        .col(big_pk_auto(Profiles::Id))
                        .col(big_integer(Profiles::UserId))
                        .col(string_len(Profiles::NameSlug, 80))
                        .col(string_len_null(Profiles::Picture, 1000))
                        .col(string_len_null(Profiles::Country, 100))
                        .col(string_len_null(Profiles::Location, 200))
                        .col(string_len_null(Profiles::Title, 200))
                        .col(string_len_null(Profiles::Batch, 10))
                        .col(string_len_null(Profiles::PreferedLanguage, 100))
                        .col(string_len_null(Profiles::Resume, 1000))
                        .col(string_len_null(Profiles::Video, 1000))
                        .col(string_len_null(Profiles::SocialLinkedin, 500))
                        .col(string_len_null(Profiles::SocialTwitter, 500))
                        .col(string_len_null(Profiles::SocialGoogleScholar, 500))
                        .col(string_len_null(Profiles::SocialResearchGate, 500))
                        .col(string_len_null(Profiles::SocialOrcid, 500))
                        .col(string_len_null(Profiles::SocialFacebook, 500))
                        .col(text_null(Profiles::ShortBio))
                        .col(text_null(Profiles::CareerStory))
                        .col(text_null(Profiles::CareerAdvice))
                        .col(string_len_null(Profiles::CalendyUrl, 500))
                        .col(text_null(Profiles::SpecificNeeds))
                        .col(string_len_null(Profiles::Discipline, 200))
                        .col(text_null(Profiles::AdditionalCareerInformation))
                        .col(big_integer_null(Profiles::InstitutionId))
                        .col(json_binary(Profiles::InterestedServices))
                        .col(small_integer(Profiles::CompletionPercent).default(0)),
                )
                .foreign_key(&mut fk(
                    "fk_profiles_user",
                    (Profiles::Table, Profiles::UserId),
                    (Users::Table, Users::Id),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_profiles_institution",
                    (Profiles::Table, Profiles::InstitutionId),
                    (Groups::Table, Groups::Id),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
            )
            .await?;
        manager.create_index(index("ux_profiles_user", Profiles::Table, &["user_id"], true)).await?;
        manager.create_index(index("ux_profiles_name_slug", Profiles::Table, &["name_slug"], true)).await?;
        manager.create_index(index("ix_profiles_institution", Profiles::Table, &["institution_id"], false)).await?;

        manager
            .create_table(
                Table::create()
                    .table(ProfileTopics::Table)
                    .col(big_pk_auto(ProfileTopics::Id))
                    .col(big_integer(ProfileTopics::ProfileId))
                    .col(big_integer(ProfileTopics::TopicId))
                    .col(integer(ProfileTopics::Position).default(0))
                    .foreign_key(&mut fk(
                        "fk_profile_topics_profile",
                        (ProfileTopics::Table, ProfileTopics::ProfileId),
                        (Profiles::Table, Profiles::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_profile_topics_topic",
                        (ProfileTopics::Table, ProfileTopics::TopicId),
                        (Topics::Table, Topics::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_profile_topics_profile_topic",
                ProfileTopics::Table,
                &["profile_id", "topic_id"],
                true,
            ))
            .await?;
        manager.create_index(index("ix_profile_topics_topic", ProfileTopics::Table, &["topic_id"], false)).await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(GroupProfiles::Table)
                        .col(big_pk_auto(GroupProfiles::Id))
                        .col(big_integer(GroupProfiles::GroupId))
                        .col(big_integer(GroupProfiles::UserId))
                        .col(big_integer_null(GroupProfiles::CurrentRole))
                        .col(big_integer_null(GroupProfiles::JobFunction))
                        .col(big_integer_null(GroupProfiles::CareerStage))
                        .col(big_integer_null(GroupProfiles::ProfessionalField))
                        .col(json_binary(GroupProfiles::ReasonToJoin))
                        .col(boolean(GroupProfiles::IsCertified).default(false))
                        .col(json_binary(GroupProfiles::ExtraInfo)),
                )
                .foreign_key(&mut fk(
                    "fk_group_profiles_group",
                    (GroupProfiles::Table, GroupProfiles::GroupId),
                    (Groups::Table, Groups::Id),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_group_profiles_user",
                    (GroupProfiles::Table, GroupProfiles::UserId),
                    (Users::Table, Users::Id),
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ux_group_profiles_group_user", GroupProfiles::Table, &["group_id", "user_id"], true))
            .await?;
        manager.create_index(index("ix_group_profiles_user", GroupProfiles::Table, &["user_id"], false)).await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(CareerProfiles::Table)
                        .col(big_pk_auto(CareerProfiles::Id))
                        .col(big_integer(CareerProfiles::TenantId))
                        .col(big_integer(CareerProfiles::UserId))
                        .col(big_integer_null(CareerProfiles::GroupId))
                        .col(big_integer_null(CareerProfiles::InstitutionId))
                        .col(date_null(CareerProfiles::StartDate))
                        .col(string_len_null(CareerProfiles::Batch, 10))
                        .col(string_len_null(CareerProfiles::Title, 200)),
                )
                .foreign_key(&mut fk(
                    "fk_career_profiles_tenant",
                    (CareerProfiles::Table, CareerProfiles::TenantId),
                    (Tenants::Table, Tenants::Id),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_career_profiles_user",
                    (CareerProfiles::Table, CareerProfiles::UserId),
                    (Users::Table, Users::Id),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_career_profiles_group",
                    (CareerProfiles::Table, CareerProfiles::GroupId),
                    (Groups::Table, Groups::Id),
                    ForeignKeyAction::SetNull,
                ))
                .foreign_key(&mut fk(
                    "fk_career_profiles_institution",
                    (CareerProfiles::Table, CareerProfiles::InstitutionId),
                    (Groups::Table, Groups::Id),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_career_profiles_tenant_user",
                CareerProfiles::Table,
                &["tenant_id", "user_id"],
                true,
            ))
            .await?;
        manager.create_index(index("ix_career_profiles_user", CareerProfiles::Table, &["user_id"], false)).await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(CareerEntries::Table)
                        .col(big_pk_auto(CareerEntries::Id))
                        .col(big_integer(CareerEntries::UserId))
                        .col(string_len(CareerEntries::EntryType, 10))
                        .col(string_len(CareerEntries::Title, 200))
                        .col(text(CareerEntries::Description))
                        .col(big_integer_null(CareerEntries::GroupId))
                        .col(boolean(CareerEntries::IsCurrentlyWorking).default(false))
                        .col(date(CareerEntries::StartDate))
                        .col(date_null(CareerEntries::EndDate))
                        .col(boolean(CareerEntries::ShowGps).default(true)),
                )
                .foreign_key(&mut fk(
                    "fk_career_entries_user",
                    (CareerEntries::Table, CareerEntries::UserId),
                    (Users::Table, Users::Id),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_career_entries_group",
                    (CareerEntries::Table, CareerEntries::GroupId),
                    (Groups::Table, Groups::Id),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ix_career_entries_user_type", CareerEntries::Table, &["user_id", "entry_type"], false))
            .await?;
        manager.create_index(index("ix_career_entries_group", CareerEntries::Table, &["group_id"], false)).await?;

        manager
            .create_table(
                Table::create()
                    .table(CareerEntrySkills::Table)
                    .col(big_pk_auto(CareerEntrySkills::Id))
                    .col(big_integer(CareerEntrySkills::EntryId))
                    .col(big_integer(CareerEntrySkills::TopicId))
                    .col(integer(CareerEntrySkills::Position).default(0))
                    .foreign_key(&mut fk(
                        "fk_career_entry_skills_entry",
                        (CareerEntrySkills::Table, CareerEntrySkills::EntryId),
                        (CareerEntries::Table, CareerEntries::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_career_entry_skills_topic",
                        (CareerEntrySkills::Table, CareerEntrySkills::TopicId),
                        (Topics::Table, Topics::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_career_entry_skills_entry_topic",
                CareerEntrySkills::Table,
                &["entry_id", "topic_id"],
                true,
            ))
            .await?;
        manager
            .create_index(index("ix_career_entry_skills_topic", CareerEntrySkills::Table, &["topic_id"], false))
            .await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(UserServices::Table)
                        .col(big_pk_auto(UserServices::Id))
                        .col(big_integer(UserServices::UserId))
                        .col(string_len(UserServices::Title, 200))
                        .col(text_null(UserServices::Description))
                        .col(string_len_null(UserServices::Url, 500)),
                )
                .foreign_key(&mut fk(
                    "fk_user_services_user",
                    (UserServices::Table, UserServices::UserId),
                    (Users::Table, Users::Id),
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
            )
            .await?;
        manager.create_index(index("ix_user_services_user", UserServices::Table, &["user_id"], false)).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "user_services",
            "career_entry_skills",
            "career_entries",
            "career_profiles",
            "group_profiles",
            "profile_topics",
            "profiles",
        ] {
            manager.drop_table(Table::drop().table(Alias::new(table)).to_owned()).await?;
        }
        Ok(())
    }
}
