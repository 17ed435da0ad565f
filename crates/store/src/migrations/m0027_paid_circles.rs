//! Paid circles, donations and the membership card (spec 001 §4 "Payment status on a paid
//! group", §7 "Donations and payments"; spec 002 §2 "Membership card", §7).
//!
//! - `memberships.payment_mode`: how a paid group's seat was (or is being) paid: `online`
//!   (a card through the payment provider), `voucher` (an offline payment's receipt, which the
//!   group's administrators confirm) or `offline` (an administrator marked it paid).
//! - `checkout_sessions.group_id` and `description`: a one-time checkout (a paid circle or
//!   event, or a donation) names the group it is for and what is bought.
//! - `donations`: one row per completed donation (the provider event that completed it is
//!   in `payment_events`, so a replay adds nothing).
//! - `membership_cards`: the stored image of a member's card on a site, made on first open.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0027_paid_circles"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(col("memberships"))
                    .add_column(string_len_null(col("payment_mode"), 20))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter().table(col("checkout_sessions")).add_column(big_integer_null(col("group_id"))).to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(col("checkout_sessions"))
                    .add_column(string_len_null(col("description"), 300))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ix_checkout_sessions_group", col("checkout_sessions"), &["group_id", "status"], false))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(col("donations"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(big_integer(col("group_id")))
                    .col(big_integer(col("user_id")))
                    .col(string_len(col("checkout_session_id"), 100))
                    .col(string_len(col("name"), 200))
                    .col(big_integer(col("amount")))
                    .col(string_len(col("currency"), 3))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .foreign_key(&mut fk(
                        "fk_donations_tenant",
                        (col("donations"), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_donations_group",
                        (col("donations"), col("group_id")),
                        (col("groups"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_donations_user",
                        (col("donations"), col("user_id")),
                        (col("users"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("ux_donations_session", col("donations"), &["checkout_session_id"], true)).await?;
        manager.create_index(index("ix_donations_group", col("donations"), &["group_id", "created_at"], false)).await?;

        manager
            .create_table(
                Table::create()
                    .table(col("membership_cards"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(big_integer(col("user_id")))
                    .col(string_len(col("storage_key"), 300))
                    .col(string_len(col("fingerprint"), 64))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .foreign_key(&mut fk(
                        "fk_membership_cards_tenant",
                        (col("membership_cards"), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_membership_cards_user",
                        (col("membership_cards"), col("user_id")),
                        (col("users"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ux_membership_cards_member", col("membership_cards"), &["tenant_id", "user_id"], true))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(col("membership_cards")).to_owned()).await?;
        manager.drop_table(Table::drop().table(col("donations")).to_owned()).await?;
        manager
            .drop_index(Index::drop().name("ix_checkout_sessions_group").table(col("checkout_sessions")).to_owned())
            .await?;
        for (table, column) in
            [("checkout_sessions", "description"), ("checkout_sessions", "group_id"), ("memberships", "payment_mode")]
        {
            manager.alter_table(Table::alter().table(col(table)).drop_column(col(column)).to_owned()).await?;
        }
        Ok(())
    }
}
