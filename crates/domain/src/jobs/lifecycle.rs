//! A job's application lifecycle (spec 001 §4 "Job lifecycle"): applying only to a
//! published job inside its application window; none → pending → accepted | rejected;
//! withdrawing only while pending.

use chrono::NaiveDate;

use super::form::STATUS_PUBLISHED;

pub const APPLICATION_PENDING: &str = "pending";
pub const APPLICATION_ACCEPTED: &str = "accepted";
pub const APPLICATION_REJECTED: &str = "rejected";
pub const APPLICATION_STATUSES: [&str; 3] = [APPLICATION_PENDING, APPLICATION_ACCEPTED, APPLICATION_REJECTED];

pub const MSG_APPLIED: &str = "You have successfully applied to the job";
pub const MSG_UNAPPLIED: &str = "You have successfully unapplied from the job";
pub const MSG_NOT_PUBLISHED: &str = "This job is not open for applications.";
pub const MSG_EXPIRED: &str = "Applications for this job are closed.";
pub const MSG_ALREADY: &str = "You have already applied to this job.";
pub const MSG_NOT_APPLIED: &str = "You have not applied to this job.";
pub const MSG_ONLY_PENDING: &str = "Only a pending application can be withdrawn.";
pub const MSG_NO_RESUME: &str = "Please upload your resume before applying.";

pub fn msg_not_open_yet(open: NaiveDate) -> String {
    format!("Applications for this job open on {}.", open.format("%Y-%m-%d"))
}

/// The job's application dates.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Window {
    pub open: Option<NaiveDate>,
    pub close: Option<NaiveDate>,
}

impl Window {
    /// The close date is past ('(Expired)' on the cards).
    pub fn is_expired(&self, today: NaiveDate) -> bool {
        self.close.is_some_and(|close| close < today)
    }

    pub fn is_open(&self, today: NaiveDate) -> bool {
        !self.is_expired(today) && self.open.is_none_or(|open| open <= today)
    }
}

/// Whether a person may apply: the job is published, today is inside the window, and they
/// have no application yet. The error is the message shown.
pub fn check_apply(job_status: &str, window: Window, today: NaiveDate, current: Option<&str>) -> Result<(), String> {
    if job_status != STATUS_PUBLISHED {
        return Err(MSG_NOT_PUBLISHED.into());
    }
    if current.is_some() {
        return Err(MSG_ALREADY.into());
    }
    if window.is_expired(today) {
        return Err(MSG_EXPIRED.into());
    }
    match window.open {
        Some(open) if open > today => Err(msg_not_open_yet(open)),
        _ => Ok(()),
    }
}

/// Whether an application may be withdrawn: only while pending.
pub fn check_unapply(current: Option<&str>) -> Result<(), &'static str> {
    match current {
        None => Err(MSG_NOT_APPLIED),
        Some(APPLICATION_PENDING) => Ok(()),
        Some(_) => Err(MSG_ONLY_PENDING),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 6, d).unwrap()
    }

    #[test]
    fn applying_needs_a_published_job_inside_its_window_and_no_application() {
        let window = Window { open: Some(day(10)), close: Some(day(20)) };
        assert_eq!(check_apply("approved", window, day(10), None), Ok(()));
        assert_eq!(check_apply("approved", window, day(20), None), Ok(()));
        assert_eq!(check_apply("pending", window, day(15), None), Err(MSG_NOT_PUBLISHED.into()));
        assert_eq!(check_apply("approved", window, day(21), None), Err(MSG_EXPIRED.into()));
        assert_eq!(check_apply("approved", window, day(9), None), Err(msg_not_open_yet(day(10))));
        assert_eq!(check_apply("approved", window, day(15), Some("rejected")), Err(MSG_ALREADY.into()));
        assert_eq!(check_apply("approved", Window::default(), day(1), None), Ok(()));
    }

    #[test]
    fn only_pending_applications_are_withdrawn() {
        assert_eq!(check_unapply(Some("pending")), Ok(()));
        assert_eq!(check_unapply(Some("accepted")), Err(MSG_ONLY_PENDING));
        assert_eq!(check_unapply(None), Err(MSG_NOT_APPLIED));
    }

    #[test]
    fn expiry_is_after_the_close_date() {
        let window = Window { open: None, close: Some(day(20)) };
        assert!(!window.is_expired(day(20)));
        assert!(window.is_expired(day(21)));
        assert!(window.is_open(day(20)));
        assert!(!Window { open: Some(day(5)), close: None }.is_open(day(4)));
    }
}
