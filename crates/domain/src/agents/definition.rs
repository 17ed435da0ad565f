//! Agent definitions as data (spec 002 §3 "Agent"): what an agent is called, who may use
//! it, and its ordered steps. Each step has a `type` (what the step does) and, per audience,
//! the input steps shown before it (`input_steps.unauth` for visitors who have no account
//! yet, `input_steps.auth` for signed-in members): a visitor of the AIRA agent goes through
//! registration, profile source and career information, answers the questions, meets the
//! sign-up invitation, and then gets the report.
//!
//! [`parse`] reads a definition from JSON with every error on its field ('Unknown step type:
//! {type}' on `steps.0.extra_info.type`), then [`validate`] checks what types cannot.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::{
    category::Category,
    form::{self, FormQuestion},
};
use crate::FieldErrors;

pub const MAX_NAME_CHARS: usize = 255;
pub const MAX_SLUG_CHARS: usize = 120;
pub const MAX_DESCRIPTION_CHARS: usize = 2000;
pub const MAX_SHORT_TEXT_CHARS: usize = 200;
pub const MAX_NEXT_TEXT_CHARS: usize = 50;
pub const MAX_PROMPT_CHARS: usize = 8000;
pub const MAX_PROMPTS: usize = 20;
pub const MAX_STEPS: usize = 20;
pub const MAX_CHECKLIST_ITEMS: usize = 50;
pub const MSG_SLUG_TAKEN: &str = "An agent with this slug already exists.";
pub const MSG_SLUG: &str = "Enter a valid slug: lower-case letters, digits and single hyphens.";

/// The spec's message for a step type nobody knows.
pub fn unknown_step_message(kind: &str) -> String {
    format!("Unknown step type: {kind}")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AgentType {
    Careergps,
    CareerAssistant,
}

impl AgentType {
    pub fn as_str(self) -> &'static str {
        match self {
            AgentType::Careergps => "careergps",
            AgentType::CareerAssistant => "career_assistant",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [AgentType::Careergps, AgentType::CareerAssistant].into_iter().find(|t| t.as_str() == text)
    }
}

/// The ten step input types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StepType {
    Registration,
    AuthProfileSource,
    UnauthProfileSource,
    CareerInformation,
    GroupChecklist,
    Checklist,
    RedirectToSignup,
    ReportGeneration,
    AiraReportGeneration,
    CustomForm,
}

impl StepType {
    pub const ALL: [StepType; 10] = [
        StepType::Registration,
        StepType::AuthProfileSource,
        StepType::UnauthProfileSource,
        StepType::CareerInformation,
        StepType::GroupChecklist,
        StepType::Checklist,
        StepType::RedirectToSignup,
        StepType::ReportGeneration,
        StepType::AiraReportGeneration,
        StepType::CustomForm,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            StepType::Registration => "registration",
            StepType::AuthProfileSource => "auth_profile_source",
            StepType::UnauthProfileSource => "unauth_profile_source",
            StepType::CareerInformation => "career_information",
            StepType::GroupChecklist => "group_checklist",
            StepType::Checklist => "checklist",
            StepType::RedirectToSignup => "redirect_to_signup",
            StepType::ReportGeneration => "report_generation",
            StepType::AiraReportGeneration => "aira_report_generation",
            StepType::CustomForm => "custom_form",
        }
    }

    /// The type named `text`, or 'Unknown step type: {text}'.
    pub fn parse(text: &str) -> Result<Self, String> {
        StepType::ALL.into_iter().find(|t| t.as_str() == text).ok_or_else(|| unknown_step_message(text))
    }

    /// Steps that end in a report (the server processes them; the page shows loading text).
    pub fn generates_report(self) -> bool {
        matches!(self, StepType::ReportGeneration | StepType::AiraReportGeneration)
    }

    /// Input types only a visitor without an account meets.
    pub fn is_unauth_only(self) -> bool {
        matches!(self, StepType::Registration | StepType::UnauthProfileSource | StepType::RedirectToSignup)
    }

    /// Input types only a signed-in member meets.
    pub fn is_auth_only(self) -> bool {
        self == StepType::AuthProfileSource
    }
}

