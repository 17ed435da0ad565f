//! The content form (spec 001 §5 "Resources and posts"): one input for posts, newsletters,
//! resources and prompts, validated into a [`ContentForm`]. Create starts from
//! [`ContentForm::blank`], an edit from the stored item; both go through [`apply`].

use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    blocks, is_moderated, title_from_text, MAX_CONTENT_CHARS, MAX_FILES, MAX_SOURCE_CHARS, MAX_TITLE_CHARS, MAX_TOPICS,
    MSG_MAX_FILES, MSG_MAX_TOPICS, MSG_ONE_THUMBNAIL, MSG_REQUIRED, TYPES, TYPE_NEWSLETTER, TYPE_POST, TYPE_PROMPT,
    TYPE_RESOURCE,
};
use crate::{
    rich_text::{plain_text, sanitize_html},
    sent::Sent,
    FieldErrors,
};

/// What a client sends to create or edit content. Every field is optional on an edit.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ContentInput {
    /// post, newsletter (both for a post shared as a newsletter), resource or prompt.
    pub types: Option<Vec<String>>,
    /// The same as `types` with one value (resource or prompt forms send it).
    #[serde(rename = "type")]
    pub content_type: Option<String>,
    /// internal or external (a link to elsewhere, see `source`).
    pub sub_type: Option<String>,
    /// Resources: required. Posts: derived from the first 100 characters of the content.
    pub title: Option<String>,
    /// Rich text; sanitised on the server.
    pub content: Option<String>,
    /// `{"blocks": [...]}`: text, hyperlink, image, newline and html blocks.
    #[schema(value_type = Option<Object>)]
    pub data: Option<Value>,
    /// Ids of the author's uploaded files (video, image or pdf), at most 7.
    pub files: Option<Vec<i64>>,
    /// A list of at most one file id (an image); a bare id is accepted too.
    #[serde(default)]
    #[schema(value_type = Option<Vec<i64>>)]
    pub thumbnail_image: Sent<OneOrMore>,
    /// Topic ids, at most 7.
    pub topics: Option<Vec<i64>>,
    pub topic_area: Option<i64>,
    pub career_stages: Option<Vec<String>>,
    pub career_goals: Option<Vec<String>>,
    pub professional_fields: Option<Vec<String>>,
    pub roles: Option<Vec<String>>,
    pub country: Option<String>,
    /// 0 public, 20 private (the default for posts).
    pub security_level: Option<i16>,
    /// Published to the Resource Hub (default true for resources).
    pub publish_to_khub: Option<bool>,
    pub is_premium: Option<bool>,
    /// Where an external resource lives.
    pub source: Option<String>,
    /// The group it belongs to (required on create).
    pub group: Option<i64>,
    /// Newsletters: mail the group's accepted members.
    pub send_email: Option<bool>,
    /// A post that is also a newsletter.
    pub share_as_newsletter_and_post: Option<bool>,
    /// The Resource Hub's contribute form, which requires topics, topic_area and
    /// career_stages as well.
    pub contribute: Option<bool>,
}

/// A valid content item.
#[derive(Debug, Clone, PartialEq)]
pub struct ContentForm {
    pub content_type: String,
    pub is_newsletter: bool,
    pub sub_type: Option<String>,
    pub title: String,
    pub content: String,
    pub raw_text: String,
    pub data: Option<Value>,
    pub files: Vec<i64>,
    pub thumbnail: Option<i64>,
    pub topics: Vec<i64>,
    pub topic_area: Option<i64>,
    pub career_stages: Vec<String>,
    pub career_goals: Vec<String>,
    pub professional_fields: Vec<String>,
    pub roles: Vec<String>,
    pub country: Option<String>,
    pub security_level: Option<i16>,
    pub publish_to_khub: bool,
    pub is_premium: bool,
    pub source: Option<String>,
    pub group: Option<i64>,
    pub send_email: bool,
}

impl ContentForm {
    pub fn blank(content_type: &str, is_newsletter: bool) -> Self {
        ContentForm {
            content_type: content_type.to_string(),
            is_newsletter,
            sub_type: None,
            title: String::new(),
            content: String::new(),
            raw_text: String::new(),
            data: None,
            files: Vec::new(),
            thumbnail: None,
            topics: Vec::new(),
            topic_area: None,
            career_stages: Vec::new(),
            career_goals: Vec::new(),
            professional_fields: Vec::new(),
            roles: Vec::new(),
            country: None,
            security_level: None,
            publish_to_khub: is_moderated(content_type),
            is_premium: false,
            source: None,
            group: None,
            send_email: false,
        }
    }
}

