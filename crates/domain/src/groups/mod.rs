//! Groups: organizations, institutions, circles and events.

pub mod form;
pub mod lifecycle;
pub mod permissions;
pub mod questions;
