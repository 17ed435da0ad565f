//! The catalogue's rules (spec 002 §3 "AI tool", "Use case", "Vote", §4 "Vote button",
//! §5 "AI tool form", "Use case form", §9): what the forms require, their limits and
//! messages, the moderation states and the vote registry.

use crate::{groups::form::MSG_REQUIRED, rich_text, FieldErrors};

pub const STATUS_PENDING: &str = "pending";
pub const STATUS_APPROVED: &str = "approved";
pub const STATUS_REJECTED: &str = "rejected";
pub const STATUSES: [&str; 3] = [STATUS_PENDING, STATUS_APPROVED, STATUS_REJECTED];

pub const MSG_MAX_CATEGORIES: &str = "Maximum 3 categories";
pub const MSG_LOGO_SIZE: &str = "File size should be less than 5 MB";
pub const MSG_MAX_WORDS: &str = "Maximum 500 words";
pub const MSG_MAX_IMAGE: &str = "Maximum 1 image";
pub const MSG_MAX_DOCUMENT: &str = "Maximum 1 document";
pub const MSG_MAX_TOPICS: &str = "Maximum 7 topics";
pub const MSG_MAX_JOB_FUNCTIONS: &str = "Maximum 3 job functions";
pub const MSG_INVALID_URL: &str = "Enter a valid URL.";
pub const MSG_NOT_IMAGE: &str = "Please upload an image";
pub const MSG_NOT_PDF: &str = "Please upload a PDF document";

pub const AI_TOOL_SUBMITTED: &str = "AI tool submitted successfully";
pub const AI_TOOL_UPDATED: &str = "AI tool updated successfully";
pub const USE_CASE_SUBMITTED: &str = "Thank you for submitting a use case";
pub const USE_CASE_UPDATED: &str = "Use case updated successfully";

pub const MAX_CATEGORIES: usize = 3;
/// The logo must be smaller than this (5 MB).
pub const MAX_LOGO_BYTES: i64 = 5 * 1024 * 1024;
pub const MAX_WORDS: usize = 500;
pub const MAX_TOPICS: usize = 7;
pub const MAX_JOB_FUNCTIONS: usize = 3;
pub const MAX_NAME_CHARS: usize = 255;
pub const MAX_URL_CHARS: usize = 500;
/// Roles, career stages and professional fields: at most this many each.
pub const MAX_LIST_ITEMS: usize = 50;

/// The use cases' classification (the spec names the fields, not their values; ours are
/// in docs/decisions.md).
pub const BUSINESS_VALUES: [&str; 3] = ["low", "medium", "high"];
pub const COMPLEXITIES: [&str; 3] = ["low", "medium", "high"];
pub const INNOVATION_CATEGORIES: [&str; 3] = ["incremental", "substantial", "transformational"];

/// Moderation actions (`POST …/approve-reject/`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moderation {
    Approve,
    Reject,
}

impl Moderation {
    pub fn parse(word: &str) -> Option<Moderation> {
        match word.trim().to_ascii_lowercase().as_str() {
            "approve" => Some(Moderation::Approve),
            "reject" => Some(Moderation::Reject),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Moderation::Approve => "approve",
            Moderation::Reject => "reject",
        }
    }

    /// The status the item gets, if the action is offered in `status`: approve on pending
    /// or rejected items, reject on pending ones (spec 002 §4 "Moderation").
    pub fn next_status(self, status: &str) -> Option<&'static str> {
        match (self, status) {
            (Moderation::Approve, STATUS_PENDING | STATUS_REJECTED) => Some(STATUS_APPROVED),
            (Moderation::Reject, STATUS_PENDING) => Some(STATUS_REJECTED),
            _ => None,
        }
    }

    /// 'Successfully approved AI tool' / 'Successfully rejected use case'.
    pub fn success(self, what: &str) -> String {
        let done = match self {
            Moderation::Approve => "approved",
            Moderation::Reject => "rejected",
        };
        format!("Successfully {done} {what}")
    }

    /// 'Failed to approve AI Tool' / 'Failed to reject use case'.
    pub fn failure(self, what: &str) -> String {
        format!("Failed to {} {what}", self.as_str())
    }
}

/// What can be voted on (spec 002 §3 "Vote": careertip, aitool, agentbuilder, usecase).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContentType {
    AiTool,
    UseCase,
    CareerTip,
    /// A CareerGPS agent.
    Agent,
}

impl ContentType {
    pub const ALL: [ContentType; 4] =
        [ContentType::AiTool, ContentType::UseCase, ContentType::CareerTip, ContentType::Agent];

