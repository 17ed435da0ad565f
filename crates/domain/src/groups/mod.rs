//! Groups: organizations, institutions, circles and events.

pub mod lifecycle;
