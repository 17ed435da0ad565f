//! Sign-in: refresh-token families, one-time codes, the mail outbox and the job queue.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0002_accounts"
    }
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    SubscribeToNewsletter,
    ProfileType,
}

#[derive(DeriveIden)]
enum RefreshTokens {
    Table,
    Id,
    UserId,
    FamilyId,
    TokenHash,
    ExpiresAt,
    UsedAt,
    RevokedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum OtpCodes {
    Table,
    Id,
    UserId,
    Purpose,
    CodeHash,
    Attempts,
    ExpiresAt,
    ConsumedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Emails {
    Table,
    Id,
    TenantId,
    ToAddress,
    Subject,
    TextBody,
    HtmlBody,
    Status,
    SentAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Jobs {
    Table,
    Id,
    Kind,
    Payload,
    Status,
    Attempts,
    MaxAttempts,
    RunAt,
    LockedUntil,
    LastError,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        manager
            .alter_table(
                Table::alter()
                    .table(Users::Table)
                    .add_column(boolean(Users::SubscribeToNewsletter).default(true))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Users::Table)
                    .add_column(string_len(Users::ProfileType, 30).default("individual"))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(RefreshTokens::Table)
                    .col(big_pk_auto(RefreshTokens::Id))
                    .col(big_integer(RefreshTokens::UserId))
                    .col(string_len(RefreshTokens::FamilyId, 64))
                    .col(string_len_uniq(RefreshTokens::TokenHash, 64))
                    .col(timestamp_with_time_zone(RefreshTokens::ExpiresAt))
                    .col(timestamp_with_time_zone_null(RefreshTokens::UsedAt))
                    .col(timestamp_with_time_zone_null(RefreshTokens::RevokedAt))
                    .col(timestamp_with_time_zone(RefreshTokens::CreatedAt))
                    .foreign_key(&mut fk(
                        "fk_refresh_tokens_user",
                        (RefreshTokens::Table, RefreshTokens::UserId),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("ix_refresh_tokens_family", RefreshTokens::Table, &["family_id"], false)).await?;
        manager.create_index(index("ix_refresh_tokens_user", RefreshTokens::Table, &["user_id"], false)).await?;

        manager
            .create_table(
                Table::create()
                    .table(OtpCodes::Table)
                    .col(big_pk_auto(OtpCodes::Id))
                    .col(big_integer(OtpCodes::UserId))
                    .col(string_len(OtpCodes::Purpose, 30))
                    .col(string_len(OtpCodes::CodeHash, 64))
                    .col(integer(OtpCodes::Attempts).default(0))
                    .col(timestamp_with_time_zone(OtpCodes::ExpiresAt))
                    .col(timestamp_with_time_zone_null(OtpCodes::ConsumedAt))
                    .col(timestamp_with_time_zone(OtpCodes::CreatedAt))
                    .foreign_key(&mut fk(
                        "fk_otp_codes_user",
                        (OtpCodes::Table, OtpCodes::UserId),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ix_otp_codes_user_purpose", OtpCodes::Table, &["user_id", "purpose"], false))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Emails::Table)
                    .col(big_pk_auto(Emails::Id))
                    .col(big_integer_null(Emails::TenantId))
                    .col(string_len(Emails::ToAddress, 254))
                    .col(string_len(Emails::Subject, 300))
                    .col(text(Emails::TextBody))
                    .col(text(Emails::HtmlBody))
                    .col(string_len(Emails::Status, 20))
                    .col(timestamp_with_time_zone_null(Emails::SentAt))
                    .col(timestamp_with_time_zone(Emails::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("ix_emails_created", Emails::Table, &["created_at"], false)).await?;

        manager
            .create_table(
                Table::create()
                    .table(Jobs::Table)
                    .col(big_pk_auto(Jobs::Id))
                    .col(string_len(Jobs::Kind, 50))
                    .col(json_binary(Jobs::Payload))
                    .col(string_len(Jobs::Status, 20))
                    .col(integer(Jobs::Attempts).default(0))
                    .col(integer(Jobs::MaxAttempts).default(8))
                    .col(timestamp_with_time_zone(Jobs::RunAt))
                    .col(timestamp_with_time_zone_null(Jobs::LockedUntil))
                    .col(text_null(Jobs::LastError))
                    .col(timestamp_with_time_zone(Jobs::CreatedAt))
                    .col(timestamp_with_time_zone(Jobs::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("ix_jobs_status_run_at", Jobs::Table, &["status", "run_at"], false)).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["jobs", "emails", "otp_codes", "refresh_tokens"] {
            manager.drop_table(Table::drop().table(Alias::new(table)).to_owned()).await?;
        }
        for column in ["profile_type", "subscribe_to_newsletter"] {
            manager.alter_table(Table::alter().table(Users::Table).drop_column(Alias::new(column)).to_owned()).await?;
        }
        Ok(())
    }
}
