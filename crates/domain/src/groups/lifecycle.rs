//! The lifecycle of a circle or event, derived from its dates alone (spec 001 §4).
//!
//! Nothing stores the state: it is computed for "today" whenever it is needed, so a
//! group moves from one state to the next without any job running.

use chrono::{Days, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How long after its end a group stays Closed before it counts as Archived.
pub const ARCHIVE_AFTER_DAYS: u64 = 90;

/// The dates a lifecycle is computed from. Every date is inclusive: a group whose
/// `end_date` is today is still running today.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GroupDates {
    pub application_open_date: Option<NaiveDate>,
    pub application_close_date: Option<NaiveDate>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
}

/// The six states, in the order of the status filter keys 1 to 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Lifecycle {
    ApplicationOpeningSoon,
    ApplicationOpen,
    ApplicationClosed,
    Running,
    Closed,
    Archived,
}

impl Lifecycle {
    pub const ALL: [Lifecycle; 6] = [
        Lifecycle::ApplicationOpeningSoon,
        Lifecycle::ApplicationOpen,
        Lifecycle::ApplicationClosed,
        Lifecycle::Running,
        Lifecycle::Closed,
        Lifecycle::Archived,
    ];

    /// The status filter key (1 to 6).
    pub fn key(self) -> u8 {
        self as u8 + 1
    }

    pub fn from_key(key: u8) -> Option<Self> {
        Self::ALL.get(usize::from(key).checked_sub(1)?).copied()
    }

    /// The state's name in the spec.
    pub fn name(self) -> &'static str {
        match self {
            Lifecycle::ApplicationOpeningSoon => "Application Opening Soon",
            Lifecycle::ApplicationOpen => "Application Open",
            Lifecycle::ApplicationClosed => "Application Closed",
            Lifecycle::Running => "Running",
            Lifecycle::Closed => "Closed",
            Lifecycle::Archived => "Archived",
        }
    }

    /// What a card or badge shows.
    pub fn label(self) -> &'static str {
        match self {
            Lifecycle::ApplicationOpeningSoon => "Upcoming",
            Lifecycle::ApplicationOpen => "Registration Open",
            Lifecycle::ApplicationClosed => "Registration Closed",
            Lifecycle::Running => "Running",
            Lifecycle::Closed => "Closed",
            Lifecycle::Archived => "Archived",
        }
    }
}

impl GroupDates {
    /// The last day applications are taken: the close date, else the end date.
    pub fn last_application_day(&self) -> Option<NaiveDate> {
        self.application_close_date.or(self.end_date)
    }

    /// Whether the group has ended (its end date is past).
    pub fn has_ended(&self, today: NaiveDate) -> bool {
        self.end_date.is_some_and(|end| today > end)
    }

    /// Whether someone may apply today: the application window is open (a missing open
    /// date means open from the start, a missing close date means until the end) and the
    /// group has not ended.
    pub fn accepts_applications(&self, today: NaiveDate) -> bool {
        let opened = self.application_open_date.is_none_or(|open| today >= open);
        let not_closed = self.last_application_day().is_none_or(|close| today <= close);
        opened && not_closed && !self.has_ended(today)
    }

    /// The state on `today`. Later states win where windows overlap: a group that is
    /// running while still taking applications is Running (and `accepts_applications`
    /// still says whether joining is possible).
    pub fn lifecycle(&self, today: NaiveDate) -> Lifecycle {
        if let Some(end) = self.end_date {
            if today > end {
                let archived_from = end.checked_add_days(Days::new(ARCHIVE_AFTER_DAYS)).unwrap_or(NaiveDate::MAX);
                return if today > archived_from { Lifecycle::Archived } else { Lifecycle::Closed };
            }
        }
        if self.start_date.is_some_and(|start| today >= start) {
            return Lifecycle::Running;
        }
        if self.application_open_date.is_some_and(|open| today < open) {
            return Lifecycle::ApplicationOpeningSoon;
        }
        if self.application_close_date.is_some_and(|close| today > close) {
            return Lifecycle::ApplicationClosed;
        }
        Lifecycle::ApplicationOpen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn circle() -> GroupDates {
        GroupDates {
            application_open_date: Some(d("2026-03-01")),
            application_close_date: Some(d("2026-03-15")),
            start_date: Some(d("2026-04-01")),
            end_date: Some(d("2026-05-31")),
        }
    }

    #[test]
    fn lifecycle_table() {
        let table = [
            ("2026-02-28", Lifecycle::ApplicationOpeningSoon, false),
            ("2026-03-01", Lifecycle::ApplicationOpen, true),
            ("2026-03-15", Lifecycle::ApplicationOpen, true),
            ("2026-03-16", Lifecycle::ApplicationClosed, false),
            ("2026-03-31", Lifecycle::ApplicationClosed, false),
            ("2026-04-01", Lifecycle::Running, false),
            ("2026-05-31", Lifecycle::Running, false),
            ("2026-06-01", Lifecycle::Closed, false),
            ("2026-08-29", Lifecycle::Closed, false),
            ("2026-08-30", Lifecycle::Archived, false),
        ];
        for (today, state, open) in table {
            assert_eq!(circle().lifecycle(d(today)), state, "state on {today}");
            assert_eq!(circle().accepts_applications(d(today)), open, "applications on {today}");
        }
    }

    #[test]
    fn keys_follow_the_filter_order() {
        for (i, state) in Lifecycle::ALL.iter().enumerate() {
            assert_eq!(usize::from(state.key()), i + 1);
            assert_eq!(Lifecycle::from_key(state.key()), Some(*state));
        }
        assert_eq!(Lifecycle::from_key(0), None);
        assert_eq!(Lifecycle::from_key(7), None);
        assert_eq!(Lifecycle::Running.label(), "Running");
        assert_eq!(Lifecycle::ApplicationOpeningSoon.label(), "Upcoming");
    }

    #[test]
    fn missing_dates_fall_back_to_the_end_date() {
        let event =
            GroupDates { start_date: Some(d("2026-04-01")), end_date: Some(d("2026-04-03")), ..Default::default() };
        assert_eq!(event.lifecycle(d("2026-03-01")), Lifecycle::ApplicationOpen);
        assert!(event.accepts_applications(d("2026-03-01")));
        // Running events still take registrations until they end.
        assert_eq!(event.lifecycle(d("2026-04-02")), Lifecycle::Running);
        assert!(event.accepts_applications(d("2026-04-03")));
        assert!(!event.accepts_applications(d("2026-04-04")));
        assert_eq!(event.lifecycle(d("2026-04-04")), Lifecycle::Closed);
    }

    #[test]
    fn a_group_without_dates_is_always_open() {
        let group = GroupDates::default();
        assert_eq!(group.lifecycle(d("2026-01-01")), Lifecycle::ApplicationOpen);
        assert!(group.accepts_applications(d("2030-01-01")));
        assert!(!group.has_ended(d("2030-01-01")));
    }

    #[test]
    fn archive_boundary_is_ninety_days_after_the_end() {
        let dates = GroupDates { end_date: Some(d("2026-01-31")), ..Default::default() };
        assert_eq!(dates.lifecycle(d("2026-05-01")), Lifecycle::Closed);
        assert_eq!(dates.lifecycle(d("2026-05-02")), Lifecycle::Archived);
    }
}
