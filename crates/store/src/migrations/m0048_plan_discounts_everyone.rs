//! A site's plan discounts bump everyone's person generation (row 0), as its plans and prices
//! already do (m0042): the plan list (`GET /api/v1/subscription-plans/`) is kept per that
//! generation, and a discount changes what a plan shows.

pub const MIGRATION: super::TriggerMigration = super::TriggerMigration {
    name: "m0048_plan_discounts_everyone",
    triggers: super::Triggers::PerBackend {
        postgres_up: postgres_statements,
        sqlite_up: sqlite_statements,
        postgres_down: postgres_drops,
        sqlite_down: sqlite_drops,
    },
};

const TABLE: &str = "subscription_discounts";

fn sqlite_statements() -> Vec<String> {
    super::sqlite_row_triggers("person_generation", TABLE, |_| {
        "INSERT INTO \"person_generations\" (\"user_id\", \"generation\") VALUES (0, 1) \
         ON CONFLICT (\"user_id\") DO UPDATE SET \"generation\" = \"generation\" + 1;"
            .to_string()
    })
}

fn sqlite_drops() -> Vec<String> {
    super::sqlite_trigger_drops("person_generation", TABLE)
}

/// m0042's statement-level functions for the tables every identity may show.
fn postgres_statements() -> Vec<String> {
    super::pg_statement_triggers("person_generation", TABLE, "person_generation_everyone")
}

fn postgres_drops() -> Vec<String> {
    super::pg_trigger_drops("person_generation", TABLE)
}
