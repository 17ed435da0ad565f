//! Who may run an agent (spec 002 §4 "Access rules", §6 "Staff", "Subscription flags").
//!
//! In this order: staff are always allowed; a visitor (no account, or the trial account the
//! CareerGPS registration gives) never runs a premium agent; a member at or over the
//! usage limit gets `USAGE_LIMIT_REACHED`; a member without `can_use_premium_agents` gets
//! `NO_PREMIUM_SUBSCRIPTION` on a premium agent.
//!
//! **Usage** is counted per person and site in calendar months (UTC): one use is one report
//! an agent produced for the person who ran it. The limit is checked when a run starts.
//! Members with premium rights have their own (by default no) limit.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub const CODE_USAGE_LIMIT_REACHED: &str = "USAGE_LIMIT_REACHED";
pub const CODE_NO_PREMIUM_SUBSCRIPTION: &str = "NO_PREMIUM_SUBSCRIPTION";
/// Our code for a visitor on a premium agent (the spec names none).
pub const CODE_SIGNUP_REQUIRED: &str = "SIGNUP_REQUIRED";
pub const MSG_SIGNUP_REQUIRED: &str = "Sign up to use this agent.";
pub const MSG_NO_PREMIUM_SUBSCRIPTION: &str = "This agent is part of the premium membership. Upgrade to use it.";
pub const DEFAULT_PROFILE_COMPLETION_THRESHOLD: u8 = 60;
pub const DEFAULT_MONTHLY_RUNS: u64 = 5;

/// A site's CareerGPS settings, with their defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct AgentSettings {
    /// The profile completion percent a member needs to run an agent (the N of 'greater
    /// than N%').
    pub profile_completion_threshold: u8,
    /// Reports a month for a member without premium rights (none: no limit).
    pub monthly_runs: Option<u64>,
    /// Reports a month for a member with premium rights (none: no limit).
    pub premium_monthly_runs: Option<u64>,
}

impl Default for AgentSettings {
    fn default() -> Self {
        AgentSettings {
            profile_completion_threshold: DEFAULT_PROFILE_COMPLETION_THRESHOLD,
            monthly_runs: Some(DEFAULT_MONTHLY_RUNS),
            premium_monthly_runs: None,
        }
    }
}

impl AgentSettings {
    /// The limit that applies to a member.
    pub fn limit_for(&self, can_use_premium_agents: bool) -> Option<u64> {
        if can_use_premium_agents {
            self.premium_monthly_runs
        } else {
            self.monthly_runs
        }
    }
}

/// Who asks to run an agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Requester {
    /// No account, or the trial account of the CareerGPS registration.
    Visitor,
    Member {
        can_use_premium_agents: bool,
        /// Uses this month.
        usage_count: u64,
    },
    Staff,
}

/// Why a run is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Denial {
    SignupRequired,
    UsageLimitReached { usage_count: u64, limit: u64 },
    NoPremiumSubscription,
}

impl Denial {
    pub fn code(self) -> &'static str {
        match self {
            Denial::SignupRequired => CODE_SIGNUP_REQUIRED,
            Denial::UsageLimitReached { .. } => CODE_USAGE_LIMIT_REACHED,
            Denial::NoPremiumSubscription => CODE_NO_PREMIUM_SUBSCRIPTION,
        }
    }

    pub fn message(self) -> String {
        match self {
            Denial::SignupRequired => MSG_SIGNUP_REQUIRED.to_string(),
            Denial::UsageLimitReached { usage_count, limit } => format!(
                "You have used CareerGPS {usage_count} times this month, the limit of your membership ({limit}). \
                 Hire CareerGPS to continue."
            ),
            Denial::NoPremiumSubscription => MSG_NO_PREMIUM_SUBSCRIPTION.to_string(),
        }
    }
}

/// Whether `requester` may start a run of an agent (`is_premium`), under `settings`.
pub fn check_access(requester: Requester, is_premium: bool, settings: &AgentSettings) -> Result<(), Denial> {
    match requester {
        Requester::Staff => Ok(()),
        Requester::Visitor if is_premium => Err(Denial::SignupRequired),
        Requester::Visitor => Ok(()),
        Requester::Member { can_use_premium_agents, usage_count } => {
            if let Some(limit) = settings.limit_for(can_use_premium_agents) {
                if usage_count >= limit {
                    return Err(Denial::UsageLimitReached { usage_count, limit });
                }
            }
            if is_premium && !can_use_premium_agents {
                return Err(Denial::NoPremiumSubscription);
            }
            Ok(())
        }
    }
}

/// The usage period of a moment: its calendar month in UTC, `YYYY-MM`.
pub fn usage_period(at: chrono::DateTime<chrono::Utc>) -> String {
    at.format("%Y-%m").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(premium: bool, used: u64) -> Requester {
        Requester::Member { can_use_premium_agents: premium, usage_count: used }
    }

    #[test]
    fn the_access_table() {
        let s = AgentSettings::default();
        let table = [
            (Requester::Staff, true, Ok(())),
            (Requester::Visitor, false, Ok(())),
            (Requester::Visitor, true, Err(Denial::SignupRequired)),
            (member(false, 0), false, Ok(())),
            (member(false, 4), false, Ok(())),
            (member(false, 5), false, Err(Denial::UsageLimitReached { usage_count: 5, limit: 5 })),
            (member(false, 5), true, Err(Denial::UsageLimitReached { usage_count: 5, limit: 5 })),
            (member(false, 0), true, Err(Denial::NoPremiumSubscription)),
            (member(true, 500), true, Ok(())),
        ];
        for (requester, premium, expected) in table {
            assert_eq!(check_access(requester, premium, &s), expected, "{requester:?} premium={premium}");
        }
    }

    #[test]
    fn staff_pass_any_limit_and_limits_are_configurable() {
        let strict = AgentSettings { monthly_runs: Some(0), premium_monthly_runs: Some(1), ..Default::default() };
        assert_eq!(check_access(Requester::Staff, true, &strict), Ok(()));
        assert_eq!(
            check_access(member(true, 1), false, &strict),
            Err(Denial::UsageLimitReached { usage_count: 1, limit: 1 })
        );
        let open = AgentSettings { monthly_runs: None, ..Default::default() };
        assert_eq!(check_access(member(false, 1000), false, &open), Ok(()));
    }

    #[test]
    fn codes_and_messages() {
        assert_eq!(Denial::UsageLimitReached { usage_count: 5, limit: 5 }.code(), "USAGE_LIMIT_REACHED");
        assert_eq!(Denial::NoPremiumSubscription.code(), "NO_PREMIUM_SUBSCRIPTION");
        assert!(Denial::UsageLimitReached { usage_count: 7, limit: 5 }.message().contains("7 times"));
    }

    #[test]
    fn settings_default_when_missing() {
        let s: AgentSettings = serde_json::from_value(serde_json::json!({"monthly_runs": 2})).unwrap();
        assert_eq!(s.profile_completion_threshold, 60);
        assert_eq!(s.monthly_runs, Some(2));
    }

    #[test]
    fn periods_are_utc_months() {
        let at = chrono::DateTime::parse_from_rfc3339("2026-01-31T23:30:00-02:00").unwrap().to_utc();
        assert_eq!(usage_period(at), "2026-02");
    }
}
