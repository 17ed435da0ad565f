//! Groups: organizations, institutions, circles and events.

pub mod conference;
pub mod form;
pub mod invite;
pub mod lifecycle;
pub mod membership;
pub mod permissions;
pub mod questions;
pub mod recommend;
