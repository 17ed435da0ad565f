//! A run of an agent: one person (or staff for a beneficiary) going through its steps. It
//! is in progress until its report is made (completed) or a step fails for good (failed).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    InProgress,
    Completed,
    Failed,
}

impl RunStatus {
    pub const ALL: [RunStatus; 3] = [RunStatus::InProgress, RunStatus::Completed, RunStatus::Failed];

    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::InProgress => "in_progress",
            RunStatus::Completed => "completed",
            RunStatus::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        RunStatus::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Whether answers may still be given.
    pub fn is_open(self) -> bool {
        self == RunStatus::InProgress
    }
}

/// Where a report's body came from.
pub const SOURCE_OFFLINE: &str = "offline";
pub const SOURCE_MODEL: &str = "model";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip() {
        for s in RunStatus::ALL {
            assert_eq!(RunStatus::parse(s.as_str()), Some(s));
            assert_eq!(serde_json::to_value(s).unwrap(), serde_json::json!(s.as_str()));
        }
        assert!(RunStatus::InProgress.is_open() && !RunStatus::Completed.is_open());
    }
}
