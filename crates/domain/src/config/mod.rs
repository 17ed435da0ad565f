//! Per-tenant application configuration: option lists, UI flags, landing content, theme
//! and the assistant's default prompts. Stored as one JSON document per tenant; every
//! field has a default so a partial document is always complete when read.

mod defaults;
mod validate;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use validate::{apply_update, validate};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct AppConfig {
    pub options: Options,
    pub ui: UiConfig,
    pub ama_user_default_prompts: AmaPrompts,
    /// What people applying to lead circles answer (spec 002 §3 "Leader application").
    pub leader_certification_questions: LeaderQuestions,
    /// CareerGPS: the profile-completion threshold and the monthly usage limits (spec 002
    /// §5, §6; issue 18).
    pub agents: crate::agents::access::AgentSettings,
}

/// The leader certification questions; a tenant starts with a few sensible ones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct LeaderQuestions(pub Vec<crate::groups::questions::Question>);

/// A choice whose stored value is a number (career stages, roles, fields, …). Value 0 is
/// the 'other' choice where a list offers one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct IntOption {
    pub value: i64,
    pub label: String,
}

/// A choice whose stored value is text (categories, colleges, departments).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TextOption {
    pub value: String,
    pub label: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    pub career_stages: Vec<IntOption>,
    pub current_roles: Vec<IntOption>,
    pub professional_fields: Vec<IntOption>,
    pub interested_services: Vec<IntOption>,
    pub organization_types: Vec<IntOption>,
    pub reason_to_join: Vec<IntOption>,
    pub career_commitment: Vec<IntOption>,
    /// career stage value → the reason_to_join values offered for it.
    pub career_reason_map: BTreeMap<String, Vec<i64>>,
    /// current role value → the career stage values offered for it.
    pub role_stage_map: BTreeMap<String, Vec<i64>>,
    pub job_functions: Vec<IntOption>,
    pub colleges: Vec<TextOption>,
    pub departments: Vec<TextOption>,
    pub aitool_categories: Vec<TextOption>,
    pub usecase_categories: Vec<TextOption>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PrimaryFocus {
    LearnAiSkills,
    CareerDevelopment,
    Both,
}

/// Which family of host behaviour a tenant follows (spec 000 §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HostVariant {
    Standard,
    Institutional,
    Diaspora,
    SummerCamp,
    Star,
    Morgan,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct LandingPageContent {
    pub title: String,
    pub description: String,
    pub cta_url: String,
    pub cta_text: String,
    pub video_url: Option<String>,
    pub video_thumbnail_url: Option<String>,
    pub footer_text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Theme {
    pub primary_main: String,
    pub primary_light: String,
    pub secondary_main: String,
    pub secondary_light: String,
    pub background_paper: String,
    pub background_default: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct UiConfig {
    pub show_job_menu: bool,
    pub show_connect_menu: bool,
    pub show_institutional_registration_screen: bool,
    pub show_location_in_navbar: bool,
    pub landing_page_content: LandingPageContent,
    pub primary_focus: PrimaryFocus,
    /// page name → the order in which that page shows its filters.
    pub filter_order: BTreeMap<String, Vec<String>>,
    /// `Some("quick")` shortens registration to the essential steps.
    pub registration_speed: Option<String>,
    pub theme: Theme,
    pub host_variant: HostVariant,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PromptSet {
    pub id: String,
    pub prompts: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct AmaPrompts {
    pub by_location: Vec<PromptSet>,
    pub by_career_stage: Vec<PromptSet>,
}
