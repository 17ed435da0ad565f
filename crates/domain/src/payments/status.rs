//! Subscription states (the provider's vocabulary) and the order in which events apply.
//!
//! Events arrive late, twice or out of order. Each carries the provider's `created` time;
//! an event applies only when `(created, rank)` is not older than the last applied one, where
//! `rank` breaks ties between events of the same second by how far along the state is
//! (a subscription is created incomplete, then becomes active, then past due, then ends).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SubscriptionStatus {
    Incomplete,
    IncompleteExpired,
    Trialing,
    Active,
    PastDue,
    Unpaid,
    Canceled,
}

impl SubscriptionStatus {
    pub const ALL: [SubscriptionStatus; 7] = [
        Self::Incomplete,
        Self::IncompleteExpired,
        Self::Trialing,
        Self::Active,
        Self::PastDue,
        Self::Unpaid,
        Self::Canceled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Incomplete => "incomplete",
            Self::IncompleteExpired => "incomplete_expired",
            Self::Trialing => "trialing",
            Self::Active => "active",
            Self::PastDue => "past_due",
            Self::Unpaid => "unpaid",
            Self::Canceled => "canceled",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// How far along the lifecycle the state is; breaks ties between events of one second.
    pub fn rank(self) -> i16 {
        match self {
            Self::Incomplete => 0,
            Self::Trialing => 1,
            Self::Active => 2,
            Self::PastDue => 3,
            Self::Unpaid => 4,
            Self::IncompleteExpired => 5,
            Self::Canceled => 6,
        }
    }

    /// Whether the member has the plan's features: trialing, active, and past due (the
    /// provider retries the card; the member keeps the plan meanwhile, with a Past Due tag).
    pub fn entitles(self) -> bool {
        matches!(self, Self::Trialing | Self::Active | Self::PastDue)
    }

    /// Whether the subscription is over, so that a new checkout may start.
    pub fn is_ended(self) -> bool {
        matches!(self, Self::Canceled | Self::IncompleteExpired | Self::Unpaid)
    }

    /// `payment_status` on identity: pending while the first payment awaits confirmation.
    pub fn payment_status(self) -> &'static str {
        if self == Self::Incomplete {
            "pending"
        } else {
            "confirmed"
        }
    }
}

/// Whether an event created at `created` with state `status` may overwrite what the last
/// applied event `(last_at, last_rank)` left. Equal keys apply (the same snapshot again).
pub fn event_applies(last_at: i64, last_rank: i16, created: i64, status: SubscriptionStatus) -> bool {
    (created, status.rank()) >= (last_at, last_rank)
}

#[cfg(test)]
mod tests {
    use super::{event_applies, SubscriptionStatus as S};

    #[test]
    fn every_state_round_trips() {
        for s in S::ALL {
            assert_eq!(S::parse(s.as_str()), Some(s));
        }
        assert_eq!(S::parse("paused"), None);
    }

    #[test]
    fn later_events_apply_earlier_ones_do_not() {
        assert!(event_applies(100, S::Active.rank(), 101, S::PastDue));
        assert!(event_applies(100, S::Active.rank(), 101, S::Active));
        assert!(!event_applies(100, S::Active.rank(), 99, S::Incomplete));
        assert!(!event_applies(100, S::Canceled.rank(), 99, S::Active));
    }

    #[test]
    fn the_same_second_goes_forward_only() {
        assert!(event_applies(100, S::Incomplete.rank(), 100, S::Active));
        assert!(!event_applies(100, S::Active.rank(), 100, S::Incomplete));
        assert!(event_applies(100, S::Active.rank(), 100, S::Active));
    }

    #[test]
    fn entitlement_and_payment_status() {
        assert!(S::Trialing.entitles() && S::Active.entitles() && S::PastDue.entitles());
        assert!(!S::Incomplete.entitles() && !S::Canceled.entitles());
        assert_eq!(S::Incomplete.payment_status(), "pending");
        assert_eq!(S::Active.payment_status(), "confirmed");
    }
}