    pub const fn as_str(self) -> &'static str {
        match self {
            ContentType::AiTool => "aitool",
            ContentType::UseCase => "usecase",
            ContentType::CareerTip => "careertip",
            ContentType::Agent => "agentbuilder",
        }
    }

    /// The content type a vote names; `None` for a word that names none.
    pub fn parse(word: &str) -> Option<ContentType> {
        let word = word.trim().to_ascii_lowercase();
        Self::ALL.into_iter().find(|kind| kind.as_str() == word)
    }
}

/// A vote's direction; neutral removes the vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VoteType {
    Upvote,
    Downvote,
    Neutral,
}

impl VoteType {
    pub fn parse(word: &str) -> Option<VoteType> {
        match word.trim().to_ascii_lowercase().as_str() {
            "upvote" => Some(VoteType::Upvote),
            "downvote" => Some(VoteType::Downvote),
            "neutral" => Some(VoteType::Neutral),
            _ => None,
        }
    }

    /// The stored value: 1, −1, or 0 (no row).
    pub fn value(self) -> i16 {
        match self {
            VoteType::Upvote => 1,
            VoteType::Downvote => -1,
            VoteType::Neutral => 0,
        }
    }

    pub fn of_value(value: i16) -> VoteType {
        match value.signum() {
            1 => VoteType::Upvote,
            -1 => VoteType::Downvote,
            _ => VoteType::Neutral,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            VoteType::Upvote => "upvote",
            VoteType::Downvote => "downvote",
            VoteType::Neutral => "neutral",
        }
    }
}

/// How a score changes when a vote goes from `prior` to `next`: ±1 to or from neutral, ±2
/// between the directions, 0 when unchanged.
pub fn score_delta(prior: VoteType, next: VoteType) -> i64 {
    i64::from(next.value()) - i64::from(prior.value())
}

fn clean_rich(field: &mut Option<String>) {
    if let Some(html) = field.as_deref() {
        let clean = rich_text::sanitize_html(html);
        *field = if rich_text::plain_text(&clean).is_empty() { None } else { Some(clean) };
    }
}

fn clean_text(field: &mut Option<String>) {
    *field = field.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_string);
}

/// Trims, drops blanks and repeats, keeps the order.
pub fn clean_list(items: &mut Vec<String>) {
    let mut out: Vec<String> = Vec::new();
    for item in items.drain(..) {
        let item = item.trim().to_string();
        if !item.is_empty() && !out.contains(&item) {
            out.push(item);
        }
    }
    *items = out;
}

fn dedup_ids(ids: &mut Vec<i64>) {
    let mut out = Vec::new();
    for id in ids.drain(..) {
        if !out.contains(&id) {
            out.push(id);
        }
    }
    *ids = out;
}

fn check_url(e: &mut FieldErrors, field: &str, value: &Option<String>) {
    if let Some(link) = value {
        let ok = link.chars().count() <= MAX_URL_CHARS
            && url::Url::parse(link).is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some());
        if !ok {
            e.add(field, MSG_INVALID_URL);
        }
    }
}

fn check_choices(e: &mut FieldErrors, field: &str, values: &[String], allowed: &[String]) {
    for value in values {
        if !allowed.contains(value) {
            e.add(field, format!("\"{value}\" is not a valid choice."));
            return;
        }
    }
}

fn check_one_of(e: &mut FieldErrors, field: &str, value: &Option<String>, allowed: &[&str], required: bool) {
    match value {
        None if required => e.add(field, MSG_REQUIRED),
        Some(v) if !allowed.contains(&v.as_str()) => e.add(field, format!("\"{v}\" is not a valid choice.")),
        _ => {}
    }
}

/// The option values a form's choices are checked against (the tenant's configuration).
#[derive(Debug, Clone, Default)]
pub struct Choices {
    pub categories: Vec<String>,
    pub job_functions: Vec<String>,
}

/// An AI tool as the form gives it, normalised by [`validate_ai_tool`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AiToolForm {
    pub name: String,
    pub description: Option<String>,
    pub group: Option<i64>,
    pub categories: Vec<String>,
    pub website: Option<String>,
    pub roles: Vec<i64>,
}

