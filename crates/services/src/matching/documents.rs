//! What each item means, as text to embed and facts to rank by (issue 29, "Vectors are
//! written, not computed on reads"): made by the worker from the source rows
//! (`store::queries::matching::sources`) when they change.
//!
//! - circle, event: name, objective, description, topics; its countries, stages, fields,
//!   dates, modality.
//! - job: title, description, requirements, skills; countries, stages, fields, close date.
//! - resource, prompt: title, text, topics; country, stages, fields.
//! - use case: title, description, topics; stages, fields. AI tool: name, description,
//!   categories. Career tip: its text.
//! - a member, per site: their profile (title, bio, career story, discipline, topics and
//!   skills, stage and field on the site) as a `user` item others may be offered, and their
//!   goal (additional career information, what they typed in agent runs, their circle
//!   requests' goals) as a `member_goal` vector of where they want to go.
//!
//! Names of people are never embedded: they say nothing of a career and stay private.

use std::collections::HashMap;

use chrono::NaiveDate;
use domain::{
    config::AppConfig,
    matching::{lexical, ItemKind, ItemMeta, GOAL_KIND},
    rich_text::plain_text,
};
use serde_json::Value;
use sha2::{Digest, Sha256};
use store::{
    entities::{ai_tools, career_tips},
    queries::matching::sources::{ContentSource, GroupSource, JobSource, MemberSource, UseCaseSource},
};

/// One item (or member vector) of a site, as written.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// `ItemKind::as_str` or [`GOAL_KIND`].
    pub kind: &'static str,
    pub tenant_id: i64,
    pub item_id: i64,
    pub eligible: bool,
    /// What is embedded (empty: nothing to embed).
    pub text: String,
    pub meta: ItemMeta,
}

impl Document {
    /// The hash the text's vector is filed under (128 bits of SHA-256, hex).
    pub fn text_hash(&self) -> String {
        text_hash(&self.text)
    }
}

