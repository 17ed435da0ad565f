//! A report written by a model (issue 18: "with `WAYPOINT_AI_BASE_URL` the step's prompt and
//! the answers go to the model and structured output is validated before it is stored").
//!
//! [`request_text`] is what the model is told (the agent's prompts, the run's answers, the
//! profile facts, the items retrieval found and, for the AI readiness assessment, the
//! exact score); [`ANSWER_SCHEMA`](answer_schema) is the JSON it must answer with; [`accept`]
//! reads and checks an answer and makes the stored body from it. The model writes the
//! summary and the sections; the title, the template and the score stay ours, and an item
//! is only ever one retrieval returned (named by `type` and `id`, its text copied from
//! retrieval). An answer that breaks any rule is refused with the reason.

use std::collections::HashSet;

use serde::Deserialize;
use serde_json::{json, Value};

use super::{
    definition::{AgentDefinition, RunAnswers, StepType},
    form::{self, QuestionType},
    report::{ProfileFacts, ReportBody, ReportItem, Section, MAX_ITEMS},
};
use crate::matching::ItemKind;

pub const MAX_SUMMARY_CHARS: usize = 600;
pub const MAX_SECTIONS: usize = 8;
pub const MAX_HEADING_CHARS: usize = 80;
pub const MAX_PARAGRAPHS: usize = 6;
pub const MAX_PARAGRAPH_CHARS: usize = 1200;
pub const MAX_BULLETS: usize = 12;
pub const MAX_BULLET_CHARS: usize = 300;
pub const MAX_SECTION_ID_CHARS: usize = 40;

/// An item named by the model: one of the retrieved items.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemRef {
    #[serde(rename = "type")]
    pub kind: ItemKind,
    pub id: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelSection {
    pub id: String,
    pub heading: String,
    #[serde(default)]
    pub paragraphs: Vec<String>,
    #[serde(default)]
    pub bullets: Vec<String>,
    #[serde(default)]
    pub items: Vec<ItemRef>,
}

/// The model's answer.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelAnswer {
    pub summary: String,
    pub sections: Vec<ModelSection>,
}

/// The JSON schema of [`ModelAnswer`] (for `response_format: json_schema`, strict).
pub fn answer_schema() -> Value {
    let strings = json!({"type": "array", "items": {"type": "string"}});
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["summary", "sections"],
        "properties": {
            "summary": {"type": "string"},
            "sections": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["id", "heading", "paragraphs", "bullets", "items"],
                    "properties": {
                        "id": {"type": "string"},
                        "heading": {"type": "string"},
                        "paragraphs": strings,
                        "bullets": strings,
                        "items": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "additionalProperties": false,
                                "required": ["type", "id"],
                                "properties": {
                                    "type": {"type": "string", "enum": ItemKind::ALL.iter().map(|k| kind_name(*k)).collect::<Vec<_>>()},
                                    "id": {"type": "integer"}
                                }
                            }
                        }
                    }
                }
            }
        }
    })
}