/// Normalises the form and checks every rule (spec 002 §5 "AI tool form").
pub fn validate_ai_tool(form: &mut AiToolForm, choices: &Choices) -> Result<(), FieldErrors> {
    let mut e = FieldErrors::new();
    form.name = form.name.trim().to_string();
    clean_rich(&mut form.description);
    clean_text(&mut form.website);
    clean_list(&mut form.categories);
    dedup_ids(&mut form.roles);
    if form.name.is_empty() {
        e.add("name", MSG_REQUIRED);
    } else if form.name.chars().count() > MAX_NAME_CHARS {
        e.add("name", crate::groups::form::msg_max_chars(MAX_NAME_CHARS));
    }
    match form.description.as_deref() {
        None => e.add("description", MSG_REQUIRED),
        Some(html) if rich_text::word_count(html) > MAX_WORDS * 2 => e.add("description", "Maximum 1000 words"),
        _ => {}
    }
    if form.group.is_none() {
        e.add("group", MSG_REQUIRED);
    }
    if form.categories.len() > MAX_CATEGORIES {
        e.add("categories", MSG_MAX_CATEGORIES);
    } else {
        check_choices(&mut e, "categories", &form.categories, &choices.categories);
    }
    check_url(&mut e, "website", &form.website);
    if form.roles.len() > MAX_LIST_ITEMS {
        e.add("roles", format!("Maximum {MAX_LIST_ITEMS}"));
    }
    e.into_result()
}

/// A use case as the form gives it, normalised by [`validate_use_case`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UseCaseForm {
    pub title: String,
    pub description: Option<String>,
    pub reason: Option<String>,
    pub group: Option<i64>,
    pub business_value: Option<String>,
    pub complexity: Option<String>,
    pub innovation_category: Option<String>,
    pub video_link: Option<String>,
    pub topic_area: Option<i64>,
    pub topics: Vec<i64>,
    pub career_stages: Vec<String>,
    pub professional_fields: Vec<String>,
    pub job_functions: Vec<String>,
    pub categories: Vec<String>,
    pub roles: Vec<i64>,
    pub ai_tools: Vec<i64>,
}

