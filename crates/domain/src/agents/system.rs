//! The system agents' offline rules (spec 002 §3 "Admin items", "System agent"; §4
//! "Moderation statuses"; issue 18). They run as background jobs when a member applies to
//! the default organization or a use case is submitted, and on a rerun; each gives an
//! `action` (accept, reject or review), a `reason` and, by agent, an `ai_enthusiasm_level`
//! (high, medium, low) or a `quality_level` (high, medium, low, reject). The rules here are
//! what runs without a model; docs/decisions.md states them for admins.
//!
//! An agent's answer is advice shown in the admin tables; it never changes a membership or
//! a use case by itself.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::aira::{readiness_level, ReadinessLevel};
use crate::rich_text;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SystemAgentType {
    RegistrationApproval,
    AiEnthusiasmRanking,
    UsecaseCuration,
}

impl SystemAgentType {
    pub const ALL: [SystemAgentType; 3] =
        [SystemAgentType::RegistrationApproval, SystemAgentType::AiEnthusiasmRanking, SystemAgentType::UsecaseCuration];

    pub fn as_str(self) -> &'static str {
        match self {
            SystemAgentType::RegistrationApproval => "registration_approval",
            SystemAgentType::AiEnthusiasmRanking => "ai_enthusiasm_ranking",
            SystemAgentType::UsecaseCuration => "usecase_curation",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        SystemAgentType::ALL.into_iter().find(|t| t.as_str() == text)
    }

    pub fn name(self) -> &'static str {
        match self {
            SystemAgentType::RegistrationApproval => "Registration Approval",
            SystemAgentType::AiEnthusiasmRanking => "AI Enthusiasm Ranking",
            SystemAgentType::UsecaseCuration => "Use Case Curation",
        }
    }

    /// The slug of the agent's row on a site.
    pub fn slug(self) -> &'static str {
        match self {
            SystemAgentType::RegistrationApproval => "registration-approval",
            SystemAgentType::AiEnthusiasmRanking => "ai-enthusiasm-ranking",
            SystemAgentType::UsecaseCuration => "usecase-curation",
        }
    }

    /// What the agent looks at: `user` (members) or `aiusecase` (use cases), as
    /// `POST /rerun-system-agent/` names it.
    pub fn content_type(self) -> &'static str {
        match self {
            SystemAgentType::UsecaseCuration => CONTENT_USE_CASE,
            _ => CONTENT_USER,
        }
    }
}

pub const CONTENT_USER: &str = "user";
pub const CONTENT_USE_CASE: &str = "aiusecase";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Accept,
    Reject,
    Review,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Accept => "accept",
            Action::Reject => "reject",
            Action::Review => "review",
        }
    }
}

/// high, medium, low; use cases also reject.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    High,
    Medium,
    Low,
    Reject,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::High => "high",
            Level::Medium => "medium",
            Level::Low => "low",
            Level::Reject => "reject",
        }
    }
}

/// A system agent's answer (`agent_responses[].response`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SystemResponse {
    pub action: Action,
    pub reason: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai_enthusiasm_level: Option<Level>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quality_level: Option<Level>,
}

impl SystemResponse {
    /// The level the admin filters on, whichever the agent gives.
    pub fn level(&self) -> Option<Level> {
        self.ai_enthusiasm_level.or(self.quality_level)
    }
}

/// What the member agents read about an applicant.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ApplicantFacts {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub email_verified: bool,
    pub profile_completion: u8,
    pub has_linkedin: bool,
    pub has_resume: bool,
    pub career_stage: bool,
    pub professional_field: bool,
    /// The registration's reason to join, as text.
    pub reason_to_join: String,
    pub title: String,
    pub topics: Vec<String>,
    pub skills: Vec<String>,
    /// The readiness percentage of the person's latest AIRA report.
    pub aira_readiness: Option<u8>,
    /// Use cases and AI tools the person submitted on the site.
    pub contributions: u32,
}

/// Throwaway mail domains: a sign of a fake account.
pub const DISPOSABLE_DOMAINS: &[&str] = &[
    "mailinator.com",
    "guerrillamail.com",
    "10minutemail.com",
    "tempmail.com",
    "temp-mail.org",
    "yopmail.com",
    "trashmail.com",
    "sharklasers.com",
    "getnada.com",
    "dispostable.com",
    "maildrop.cc",
    "throwawaymail.com",
];

/// Points an applicant needs for `accept`.
pub const ACCEPT_POINTS: u32 = 4;

