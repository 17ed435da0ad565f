//! Who may run an agent (spec 002 §4 "Access rules", §6 "Staff", "Subscription flags").
//!
//! In this order: staff are always allowed; a visitor (no account, or the trial account the
//! CareerGPS registration gives) never runs a premium agent; a member at or over the
//! usage limit gets `USAGE_LIMIT_REACHED`; a member without `can_use_premium_agents` gets
//! `NO_PREMIUM_SUBSCRIPTION` on a premium agent.
//!
//! **Usage** is counted per person and site in calendar months (UTC): one use is one report
//! an agent produced for the person who ran it. The limit is checked when a run starts.
//! Members with premium rights have their own (by default no) limit. Limits are per agent
//! type (careergps, career_assistant) and come from the site's configuration
//! ([`AgentSettings`], the `agents` section of `domain::config::AppConfig`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::definition::AgentType;
use crate::FieldErrors;

pub const CODE_USAGE_LIMIT_REACHED: &str = "USAGE_LIMIT_REACHED";
pub const CODE_NO_PREMIUM_SUBSCRIPTION: &str = "NO_PREMIUM_SUBSCRIPTION";
/// Our code for a visitor on a premium agent (the spec names none).
pub const CODE_SIGNUP_REQUIRED: &str = "SIGNUP_REQUIRED";
pub const MSG_SIGNUP_REQUIRED: &str = "Sign up to use this agent.";
pub const MSG_NO_PREMIUM_SUBSCRIPTION: &str = "This agent is part of the premium membership. Upgrade to use it.";
pub const DEFAULT_PROFILE_COMPLETION_THRESHOLD: u8 = 60;
pub const DEFAULT_MONTHLY_RUNS: u64 = 5;

/// A site's CareerGPS settings (the tenant configuration's `agents` section), with their
/// defaults: every field may be left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct AgentSettings {
    /// The profile completion percent a member needs to run an agent (the N of 'greater
    /// than N%'), 0 to 100.
    pub profile_completion_threshold: u8,
    /// Reports a month per agent type.
    pub usage_limits: UsageLimits,
}

/// Monthly limits per agent type: uses of every agent of one type count together.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct UsageLimits {
    pub careergps: MonthlyLimit,
    pub career_assistant: MonthlyLimit,
}

/// Reports a month a member may get from the agents of one type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MonthlyLimit {
    /// For a member without premium rights (null: no limit).
    pub members: Option<u64>,
    /// For a member with premium rights (null: no limit).
    pub premium_members: Option<u64>,
}

impl Default for MonthlyLimit {
    fn default() -> Self {
        MonthlyLimit { members: Some(DEFAULT_MONTHLY_RUNS), premium_members: None }
    }
}

/// The highest monthly limit a site may set (more is "no limit").
pub const MAX_MONTHLY_RUNS: u64 = 100_000;

impl Default for AgentSettings {
    fn default() -> Self {
        AgentSettings {
            profile_completion_threshold: DEFAULT_PROFILE_COMPLETION_THRESHOLD,
            usage_limits: UsageLimits::default(),
        }
    }
}

impl AgentSettings {
    /// The limit that applies to a member on an agent of `agent_type`.
    pub fn limit_for(&self, agent_type: AgentType, can_use_premium_agents: bool) -> Option<u64> {
        let limit = match agent_type {
            AgentType::Careergps => self.usage_limits.careergps,
            AgentType::CareerAssistant => self.usage_limits.career_assistant,
        };
        if can_use_premium_agents {
            limit.premium_members
        } else {
            limit.members
        }
    }