fn kind_name(kind: ItemKind) -> String {
    serde_json::to_value(kind).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

/// The instructions every report request starts with.
pub const SYSTEM_PROMPT: &str = "You write the career report of a career-networking and AI-upskilling community \
for one member, from their answers and profile. Answer with one JSON object only, matching the given schema: \
a short summary (at most 600 characters) and up to 8 sections (id in lower case letters and underscores, a \
heading, paragraphs, bullets, and items). Write plain text: no HTML, no Markdown, no links or URLs. Recommend \
only the site's items listed under 'Items found on the site', naming them in a section's items by their type and \
id; never invent circles, events, people, jobs, resources or links. Do not change any score you are given.";

/// The user message of a report request: the agent's prompts and the step's prompt (or
/// the one staff are trying), the answers, the profile facts, the found items and, for the
/// AI readiness assessment, the score the report must state.
pub fn request_text(
    agent: &AgentDefinition,
    answers: &RunAnswers,
    profile: &ProfileFacts,
    items: &[ReportItem],
    offline: &ReportBody,
    user_prompt: Option<&str>,
) -> String {
    let mut out = String::new();
    out.push_str(&format!("Agent: {}\n", agent.name.trim()));
    let step_prompt = agent.report_step().map(|s| s.extra_info.user_prompt.trim()).unwrap_or_default();
    let prompt = user_prompt.map(str::trim).filter(|p| !p.is_empty()).unwrap_or(step_prompt);
    if !prompt.is_empty() {
        out.push_str(&format!("\nInstructions for this report:\n{prompt}\n"));
    }
    let others: Vec<&str> =
        agent.extra_info.prompts.iter().map(|p| p.prompt.trim()).filter(|p| !p.is_empty() && *p != prompt).collect();
    if !others.is_empty() {
        out.push_str("\nThe agent's other guidance:\n");
        for p in others {
            out.push_str(&format!("- {p}\n"));
        }
    }
    out.push_str("\nThe member's answers:\n");
    let mut any = false;
    for step in agent.steps.iter().filter(|s| s.extra_info.kind == StepType::CustomForm) {
        let Some(given) = answers.get(&step.order).and_then(Value::as_object) else { continue };
        for q in &step.extra_info.questions {
            if q.kind == QuestionType::File {
                continue;
            }
            if let Some(shown) = given.get(&q.id).and_then(|a| form::display_answer(q, a)) {
                out.push_str(&format!("- {}: {}\n", q.label.trim(), shown));
                any = true;
            }
        }
    }
    for step in agent.steps.iter().filter(|s| s.extra_info.kind == StepType::Checklist) {
        let Some(chosen) = answers.get(&step.order).and_then(Value::as_array) else { continue };
        let labels: Vec<&str> = step
            .extra_info
            .items
            .iter()
            .filter(|i| chosen.iter().any(|c| c.as_str() == Some(i.id.as_str())))
            .map(|i| i.label.trim())
            .collect();
        if !labels.is_empty() {
            out.push_str(&format!("- {}: {}\n", step.extra_info.header_text.trim(), labels.join(", ")));
            any = true;
        }
    }
    if !any {
        out.push_str("(none)\n");
    }
    out.push_str("\nThe member's profile:\n");
    out.push_str(&format!("- first name: {}\n", profile.first_name.trim()));
    for (label, value) in [
        ("title", profile.title.as_deref()),
        ("career stage", profile.career_stage.as_deref()),
        ("professional field", profile.professional_field.as_deref()),
    ] {
        if let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) {
            out.push_str(&format!("- {label}: {v}\n"));
        }
    }
    if !profile.skills.is_empty() {
        out.push_str(&format!("- skills: {}\n", profile.skills.join(", ")));
    }
    if !profile.topics.is_empty() {
        out.push_str(&format!("- interests: {}\n", profile.topics.join(", ")));
    }
    out.push_str(&format!("- profile completion: {}%\n", profile.completion_percent));
    if let Some(score) = &offline.aira {
        out.push_str(&format!(
            "\nAI readiness score (state it exactly): {}%, level {}\n",
            score.readiness_percent,
            score.level.as_str()
        ));
        for c in &score.categories {
            if let Some(p) = c.percent {
                out.push_str(&format!("- {}: {p}%\n", c.label));
            }
        }
    }
    out.push_str("\nItems found on the site (type, id, name: description):\n");
    if items.is_empty() {
        out.push_str("(none)\n");
    }
    for i in items {
        out.push_str(&format!("- {} {} \"{}\": {}\n", kind_name(i.kind), i.id, i.name, i.description));
    }
    out
}

/// A model answer's text without a Markdown code fence around it.
fn unfenced(raw: &str) -> &str {
    let text = raw.trim();
    let Some(rest) = text.strip_prefix("```") else { return text };
    let rest = rest.strip_prefix("json").unwrap_or(rest);
    rest.strip_suffix("```").unwrap_or(rest).trim()
}