/// The kind an input asks for: `(content_type, is_newsletter)`; posts by default.
pub fn kind_of(input: &ContentInput) -> Result<(String, bool), FieldErrors> {
    let mut words: Vec<String> = input.types.clone().unwrap_or_default();
    if let Some(one) = &input.content_type {
        words.push(one.clone());
    }
    let words: Vec<String> = words.iter().map(|w| w.trim().to_ascii_lowercase()).filter(|w| !w.is_empty()).collect();
    if let Some(bad) = words.iter().find(|w| !TYPES.contains(&w.as_str())) {
        let mut errors = FieldErrors::new();
        errors.add("types", format!("\"{bad}\" is not a valid choice."));
        return Err(errors);
    }
    let has = |t: &str| words.iter().any(|w| w == t);
    let both = input.share_as_newsletter_and_post == Some(true);
    Ok(if has(TYPE_PROMPT) {
        (TYPE_PROMPT.into(), false)
    } else if has(TYPE_RESOURCE) {
        (TYPE_RESOURCE.into(), false)
    } else if has(TYPE_NEWSLETTER) && !has(TYPE_POST) && !both {
        (TYPE_NEWSLETTER.into(), true)
    } else {
        (TYPE_POST.into(), has(TYPE_NEWSLETTER) || both)
    })
}

fn clean_list(values: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for value in values {
        let value = value.trim().to_string();
        if !value.is_empty() && !out.contains(&value) && value.chars().count() <= 100 {
            out.push(value);
        }
    }
    out.truncate(50);
    out
}

/// A file id alone, or a list of them, as the forms send a thumbnail.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum OneOrMore {
    One(i64),
    List(Vec<Sent<i64>>),
}

/// The thumbnail sent: at most one file id; an empty list clears it.
fn thumbnail_of(sent: &Sent<OneOrMore>, errors: &mut FieldErrors) -> Option<i64> {
    match sent {
        Sent::Absent | Sent::Null => None,
        Sent::Value(OneOrMore::One(id)) => Some(*id),
        Sent::Value(OneOrMore::List(items)) => match items.as_slice() {
            [] => None,
            [Sent::Value(id)] => Some(*id),
            [_] => {
                errors.add("thumbnail_image", MSG_NOT_A_FILE_ID);
                None
            }
            _ => {
                errors.add("thumbnail_image", MSG_ONE_THUMBNAIL);
                None
            }
        },
        Sent::WrongType => {
            errors.add("thumbnail_image", MSG_NOT_A_FILE_ID);
            None
        }
    }
}

const MSG_NOT_A_FILE_ID: &str = "A thumbnail is a file id.";

