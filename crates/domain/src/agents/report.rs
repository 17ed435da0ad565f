//! The offline report (issue 18: "composed from templates plus the assistant's retrieval"):
//! a pure function of the agent, the run's answers, facts from the person's profile and the
//! items retrieval found for them. Retrieval lives in `services`; [`retrieval_needs`] says
//! what to look up (the person's gaps), and the found items come back in [`ReportInput`].
//!
//! Two templates: an agent whose report step is `aira_report_generation` gets the AI
//! readiness report (score, areas, attitudes, where to grow); any other gets the general
//! report (profile, answers, focus). Both end with the recommended items and next steps.
//! The body holds no contact data (no e-mail, no country): it is what a shared report shows.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    aira::{self, AiraScore, AttitudeLevel, ReadinessLevel},
    category::Category,
    definition::{AgentDefinition, AgentType, RunAnswers, StepType},
    form::{self, QuestionType},
};
use crate::matching::ItemKind;

/// Items shown per kind, and in all.
pub const ITEMS_PER_KIND: usize = 3;
pub const MAX_ITEMS: usize = 9;
/// The report excerpt of lists (spec 002 §9: about 220 characters).
pub const EXCERPT_CHARS: usize = 220;

/// What the report may say about the person.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileFacts {
    pub first_name: String,
    pub title: Option<String>,
    /// Display labels of the person's registration answers.
    pub career_stage: Option<String>,
    pub professional_field: Option<String>,
    pub skills: Vec<String>,
    pub topics: Vec<String>,
    pub completion_percent: u8,
}

/// One item retrieval found, as the report lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ReportItem {
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: ItemKind,
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Section {
    pub id: String,
    pub heading: String,
    #[serde(default)]
    pub paragraphs: Vec<String>,
    #[serde(default)]
    pub bullets: Vec<String>,
    #[serde(default)]
    pub items: Vec<ReportItem>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Template {
    AiReadiness,
    General,
}

/// A report's body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ReportBody {
    /// '<agent name> Report'.
    pub title: String,
    pub template: Template,
    pub summary: String,
    pub sections: Vec<Section>,
    /// The score of an AI readiness report.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aira: Option<AiraScore>,
}

impl ReportBody {
    /// The summary cut to about [`EXCERPT_CHARS`] characters on a word boundary.
    pub fn excerpt(&self) -> String {
        let text = self.summary.split_whitespace().collect::<Vec<_>>().join(" ");
        if text.chars().count() <= EXCERPT_CHARS {
            return text;
        }
        let cut: String = text.chars().take(EXCERPT_CHARS - 1).collect();
        let cut = cut.rsplit_once(' ').map(|(head, _)| head.to_string()).unwrap_or(cut);
        format!("{}…", cut.trim_end_matches([',', ';', ':', '.']))
    }
}

/// A report's address on its site: the agent's slug and a random token (`{:08x}`), so
/// reports cannot be found by counting. On the rare clash, draw again.
pub fn report_slug(agent_slug: &str, token: u32) -> String {
    format!("{agent_slug}-{token:08x}")
}

pub struct ReportInput<'a> {
    pub agent: &'a AgentDefinition,
    pub answers: &'a RunAnswers,
    pub profile: &'a ProfileFacts,
    /// Ranked best first.
    pub items: &'a [ReportItem],
}

/// What to ask retrieval for: words (free text for `services::assistant::retrieve_for`)
/// and the kinds of item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RetrievalNeeds {
    pub text: String,
    pub kinds: Vec<ItemKind>,
}

fn is_aira(agent: &AgentDefinition) -> bool {
    agent.report_step().is_some_and(|s| s.extra_info.kind == StepType::AiraReportGeneration)
}

/// Words for a readiness category the person is weakest in.
fn category_words(category: Category) -> &'static str {
    match category {
        Category::AwarenessCuriosity => "generative AI fundamentals",
        Category::ExperienceWithAiTool => "AI tools prompt engineering",
        Category::BuildingAiSolutions => "automation AI agents no-code",
        Category::ConcernLevel | Category::OptimismLevel => "responsible AI",
    }
}