/// Whether a text holds a link or markup (the report shows plain text; a link retrieval
/// did not return must never reach it).
fn has_link_or_markup(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    ["http://", "https://", "www.", "ftp://", "mailto:", "javascript:", "](", "<a ", "<script", "<img", "<iframe"]
        .iter()
        .any(|bad| lower.contains(bad))
        || lower.split(|c: char| c.is_whitespace() || c == '(' || c == ')').any(looks_like_domain)
}

/// `example.com`, `foo.io/path`: a word with a dot followed by a known top-level domain.
fn looks_like_domain(word: &str) -> bool {
    let word = word.trim_matches(|c: char| matches!(c, '.' | ',' | ';' | ':' | '!' | '?' | '"' | '\''));
    let host = word.split('/').next().unwrap_or("");
    let Some((name, tld)) = host.rsplit_once('.') else { return false };
    !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
        && ["com", "org", "net", "io", "ai", "co", "dev", "app", "edu", "gov", "info", "ly"].contains(&tld)
}

fn check_text(field: &str, text: &str, max: usize) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!("{field} is empty"));
    }
    if text.chars().count() > max {
        return Err(format!("{field} is longer than {max} characters"));
    }
    if has_link_or_markup(text) {
        return Err(format!("{field} holds a link or markup"));
    }
    Ok(text.to_string())
}

