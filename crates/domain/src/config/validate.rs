//! Checking a configuration an admin submits, and merging a partial update into the
//! stored document.

use std::collections::HashSet;

use regex::Regex;
use serde_json::Value;

use super::{AppConfig, IntOption, PromptSet, TextOption};
use crate::FieldErrors;

const LABEL_MAX: usize = 200;
const OPTIONS_MAX: usize = 200;
const PROMPT_SETS_MAX: usize = 50;
const PROMPTS_PER_SET_MAX: usize = 20;
const PROMPT_MAX: usize = 500;

/// Merges `update` into `stored` (objects key by key, everything else replaced), then
/// reads and validates the result. Errors are keyed by the dotted path of the field.
pub fn apply_update(stored: &Value, update: &Value) -> Result<AppConfig, FieldErrors> {
    let mut errors = FieldErrors::new();
    if !update.is_object() {
        errors.add("non_field_errors", "Expected an object of configuration sections.");
        return Err(errors);
    }
    let mut merged = if stored.is_object() { stored.clone() } else { Value::Object(Default::default()) };
    merge(&mut merged, update);
    let config: AppConfig = serde_path_to_error::deserialize(merged).map_err(|err| {
        let mut errors = FieldErrors::new();
        let path = err.path().to_string();
        let field = if path == "." || path.is_empty() { "non_field_errors".to_string() } else { path };
        errors.add(field, describe_serde_error(&err.inner().to_string()));
        errors
    })?;
    validate(&config)?;
    Ok(config)
}

fn describe_serde_error(message: &str) -> String {
    // serde's messages end with " at line X column Y" when read from text; from a Value
    // they do not, but trim defensively and capitalise for display.
    let message = message.split(" at line ").next().unwrap_or(message);
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str().trim_end_matches('.')),
        None => "Invalid value.".to_string(),
    }
}