impl<'de> Deserialize<'de> for StepType {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        StepType::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// The input steps shown before a step, per audience.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct InputSteps {
    #[serde(default)]
    pub auth: Vec<StepType>,
    #[serde(default)]
    pub unauth: Vec<StepType>,
}

/// One item of a checklist step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ChecklistItem {
    pub id: String,
    pub label: String,
}

/// What a step shows and does (`steps[].extra_info`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct StepInfo {
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: StepType,
    #[serde(default)]
    pub input_steps: InputSteps,
    #[serde(default)]
    pub header_text: String,
    #[serde(default)]
    pub description: String,
    /// Shown while the server processes the step.
    #[serde(default)]
    pub loading_text: String,
    /// The label of the Next button.
    #[serde(default)]
    pub next_text: String,
    /// The prompt a model gets with the answers (staff edit it).
    #[serde(default)]
    pub user_prompt: String,
    /// Whether the step offers Skip.
    #[serde(default)]
    pub skippable: bool,
    /// The questions of a `custom_form` step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub questions: Vec<FormQuestion>,
    /// The items of a `checklist` step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<ChecklistItem>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Step {
    pub order: u32,
    pub extra_info: StepInfo,
}

/// A prompt option staff may choose for a step's `user_prompt`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AgentPrompt {
    pub id: String,
    pub name: String,
    pub prompt: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AgentExtraInfo {
    #[serde(default)]
    pub prompts: Vec<AgentPrompt>,
    #[serde(default)]
    pub show_stepper: bool,
}

/// A whole agent definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AgentDefinition {
    pub name: String,
    pub slug: String,
    pub agent_type: AgentType,
    #[serde(default)]
    pub can_chat: bool,
    #[serde(default)]
    pub is_premium: bool,
    /// What the agent does, for its card.
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub extra_info: AgentExtraInfo,
    pub steps: Vec<Step>,
}

/// Who runs an agent: a visitor without an account (or with the lightweight account the
/// registration step gives) or a signed-in member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Visitor,
    Member,
}

/// One screen of the flow a person goes through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct FlowItem {
    /// The step the screen belongs to.
    pub order: u32,
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: StepType,
    /// An input screen shown before the step itself.
    pub is_input: bool,
}

impl AgentDefinition {
    pub fn step(&self, order: u32) -> Option<&Step> {
        self.steps.iter().find(|s| s.order == order)
    }

    /// The step that ends in the report, if any.
    pub fn report_step(&self) -> Option<&Step> {
        self.steps.iter().find(|s| s.extra_info.kind.generates_report())
    }

    /// The screens `audience` goes through, in order.
    pub fn flow(&self, audience: Audience) -> Vec<FlowItem> {
        let mut out = Vec::new();
        for step in &self.steps {
            let inputs = match audience {
                Audience::Visitor => &step.extra_info.input_steps.unauth,
                Audience::Member => &step.extra_info.input_steps.auth,
            };
            out.extend(inputs.iter().map(|kind| FlowItem { order: step.order, kind: *kind, is_input: true }));
            out.push(FlowItem { order: step.order, kind: step.extra_info.kind, is_input: false });
        }
        out
    }

