//! Demo and benchmark data. Both are idempotent per tenant domain and run in transactions.
//!
//! - [`demo`]: the seeded demo tenants the run command starts with, and their logins.
//! - [`scale`]: the benchmark site of `bench/` (`--scale`), generated per area.

mod demo;
mod scale;

pub use demo::{seed_demo, DemoLogin, DEMO_DOMAIN, DEMO_LOGINS, STAR_DOMAIN};
pub use scale::seed_scale;