pub fn text_hash(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// Characters of a description embedded at most (the model reads 256 tokens).
const TEXT_CHARS: usize = 1200;
const TERMS: usize = 40;

fn plain(html: &str, limit: usize) -> String {
    let head: String = html.chars().take(limit * 4).collect();
    let text = plain_text(&head);
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    text.chars().take(limit).collect()
}

/// The first sentence (or 100 characters) of a plain text.
fn first_sentence(text: &str) -> String {
    let sentence = text.split_inclusive(['.', '!', '?', '\n']).next().unwrap_or(text).trim();
    let mut out = String::new();
    for word in sentence.split_whitespace() {
        if out.chars().count() + word.chars().count() > 100 {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.trim_end_matches(['.', '!', '?', ':', ';', ',']).to_string()
}

/// A country as the index compares it: its canonical name, lower-cased. Names, aliases and
/// cities are the resume parser's table; two-letter ISO codes ("KE", as circles store their
/// countries) are read through ISO 3166.
pub fn canonical_country(text: &str) -> Option<String> {
    let text = text.trim();
    if text.len() == 2 && text.chars().all(|c| c.is_ascii_alphabetic()) {
        if let Ok(country) = celes::Country::from_alpha2(text.to_ascii_uppercase()) {
            use celes::LookupTable;
            let named = std::iter::once(country.long_name)
                .chain(country.aliases.iter().copied())
                .find_map(crate::resume::normalize_country);
            return Some(named.unwrap_or_else(|| country.long_name.to_string()).to_lowercase());
        }
    }
    crate::resume::normalize_country(text)
        .or_else(|| crate::resume::country_of_location(text))
        .map(|c| c.to_lowercase())
}

fn countries(values: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for value in values {
        if let Some(c) = canonical_country(&value) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

fn json_texts(value: &Option<Value>) -> Vec<String> {
    match value {
        Some(Value::Array(items)) => items.iter().filter_map(|v| v.as_str().map(|s| s.trim().to_string())).collect(),
        _ => Vec::new(),
    }
}

fn json_ids(value: &Option<Value>) -> Vec<i64> {
    match value {
        Some(Value::Array(items)) => {
            items.iter().filter_map(|v| v.as_i64().or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))).collect()
        }
        _ => Vec::new(),
    }
}

fn joined(parts: &[&str]) -> String {
    parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()).collect::<Vec<_>>().join(". ")
}

fn with_topics(text: String, label: &str, topics: &[String]) -> String {
    if topics.is_empty() {
        text
    } else {
        format!("{text}. {label}: {}", topics.join(", "))
    }
}

fn terms_of(name: &str, topics: &[String], text: &str) -> Vec<String> {
    let head: String = text.chars().take(300).collect();
    lexical::terms(&format!("{name} {} {head}", topics.join(" ")), TERMS)
}

/// Option labels of a site, for the texts of its members.
#[derive(Debug, Clone, Default)]
pub struct Labels {
    stages: HashMap<i64, String>,
    fields: HashMap<i64, String>,
    categories: HashMap<String, String>,
}

impl Labels {
    pub fn of(config: &AppConfig) -> Self {
        let o = &config.options;
        Labels {
            stages: o.career_stages.iter().map(|x| (x.value, x.label.clone())).collect(),
            fields: o.professional_fields.iter().map(|x| (x.value, x.label.clone())).collect(),
            categories: o.aitool_categories.iter().map(|x| (x.value.clone(), x.label.clone())).collect(),
        }
    }
}

/// A circle or event (`None` for other group types: organizations and institutions are not
/// recommended).
pub fn group(source: &GroupSource) -> Option<Document> {
    let g = &source.group;
    let kind = match g.group_type.as_str() {
        "circle" => ItemKind::Circle,
        "event" => ItemKind::Event,
        _ => return None,
    };
    let description = plain(g.description.as_deref().unwrap_or(""), TEXT_CHARS);
    let objective = plain(g.objective.as_deref().unwrap_or(""), 300);
    let text = with_topics(joined(&[&g.name, &objective, &description]), "Topics", &source.topics);
    let mut places = json_texts(&g.countries);
    places.extend(g.country.clone());
    let meta = ItemMeta {
        name: g.name.clone(),
        topics: source.topics.clone(),
        countries: countries(places),
        stages: json_ids(&g.career_stages),
        fields: json_ids(&g.professional_fields),
        terms: terms_of(&g.name, &source.topics, &description),
        starts_on: g.start_date,
        ends_on: g.end_date,
        closes_on: g.application_close_date,
        online: g.learning_modality.as_deref() == Some("online"),
        location: g.location.clone().filter(|l| !l.trim().is_empty()),
        about: first_sentence(if objective.is_empty() { &description } else { &objective }),
        ..Default::default()
    };
    let eligible = !g.is_tenant_root && g.privacy < store::queries::visibility::PRIVACY_PRIVATE;
    Some(Document { kind: kind.as_str(), tenant_id: g.tenant_id, item_id: g.id, eligible, text, meta })
}

pub fn job(source: &JobSource) -> Document {
    let j = &source.job;
    let description = plain(&j.description, TEXT_CHARS);
    let requirements = plain(j.requirements.as_deref().unwrap_or(""), 400);
    let text = with_topics(joined(&[&j.title, &description, &requirements]), "Skills", &source.skills);
    let meta = ItemMeta {
        name: j.title.clone(),
        topics: source.skills.clone(),
        // The address says where when the countries do not ("Westlands, Nairobi, Kenya").
        countries: {
            let mut places = json_texts(&j.countries);
            if places.is_empty() {
                places.extend(j.address.clone());
            }
            countries(places)
        },
        stages: json_ids(&j.career_stages),
        fields: json_ids(&j.professional_fields),
        terms: terms_of(&j.title, &source.skills, &description),
        closes_on: j.application_close_date,
        online: j.job_location == "remote",
        location: j.address.clone().filter(|l| !l.trim().is_empty()),
        about: first_sentence(&description),
        ..Default::default()
    };
    let eligible =
        j.job_status == domain::jobs::form::STATUS_PUBLISHED && j.deleted_at.is_none() && source.group_is_public;
    Document { kind: ItemKind::Job.as_str(), tenant_id: j.tenant_id, item_id: j.id, eligible, text, meta }
}

/// A resource or prompt (`None` for posts and newsletters).
pub fn content(source: &ContentSource) -> Option<Document> {
    let c = &source.content;
    let kind = match c.content_type.as_str() {
        "resource" => ItemKind::Resource,
        "prompt" => ItemKind::Prompt,
        _ => return None,
    };
    let body = plain(&c.raw_text, TEXT_CHARS);
    let text = with_topics(joined(&[&c.title, &body]), "Topics", &source.topics);
    let meta = ItemMeta {
        name: c.title.clone(),
        topics: source.topics.clone(),
        countries: countries(c.country.clone()),
        stages: json_ids(&c.career_stages),
        fields: json_ids(&c.professional_fields),
        terms: terms_of(&c.title, &source.topics, &body),
        about: first_sentence(&body),
        ..Default::default()
    };
    let eligible = !c.is_newsletter
        && c.status == domain::content::STATUS_APPROVED
        && c.security_level < domain::content::SECURITY_PRIVATE
        && source.group_is_public;
    Some(Document { kind: kind.as_str(), tenant_id: c.tenant_id, item_id: c.id, eligible, text, meta })
}

pub fn use_case(source: &UseCaseSource) -> Document {
    let u = &source.use_case;
    let description = plain(u.description.as_deref().unwrap_or(""), TEXT_CHARS);
    let text = with_topics(joined(&[&u.title, &description]), "Topics", &source.topics);
    let meta = ItemMeta {
        name: u.title.clone(),
        topics: source.topics.clone(),
        stages: json_ids(&u.career_stages),
        fields: json_ids(&u.professional_fields),
        terms: terms_of(&u.title, &source.topics, &description),
        about: first_sentence(&description),
        ..Default::default()
    };
    let eligible = u.status == store::queries::use_cases::STATUS_APPROVED;
    Document { kind: ItemKind::UseCase.as_str(), tenant_id: u.tenant_id, item_id: u.id, eligible, text, meta }
}

pub fn ai_tool(tool: &ai_tools::Model, labels: &Labels) -> Document {
    let description = plain(&tool.description, TEXT_CHARS);
    let categories: Vec<String> = json_texts(&tool.categories)
        .into_iter()
        .map(|c| labels.categories.get(&c).cloned().unwrap_or_else(|| c.replace('-', " ")))
        .collect();
    let text = with_topics(joined(&[&tool.name, &description]), "Used for", &categories);
    let meta = ItemMeta {
        name: tool.name.clone(),
        topics: categories.clone(),
        terms: terms_of(&tool.name, &categories, &description),
        online: true,
        about: first_sentence(&description),
        ..Default::default()
    };
    let eligible = tool.status == domain::catalogue::STATUS_APPROVED;
    Document { kind: ItemKind::AiTool.as_str(), tenant_id: tool.tenant_id, item_id: tool.id, eligible, text, meta }
}

pub fn career_tip(tip: &career_tips::Model) -> Document {
    let text = plain(&tip.raw_text, TEXT_CHARS);
    let name: String = first_sentence(&text);
    let meta = ItemMeta { terms: lexical::terms(&text, TERMS), about: name.clone(), name, ..Default::default() };
    let eligible = tip.status == domain::catalogue::STATUS_APPROVED;
    Document { kind: ItemKind::CareerTip.as_str(), tenant_id: tip.tenant_id, item_id: tip.id, eligible, text, meta }
}

/// A member's documents on each site they belong to: their profile (`user`) and, when they
/// wrote one, their goal ([`GOAL_KIND`]).
pub fn member(source: &MemberSource, labels_of: impl Fn(i64) -> Labels) -> Vec<Document> {
    let profile = source.profile.as_ref();
    let field = |f: fn(&store::entities::profiles::Model) -> Option<&String>, limit: usize| {
        profile.and_then(f).map(|t| plain(t, limit)).unwrap_or_default()
    };
    let title = field(|p| p.title.as_ref(), 120);
    let discipline = field(|p| p.discipline.as_ref(), 120);
    let bio = field(|p| p.short_bio.as_ref(), 600);
    let story = field(|p| p.career_story.as_ref(), 600);
    let additional = field(|p| p.additional_career_information.as_ref(), 600);
    let country = profile.and_then(|p| p.country.as_deref()).and_then(canonical_country);
    let mut out = Vec::new();
    for site in &source.sites {
        let labels = labels_of(site.tenant_id);
        let stage = site.answers.as_ref().and_then(|a| a.career_stage);
        let professional_field = site.answers.as_ref().and_then(|a| a.professional_field);
        let stage_label = stage.and_then(|s| labels.stages.get(&s).cloned()).unwrap_or_default();
        let field_label = professional_field.and_then(|f| labels.fields.get(&f).cloned()).unwrap_or_default();
        let mut text = joined(&[&title, &discipline, &bio, &story]);
        text = with_topics(text, "Skills and interests", &source.topics);
        let facts: Vec<String> = [
            (!field_label.is_empty()).then(|| format!("Field: {field_label}")),
            (!stage_label.is_empty()).then(|| format!("Career stage: {stage_label}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !facts.is_empty() && !text.is_empty() {
            text = format!("{text}. {}", facts.join(". "));
        }
        let mut goals: Vec<String> = Vec::new();
        if !additional.is_empty() {
            goals.push(additional.clone());
        }
        goals.extend(site.goals.iter().map(|g| plain(g, 400)));
        let goal_text = goals.join(". ").chars().take(TEXT_CHARS).collect::<String>();
        let meta = ItemMeta {
            name: format!("{} {}", source.user.first_name, source.user.last_name).trim().to_string(),
            topics: source.topics.clone(),
            countries: country.clone().into_iter().collect(),
            stages: stage.into_iter().collect(),
            fields: professional_field.into_iter().collect(),
            terms: lexical::terms(&format!("{title} {discipline} {}", source.topics.join(" ")), TERMS),
            title: (!title.is_empty()).then(|| title.clone()),
            goal: goals.first().map(|g| first_sentence(g)),
            about: first_sentence(&bio),
            ..Default::default()
        };
        let eligible = source.user.is_active && site.accepted && !text.is_empty();
        out.push(Document {
            kind: ItemKind::User.as_str(),
            tenant_id: site.tenant_id,
            item_id: source.user.id,
            eligible,
            text,
            meta: meta.clone(),
        });
        if !goal_text.is_empty() {
            let goal_meta = ItemMeta { terms: lexical::terms(&goal_text, TERMS), ..meta };
            out.push(Document {
                kind: GOAL_KIND,
                tenant_id: site.tenant_id,
                item_id: source.user.id,
                eligible: false,
                text: goal_text,
                meta: goal_meta,
            });
        }
    }
    out
}

/// The date a document's ranking reads for "when": an event's start, a job's close.
pub fn date_of(meta: &ItemMeta, kind: ItemKind) -> Option<NaiveDate> {
    match kind {
        ItemKind::Job => meta.closes_on,
        _ => meta.starts_on,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_hash_the_same_when_equal() {
        assert_eq!(text_hash("a"), text_hash("a"));
        assert_ne!(text_hash("a"), text_hash("b"));
        assert_eq!(text_hash("a").len(), 32);
    }

    #[test]
    fn sentences_and_countries() {
        assert_eq!(first_sentence("Learn Python for analysis. Eight weeks."), "Learn Python for analysis");
        assert_eq!(canonical_country("KE").as_deref(), Some("kenya"));
        assert_eq!(canonical_country("Nairobi, Kenya").as_deref(), Some("kenya"));
        assert_eq!(canonical_country("US").as_deref(), canonical_country("United States").as_deref());
        assert_eq!(canonical_country("GB").as_deref(), canonical_country("United Kingdom").as_deref());
        assert_eq!(canonical_country("es").as_deref(), Some("spain"));
        assert_eq!(countries(vec!["KE".into(), "Kenya".into(), "Mars".into()]), vec!["kenya".to_string()]);
    }
}
