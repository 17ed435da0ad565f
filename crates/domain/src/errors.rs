//! Field-level validation errors, keyed by field name (dotted for nested fields).

use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors(pub BTreeMap<String, Vec<String>>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.entry(field.into()).or_default().push(message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn first(&self, field: &str) -> Option<&str> {
        self.0.get(field).and_then(|m| m.first()).map(String::as_str)
    }

    /// Adds every error of `other`, each field name prefixed.
    pub fn merge_prefixed(&mut self, prefix: &str, other: FieldErrors) {
        for (field, messages) in other.0 {
            self.0.entry(format!("{prefix}{field}")).or_default().extend(messages);
        }
    }

    /// `Ok(())` when nothing was added, otherwise the collected errors.
    pub fn into_result(self) -> Result<(), FieldErrors> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(self)
        }
    }
}