fn links_in(text: &str) -> usize {
    text.matches("http://").count() + text.matches("https://").count() + text.matches("www.").count()
}

fn not_a_name(name: &str) -> bool {
    let lower = name.trim().to_lowercase();
    lower.contains("http") || lower.contains("www.") || lower.contains('@') || lower.chars().any(|c| c.is_ascii_digit())
}

fn words(text: &str) -> usize {
    text.split_whitespace().count()
}

/// Registration approval. Any red flag rejects: a throwaway mail domain, a first or last
/// name with a link, an @ or digits, or two or more links in the reason to join. Otherwise
/// points: verified e-mail 1, LinkedIn profile 2, resume 2, profile 60 % complete 1 (80 %:
/// 2), career stage and field both answered 1, a reason to join of five words or more 1.
/// [`ACCEPT_POINTS`] or more accept; fewer leave the member for an admin (review).
pub fn registration_approval(f: &ApplicantFacts) -> SystemResponse {
    let domain = f.email.rsplit('@').next().unwrap_or("").trim().to_lowercase();
    let flag = if DISPOSABLE_DOMAINS.contains(&domain.as_str()) {
        Some(format!("The e-mail address uses a throwaway domain ({domain})."))
    } else if not_a_name(&f.first_name) || not_a_name(&f.last_name) {
        Some("The name contains a link, an @ or digits.".to_string())
    } else if links_in(&f.reason_to_join) >= 2 {
        Some("The reason to join contains several links.".to_string())
    } else {
        None
    };
    if let Some(reason) = flag {
        return SystemResponse { action: Action::Reject, reason, ai_enthusiasm_level: None, quality_level: None };
    }
    let mut points = 0;
    let mut seen = Vec::new();
    let mut add = |yes: bool, n: u32, what: &str| {
        if yes {
            points += n;
            seen.push(what.to_string());
        }
    };
    add(f.email_verified, 1, "verified e-mail");
    add(f.has_linkedin, 2, "LinkedIn profile");
    add(f.has_resume, 2, "resume");
    add(f.profile_completion >= 80, 2, "profile at least 80% complete");
    add((60..80).contains(&f.profile_completion), 1, "profile at least 60% complete");
    add(f.career_stage && f.professional_field, 1, "career stage and field");
    add(words(&f.reason_to_join) >= 5, 1, "a reason to join");
    let found = if seen.is_empty() { "no signs of a real profile".to_string() } else { seen.join(", ") };
    let (action, verdict) =
        if points >= ACCEPT_POINTS { (Action::Accept, "Looks authentic") } else { (Action::Review, "Needs a look") };
    SystemResponse {
        action,
        reason: format!("{verdict}: {found} ({points} of {ACCEPT_POINTS} points needed)."),
        ai_enthusiasm_level: None,
        quality_level: None,
    }
}

/// Phrases that show an interest in AI (matched on whole words, case aside).
pub const AI_TERMS: &[&str] = &[
    "ai",
    "artificial intelligence",
    "machine learning",
    "ml",
    "deep learning",
    "llm",
    "llms",
    "gpt",
    "chatgpt",
    "generative",
    "genai",
    "prompt",
    "prompts",
    "prompt engineering",
    "data science",
    "neural",
    "nlp",
    "computer vision",
    "automation",
    "copilot",
];

/// The text as lower-case words between single spaces, padded, for whole-word matching.
fn word_text(text: &str) -> String {
    let cleaned: String =
        text.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { ' ' }).collect();
    format!(" {} ", cleaned.split_whitespace().collect::<Vec<_>>().join(" "))
}

pub fn mentions_ai(text: &str) -> bool {
    let words = word_text(text);
    AI_TERMS.iter().any(|term| words.contains(&format!(" {term} ")))
}