/// `(question, answer)` of every answered custom form question, in step and question order.
fn answered<'a>(
    agent: &'a AgentDefinition,
    answers: &'a RunAnswers,
) -> impl Iterator<Item = (&'a form::FormQuestion, &'a Value)> + 'a {
    agent.steps.iter().filter(|s| s.extra_info.kind == StepType::CustomForm).flat_map(move |step| {
        let given = answers.get(&step.order).and_then(Value::as_object);
        step.extra_info.questions.iter().filter_map(move |q| Some((q, given?.get(&q.id)?)))
    })
}

/// The chosen options and typed text of the answers (not file ids, not slider values).
fn answer_words(agent: &AgentDefinition, answers: &RunAnswers) -> Vec<String> {
    answered(agent, answers)
        .filter(|(q, _)| !matches!(q.kind, QuestionType::Slider | QuestionType::File))
        .filter_map(|(q, a)| form::display_answer(q, a))
        .collect()
}

/// What retrieval should look for: for an AI readiness report the weakest readiness area
/// and what the person wrote; otherwise their choices and text, profile title and topics.
pub fn retrieval_needs(agent: &AgentDefinition, answers: &RunAnswers, profile: &ProfileFacts) -> RetrievalNeeds {
    let mut words: Vec<String> = Vec::new();
    let kinds = if is_aira(agent) {
        let score = aira::score(&aira::scored_answers(agent, answers));
        let weakest = score.weakest().map(|c| c.id).unwrap_or(Category::AwarenessCuriosity);
        words.push(category_words(weakest).to_string());
        words.extend(answer_words(agent, answers));
        vec![ItemKind::Circle, ItemKind::UseCase, ItemKind::Resource]
    } else {
        words.extend(answer_words(agent, answers));
        words.extend(profile.title.clone());
        words.extend(profile.topics.iter().take(3).cloned());
        match agent.agent_type {
            AgentType::CareerAssistant => vec![ItemKind::Circle, ItemKind::Job, ItemKind::Resource, ItemKind::User],
            AgentType::Careergps => vec![ItemKind::Circle, ItemKind::Resource, ItemKind::Event, ItemKind::User],
        }
    };
    let text: String = words.join(" ").chars().take(1000).collect();
    RetrievalNeeds { text, kinds }
}

/// The items to show: at most [`ITEMS_PER_KIND`] of each kind and [`MAX_ITEMS`] in all, in
/// retrieval's order.
fn pick_items(items: &[ReportItem]) -> Vec<ReportItem> {
    let mut out: Vec<ReportItem> = Vec::new();
    for item in items {
        let same_kind = out.iter().filter(|i| i.kind == item.kind).count();
        let repeat = out.iter().any(|i| i.kind == item.kind && i.id == item.id);
        if same_kind < ITEMS_PER_KIND && !repeat && out.len() < MAX_ITEMS {
            out.push(item.clone());
        }
    }
    out
}

fn section(id: &str, heading: &str) -> Section {
    Section { id: id.into(), heading: heading.into(), paragraphs: Vec::new(), bullets: Vec::new(), items: Vec::new() }
}

fn name_of(profile: &ProfileFacts) -> String {
    let name = profile.first_name.trim();
    if name.is_empty() {
        "Hello".to_string()
    } else {
        name.to_string()
    }
}

fn recommendations(items: &[ReportItem]) -> Section {
    let mut s = section("recommendations", "Recommended for you");
    s.items = pick_items(items);
    if s.items.is_empty() {
        s.paragraphs.push(
            "We found nothing on the site that fits yet. Browse the circles and the resource hub, and check back \
             as new ones are added."
                .into(),
        );
    }
    s
}

/// What the person typed about what they want (the first text answer of three words or more).
fn typed_goal<'a>(agent: &'a AgentDefinition, answers: &'a RunAnswers) -> Option<&'a str> {
    answered(agent, answers)
        .filter(|(q, _)| matches!(q.kind, QuestionType::Text | QuestionType::Textarea))
        .filter_map(|(_, a)| a.as_str().map(str::trim))
        .find(|a| a.split_whitespace().count() >= 3)
}

