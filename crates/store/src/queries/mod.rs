//! Queries, one module per area. Every function that reads tenant data takes the tenant id.

pub mod mail;
pub mod memberships;
pub mod otp;
pub mod sessions;
pub mod tenants;
pub mod topics;
pub mod users;

/// One page of rows and the total count of the filtered list.
#[derive(Debug, Clone)]
pub struct Paged<T> {
    pub items: Vec<T>,
    pub count: u64,
}