/// Reads and checks a model's answer; on success the body to store: the model's summary and
/// sections, our title, template and score, and the retrieved items it named.
pub fn accept(raw: &str, offline: &ReportBody, retrieved: &[ReportItem]) -> Result<ReportBody, String> {
    let answer: ModelAnswer = serde_json::from_str(unfenced(raw)).map_err(|e| format!("not the schema: {e}"))?;
    let summary = check_text("summary", &answer.summary, MAX_SUMMARY_CHARS)?;
    if answer.sections.is_empty() || answer.sections.len() > MAX_SECTIONS {
        return Err(format!("{} sections (1 to {MAX_SECTIONS})", answer.sections.len()));
    }
    let mut ids = HashSet::new();
    let mut used = HashSet::new();
    let mut sections = Vec::new();
    for (n, s) in answer.sections.into_iter().enumerate() {
        let id = s.id.trim().to_string();
        let id_ok = !id.is_empty()
            && id.chars().count() <= MAX_SECTION_ID_CHARS
            && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !id_ok || !ids.insert(id.clone()) {
            return Err(format!("section {n} has a bad or repeated id"));
        }
        let heading = check_text(&format!("sections.{n}.heading"), &s.heading, MAX_HEADING_CHARS)?;
        if s.paragraphs.len() > MAX_PARAGRAPHS || s.bullets.len() > MAX_BULLETS {
            return Err(format!("section {n} is too long"));
        }
        let paragraphs = s
            .paragraphs
            .iter()
            .enumerate()
            .map(|(i, p)| check_text(&format!("sections.{n}.paragraphs.{i}"), p, MAX_PARAGRAPH_CHARS))
            .collect::<Result<Vec<_>, _>>()?;
        let bullets = s
            .bullets
            .iter()
            .enumerate()
            .map(|(i, b)| check_text(&format!("sections.{n}.bullets.{i}"), b, MAX_BULLET_CHARS))
            .collect::<Result<Vec<_>, _>>()?;
        let mut items = Vec::new();
        for r in s.items {
            let found = retrieved.iter().find(|i| i.kind == r.kind && i.id == r.id).ok_or_else(|| {
                format!("section {n} names {} {}, which retrieval did not return", kind_name(r.kind), r.id)
            })?;
            if used.insert((r.kind, r.id)) {
                items.push(found.clone());
            }
        }
        if paragraphs.is_empty() && bullets.is_empty() && items.is_empty() {
            return Err(format!("section {n} is empty"));
        }
        sections.push(Section { id, heading, paragraphs, bullets, items });
    }
    if used.len() > MAX_ITEMS {
        return Err(format!("{} items (at most {MAX_ITEMS})", used.len()));
    }
    Ok(ReportBody {
        title: offline.title.clone(),
        template: offline.template,
        summary,
        sections,
        aira: offline.aira.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::{
        builtin,
        report::{compose, ReportInput, Template},
    };

    fn item(kind: ItemKind, id: i64) -> ReportItem {
        ReportItem {
            kind,
            id,
            slug: format!("item-{id}"),
            name: format!("Item {id}"),
            description: "About it".into(),
            reason: "Fits.".into(),
        }
    }

    fn offline() -> ReportBody {
        let agent = builtin::interest_explorer();
        compose(&ReportInput {
            agent: &agent,
            answers: &RunAnswers::new(),
            profile: &ProfileFacts::default(),
            items: &[],
        })
    }

    fn answer(summary: &str, items: Value) -> String {
        json!({"summary": summary, "sections": [
            {"id": "focus", "heading": "Where to focus", "paragraphs": ["Data work suits you."], "bullets": [], "items": items}
        ]})
        .to_string()
    }

    #[test]
    fn a_good_answer_keeps_our_title_and_copies_retrieved_items() {
        let found = vec![item(ItemKind::Circle, 7), item(ItemKind::Resource, 9)];
        let raw = format!(
            "```json\n{}\n```",
            answer("You like data.", json!([{"type": "circle", "id": 7}, {"type": "circle", "id": 7}]))
        );
        let body = accept(&raw, &offline(), &found).unwrap();
        assert_eq!(body.title, "Interest Explorer Report");
        assert_eq!(body.template, Template::General);
        assert_eq!(body.summary, "You like data.");
        assert_eq!(body.sections[0].items, vec![found[0].clone()], "copied once, from retrieval");
    }

    #[test]
    fn bad_answers_are_refused() {
        let found = vec![item(ItemKind::Circle, 7)];
        let o = offline();
        let cases = [
            ("not json".to_string(), "schema"),
            (json!({"summary": "x"}).to_string(), "schema"),
            (json!({"summary": "x", "sections": [], "extra": 1}).to_string(), "schema"),
            (json!({"summary": "x", "sections": []}).to_string(), "sections"),
            (answer("", json!([])), "empty"),
            (answer(&"long ".repeat(200), json!([])), "longer"),
            (answer("See https://invented.example/now", json!([])), "link"),
            (answer("Visit coursera.org today", json!([])), "link"),
            (answer("A <script>x</script>", json!([])), "link"),
            (answer("ok", json!([{"type": "circle", "id": 8}])), "did not return"),
            (answer("ok", json!([{"type": "event", "id": 7}])), "did not return"),
        ];
        for (raw, why) in cases {
            let err = accept(&raw, &o, &found).unwrap_err();
            assert!(err.contains(why), "{raw}: {err}");
        }
        let repeated = json!({"summary": "ok", "sections": [
            {"id": "a", "heading": "A", "paragraphs": ["p"], "bullets": [], "items": []},
            {"id": "a", "heading": "B", "paragraphs": ["p"], "bullets": [], "items": []}
        ]});
        assert!(accept(&repeated.to_string(), &o, &found).is_err());
    }

    #[test]
    fn the_request_carries_prompts_answers_profile_score_and_items() {
        let agent = builtin::aira();
        let answers = RunAnswers::new();
        let profile = ProfileFacts { first_name: "Maria".into(), title: Some("Analyst".into()), ..Default::default() };
        let items = vec![item(ItemKind::Circle, 7)];
        let body = compose(&ReportInput { agent: &agent, answers: &answers, profile: &profile, items: &items });
        let text = request_text(&agent, &answers, &profile, &items, &body, Some("Be brief."));
        assert!(text.contains("Instructions for this report:\nBe brief."), "{text}");
        assert!(text.contains("- title: Analyst"));
        assert!(text.contains("AI readiness score (state it exactly)"));
        assert!(text.contains("- circle 7 \"Item 7\""));
        let schema = answer_schema();
        assert_eq!(schema["required"], json!(["summary", "sections"]));
    }
}