/// Next steps made of what was found for this person and what they said they want: the
/// best circle to join, the use case or resource to start with, their goal kept in view.
fn next_steps(input: &ReportInput<'_>, closing: &str) -> Vec<String> {
    let picked = pick_items(input.items);
    let first = |kind: ItemKind| picked.iter().find(|i| i.kind == kind);
    let mut steps = Vec::new();
    // The goal itself is not quoted: a shared report shows no answer of its owner's.
    if typed_goal(input.agent, input.answers).is_some() {
        steps.push(
            "Keep the goal you described in view: choose one step below that moves you towards it this week.".into(),
        );
    }
    if let Some(circle) = first(ItemKind::Circle) {
        steps.push(format!("Ask to join {} and introduce yourself to its members.", circle.name));
    }
    if let Some(case) = first(ItemKind::UseCase) {
        steps.push(format!("Try {} on one task from your own work.", case.name));
    } else if let Some(resource) = first(ItemKind::Resource) {
        steps.push(format!("Read {} first; it takes a few minutes.", resource.name));
    }
    if let Some(event) = first(ItemKind::Event) {
        steps.push(format!("Register for {} while there are places.", event.name));
    }
    if let Some(person) = first(ItemKind::User) {
        steps.push(format!("Send {} a short message about what you would like to learn.", person.name));
    }
    if steps.len() < 2 {
        steps.push("Pick an AI use case from your field and try it this week.".into());
    }
    steps.push(closing.to_string());
    steps
}

/// Composes the report of a finished run.
pub fn compose(input: &ReportInput<'_>) -> ReportBody {
    let title = format!("{} Report", input.agent.name.trim());
    if is_aira(input.agent) {
        compose_aira(input, title)
    } else {
        compose_general(input, title)
    }
}

fn level_text(level: ReadinessLevel) -> &'static str {
    match level {
        ReadinessLevel::Beginner => {
            "You are at the start of your AI journey. A few hands-on sessions with everyday AI tools will make a \
             big difference quickly."
        }
        ReadinessLevel::Intermediate => {
            "You already use AI and know where it helps. The next step is to make it part of how you work every \
             week and to try building small solutions of your own."
        }
        ReadinessLevel::Advanced => {
            "You are ahead of most people: you use AI with confidence and build with it. Share what you know and \
             take on larger AI projects."
        }
    }
}

fn growth_text(category: Category) -> &'static str {
    match category {
        Category::AwarenessCuriosity => {
            "Grow your awareness: spend fifteen minutes a day with AI news or a short course, and follow how AI \
             is changing your field."
        }
        Category::ExperienceWithAiTool => {
            "Grow your experience: pick one AI tool and use it for a real task every day for two weeks, practising \
             clear prompts."
        }
        _ => {
            "Start building: automate one repetitive task with an AI tool or a no-code workflow, then share it \
             with your circle."
        }
    }
}

fn attitude_text(category: Category, level: AttitudeLevel) -> &'static str {
    match (category, level) {
        (Category::ConcernLevel, AttitudeLevel::Low) => "You are not very concerned about AI.",
        (Category::ConcernLevel, AttitudeLevel::Moderate) => {
            "You have some concerns about AI, which is healthy: knowing how it works is the best way to manage \
             its risks."
        }
        (Category::ConcernLevel, AttitudeLevel::High) => {
            "You are quite concerned about AI. Learning about responsible AI and its limits turns that concern \
             into informed judgement."
        }
        (_, AttitudeLevel::Low) => "You are cautious about what AI will bring.",
        (_, AttitudeLevel::Moderate) => "You see both the promise and the limits of AI.",
        (_, AttitudeLevel::High) => "You are optimistic about what AI can do for you.",
    }
}

