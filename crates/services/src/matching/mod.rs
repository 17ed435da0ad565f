//! Matching: members, circles, events and jobs compared by what their texts mean.

pub mod embedder;