/// Applies an input over `form` (blank on create) and checks the result.
pub fn apply(input: ContentInput, mut form: ContentForm, creating: bool) -> Result<ContentForm, FieldErrors> {
    let mut errors = FieldErrors::new();
    let moderated = is_moderated(&form.content_type);
    if let Some(content) = input.content {
        if content.chars().count() > MAX_CONTENT_CHARS {
            errors.add("content", format!("Ensure this field has no more than {MAX_CONTENT_CHARS} characters."));
        }
        form.content = sanitize_html(&content);
        form.raw_text = plain_text(&form.content);
    }
    let title_given = input.title.as_deref().is_some_and(|t| !t.trim().is_empty());
    if let Some(title) = input.title {
        form.title = title.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    if let Some(data) = input.data {
        match blocks::clean(&data) {
            Ok(clean) => form.data = clean,
            Err(found) => errors.merge_prefixed("", found),
        }
    }
    if let Some(files) = input.files {
        let mut ids = files;
        ids.dedup();
        if ids.len() > MAX_FILES {
            errors.add("files", MSG_MAX_FILES);
        }
        form.files = ids;
    }
    if !input.thumbnail_image.is_missing() {
        form.thumbnail = thumbnail_of(&input.thumbnail_image, &mut errors);
    }
    if let Some(topics) = input.topics {
        let mut ids = topics;
        ids.sort_unstable();
        ids.dedup();
        if ids.len() > MAX_TOPICS {
            errors.add("topics", MSG_MAX_TOPICS);
        }
        form.topics = ids;
    }
    if input.topic_area.is_some() {
        form.topic_area = input.topic_area;
    }
    if let Some(v) = input.career_stages {
        form.career_stages = clean_list(v);
    }
    if let Some(v) = input.career_goals {
        form.career_goals = clean_list(v);
    }
    if let Some(v) = input.professional_fields {
        form.professional_fields = clean_list(v);
    }
    if let Some(v) = input.roles {
        form.roles = clean_list(v);
    }
    if let Some(country) = input.country {
        let country = country.trim().to_string();
        form.country = (!country.is_empty()).then_some(country);
    }
    if let Some(level) = input.security_level {
        if level != 0 && level != 20 {
            errors.add("security_level", "Security level must be 0 (public) or 20 (private).");
        }
        form.security_level = Some(level);
    }
    if let Some(v) = input.publish_to_khub {
        form.publish_to_khub = v;
    }
    if let Some(v) = input.is_premium {
        form.is_premium = v && moderated;
    }
    if let Some(sub_type) = input.sub_type {
        let sub_type = sub_type.trim().to_ascii_lowercase();
        match sub_type.as_str() {
            "" => form.sub_type = None,
            "internal" | "external" => form.sub_type = Some(sub_type),
            _ => errors.add("sub_type", "Sub type must be internal or external."),
        }
    }
    if let Some(source) = input.source {
        let source = source.trim().to_string();
        if source.chars().count() > MAX_SOURCE_CHARS {
            errors.add("source", format!("Ensure this field has no more than {MAX_SOURCE_CHARS} characters."));
        } else if !source.is_empty() && !url::Url::parse(&source).is_ok_and(|u| matches!(u.scheme(), "http" | "https"))
        {
            errors.add("source", "Enter a valid URL.");
        }
        form.source = (!source.is_empty()).then_some(source);
    }
    if creating {
        form.group = input.group;
        form.send_email = input.send_email.unwrap_or(false) && form.is_newsletter;
    } else if input.group.is_some_and(|g| Some(g) != form.group) {
        errors.add("group", "The group of a post or resource cannot be changed.");
    }
    // What each form requires (spec 001 §5).
    if form.raw_text.is_empty() {
        errors.add("content", MSG_REQUIRED);
    }
    if form.group.is_none() {
        errors.add("group", MSG_REQUIRED);
    }
    if moderated {
        if form.title.is_empty() {
            errors.add("title", MSG_REQUIRED);
        }
        if input.contribute == Some(true) {
            if form.topics.is_empty() {
                errors.add("topics", MSG_REQUIRED);
            }
            if form.topic_area.is_none() {
                errors.add("topic_area", MSG_REQUIRED);
            }
            if form.career_stages.is_empty() {
                errors.add("career_stages", MSG_REQUIRED);
            }
        }
    } else if !title_given {
        // A post's title is the start of its text unless one is given (spec 001 §7).
        form.title = title_from_text(&form.raw_text);
    }
    if form.title.chars().count() > MAX_TITLE_CHARS {
        errors.add("title", format!("Ensure this field has no more than {MAX_TITLE_CHARS} characters."));
    }
    errors.into_result()?;
    Ok(form)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn input(value: Value) -> ContentInput {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn kinds_from_types() {
        assert_eq!(kind_of(&input(json!({}))).unwrap(), ("post".into(), false));
        assert_eq!(kind_of(&input(json!({"types": ["newsletter"]}))).unwrap(), ("newsletter".into(), true));
        assert_eq!(kind_of(&input(json!({"types": ["post", "newsletter"]}))).unwrap(), ("post".into(), true));
        assert_eq!(kind_of(&input(json!({"type": "prompt"}))).unwrap(), ("prompt".into(), false));
        assert!(kind_of(&input(json!({"types": ["video"]}))).is_err());
    }

    #[test]
    fn a_post_takes_its_title_from_its_content_and_is_clean() {
        let body = input(json!({"content": "<p>Hello <script>alert(1)</script>there</p>", "group": 1}));
        let form = apply(body, ContentForm::blank("post", false), true).unwrap();
        assert_eq!(form.content, "<p>Hello there</p>");
        assert_eq!(form.title, "Hello there");
        assert_eq!(form.security_level, None);
    }

    #[test]
    fn required_fields_and_limits() {
        let errors = apply(input(json!({})), ContentForm::blank("post", false), true).unwrap_err();
        assert_eq!(errors.first("content"), Some("Required"));
        assert_eq!(errors.first("group"), Some("Required"));
        let body = input(json!({"content": "x", "group": 1, "files": [1,2,3,4,5,6,7,8]}));
        let errors = apply(body, ContentForm::blank("post", false), true).unwrap_err();
        assert_eq!(errors.first("files"), Some("Maximum 7 files"));
        let body = input(json!({"content": "x", "group": 1, "contribute": true, "thumbnail_image": [1, 2],
            "topics": [1,2,3,4,5,6,7,8]}));
        let errors = apply(body, ContentForm::blank("resource", false), true).unwrap_err();
        assert_eq!(errors.first("title"), Some("Required"));
        assert_eq!(errors.first("topic_area"), Some("Required"));
        assert_eq!(errors.first("career_stages"), Some("Required"));
        assert_eq!(errors.first("thumbnail_image"), Some("Only 1 thumbnail image"));
        assert_eq!(errors.first("topics"), Some(MSG_MAX_TOPICS));
    }

    #[test]
    fn resources_default_to_the_hub() {
        let form = ContentForm::blank("resource", false);
        assert!(form.publish_to_khub);
        assert!(!ContentForm::blank("post", false).publish_to_khub);
    }
}