fn merge(target: &mut Value, update: &Value) {
    match (target, update) {
        (Value::Object(target), Value::Object(update)) => {
            for (key, value) in update {
                match target.get_mut(key) {
                    Some(existing) if existing.is_object() && value.is_object() => merge(existing, value),
                    _ => {
                        target.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        (target, update) => *target = update.clone(),
    }
}

/// Every rule a stored configuration must satisfy.
pub fn validate(config: &AppConfig) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    let options = &config.options;
    for (name, list) in [
        ("career_stages", &options.career_stages),
        ("current_roles", &options.current_roles),
        ("professional_fields", &options.professional_fields),
        ("interested_services", &options.interested_services),
        ("organization_types", &options.organization_types),
        ("reason_to_join", &options.reason_to_join),
        ("career_commitment", &options.career_commitment),
        ("job_functions", &options.job_functions),
    ] {
        check_int_options(&mut errors, &format!("options.{name}"), list);
    }
    for (name, list) in [
        ("colleges", &options.colleges),
        ("departments", &options.departments),
        ("aitool_categories", &options.aitool_categories),
        ("usecase_categories", &options.usecase_categories),
    ] {
        check_text_options(&mut errors, &format!("options.{name}"), list);
    }
    check_map(
        &mut errors,
        "options.career_reason_map",
        &options.career_reason_map,
        &options.career_stages,
        &options.reason_to_join,
    );
    check_map(
        &mut errors,
        "options.role_stage_map",
        &options.role_stage_map,
        &options.current_roles,
        &options.career_stages,
    );

    let ui = &config.ui;
    let landing = &ui.landing_page_content;
    check_len(&mut errors, "ui.landing_page_content.title", &landing.title, 1, 200);
    check_len(&mut errors, "ui.landing_page_content.description", &landing.description, 0, 2000);
    check_len(&mut errors, "ui.landing_page_content.cta_text", &landing.cta_text, 1, 40);
    check_len(&mut errors, "ui.landing_page_content.footer_text", &landing.footer_text, 0, 300);
    check_link(&mut errors, "ui.landing_page_content.cta_url", Some(&landing.cta_url), true);
    check_link(&mut errors, "ui.landing_page_content.video_url", landing.video_url.as_deref(), false);
    check_link(
        &mut errors,
        "ui.landing_page_content.video_thumbnail_url",
        landing.video_thumbnail_url.as_deref(),
        true,
    );
    if let Some(speed) = &ui.registration_speed {
        if speed != "quick" {
            errors.add("ui.registration_speed", "Must be \"quick\" or null.");
        }
    }
    for (page, order) in &ui.filter_order {
        if page.is_empty() || page.len() > 50 || order.len() > 30 || order.iter().any(|f| f.is_empty() || f.len() > 50)
        {
            errors.add(format!("ui.filter_order.{page}"), "Expected a list of up to 30 filter names.");
        }
    }
    let colour = Regex::new(r"^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$").expect("valid regex");
    let theme = &ui.theme;
    for (name, value) in [
        ("primary_main", &theme.primary_main),
        ("primary_light", &theme.primary_light),
        ("secondary_main", &theme.secondary_main),
        ("secondary_light", &theme.secondary_light),
        ("background_paper", &theme.background_paper),
        ("background_default", &theme.background_default),
    ] {
        if !colour.is_match(value) {
            errors.add(format!("ui.theme.{name}"), "Enter a colour as #RRGGBB.");
        }
    }

    let prompts = &config.ama_user_default_prompts;
    check_prompt_sets(&mut errors, "ama_user_default_prompts.by_location", &prompts.by_location);
    check_prompt_sets(&mut errors, "ama_user_default_prompts.by_career_stage", &prompts.by_career_stage);
    let questions = serde_json::to_value(&config.leader_certification_questions.0).unwrap_or_default();
    match crate::groups::questions::normalize(&questions, || 0) {
        Ok(normalized) if normalized != config.leader_certification_questions.0 => {
            errors.add("leader_certification_questions", "Every question needs a unique id.")
        }
        Ok(_) => {}
        Err(found) => errors.merge_prefixed("leader_certification_", found),
    }
    errors.merge_prefixed("", config.agents.check("agents."));
    errors.into_result()
}

fn check_len(errors: &mut FieldErrors, field: &str, value: &str, min: usize, max: usize) {
    let len = value.trim().chars().count();
    if len < min {
        errors.add(field, "This field may not be blank.");
    } else if len > max {
        errors.add(field, format!("Ensure this field has no more than {max} characters."));
    }
}

/// A link is an http(s) URL, or (when `allow_path`) a path on this site starting with '/'.
fn check_link(errors: &mut FieldErrors, field: &str, value: Option<&str>, allow_path: bool) {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return;
    };
    let is_path = allow_path && value.starts_with('/') && !value.starts_with("//");
    let is_url = url::Url::parse(value).map(|u| matches!(u.scheme(), "http" | "https")).unwrap_or(false);
    if value.len() > 1000 || !(is_path || is_url) {
        errors.add(field, "Enter a valid URL.");
    }
}

fn check_int_options(errors: &mut FieldErrors, field: &str, list: &[IntOption]) {
    if list.len() > OPTIONS_MAX {
        errors.add(field, format!("Ensure this list has no more than {OPTIONS_MAX} items."));
    }
    let mut seen = HashSet::new();
    for item in list {
        if !seen.insert(item.value) {
            errors.add(field, format!("Duplicate value {}.", item.value));
        }
        check_label(errors, field, &item.label);
    }
}

fn check_text_options(errors: &mut FieldErrors, field: &str, list: &[TextOption]) {
    if list.len() > OPTIONS_MAX {
        errors.add(field, format!("Ensure this list has no more than {OPTIONS_MAX} items."));
    }
    let mut seen = HashSet::new();
    for item in list {
        if item.value.trim().is_empty() || item.value.len() > LABEL_MAX {
            errors.add(field, "Every value must be 1 to 200 characters.");
        } else if !seen.insert(item.value.as_str()) {
            errors.add(field, format!("Duplicate value {}.", item.value));
        }
        check_label(errors, field, &item.label);
    }
}

fn check_label(errors: &mut FieldErrors, field: &str, label: &str) {
    let len = label.trim().chars().count();
    if len == 0 || len > LABEL_MAX {
        errors.add(field, "Every label must be 1 to 200 characters.");
    }
}

/// A map's keys and values must name options that exist.
fn check_map(
    errors: &mut FieldErrors,
    field: &str,
    map: &std::collections::BTreeMap<String, Vec<i64>>,
    keys_from: &[IntOption],
    values_from: &[IntOption],
) {
    let keys: HashSet<String> = keys_from.iter().map(|o| o.value.to_string()).collect();
    let values: HashSet<i64> = values_from.iter().map(|o| o.value).collect();
    for (key, list) in map {
        if !keys.contains(key) {
            errors.add(field, format!("Unknown key {key}."));
        }
        if let Some(bad) = list.iter().find(|v| !values.contains(v)) {
            errors.add(field, format!("Unknown value {bad} under {key}."));
        }
    }
}

fn check_prompt_sets(errors: &mut FieldErrors, field: &str, sets: &[PromptSet]) {
    if sets.len() > PROMPT_SETS_MAX {
        errors.add(field, format!("Ensure this list has no more than {PROMPT_SETS_MAX} items."));
    }
    for set in sets {
        if set.id.trim().is_empty() || set.id.len() > 100 {
            errors.add(field, "Every prompt set needs an id of 1 to 100 characters.");
        }
        if set.prompts.len() > PROMPTS_PER_SET_MAX {
            errors.add(field, format!("A prompt set holds at most {PROMPTS_PER_SET_MAX} prompts."));
        }
        if set.prompts.iter().any(|p| p.trim().is_empty() || p.chars().count() > PROMPT_MAX) {
            errors.add(field, format!("Every prompt must be 1 to {PROMPT_MAX} characters."));
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn stored() -> Value {
        serde_json::to_value(AppConfig::default()).unwrap()
    }

    #[test]
    fn defaults_are_valid() {
        validate(&AppConfig::default()).unwrap();
    }

    #[test]
    fn partial_update_keeps_the_rest() {
        let config =
            apply_update(&stored(), &json!({"ui": {"show_job_menu": false, "theme": {"primary_main": "#1D4ED8"}}}))
                .unwrap();
        assert!(!config.ui.show_job_menu);
        assert_eq!(config.ui.theme.primary_main, "#1D4ED8");
        assert_eq!(config.ui.theme.primary_light, "#FCE7F3");
        assert!(config.ui.show_connect_menu);
        assert_eq!(config.options, AppConfig::default().options);
    }

    #[test]
    fn empty_stored_document_reads_as_defaults() {
        let config = apply_update(&json!({}), &json!({})).unwrap();
        assert_eq!(config, AppConfig::default());
    }

    #[test]
    fn wrong_types_name_the_field() {
        let err = apply_update(&stored(), &json!({"ui": {"show_job_menu": "yes"}})).unwrap_err();
        assert!(err.0.contains_key("ui.show_job_menu"), "{err:?}");
        let err = apply_update(&stored(), &json!({"ui": {"shw_job_menu": true}})).unwrap_err();
        assert!(err.0.keys().any(|k| k.starts_with("ui")), "{err:?}");
    }

    #[test]
    fn rules() {
        let err = apply_update(
            &stored(),
            &json!({"ui": {
                "theme": {"primary_main": "pink"},
                "landing_page_content": {"title": " ", "cta_url": "javascript:alert(1)", "video_url": "/local.mp4"},
                "registration_speed": "slow"
            }}),
        )
        .unwrap_err();
        assert_eq!(err.first("ui.theme.primary_main"), Some("Enter a colour as #RRGGBB."));
        assert_eq!(err.first("ui.landing_page_content.title"), Some("This field may not be blank."));
        assert_eq!(err.first("ui.landing_page_content.cta_url"), Some("Enter a valid URL."));
        assert_eq!(err.first("ui.landing_page_content.video_url"), Some("Enter a valid URL."));
        assert_eq!(err.first("ui.registration_speed"), Some("Must be \"quick\" or null."));
    }

    #[test]
    fn maps_must_name_known_options() {
        let err =
            apply_update(&stored(), &json!({"options": {"career_reason_map": {"9": [1], "1": [77]}}})).unwrap_err();
        let messages = &err.0["options.career_reason_map"];
        assert!(messages.contains(&"Unknown key 9.".to_string()));
        assert!(messages.contains(&"Unknown value 77 under 1.".to_string()));
    }

    #[test]
    fn duplicate_option_values_are_rejected() {
        let err = apply_update(
            &stored(),
            &json!({"options": {"current_roles": [{"value": 1, "label": "A"}, {"value": 1, "label": "B"}], "role_stage_map": {}}}),
        )
        .unwrap_err();
        assert_eq!(err.first("options.current_roles"), Some("Duplicate value 1."));
    }
}
