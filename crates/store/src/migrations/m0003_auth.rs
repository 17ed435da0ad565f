//! Account security: alternate emails, single-use account links (password reset, email
//! verification), linked social accounts, used bot-check challenges and rate-limit counters.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0003_auth"
    }
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    AlternateEmail,
    IsAlternateEmailVerified,
}

#[derive(DeriveIden)]
enum AccountLinks {
    Table,
    Id,
    UserId,
    Purpose,
    TokenHash,
    ExpiresAt,
    UsedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum SocialAccounts {
    Table,
    Id,
    UserId,
    Provider,
    ProviderUid,
    CreatedAt,
}

#[derive(DeriveIden)]
enum UsedChallenges {
    Table,
    ChallengeHash,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum RateLimits {
    Table,
    BucketKey,
    Hits,
    ResetAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table(Users::Table).add_column(string_len_null(Users::AlternateEmail, 254)).to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Users::Table)
                    .add_column(boolean(Users::IsAlternateEmailVerified).default(false))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(AccountLinks::Table)
                    .col(big_pk_auto(AccountLinks::Id))
                    .col(big_integer(AccountLinks::UserId))
                    .col(string_len(AccountLinks::Purpose, 30))
                    .col(string_len_uniq(AccountLinks::TokenHash, 64))
                    .col(timestamp_with_time_zone(AccountLinks::ExpiresAt))
                    .col(timestamp_with_time_zone_null(AccountLinks::UsedAt))
                    .col(timestamp_with_time_zone(AccountLinks::CreatedAt))
                    .foreign_key(&mut fk(
                        "fk_account_links_user",
                        (AccountLinks::Table, AccountLinks::UserId),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ix_account_links_user_purpose", AccountLinks::Table, &["user_id", "purpose"], false))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SocialAccounts::Table)
                    .col(big_pk_auto(SocialAccounts::Id))
                    .col(big_integer(SocialAccounts::UserId))
                    .col(string_len(SocialAccounts::Provider, 20))
                    .col(string_len(SocialAccounts::ProviderUid, 200))
                    .col(timestamp_with_time_zone(SocialAccounts::CreatedAt))
                    .foreign_key(&mut fk(
                        "fk_social_accounts_user",
                        (SocialAccounts::Table, SocialAccounts::UserId),
                        (Users::Table, Users::Id),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_social_accounts_provider_uid",
                SocialAccounts::Table,
                &["provider", "provider_uid"],
                true,
            ))
            .await?;
        manager.create_index(index("ix_social_accounts_user", SocialAccounts::Table, &["user_id"], false)).await?;

        manager
            .create_table(
                Table::create()
                    .table(UsedChallenges::Table)
                    .col(string_len(UsedChallenges::ChallengeHash, 64).primary_key())
                    .col(big_integer(UsedChallenges::ExpiresAt))
                    .to_owned(),
            )
            .await?;

        // Fixed-window counters; times are Unix seconds so both databases compare them alike.
        manager
            .create_table(
                Table::create()
                    .table(RateLimits::Table)
                    .col(string_len(RateLimits::BucketKey, 200).primary_key())
                    .col(integer(RateLimits::Hits))
                    .col(big_integer(RateLimits::ResetAt))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("ix_rate_limits_reset_at", RateLimits::Table, &["reset_at"], false)).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["rate_limits", "used_challenges", "social_accounts", "account_links"] {
            manager.drop_table(Table::drop().table(Alias::new(table)).to_owned()).await?;
        }
        for column in ["is_alternate_email_verified", "alternate_email"] {
            manager.alter_table(Table::alter().table(Users::Table).drop_column(Alias::new(column)).to_owned()).await?;
        }
        Ok(())
    }
}
