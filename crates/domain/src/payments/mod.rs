//! Payments and memberships: pure rules (spec 002 §3, §4, §5, §6, §9).
//!
//! - [`status`]: subscription states, their order, and which event may overwrite which.
//! - [`pricing`]: cents, discounts (clamped, summed and capped at 100 %), the recurring period.
//! - [`flags`]: the tier flags a member gets from the plan their subscription entitles, or
//!   their institution's plan when it is higher.
//! - [`institutional`]: institutions' plans for their members: input, when one covers, when
//!   it outranks the member's own.
//! - [`events`]: provider events (local checkout and webhooks) in one shape.
//! - [`cards`]: the local checkout's test card numbers.
//! - [`one_time`]: paid circles and events: the price a caller pays, who may pay, what a
//!   confirmed payment does to the membership.
//! - [`input`]: parsed request bodies (checkout, change, cancel, plan editing).

pub mod cards;
pub mod events;
pub mod flags;
pub mod input;
pub mod institutional;
pub mod one_time;
pub mod pricing;
pub mod status;