/// AI enthusiasm. With an AIRA report, its level decides (Advanced high, Intermediate
/// medium, Beginner low). Otherwise points: each topic, skill or the title that mentions AI
/// 1 (at most 3), a reason to join that mentions AI 2, each use case or AI tool submitted 1
/// (at most 3); 5 or more high, 2 or more medium, else low. High and medium suggest accept,
/// low review.
pub fn ai_enthusiasm_ranking(f: &ApplicantFacts) -> SystemResponse {
    let (level, reason) = match f.aira_readiness {
        Some(percent) => {
            let level = match readiness_level(percent) {
                ReadinessLevel::Advanced => Level::High,
                ReadinessLevel::Intermediate => Level::Medium,
                ReadinessLevel::Beginner => Level::Low,
            };
            (level, format!("AI readiness assessment: {percent}% ({}).", readiness_level(percent).as_str()))
        }
        None => {
            let profile_hits = f
                .topics
                .iter()
                .chain(f.skills.iter())
                .chain(std::iter::once(&f.title))
                .filter(|t| mentions_ai(t))
                .count()
                .min(3) as u32;
            let reason_hit = if mentions_ai(&f.reason_to_join) { 2 } else { 0 };
            let contributions = f.contributions.min(3);
            let points = profile_hits + reason_hit + contributions;
            let level = match points {
                5.. => Level::High,
                2..=4 => Level::Medium,
                _ => Level::Low,
            };
            (
                level,
                format!(
                    "{profile_hits} AI topics or skills, {} reason to join about AI, {contributions} AI \
                     contributions ({points} points).",
                    if reason_hit > 0 { "a" } else { "no" }
                ),
            )
        }
    };
    let action = if level == Level::Low { Action::Review } else { Action::Accept };
    SystemResponse { action, reason, ai_enthusiasm_level: Some(level), quality_level: None }
}

/// What use case curation reads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UseCaseFacts {
    pub title: String,
    /// Rich text.
    pub description: String,
    /// 'Why this is important', rich text.
    pub reason: String,
    pub ai_tools: usize,
    pub has_document: bool,
    pub has_video: bool,
    /// business_value, complexity and innovation_category all set.
    pub classified: bool,
    /// Categories and topics given.
    pub tags: usize,
    /// Another use case of the site already has this title.
    pub duplicate_title: bool,
}