fn compose_aira(input: &ReportInput<'_>, title: String) -> ReportBody {
    let score = aira::score(&aira::scored_answers(input.agent, input.answers));
    let summary = format!(
        "{}, your AI readiness score is {}%: {}. {}",
        name_of(input.profile),
        score.readiness_percent,
        score.level.as_str(),
        level_text(score.level)
    );
    let mut readiness = section("readiness", "Your AI readiness");
    readiness.paragraphs.push(format!("{}% — {}", score.readiness_percent, score.level.as_str()));
    readiness.paragraphs.push(level_text(score.level).into());
    let mut areas = section("categories", "Your scores by area");
    for c in &score.categories {
        areas.bullets.push(match c.percent {
            Some(p) => format!("{}: {p}%", c.label),
            None => format!("{}: not answered", c.label),
        });
    }
    let mut sections = vec![readiness, areas];
    let attitudes: Vec<String> = [&score.concern, &score.optimism]
        .into_iter()
        .flatten()
        .map(|a| format!("{} ({}): {}", a.label, a.level.as_str(), attitude_text(a.id, a.level)))
        .collect();
    if !attitudes.is_empty() {
        let mut s = section("attitudes", "How you feel about AI");
        s.paragraphs = attitudes;
        sections.push(s);
    }
    if let Some(weakest) = score.weakest() {
        let mut s = section("growth", "Where to grow");
        s.paragraphs.push(growth_text(weakest.id).into());
        sections.push(s);
    }
    sections.push(recommendations(input.items));
    let mut next = section("next_steps", "Next steps");
    next.bullets = next_steps(input, "Take the assessment again in a month to see how far you have come.");
    sections.push(next);
    ReportBody { title, template: Template::AiReadiness, summary, sections, aira: Some(score) }
}

