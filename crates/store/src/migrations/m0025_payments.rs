//! Payments and memberships (spec 002 §3 "Subscription plan", "Discount", "User subscription",
//! §4 "Membership plans", §7 "Membership and payments"): the tenant's plans with their prices
//! and features, the self-declared discounts, each member's subscription, the checkout
//! sessions of the local checkout, the payments and the provider events already applied.
//!
//! Amounts are integer cents. Provider ids (`provider_price_id`, `provider_subscription_id`,
//! event ids) are the local checkout's own or Stripe's, so one event-handling path serves both.
//! Indexes follow the queries: a tenant's plans by tier, a price by its provider id, one
//! subscription per member and site, a subscription by its provider id, the sessions and
//! payments of a user, and one row per processed event id (the replay guard).

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index, timestamps};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0025_payments"
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

fn user_fk(table: &str) -> ForeignKeyCreateStatement {
    fk(&format!("fk_{table}_user"), (col(table), col("user_id")), (col("users"), col("id")), ForeignKeyAction::Cascade)
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col("subscription_plans"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(string_len(col("name"), 100))
                        .col(text(col("description")))
                        .col(small_integer(col("subscription_tier")))
                        .col(integer(col("trial_days")).default(0))
                        .col(text(col("included_features")))
                        .col(text(col("excluded_features")))
                        .col(boolean(col("use_ama")).default(false))
                        .col(boolean(col("one_to_one_chat")).default(false))
                        .col(boolean(col("can_use_premium_agents")).default(false))
                        .col(boolean(col("can_create_membership_card")).default(false))
                        .col(boolean(col("can_view_premium_resources")).default(false))
                        .col(small_integer(col("circle_discount_percent")).default(0))
                        .foreign_key(&mut tenant_fk("subscription_plans")),
                )
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_subscription_plans_tenant_tier",
                col("subscription_plans"),
                &["tenant_id", "subscription_tier"],
                true,
            ))
            .await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col("subscription_prices"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(big_integer(col("plan_id")))
                        .col(big_integer(col("unit_amount")))
                        .col(string_len(col("recurring"), 10))
                        .col(string_len(col("provider_price_id"), 100))
                        .foreign_key(&mut tenant_fk("subscription_prices"))
                        .foreign_key(&mut fk(
                            "fk_subscription_prices_plan",
                            (col("subscription_prices"), col("plan_id")),
                            (col("subscription_plans"), col("id")),
                            ForeignKeyAction::Cascade,
                        )),
                )
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_subscription_prices_provider",
                col("subscription_prices"),
                &["provider_price_id"],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ux_subscription_prices_plan_recurring",
                col("subscription_prices"),
                &["plan_id", "recurring"],
                true,
            ))
            .await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col("subscription_discounts"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(string_len(col("name"), 100))
                        .col(text(col("description")))
                        .col(small_integer(col("discount_percentage")))
                        .col(text(col("subscription_tiers")))
                        .foreign_key(&mut tenant_fk("subscription_discounts")),
                )
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_subscription_discounts_tenant",
                col("subscription_discounts"),
                &["tenant_id"],
                false,
            ))
            .await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col("user_subscriptions"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(big_integer(col("user_id")))
                        .col(string_len(col("provider_subscription_id"), 100))
                        .col(big_integer(col("price_id")))
                        .col(string_len(col("status"), 30))
                        .col(big_integer_null(col("trial_end")))
                        .col(big_integer(col("current_period_end")))
                        .col(big_integer_null(col("cancel_at")))
                        .col(big_integer_null(col("canceled_at")))
                        .col(string_len_null(col("cancellation_reason"), 1000))
                        .col(string_len_null(col("discount_name"), 100))
                        .col(small_integer(col("discount_percent")).default(0))
                        .col(string_len_null(col("client_secret"), 100))
                        .col(big_integer(col("last_event_at")))
                        .col(small_integer(col("last_event_rank")))
                        .foreign_key(&mut tenant_fk("user_subscriptions"))
                        .foreign_key(&mut user_fk("user_subscriptions"))
                        .foreign_key(&mut fk(
                            "fk_user_subscriptions_price",
                            (col("user_subscriptions"), col("price_id")),
                            (col("subscription_prices"), col("id")),
                            ForeignKeyAction::Restrict,
                        )),
                )
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_user_subscriptions_tenant_user",
                col("user_subscriptions"),
                &["tenant_id", "user_id"],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ux_user_subscriptions_provider",
                col("user_subscriptions"),
                &["provider_subscription_id"],
                true,
            ))
            .await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col("checkout_sessions"))
                        .col(string_len(col("id"), 64).primary_key())
                        .col(big_integer(col("tenant_id")))
                        .col(big_integer(col("user_id")))
                        .col(string_len(col("kind"), 20))
                        .col(big_integer_null(col("price_id")))
                        .col(big_integer(col("amount")))
                        .col(string_len_null(col("discount_name"), 100))
                        .col(small_integer(col("discount_percent")).default(0))
                        .col(string_len(col("status"), 20))
                        .col(string_len(col("success_url"), 1000))
                        .col(string_len(col("cancel_url"), 1000))
                        .col(string_len_null(col("provider_subscription_id"), 100))
                        .foreign_key(&mut tenant_fk("checkout_sessions"))
                        .foreign_key(&mut user_fk("checkout_sessions")),
                )
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_checkout_sessions_user",
                col("checkout_sessions"),
                &["tenant_id", "user_id", "created_at"],
                false,
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(col("payments"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer(col("tenant_id")))
                    .col(big_integer(col("user_id")))
                    .col(string_len(col("checkout_session_id"), 64))
                    .col(big_integer(col("amount")))
                    .col(string_len(col("status"), 20))
                    .col(string_len(col("card_last4"), 4))
                    .col(timestamp_with_time_zone(col("created_at")))
                    .foreign_key(&mut tenant_fk("payments"))
                    .foreign_key(&mut user_fk("payments"))
                    .foreign_key(&mut fk(
                        "fk_payments_session",
                        (col("payments"), col("checkout_session_id")),
                        (col("checkout_sessions"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("ix_payments_session", col("payments"), &["checkout_session_id"], false)).await?;
        manager
            .create_index(index("ix_payments_user", col("payments"), &["tenant_id", "user_id", "created_at"], false))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(col("payment_events"))
                    .col(string_len(col("id"), 100).primary_key())
                    .col(string_len(col("event_type"), 60))
                    .col(big_integer(col("created")))
                    .col(timestamp_with_time_zone(col("processed_at")))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "payment_events",
            "payments",
            "checkout_sessions",
            "user_subscriptions",
            "subscription_discounts",
            "subscription_prices",
            "subscription_plans",
        ] {
            manager.drop_table(Table::drop().table(col(table)).to_owned()).await?;
        }
        Ok(())
    }
}