    /// What the types cannot say: the threshold is a percent, limits have a ceiling. Errors
    /// are keyed by the field's path under `prefix` (`agents.` in the configuration).
    pub fn check(&self, prefix: &str) -> FieldErrors {
        let mut errors = FieldErrors::new();
        if self.profile_completion_threshold > 100 {
            errors.add(
                format!("{prefix}profile_completion_threshold"),
                "Ensure this value is less than or equal to 100.",
            );
        }
        for (kind, limit) in
            [("careergps", self.usage_limits.careergps), ("career_assistant", self.usage_limits.career_assistant)]
        {
            for (who, value) in [("members", limit.members), ("premium_members", limit.premium_members)] {
                if value.is_some_and(|v| v > MAX_MONTHLY_RUNS) {
                    errors.add(
                        format!("{prefix}usage_limits.{kind}.{who}"),
                        format!("Ensure this value is less than or equal to {MAX_MONTHLY_RUNS}."),
                    );
                }
            }
        }
        errors
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

/// Whether `requester` may start a run of a CareerGPS agent (`is_premium`), under `settings`.
pub fn check_access(requester: Requester, is_premium: bool, settings: &AgentSettings) -> Result<(), Denial> {
    check_access_to(requester, AgentType::Careergps, is_premium, settings)
}

/// Whether `requester` may start a run of an agent of `agent_type` (`is_premium`), under
/// `settings`; a member's `usage_count` is their uses of that type this month.
pub fn check_access_to(
    requester: Requester,
    agent_type: AgentType,
    is_premium: bool,
    settings: &AgentSettings,
) -> Result<(), Denial> {
    match requester {
        Requester::Staff => Ok(()),
        Requester::Visitor if is_premium => Err(Denial::SignupRequired),
        Requester::Visitor => Ok(()),
        Requester::Member { can_use_premium_agents, usage_count } => {
            if let Some(limit) = settings.limit_for(agent_type, can_use_premium_agents) {
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

/// The sign-up invitation as a gate (spec 002 §4 "CareerGPS agent flow"): a visitor whose flow
/// shows `redirect_to_signup` before a step signs up before that step runs (AIRA: before the
/// report). Members and staff pass.
pub fn check_signup_gate(requester: Requester, step: &super::definition::Step) -> Result<(), Denial> {
    let gated = step.extra_info.input_steps.unauth.contains(&super::definition::StepType::RedirectToSignup);
    if requester == Requester::Visitor && gated {
        Err(Denial::SignupRequired)
    } else {
        Ok(())
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
    fn staff_pass_any_limit_and_limits_are_configurable_per_type() {
        let mut strict = AgentSettings::default();
        strict.usage_limits.careergps = MonthlyLimit { members: Some(0), premium_members: Some(1) };
        strict.usage_limits.career_assistant = MonthlyLimit { members: None, premium_members: None };
        assert_eq!(check_access(Requester::Staff, true, &strict), Ok(()));
        assert_eq!(
            check_access(member(true, 1), false, &strict),
            Err(Denial::UsageLimitReached { usage_count: 1, limit: 1 })
        );
        assert_eq!(check_access_to(member(false, 1000), AgentType::CareerAssistant, false, &strict), Ok(()));
        assert_eq!(
            check_access_to(member(false, 0), AgentType::Careergps, false, &strict),
            Err(Denial::UsageLimitReached { usage_count: 0, limit: 0 })
        );
    }

    #[test]
    fn settings_are_checked() {
        let mut s = AgentSettings { profile_completion_threshold: 101, ..Default::default() };
        s.usage_limits.career_assistant.premium_members = Some(MAX_MONTHLY_RUNS + 1);
        let errors = s.check("agents.");
        assert!(errors.first("agents.profile_completion_threshold").is_some(), "{errors:?}");
        assert!(errors.first("agents.usage_limits.career_assistant.premium_members").is_some(), "{errors:?}");
        assert!(AgentSettings::default().check("agents.").is_empty());
    }

    #[test]
    fn codes_and_messages() {
        assert_eq!(Denial::UsageLimitReached { usage_count: 5, limit: 5 }.code(), "USAGE_LIMIT_REACHED");
        assert_eq!(Denial::NoPremiumSubscription.code(), "NO_PREMIUM_SUBSCRIPTION");
        assert!(Denial::UsageLimitReached { usage_count: 7, limit: 5 }.message().contains("7 times"));
    }

    #[test]
    fn settings_default_when_missing() {
        let s: AgentSettings =
            serde_json::from_value(serde_json::json!({"usage_limits": {"careergps": {"members": 2}}})).unwrap();
        assert_eq!(s.profile_completion_threshold, 60);
        assert_eq!(s.limit_for(AgentType::Careergps, false), Some(2));
        assert_eq!(s.limit_for(AgentType::Careergps, true), None);
        assert_eq!(s.limit_for(AgentType::CareerAssistant, false), Some(DEFAULT_MONTHLY_RUNS));
        assert!(serde_json::from_value::<AgentSettings>(serde_json::json!({"monthly": 1})).is_err());
    }

    #[test]
    fn a_visitor_signs_up_before_the_aira_report() {
        let aira = crate::agents::builtin::aira();
        let report = aira.report_step().unwrap();
        assert_eq!(check_signup_gate(Requester::Visitor, report), Err(Denial::SignupRequired));
        assert_eq!(check_signup_gate(member(false, 0), report), Ok(()));
        assert_eq!(check_signup_gate(Requester::Staff, report), Ok(()));
        for step in aira.steps.iter().filter(|s| !s.extra_info.kind.generates_report()) {
            assert_eq!(check_signup_gate(Requester::Visitor, step), Ok(()), "step {}", step.order);
        }
    }

    #[test]
    fn periods_are_utc_months() {
        let at = chrono::DateTime::parse_from_rfc3339("2026-01-31T23:30:00-02:00").unwrap().to_utc();
        assert_eq!(usage_period(at), "2026-02");
    }
}
