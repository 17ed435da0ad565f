//! Institutional memberships (spec 002 §1, §3 "User subscription", §4): an institution of a
//! site holds a plan for its members.
//!
//! - `institutional_subscriptions`: one row per institution (a group of type institution):
//!   the price it holds (a yearly price of a paid plan of the site), `active` or `canceled`,
//!   and an optional last day (`ends_on`, included). Set by the site's administrators.
//!   Members are covered through their accepted membership of the institution, so the
//!   lookup starts from `memberships (user_id, status, …)` and meets this table by
//!   `group_id` (unique).

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index, timestamps};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0030_institutional_subscriptions"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

const TABLE: &str = "institutional_subscriptions";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col(TABLE))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(big_integer(col("group_id")))
                        .col(big_integer(col("price_id")))
                        .col(string_len(col("status"), 20))
                        .col(date_null(col("ends_on")))
                        .col(big_integer_null(col("created_by")))
                        .foreign_key(&mut fk(
                            "fk_institutional_subscriptions_tenant",
                            (col(TABLE), col("tenant_id")),
                            (col("tenants"), col("id")),
                            ForeignKeyAction::Cascade,
                        ))
                        .foreign_key(&mut fk(
                            "fk_institutional_subscriptions_group",
                            (col(TABLE), col("group_id")),
                            (col("groups"), col("id")),
                            ForeignKeyAction::Cascade,
                        ))
                        .foreign_key(&mut fk(
                            "fk_institutional_subscriptions_price",
                            (col(TABLE), col("price_id")),
                            (col("subscription_prices"), col("id")),
                            ForeignKeyAction::Restrict,
                        ))
                        .foreign_key(&mut fk(
                            "fk_institutional_subscriptions_created_by",
                            (col(TABLE), col("created_by")),
                            (col("users"), col("id")),
                            ForeignKeyAction::SetNull,
                        )),
                )
                .to_owned(),
            )
            .await?;
        manager.create_index(index("ux_institutional_subscriptions_group", col(TABLE), &["group_id"], true)).await?;
        manager
            .create_index(index("ix_institutional_subscriptions_tenant", col(TABLE), &["tenant_id", "id"], false))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(col(TABLE)).to_owned()).await?;
        Ok(())
    }
}