    /// The scored categories its questions cover.
    pub fn scored_categories(&self) -> Vec<Category> {
        let mut out: Vec<Category> = self
            .steps
            .iter()
            .flat_map(|s| s.extra_info.questions.iter())
            .filter(|q| q.is_full_scale_slider())
            .filter_map(|q| q.category)
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// `steps[0].extra_info.type` → `steps.0.extra_info.type`.
fn dotted(path: &str) -> String {
    path.replace('[', ".").replace(']', "")
}

/// Reads a definition from JSON, then [`validate`]s it. Errors are keyed by the dotted path
/// of the field (`steps.2.extra_info.questions.0.label`).
pub fn parse(value: &Value) -> Result<AgentDefinition, FieldErrors> {
    let definition: AgentDefinition = serde_path_to_error::deserialize(value.clone()).map_err(|err| {
        let mut errors = FieldErrors::new();
        let path = dotted(&err.path().to_string());
        let field = if path == "." || path.is_empty() { "non_field_errors".to_string() } else { path };
        let message = err.inner().to_string();
        errors.add(field, message.split(" at line ").next().unwrap_or(&message).to_string());
        errors
    })?;
    validate(&definition)?;
    Ok(definition)
}

fn check_len(errors: &mut FieldErrors, field: String, text: &str, max: usize) {
    if text.chars().count() > max {
        errors.add(field, format!("Ensure this field has no more than {max} characters."));
    }
}

/// Checks a definition: name and slug, prompts, step orders (unique, at least 1), the
/// input steps of each audience, custom form questions, checklist items, and that an agent
/// has at most one report step and that an AIRA report has questions to score.
pub fn validate(d: &AgentDefinition) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    if d.name.trim().is_empty() {
        errors.add("name", "This field is required.");
    }
    check_len(&mut errors, "name".into(), d.name.trim(), MAX_NAME_CHARS);
    if d.slug.is_empty() || d.slug.len() > MAX_SLUG_CHARS || crate::slug::slugify(&d.slug) != d.slug {
        errors.add("slug", MSG_SLUG);
    }
    check_len(&mut errors, "description".into(), &d.description, MAX_DESCRIPTION_CHARS);
    let prompts = &d.extra_info.prompts;
    if prompts.len() > MAX_PROMPTS {
        errors.add("extra_info.prompts", format!("Ensure this list has no more than {MAX_PROMPTS} prompts."));
    }
    for (i, p) in prompts.iter().enumerate() {
        if p.id.trim().is_empty() || prompts[..i].iter().any(|o| o.id == p.id) {
            errors.add(format!("extra_info.prompts.{i}.id"), "Prompt ids must be present and unique.");
        }
        if p.prompt.trim().is_empty() {
            errors.add(format!("extra_info.prompts.{i}.prompt"), "This field is required.");
        }
        check_len(&mut errors, format!("extra_info.prompts.{i}.prompt"), &p.prompt, MAX_PROMPT_CHARS);
    }
    if d.steps.is_empty() {
        errors.add("steps", "An agent needs at least one step.");
    } else if d.steps.len() > MAX_STEPS {
        errors.add("steps", format!("Ensure this list has no more than {MAX_STEPS} steps."));
    }
    for (i, step) in d.steps.iter().enumerate() {
        check_step(&mut errors, i, step, &d.steps[..i]);
    }
    let reports = d.steps.iter().filter(|s| s.extra_info.kind.generates_report()).count();
    if reports > 1 {
        errors.add("steps", "An agent has at most one report step.");
    }
    if d.steps.iter().any(|s| s.extra_info.kind == StepType::AiraReportGeneration)
        && !d.scored_categories().iter().any(|c| c.is_readiness())
    {
        errors.add("steps", "An AI readiness report needs slider questions of a readiness category to score.");
    }
    errors.into_result()
}

fn check_step(errors: &mut FieldErrors, i: usize, step: &Step, before: &[Step]) {
    let field = |name: &str| format!("steps.{i}.{name}");
    if step.order == 0 {
        errors.add(field("order"), "Ensure this value is greater than or equal to 1.");
    } else if before.iter().any(|s| s.order == step.order) {
        errors.add(field("order"), "Step orders must be unique.");
    } else if before.iter().any(|s| s.order > step.order) {
        errors.add(field("order"), "Steps must be listed in order.");
    }
    let info = &step.extra_info;
    for (audience, list, wrong, message) in [
        ("auth", &info.input_steps.auth, StepType::is_unauth_only as fn(StepType) -> bool, "for visitors only"),
        ("unauth", &info.input_steps.unauth, StepType::is_auth_only, "for signed-in members only"),
    ] {
        for (j, kind) in list.iter().enumerate() {
            let at = field(&format!("extra_info.input_steps.{audience}.{j}"));
            if wrong(*kind) {
                errors.add(at, format!("The {} step is {message}.", kind.as_str()));
            } else if kind.generates_report() || *kind == StepType::CustomForm || *kind == StepType::Checklist {
                errors.add(at, format!("The {} step cannot be an input step.", kind.as_str()));
            } else if list[..j].contains(kind) {
                errors.add(at, "An input step appears once per audience.");
            }
        }
    }
    if info.kind.is_unauth_only() || info.kind.is_auth_only() {
        errors.add(field("extra_info.type"), format!("The {} step can only be an input step.", info.kind.as_str()));
    }
    check_len(errors, field("extra_info.header_text"), &info.header_text, MAX_SHORT_TEXT_CHARS);
    check_len(errors, field("extra_info.description"), &info.description, MAX_DESCRIPTION_CHARS);
    check_len(errors, field("extra_info.loading_text"), &info.loading_text, MAX_SHORT_TEXT_CHARS);
    check_len(errors, field("extra_info.next_text"), &info.next_text, MAX_NEXT_TEXT_CHARS);
    check_len(errors, field("extra_info.user_prompt"), &info.user_prompt, MAX_PROMPT_CHARS);
    match info.kind {
        StepType::CustomForm if info.questions.is_empty() => {
            errors.add(field("extra_info.questions"), "A custom form needs at least one question.");
        }
        StepType::CustomForm => {}
        _ if !info.questions.is_empty() => {
            errors.add(field("extra_info.questions"), "Only a custom form step has questions.");
        }
        _ => {}
    }
    form::check_questions(&info.questions, &field("extra_info.questions."), errors);
    if info.kind == StepType::Checklist && info.items.is_empty() {
        errors.add(field("extra_info.items"), "A checklist needs at least one item.");
    }
    if info.items.len() > MAX_CHECKLIST_ITEMS {
        errors
            .add(field("extra_info.items"), format!("Ensure this list has no more than {MAX_CHECKLIST_ITEMS} items."));
    }
    for (j, item) in info.items.iter().enumerate() {
        if item.id.trim().is_empty() || info.items[..j].iter().any(|o| o.id == item.id) {
            errors.add(field(&format!("extra_info.items.{j}.id")), "Item ids must be present and unique.");
        }
        if item.label.trim().is_empty() {
            errors.add(field(&format!("extra_info.items.{j}.label")), "This field is required.");
        }
    }
}

/// Checks a list of definitions that live on one site together: each valid, no slug twice.
pub fn check_catalogue(definitions: &[AgentDefinition]) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    for (i, d) in definitions.iter().enumerate() {
        if let Err(e) = validate(d) {
            errors.merge_prefixed(&format!("{i}."), e);
        }
        if definitions[..i].iter().any(|o| o.slug == d.slug) {
            errors.add(format!("{i}.slug"), MSG_SLUG_TAKEN);
        }
    }
    errors.into_result()
}

