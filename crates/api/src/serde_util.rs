//! Small serde helpers for request bodies.

use serde::{Deserialize, Deserializer};

/// Tells a missing field (`None`) from an explicit null (`Some(None)`), for partial updates
/// where null clears a value.
pub fn double_option<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}
