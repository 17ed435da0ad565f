//! The matching engine's data (issue 29; tables of m0037): what changed and must be read again
//! ([`pending`]), the source rows an item's text and facts are made from ([`sources`]), the
//! items as written with their vectors ([`items`]), and what a member's recommendations read
//! per request: what they already joined, applied to or follow, what members like them
//! joined, whether the items found are still on offer ([`member`]) and the items' cards
//! ([`cards`]).

pub mod cards;
pub mod items;
pub mod member;
pub mod pending;
pub mod sources;