/// A run's answers, by step order.
pub type RunAnswers = BTreeMap<u32, Value>;

/// Checks the answers to one step of `agent` and returns them cleaned. A custom form takes
/// `{question id: answer}`; a checklist a list of its item ids; a group checklist a list of
/// group ids (that they are the site's groups the person may see is the caller's check);
/// other steps are checked by
/// the caller (they need the site's options or groups) and pass through. Errors are keyed
/// `answers.{question id}` or `answers`.
pub fn check_step_answers(agent: &AgentDefinition, order: u32, answers: &Value) -> Result<Value, FieldErrors> {
    let mut errors = FieldErrors::new();
    let Some(step) = agent.step(order) else {
        errors.add("step", format!("The agent has no step {order}."));
        return Err(errors);
    };
    match step.extra_info.kind {
        StepType::CustomForm => {
            let empty = Map::new();
            let given = match answers {
                Value::Object(map) => map,
                Value::Null => &empty,
                _ => {
                    errors.add("answers", "Expected an object of answers by question id.");
                    return Err(errors);
                }
            };
            form::check_answers(&step.extra_info.questions, given, "answers.").map(Value::Object)
        }
        StepType::Checklist => {
            let chosen: Option<Vec<&str>> = match answers {
                Value::Null => Some(Vec::new()),
                Value::Array(items) => items.iter().map(Value::as_str).collect(),
                _ => None,
            };
            match chosen {
                Some(ids) if ids.iter().all(|id| step.extra_info.items.iter().any(|i| i.id == *id)) => {
                    let mut unique: Vec<Value> = Vec::new();
                    for id in ids {
                        if !unique.iter().any(|u| u == id) {
                            unique.push(Value::from(id));
                        }
                    }
                    Ok(Value::Array(unique))
                }
                _ => {
                    errors.add("answers", "Please select one of the options");
                    Err(errors)
                }
            }
        }
        StepType::GroupChecklist => {
            let ids: Option<Vec<i64>> = match answers {
                Value::Null => Some(Vec::new()),
                Value::Array(items) => items.iter().map(|v| v.as_i64().filter(|id| *id > 0)).collect(),
                _ => None,
            };
            match ids {
                Some(mut ids) => {
                    let mut seen = std::collections::HashSet::new();
                    ids.retain(|id| seen.insert(*id));
                    if ids.len() > MAX_GROUP_CHOICES {
                        errors.add("answers", format!("Choose at most {MAX_GROUP_CHOICES} groups."));
                        return Err(errors);
                    }
                    Ok(Value::Array(ids.into_iter().map(Value::from).collect()))
                }
                None => {
                    errors.add("answers", "Expected a list of group ids.");
                    Err(errors)
                }
            }
        }
        _ => Ok(answers.clone()),
    }
}