/// Use case curation. Reject (quality reject) when the title has fewer than 5 characters,
/// the description fewer than 20 words, another use case has the same title, or the texts
/// hold more than 5 links. Otherwise points: description of 100 words 2 (50: 1), reason of
/// 30 words 2 (10: 1), an AI tool 1, a document or video 1, classified 1, a category or
/// topic 1; 6 or more high (accept), 3 or more medium, else low (both review).
pub fn usecase_curation(f: &UseCaseFacts) -> SystemResponse {
    let description = rich_text::plain_text(&f.description);
    let reason = rich_text::plain_text(&f.reason);
    let reject = if f.title.trim().chars().count() < 5 {
        Some("The title is too short.")
    } else if words(&description) < 20 {
        Some("The description has fewer than 20 words.")
    } else if f.duplicate_title {
        Some("A use case with this title already exists.")
    } else if links_in(&f.description) + links_in(&f.reason) > 5 {
        Some("The texts hold more than 5 links.")
    } else {
        None
    };
    if let Some(reason) = reject {
        return SystemResponse {
            action: Action::Reject,
            reason: reason.into(),
            ai_enthusiasm_level: None,
            quality_level: Some(Level::Reject),
        };
    }
    let d = words(&description);
    let r = words(&reason);
    let points = match d {
        100.. => 2,
        50.. => 1,
        _ => 0,
    } + match r {
        30.. => 2,
        10.. => 1,
        _ => 0,
    } + u32::from(f.ai_tools > 0)
        + u32::from(f.has_document || f.has_video)
        + u32::from(f.classified)
        + u32::from(f.tags > 0);
    let level = match points {
        6.. => Level::High,
        3.. => Level::Medium,
        _ => Level::Low,
    };
    SystemResponse {
        action: if level == Level::High { Action::Accept } else { Action::Review },
        reason: format!(
            "Description of {d} words, reason of {r} words, {} AI tools, {}; {points} of 8 points.",
            f.ai_tools,
            if f.has_document || f.has_video { "with a document or video" } else { "no document or video" }
        ),
        ai_enthusiasm_level: None,
        quality_level: Some(level),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn applicant() -> ApplicantFacts {
        ApplicantFacts {
            first_name: "Maria".into(),
            last_name: "Lopez".into(),
            email: "maria@example.com".into(),
            ..Default::default()
        }
    }

    #[test]
    fn registration_red_flags_reject() {
        let mut throwaway = applicant();
        throwaway.email = "x@Mailinator.com".into();
        throwaway.has_linkedin = true;
        assert_eq!(registration_approval(&throwaway).action, Action::Reject);
        let mut named = applicant();
        named.last_name = "www.cheap-pills.example".into();
        assert_eq!(registration_approval(&named).action, Action::Reject);
        let mut digits = applicant();
        digits.first_name = "user123".into();
        assert_eq!(registration_approval(&digits).action, Action::Reject);
        let mut spam = applicant();
        spam.reason_to_join = "see https://a.example and https://b.example".into();
        assert_eq!(registration_approval(&spam).action, Action::Reject);
    }

    #[test]
    fn registration_points_accept_at_four() {
        let mut a = applicant();
        assert_eq!(registration_approval(&a).action, Action::Review);
        a.email_verified = true;
        a.has_linkedin = true; // 3
        assert_eq!(registration_approval(&a).action, Action::Review);
        a.profile_completion = 60; // 4
        let r = registration_approval(&a);
        assert_eq!(r.action, Action::Accept);
        assert!(r.reason.contains("LinkedIn profile"), "{}", r.reason);
        let mut b = applicant();
        b.profile_completion = 80;
        b.has_resume = true; // 4
        assert_eq!(registration_approval(&b).action, Action::Accept);
        let mut c = applicant();
        c.career_stage = true;
        c.professional_field = true;
        c.reason_to_join = "I want to learn data skills".into();
        c.email_verified = true; // 3
        assert_eq!(registration_approval(&c).action, Action::Review);
    }

    #[test]
    fn enthusiasm_follows_aira_when_there_is_one() {
        for (percent, level) in [(39, Level::Low), (40, Level::Medium), (69, Level::Medium), (70, Level::High)] {
            let mut a = applicant();
            a.aira_readiness = Some(percent);
            let r = ai_enthusiasm_ranking(&a);
            assert_eq!(r.ai_enthusiasm_level, Some(level), "{percent}");
            assert_eq!(r.action, if level == Level::Low { Action::Review } else { Action::Accept });
        }
    }

    #[test]
    fn enthusiasm_points_without_aira() {
        let mut a = applicant();
        assert_eq!(ai_enthusiasm_ranking(&a).ai_enthusiasm_level, Some(Level::Low));
        a.topics = vec!["Generative AI".into()];
        a.skills = vec!["Prompt Engineering".into(), "Painting".into()];
        assert_eq!(ai_enthusiasm_ranking(&a).ai_enthusiasm_level, Some(Level::Medium));
        a.reason_to_join = "I want to use AI at work".into();
        a.contributions = 1;
        assert_eq!(ai_enthusiasm_ranking(&a).ai_enthusiasm_level, Some(Level::High));
        // Whole words only: "maintain" and "email" hold "ai" but do not mention AI.
        assert!(!mentions_ai("maintain my email"));
        assert!(mentions_ai("Machine-learning engineer"));
    }

    fn sentence(n: usize) -> String {
        vec!["word"; n].join(" ")
    }

    #[test]
    fn use_case_quality_levels() {
        let short = UseCaseFacts { title: "Hi".into(), description: sentence(200), ..Default::default() };
        let r = usecase_curation(&short);
        assert_eq!((r.action, r.quality_level), (Action::Reject, Some(Level::Reject)));
        let thin = UseCaseFacts { title: "Meeting notes".into(), description: sentence(19), ..Default::default() };
        assert_eq!(usecase_curation(&thin).quality_level, Some(Level::Reject));
        let low = UseCaseFacts { title: "Meeting notes".into(), description: sentence(20), ..Default::default() };
        assert_eq!(usecase_curation(&low).quality_level, Some(Level::Low));
        let twin = UseCaseFacts { duplicate_title: true, ..low.clone() };
        assert_eq!(usecase_curation(&twin).quality_level, Some(Level::Reject));
        let medium = UseCaseFacts { ai_tools: 1, classified: true, tags: 1, ..low.clone() };
        assert_eq!(usecase_curation(&medium).quality_level, Some(Level::Medium));
        let high = UseCaseFacts {
            description: format!("<p>{}</p>", sentence(100)),
            reason: sentence(30),
            has_video: true,
            tags: 2,
            ..medium.clone()
        };
        let r = usecase_curation(&high);
        assert_eq!((r.action, r.quality_level), (Action::Accept, Some(Level::High)));
        assert_eq!(r.level(), Some(Level::High));
    }

    #[test]
    fn names_and_content_types() {
        for t in SystemAgentType::ALL {
            assert_eq!(SystemAgentType::parse(t.as_str()), Some(t));
        }
        assert_eq!(SystemAgentType::UsecaseCuration.content_type(), "aiusecase");
        let r = serde_json::to_value(registration_approval(&applicant())).unwrap();
        assert_eq!(r["action"], "review");
        assert!(r.get("quality_level").is_none());
    }
}
