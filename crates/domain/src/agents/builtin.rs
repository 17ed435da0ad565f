//! The agents every site starts with, as data (`builtin/*.json`): the AI Readiness
//! Assessment (AIRA), the Interest Explorer and the Career Assistant. Staff may change a
//! site's copies later; these are only the starting point the seed writes.

use super::definition::{self, AgentDefinition};

pub const AIRA_SLUG: &str = "aira";
pub const INTEREST_EXPLORER_SLUG: &str = "interest-explorer";
pub const CAREER_ASSISTANT_SLUG: &str = "career-assistant";

const AIRA_JSON: &str = include_str!("builtin/aira.json");
const INTEREST_EXPLORER_JSON: &str = include_str!("builtin/interest_explorer.json");
const CAREER_ASSISTANT_JSON: &str = include_str!("builtin/career_assistant.json");

fn load(json: &str) -> AgentDefinition {
    let value: serde_json::Value = serde_json::from_str(json).expect("a built-in agent is JSON");
    // The tests below hold every built-in definition valid.
    definition::parse(&value).unwrap_or_else(|errors| panic!("a built-in agent is valid: {errors:?}"))
}

pub fn aira() -> AgentDefinition {
    load(AIRA_JSON)
}

pub fn interest_explorer() -> AgentDefinition {
    load(INTEREST_EXPLORER_JSON)
}

pub fn career_assistant() -> AgentDefinition {
    load(CAREER_ASSISTANT_JSON)
}

/// All of them, in the order the agents list shows them.
pub fn all() -> Vec<AgentDefinition> {
    vec![aira(), interest_explorer(), career_assistant()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::{
        category::Category,
        definition::{check_catalogue, AgentType, Audience, StepType},
    };

    #[test]
    fn the_built_in_agents_are_valid_together() {
        let all = all();
        check_catalogue(&all).unwrap();
        let slugs: Vec<&str> = all.iter().map(|d| d.slug.as_str()).collect();
        assert_eq!(slugs, [AIRA_SLUG, INTEREST_EXPLORER_SLUG, CAREER_ASSISTANT_SLUG]);
    }

    #[test]
    fn aira_scores_all_five_categories_on_ten_readiness_questions() {
        let d = aira();
        assert_eq!(d.report_step().unwrap().extra_info.kind, StepType::AiraReportGeneration);
        assert_eq!(d.scored_categories().len(), 5);
        let readiness = d
            .steps
            .iter()
            .flat_map(|s| &s.extra_info.questions)
            .filter(|q| q.category.is_some_and(Category::is_readiness))
            .count();
        assert_eq!(readiness, 10, "ten 0–10 sliders: the points are the percentage");
    }

    #[test]
    fn a_visitor_registers_first_and_meets_the_signup_invitation_before_the_report() {
        let flow: Vec<&str> = aira().flow(Audience::Visitor).iter().map(|f| f.kind.as_str()).collect();
        assert_eq!(
            flow,
            [
                "registration",
                "unauth_profile_source",
                "career_information",
                "custom_form",
                "redirect_to_signup",
                "aira_report_generation"
            ]
        );
        let member: Vec<&str> = aira().flow(Audience::Member).iter().map(|f| f.kind.as_str()).collect();
        assert_eq!(member, ["auth_profile_source", "career_information", "custom_form", "aira_report_generation"]);
    }

    #[test]
    fn the_career_assistant_is_a_premium_chat_agent() {
        let d = career_assistant();
        assert_eq!(d.agent_type, AgentType::CareerAssistant);
        assert!(d.can_chat && d.is_premium);
        assert_eq!(interest_explorer().report_step().unwrap().extra_info.kind, StepType::ReportGeneration);
    }
}