/// A group checklist step takes at most this many of the circles and events offered.
pub const MAX_GROUP_CHOICES: usize = 10;

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn minimal() -> Value {
        json!({
            "name": "Test Agent", "slug": "test-agent", "agent_type": "careergps",
            "steps": [
                {"order": 1, "extra_info": {"type": "custom_form", "input_steps": {"unauth": ["registration"]},
                    "questions": [{"id": "q1", "label": "How often?", "type": "slider", "min_label": "Never",
                                   "max_label": "Daily", "category": "experience_with_ai_tool"}]}},
                {"order": 2, "extra_info": {"type": "aira_report_generation", "loading_text": "Scoring…"}}
            ]
        })
    }

    #[test]
    fn a_group_checklist_takes_a_short_list_of_group_ids() {
        let mut definition = minimal();
        definition["steps"][1] =
            json!({"order": 2, "extra_info": {"type": "group_checklist", "header_text": "Pick circles"}});
        definition["steps"]
            .as_array_mut()
            .unwrap()
            .push(json!({"order": 3, "extra_info": {"type": "report_generation"}}));
        let agent = parse(&definition).unwrap();
        assert_eq!(check_step_answers(&agent, 2, &json!([4, 7, 4])).unwrap(), json!([4, 7]));
        assert_eq!(check_step_answers(&agent, 2, &Value::Null).unwrap(), json!([]));
        for bad in [json!(["4"]), json!([0]), json!({"4": true}), json!((1..=11).collect::<Vec<i64>>())] {
            assert!(check_step_answers(&agent, 2, &bad).unwrap_err().first("answers").is_some(), "{bad}");
        }
    }

    #[test]
    fn a_minimal_definition_parses() {
        let d = parse(&minimal()).unwrap();
        assert_eq!(d.agent_type, AgentType::Careergps);
        assert_eq!(d.report_step().unwrap().order, 2);
        assert_eq!(d.scored_categories(), vec![Category::ExperienceWithAiTool]);
        // Round trip.
        assert_eq!(parse(&serde_json::to_value(&d).unwrap()).unwrap(), d);
    }

    #[test]
    fn an_unknown_step_type_gets_the_specs_message_on_its_field() {
        let mut value = minimal();
        value["steps"][1]["extra_info"]["type"] = json!("quiz");
        let errors = parse(&value).unwrap_err();
        assert_eq!(errors.first("steps.1.extra_info.type"), Some("Unknown step type: quiz"));
        let mut value = minimal();
        value["steps"][0]["extra_info"]["input_steps"]["unauth"] = json!(["signup"]);
        let errors = parse(&value).unwrap_err();
        assert_eq!(errors.first("steps.0.extra_info.input_steps.unauth.0"), Some("Unknown step type: signup"));
        assert_eq!(StepType::parse("nope").unwrap_err(), "Unknown step type: nope");
    }

    #[test]
    fn every_step_type_has_its_name() {
        for kind in StepType::ALL {
            assert_eq!(StepType::parse(kind.as_str()), Ok(kind));
            assert_eq!(serde_json::to_value(kind).unwrap(), json!(kind.as_str()));
        }
    }

    #[test]
    fn structural_rules() {
        let mut value = minimal();
        value["slug"] = json!("Not A Slug");
        value["steps"][1]["order"] = json!(1);
        value["steps"][0]["extra_info"]["input_steps"]["auth"] = json!(["registration"]);
        value["steps"][0]["extra_info"]["input_steps"]["unauth"] = json!(["auth_profile_source"]);
        let errors = parse(&value).unwrap_err();
        assert_eq!(errors.first("slug"), Some(MSG_SLUG));
        assert_eq!(errors.first("steps.1.order"), Some("Step orders must be unique."));
        assert_eq!(
            errors.first("steps.0.extra_info.input_steps.auth.0"),
            Some("The registration step is for visitors only.")
        );
        assert_eq!(
            errors.first("steps.0.extra_info.input_steps.unauth.0"),
            Some("The auth_profile_source step is for signed-in members only.")
        );
    }

    #[test]
    fn report_steps_and_scoring() {
        let mut nothing_to_score = minimal();
        nothing_to_score["steps"][0]["extra_info"] = json!({"type": "career_information"});
        let errors = parse(&nothing_to_score).unwrap_err();
        assert_eq!(
            errors.first("steps"),
            Some("An AI readiness report needs slider questions of a readiness category to score.")
        );
        let mut value = minimal();
        value["steps"].as_array_mut().unwrap().push(json!({"order": 3, "extra_info": {"type": "report_generation"}}));
        assert_eq!(parse(&value).unwrap_err().first("steps"), Some("An agent has at most one report step."));
        let mut empty_form = minimal();
        empty_form["steps"][0]["extra_info"]["questions"] = json!([]);
        assert_eq!(
            parse(&empty_form).unwrap_err().first("steps.0.extra_info.questions"),
            Some("A custom form needs at least one question.")
        );
    }

    #[test]
    fn question_errors_are_keyed_under_their_step() {
        let mut value = minimal();
        value["steps"][0]["extra_info"]["questions"][0]["max"] = json!(12);
        let errors = parse(&value).unwrap_err();
        assert_eq!(errors.first("steps.0.extra_info.questions.0.max"), Some(form::MSG_SLIDER_BOUNDS));
    }

    #[test]
    fn duplicate_slugs_in_a_catalogue() {
        let d = parse(&minimal()).unwrap();
        let errors = check_catalogue(&[d.clone(), d]).unwrap_err();
        assert_eq!(errors.first("1.slug"), Some(MSG_SLUG_TAKEN));
    }

    #[test]
    fn flows_differ_by_audience() {
        let d = parse(&minimal()).unwrap();
        let visitor: Vec<&str> = d.flow(Audience::Visitor).iter().map(|f| f.kind.as_str()).collect();
        assert_eq!(visitor, ["registration", "custom_form", "aira_report_generation"]);
        let member: Vec<&str> = d.flow(Audience::Member).iter().map(|f| f.kind.as_str()).collect();
        assert_eq!(member, ["custom_form", "aira_report_generation"]);
    }

    #[test]
    fn step_answers() {
        let d = parse(&minimal()).unwrap();
        assert_eq!(check_step_answers(&d, 1, &json!({"q1": "4"})).unwrap(), json!({"q1": 4}));
        assert!(check_step_answers(&d, 1, &json!({"q1": 40})).unwrap_err().first("answers.q1").is_some());
        assert_eq!(check_step_answers(&d, 9, &json!({})).unwrap_err().first("step"), Some("The agent has no step 9."));
        assert_eq!(check_step_answers(&d, 2, &json!({"x": 1})).unwrap(), json!({"x": 1}));
    }
}