/// Normalises the form and checks every rule (spec 002 §5 "Use case form").
pub fn validate_use_case(form: &mut UseCaseForm, choices: &Choices) -> Result<(), FieldErrors> {
    let mut e = FieldErrors::new();
    form.title = form.title.trim().to_string();
    clean_rich(&mut form.description);
    clean_rich(&mut form.reason);
    clean_text(&mut form.business_value);
    clean_text(&mut form.complexity);
    clean_text(&mut form.innovation_category);
    clean_text(&mut form.video_link);
    for list in [&mut form.career_stages, &mut form.professional_fields, &mut form.job_functions, &mut form.categories]
    {
        clean_list(list);
    }
    dedup_ids(&mut form.topics);
    dedup_ids(&mut form.roles);
    dedup_ids(&mut form.ai_tools);
    if form.title.is_empty() {
        e.add("title", MSG_REQUIRED);
    } else if form.title.chars().count() > MAX_NAME_CHARS {
        e.add("title", crate::groups::form::msg_max_chars(MAX_NAME_CHARS));
    }
    match form.description.as_deref() {
        None => e.add("description", MSG_REQUIRED),
        Some(html) if rich_text::word_count(html) > MAX_WORDS => e.add("description", MSG_MAX_WORDS),
        _ => {}
    }
    if form.reason.as_deref().is_some_and(|html| rich_text::word_count(html) > MAX_WORDS) {
        e.add("reason", MSG_MAX_WORDS);
    }
    if form.group.is_none() {
        e.add("group", MSG_REQUIRED);
    }
    check_one_of(&mut e, "business_value", &form.business_value, &BUSINESS_VALUES, true);
    check_one_of(&mut e, "complexity", &form.complexity, &COMPLEXITIES, true);
    check_one_of(&mut e, "innovation_category", &form.innovation_category, &INNOVATION_CATEGORIES, true);
    check_url(&mut e, "video_link", &form.video_link);
    if form.topics.len() > MAX_TOPICS {
        e.add("topics", MSG_MAX_TOPICS);
    }
    if form.job_functions.len() > MAX_JOB_FUNCTIONS {
        e.add("job_functions", MSG_MAX_JOB_FUNCTIONS);
    } else {
        check_choices(&mut e, "job_functions", &form.job_functions, &choices.job_functions);
    }
    if form.categories.len() > MAX_CATEGORIES {
        e.add("categories", MSG_MAX_CATEGORIES);
    } else {
        check_choices(&mut e, "categories", &form.categories, &choices.categories);
    }
    for (field, len) in [
        ("career_stages", form.career_stages.len()),
        ("professional_fields", form.professional_fields.len()),
        ("roles", form.roles.len()),
        ("ai_tools", form.ai_tools.len()),
    ] {
        if len > MAX_LIST_ITEMS {
            e.add(field, format!("Maximum {MAX_LIST_ITEMS}"));
        }
    }
    e.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices() -> Choices {
        Choices {
            categories: vec!["a".into(), "b".into(), "c".into(), "d".into()],
            job_functions: vec!["1".into(), "2".into(), "3".into(), "4".into()],
        }
    }

    #[test]
    fn ai_tool_rules() {
        let mut form = AiToolForm::default();
        let errors = validate_ai_tool(&mut form, &choices()).unwrap_err();
        for field in ["name", "description", "group"] {
            assert_eq!(errors.first(field), Some(MSG_REQUIRED), "{field}");
        }
        let mut form = AiToolForm {
            name: " Tool ".into(),
            description: Some("<p>Does things</p><script>x</script>".into()),
            group: Some(1),
            categories: vec!["a".into(), "b".into(), "c".into(), "d".into()],
            website: Some("ftp://x".into()),
            roles: vec![],
        };
        let errors = validate_ai_tool(&mut form, &choices()).unwrap_err();
        assert_eq!(errors.first("categories"), Some(MSG_MAX_CATEGORIES));
        assert_eq!(errors.first("website"), Some(MSG_INVALID_URL));
        form.categories.pop();
        form.website = Some("https://tool.example".into());
        validate_ai_tool(&mut form, &choices()).unwrap();
        assert_eq!(form.name, "Tool");
        assert!(!form.description.as_deref().unwrap().contains("script"));
        form.categories = vec!["zzz".into()];
        assert!(validate_ai_tool(&mut form, &choices()).unwrap_err().first("categories").is_some());
    }

    #[test]
    fn use_case_rules() {
        let words = |n: usize| format!("<p>{}</p>", vec!["word"; n].join(" "));
        let mut form = UseCaseForm {
            title: "T".into(),
            description: Some(words(501)),
            reason: Some(words(501)),
            group: Some(1),
            business_value: Some("high".into()),
            complexity: Some("low".into()),
            innovation_category: Some("nope".into()),
            topics: (1..=8).collect(),
            job_functions: vec!["1".into(), "2".into(), "3".into(), "4".into()],
            categories: vec!["a".into(), "b".into(), "c".into(), "d".into()],
            ..Default::default()
        };
        let errors = validate_use_case(&mut form, &choices()).unwrap_err();
        assert_eq!(errors.first("description"), Some(MSG_MAX_WORDS));
        assert_eq!(errors.first("reason"), Some(MSG_MAX_WORDS));
        assert_eq!(errors.first("topics"), Some(MSG_MAX_TOPICS));
        assert_eq!(errors.first("job_functions"), Some(MSG_MAX_JOB_FUNCTIONS));
        assert_eq!(errors.first("categories"), Some(MSG_MAX_CATEGORIES));
        assert!(errors.first("innovation_category").is_some());
        form.description = Some(words(500));
        form.reason = Some(words(500));
        form.innovation_category = Some("incremental".into());
        form.topics.truncate(7);
        form.job_functions.truncate(3);
        form.categories.truncate(3);
        validate_use_case(&mut form, &choices()).unwrap();
    }

    #[test]
    fn votes_and_moderation() {
        use VoteType::*;
        assert_eq!(score_delta(Neutral, Upvote), 1);
        assert_eq!(score_delta(Upvote, Neutral), -1);
        assert_eq!(score_delta(Upvote, Downvote), -2);
        assert_eq!(score_delta(Downvote, Upvote), 2);
        assert_eq!(score_delta(Downvote, Downvote), 0);
        assert_eq!(ContentType::parse("aitool"), Some(ContentType::AiTool));
        assert_eq!(ContentType::parse(" CareerTip "), Some(ContentType::CareerTip));
        assert_eq!(ContentType::parse("agentbuilder"), Some(ContentType::Agent));
        assert_eq!(ContentType::parse("x"), None);
        assert_eq!(Moderation::Approve.next_status("rejected"), Some(STATUS_APPROVED));
        assert_eq!(Moderation::Reject.next_status("rejected"), None);
        assert_eq!(Moderation::Reject.next_status("approved"), None);
        assert_eq!(Moderation::Approve.success("AI tool"), "Successfully approved AI tool");
        assert_eq!(Moderation::Reject.failure("AI Tool"), "Failed to reject AI Tool");
    }
}