fn compose_general(input: &ReportInput<'_>, title: String) -> ReportBody {
    let p = input.profile;
    let mut profile = section("profile", "Where you are now");
    let role = match (&p.title, &p.career_stage, &p.professional_field) {
        (Some(t), _, Some(f)) => Some(format!("You work as {t} in {f}.")),
        (Some(t), _, None) => Some(format!("You work as {t}.")),
        (None, Some(s), Some(f)) => Some(format!("Your career stage is {} and your field is {f}.", s.to_lowercase())),
        (None, Some(s), None) => Some(format!("Your career stage is {}.", s.to_lowercase())),
        (None, None, Some(f)) => Some(format!("Your field is {f}.")),
        (None, None, None) => None,
    };
    profile.paragraphs.extend(role.clone());
    if !p.skills.is_empty() {
        profile.bullets.push(format!("Skills: {}", p.skills.iter().take(7).cloned().collect::<Vec<_>>().join(", ")));
    }
    if !p.topics.is_empty() {
        profile.bullets.push(format!("Interests: {}", p.topics.iter().take(7).cloned().collect::<Vec<_>>().join(", ")));
    }
    let mut told = section("answers", "What you told us");
    let mut focus = section("focus", "Where to focus");
    for (q, a) in answered(input.agent, input.answers) {
        let Some(shown) = form::display_answer(q, a).filter(|_| q.kind != QuestionType::File) else { continue };
        told.bullets.push(format!("{}: {shown}", q.label.trim()));
        match q.kind {
            QuestionType::Radio | QuestionType::Selection => {
                focus.bullets.extend(shown.split(", ").map(|choice| format!("Explore {choice}")));
            }
            QuestionType::Slider if a.as_i64().is_some_and(|v| v <= 4) => {
                focus.bullets.push(format!("Build up: {}", q.label.trim()));
            }
            _ => {}
        }
    }
    let summary = match &role {
        Some(role) => format!("{}, here is your {title}. {role}", name_of(p)),
        None => format!("{}, here is your {title}.", name_of(p)),
    };
    let mut sections = Vec::new();
    for s in [profile, told, focus] {
        if !(s.paragraphs.is_empty() && s.bullets.is_empty()) {
            sections.push(s);
        }
    }
    sections.push(recommendations(input.items));
    let mut next = section("next_steps", "Next steps");
    next.bullets = next_steps(input, "Save the resources you want to come back to.");
    if p.completion_percent < 80 {
        next.bullets.push("Complete your profile so that recommendations fit you better.".into());
    }
    sections.push(next);
    ReportBody { title, template: Template::General, summary, sections, aira: None }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::agents::builtin;

    fn item(kind: ItemKind, id: i64) -> ReportItem {
        ReportItem {
            kind,
            id,
            slug: format!("item-{id}"),
            name: format!("Item {id}"),
            description: String::new(),
            reason: "Matches your interests.".into(),
        }
    }

    fn aira_answers(value: i64) -> RunAnswers {
        let agent = builtin::aira();
        let mut answers = RunAnswers::new();
        for step in agent.steps.iter().filter(|s| s.extra_info.kind == StepType::CustomForm) {
            let mut given = serde_json::Map::new();
            for q in &step.extra_info.questions {
                if q.category.is_some_and(|c| c.is_readiness()) {
                    // Building answers lower, so it is the weakest area.
                    let v = if q.category == Some(Category::BuildingAiSolutions) { value / 2 } else { value };
                    given.insert(q.id.clone(), json!(v));
                } else if q.kind == QuestionType::Slider {
                    given.insert(q.id.clone(), json!(8));
                }
            }
            answers.insert(step.order, Value::Object(given));
        }
        answers
    }

    #[test]
    fn the_aira_report_shows_the_score_and_grows_the_weakest_area() {
        let agent = builtin::aira();
        let answers = aira_answers(8);
        let profile = ProfileFacts { first_name: "Maria".into(), ..Default::default() };
        let items: Vec<ReportItem> = (1..=5).map(|i| item(ItemKind::Circle, i)).collect();
        let body = compose(&ReportInput { agent: &agent, answers: &answers, profile: &profile, items: &items });
        assert_eq!(body.title, "AI Readiness Assessment Report");
        assert_eq!(body.template, Template::AiReadiness);
        let score = body.aira.as_ref().unwrap();
        // 4 + 3 answers of 8 and 3 of 4: 68 of 100.
        assert_eq!(score.readiness_percent, 68);
        assert!(body.summary.starts_with("Maria, your AI readiness score is 68%: Intermediate."));
        let growth = body.sections.iter().find(|s| s.id == "growth").unwrap();
        assert!(growth.paragraphs[0].starts_with("Start building"));
        let attitudes = body.sections.iter().find(|s| s.id == "attitudes").unwrap();
        assert!(attitudes.paragraphs[0].contains("(high)"));
        let recs = body.sections.iter().find(|s| s.id == "recommendations").unwrap();
        assert_eq!(recs.items.len(), ITEMS_PER_KIND);
        let needs = retrieval_needs(&agent, &answers, &profile);
        assert!(needs.text.starts_with("automation"));
        assert_eq!(needs.kinds, vec![ItemKind::Circle, ItemKind::UseCase, ItemKind::Resource]);
    }

    #[test]
    fn next_steps_follow_what_was_found_and_the_persons_goal() {
        let agent = builtin::aira();
        let profile = ProfileFacts { first_name: "Maria".into(), ..Default::default() };
        let mut with_goal = aira_answers(8);
        let step = agent
            .steps
            .iter()
            .find(|s| s.extra_info.questions.iter().any(|q| q.id == "goal"))
            .expect("AIRA asks for a goal");
        with_goal.get_mut(&step.order).unwrap()["goal"] = json!("Move from business analysis into data science.");
        let mut circle = item(ItemKind::Circle, 1);
        circle.name = "Python for Analysts".into();
        let mut case = item(ItemKind::UseCase, 2);
        case.name = "Forecasting demand with AI".into();
        let body =
            compose(&ReportInput { agent: &agent, answers: &with_goal, profile: &profile, items: &[circle, case] });
        let next = &body.sections.iter().find(|s| s.id == "next_steps").unwrap().bullets;
        assert!(next[0].contains("goal you described"), "{next:?}");
        assert!(
            !serde_json::to_string(&body).unwrap().contains("business analysis"),
            "a report never quotes its owner's answers"
        );
        assert!(next.iter().any(|b| b.contains("Python for Analysts")), "{next:?}");
        assert!(next.iter().any(|b| b.contains("Forecasting demand with AI")), "{next:?}");
        let other = compose(&ReportInput { agent: &agent, answers: &aira_answers(8), profile: &profile, items: &[] });
        let other_next = &other.sections.iter().find(|s| s.id == "next_steps").unwrap().bullets;
        assert_ne!(next, other_next, "not the same steps for everyone");
    }

    #[test]
    fn the_general_report_lists_answers_focus_and_no_contact_data() {
        let agent = builtin::interest_explorer();
        let form = agent.steps.iter().find(|s| s.extra_info.kind == StepType::CustomForm).unwrap();
        let mut answers = RunAnswers::new();
        answers.insert(
            form.order,
            json!({"interest_areas": ["Data and analytics", "Product and design"], "work_style": "With data",
                   "change_readiness": 3, "flow_activities": "Puzzles and spreadsheets"}),
        );
        let profile = ProfileFacts {
            first_name: "Sam".into(),
            title: Some("Product Manager".into()),
            professional_field: Some("Technology".into()),
            topics: vec!["Mentorship".into()],
            completion_percent: 50,
            ..Default::default()
        };
        let items = vec![item(ItemKind::Circle, 1), item(ItemKind::Circle, 1), item(ItemKind::Resource, 2)];
        let body = compose(&ReportInput { agent: &agent, answers: &answers, profile: &profile, items: &items });
        assert_eq!(body.title, "Interest Explorer Report");
        assert_eq!(body.template, Template::General);
        assert!(body.summary.contains("You work as Product Manager in Technology."));
        let focus = body.sections.iter().find(|s| s.id == "focus").unwrap();
        assert!(focus.bullets.contains(&"Explore Data and analytics".to_string()));
        assert!(focus.bullets.iter().any(|b| b.starts_with("Build up:")));
        let recs = body.sections.iter().find(|s| s.id == "recommendations").unwrap();
        assert_eq!(recs.items.len(), 2, "the repeated circle is listed once");
        let next = body.sections.iter().find(|s| s.id == "next_steps").unwrap();
        assert!(next.bullets.iter().any(|b| b.contains("Complete your profile")));
        let needs = retrieval_needs(&agent, &answers, &profile);
        assert!(needs.text.contains("Data and analytics") && needs.text.contains("Product Manager"));
    }

    #[test]
    fn an_empty_run_still_makes_a_report() {
        let agent = builtin::career_assistant();
        let body = compose(&ReportInput {
            agent: &agent,
            answers: &RunAnswers::new(),
            profile: &ProfileFacts::default(),
            items: &[],
        });
        assert_eq!(body.summary, "Hello, here is your Career Assistant Report.");
        let recs = body.sections.iter().find(|s| s.id == "recommendations").unwrap();
        assert!(recs.items.is_empty() && !recs.paragraphs.is_empty());
    }

    #[test]
    fn the_profile_sentence_reads_well_for_every_known_fact() {
        let agent = builtin::interest_explorer();
        let summary = |profile: ProfileFacts| {
            compose(&ReportInput { agent: &agent, answers: &RunAnswers::new(), profile: &profile, items: &[] }).summary
        };
        let staged = ProfileFacts {
            first_name: "Ada".into(),
            career_stage: Some("Early professional".into()),
            professional_field: Some("Technology".into()),
            ..Default::default()
        };
        assert_eq!(
            summary(staged.clone()),
            "Ada, here is your Interest Explorer Report. Your career stage is early professional and your field is \
             Technology."
        );
        let titled = ProfileFacts { title: Some("Data Analyst".into()), professional_field: None, ..staged };
        assert!(summary(titled).ends_with("You work as Data Analyst."));
    }

    #[test]
    fn report_slugs() {
        assert_eq!(report_slug("aira", 0xbeef), "aira-0000beef");
    }

    #[test]
    fn excerpts_cut_on_a_word() {
        let body = ReportBody {
            title: "T".into(),
            template: Template::General,
            summary: "word ".repeat(100),
            sections: Vec::new(),
            aira: None,
        };
        let excerpt = body.excerpt();
        assert!(excerpt.chars().count() <= EXCERPT_CHARS);
        assert!(excerpt.ends_with("word…"));
    }
}
