//! The personal and group profile updates: what a form sends, checked field by field and
//! applied to the stored profile ([`apply_patch`]).

use serde::Deserialize;
use utoipa::ToSchema;

use super::{
    check_words, clean_url, double_option, int_choices, languages, line, normalize_group, not_a_choice, option_choice,
    option_number, parse_group_ref, parse_topic_refs, rich, year, FormContext, GroupFields, GroupRef, ProfileFields,
    TopicRef, AFFILIATIONS, MAX_ADDITIONAL_WORDS, MAX_BIO_WORDS, MAX_REASON_EXTRA, MAX_RICH_CHARS, MAX_SKILLS,
    MAX_SPECIFIC_NEEDS, MAX_STAGE_EXTRA, MAX_TOPICS, MSG_REQUIRED,
};
use crate::{
    rich_text,
    sent::{NumberOrText, Reference, Sent},
    FieldErrors,
};

/// Every field of the profile forms; a field left out is unchanged, null or "" clears it
/// (a required field then answers 'Required').
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfilePatch {
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub first_name: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub last_name: Option<Option<String>>,
    /// An http(s) URL or a path on this site.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub picture: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub country: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub location: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub title: Option<Option<String>>,
    /// A year, e.g. "2024".
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub batch: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub prefered_language: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub social_linkedin: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub social_twitter: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub social_google_scholar: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub social_research_gate: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub social_orcid: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub social_facebook: Option<Option<String>>,
    /// Rich text (sanitised), at most 400 words.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub short_bio: Option<Option<String>>,
    /// Rich text (sanitised), at most 400 words.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub career_story: Option<Option<String>>,
    /// Rich text (sanitised), at most 4000 characters of text.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub career_advice: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub calendy_url: Option<Option<String>>,
    /// At most 500 characters; visible to the owner and staff only.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub specific_needs: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub discipline: Option<Option<String>>,
    /// Plain or rich text, at most 200 words.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub additional_career_information: Option<Option<String>>,
    /// An institution id, or the name of a new institution.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub institution: Sent<Reference>,
    /// Skill ids (or `{id, name}`; `{name}` adds a new skill), at most 7.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub skills: Sent<Vec<Sent<Reference>>>,
    /// Topic ids (or `{id, name}`; `{name}` adds a new topic), at most 7.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub topics: Sent<Vec<Sent<Reference>>>,
    #[serde(default)]
    #[schema(value_type = Option<Vec<i64>>)]
    pub interested_services: Sent<Vec<Sent<NumberOrText>>>,
    /// Language names, at most 20 (null or [] clears them).
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<Vec<String>>)]
    pub languages: Option<Option<Vec<String>>>,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub current_role: Sent<NumberOrText>,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub career_stage: Sent<NumberOrText>,
    #[serde(default)]
    #[schema(value_type = Option<Vec<i64>>)]
    pub reason_to_join: Sent<Vec<Sent<NumberOrText>>>,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub professional_field: Sent<NumberOrText>,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub job_function: Sent<NumberOrText>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub career_stage_extra: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub reason_to_join_extra: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub professional_field_extra: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub uni_batch: Option<Option<String>>,
    /// Student, Faculty, Alumni or Other.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub affiliation: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub department: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub college: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub country_of_origin: Option<Option<String>>,
    /// 'registration-flow' or 'other' (informational).
    #[serde(default)]
    pub origin: Option<String>,
}

/// The group-profile fields alone (`/group-profiles/`).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupProfilePatch {
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub current_role: Sent<NumberOrText>,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub career_stage: Sent<NumberOrText>,
    #[serde(default)]
    #[schema(value_type = Option<Vec<i64>>)]
    pub reason_to_join: Sent<Vec<Sent<NumberOrText>>>,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub professional_field: Sent<NumberOrText>,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub job_function: Sent<NumberOrText>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub career_stage_extra: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub reason_to_join_extra: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub professional_field_extra: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub uni_batch: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub affiliation: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub department: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub college: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub country_of_origin: Option<Option<String>>,
    /// Skill ids (or `{id, name}`; `{name}` adds one), at most 7; kept on the profile.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub skills: Sent<Vec<Sent<Reference>>>,
    /// Topic ids (or `{id, name}`; `{name}` adds one), at most 7; kept on the profile.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub topics: Sent<Vec<Sent<Reference>>>,
}

impl From<GroupProfilePatch> for ProfilePatch {
    fn from(g: GroupProfilePatch) -> Self {
        ProfilePatch {
            current_role: g.current_role,
            career_stage: g.career_stage,
            reason_to_join: g.reason_to_join,
            professional_field: g.professional_field,
            job_function: g.job_function,
            career_stage_extra: g.career_stage_extra,
            reason_to_join_extra: g.reason_to_join_extra,
            professional_field_extra: g.professional_field_extra,
            uni_batch: g.uni_batch,
            affiliation: g.affiliation,
            department: g.department,
            college: g.college,
            country_of_origin: g.country_of_origin,
            skills: g.skills,
            topics: g.topics,
            ..Default::default()
        }
    }
}

/// The parts of a patch that the caller resolves against the database.
#[derive(Debug, Default)]
pub struct ProfileChanges {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// `Some(None)` clears the institution.
    pub institution: Option<Option<GroupRef>>,
    pub skills: Option<Vec<TopicRef>>,
    pub topics: Option<Vec<TopicRef>>,
    /// True when a group profile field was sent.
    pub touches_group: bool,
}

impl ProfilePatch {
    /// True when any group-profile field is present.
    pub fn has_group_fields(&self) -> bool {
        !self.current_role.is_absent()
            || !self.career_stage.is_absent()
            || !self.reason_to_join.is_absent()
            || !self.professional_field.is_absent()
            || !self.job_function.is_absent()
            || self.career_stage_extra.is_some()
            || self.reason_to_join_extra.is_some()
            || self.professional_field_extra.is_some()
            || self.uni_batch.is_some()
            || self.affiliation.is_some()
            || self.department.is_some()
            || self.college.is_some()
            || self.country_of_origin.is_some()
    }
}

fn set_text(
    errors: &mut FieldErrors,
    field: &str,
    sent: &Option<Option<String>>,
    target: &mut Option<String>,
    max: usize,
    required: bool,
) {
    if let Some(value) = sent {
        let cleaned = value.as_deref().and_then(|v| line(errors, field, v, max));
        if cleaned.is_none() && required {
            errors.add(field, MSG_REQUIRED);
        }
        *target = cleaned;
    }
}

fn set_url(errors: &mut FieldErrors, field: &str, sent: &Option<Option<String>>, target: &mut Option<String>) {
    if let Some(value) = sent {
        *target = value.as_deref().and_then(|v| clean_url(errors, field, v));
    }
}

fn set_rich(sent: &Option<Option<String>>, target: &mut Option<String>) {
    if let Some(value) = sent {
        *target = value.as_deref().and_then(rich);
    }
}

/// Applies a patch to the current profile and group profile. `creating_group` asks for the
/// group profile's required fields even when they were left out (a new group profile).
pub fn apply_patch(
    patch: &ProfilePatch,
    ctx: FormContext<'_>,
    profile: &mut ProfileFields,
    group: &mut GroupFields,
    creating_group: bool,
) -> Result<ProfileChanges, FieldErrors> {
    let mut e = FieldErrors::new();
    let mut changes = ProfileChanges::default();

    for (field, sent, target) in [
        ("first_name", &patch.first_name, &mut changes.first_name),
        ("last_name", &patch.last_name, &mut changes.last_name),
    ] {
        if let Some(value) = sent {
            match value.as_deref().and_then(|v| line(&mut e, field, v, 150)) {
                Some(v) => *target = Some(v),
                None => e.add(field, MSG_REQUIRED),
            }
        }
    }

    if let Some(value) = &patch.picture {
        profile.picture = match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            None => None,
            Some(v) if v.starts_with('/') && !v.starts_with("//") && v.len() <= 1000 => Some(v.to_string()),
            Some(v) => clean_url(&mut e, "picture", v),
        };
    }
    set_text(&mut e, "country", &patch.country, &mut profile.country, 100, true);
    set_text(&mut e, "location", &patch.location, &mut profile.location, 200, false);
    set_text(&mut e, "title", &patch.title, &mut profile.title, 200, true);
    if let Some(value) = &patch.batch {
        profile.batch = value.as_deref().and_then(|v| year(&mut e, "batch", v));
        if profile.batch.is_none() && e.first("batch").is_none() {
            e.add("batch", MSG_REQUIRED);
        }
    }
    set_text(&mut e, "prefered_language", &patch.prefered_language, &mut profile.prefered_language, 100, false);
    set_url(&mut e, "social_linkedin", &patch.social_linkedin, &mut profile.social_linkedin);
    set_url(&mut e, "social_twitter", &patch.social_twitter, &mut profile.social_twitter);
    set_url(&mut e, "social_google_scholar", &patch.social_google_scholar, &mut profile.social_google_scholar);
    set_url(&mut e, "social_research_gate", &patch.social_research_gate, &mut profile.social_research_gate);
    set_url(&mut e, "social_orcid", &patch.social_orcid, &mut profile.social_orcid);
    set_url(&mut e, "social_facebook", &patch.social_facebook, &mut profile.social_facebook);
    set_url(&mut e, "calendy_url", &patch.calendy_url, &mut profile.calendy_url);

    set_rich(&patch.short_bio, &mut profile.short_bio);
    if patch.short_bio.is_some() {
        check_words(&mut e, "short_bio", &profile.short_bio, MAX_BIO_WORDS);
    }
    set_rich(&patch.career_story, &mut profile.career_story);
    if patch.career_story.is_some() {
        check_words(&mut e, "career_story", &profile.career_story, MAX_BIO_WORDS);
    }
    set_rich(&patch.career_advice, &mut profile.career_advice);
    if patch.career_advice.is_some()
        && profile.career_advice.as_deref().is_some_and(|h| rich_text::char_count(h) > MAX_RICH_CHARS)
    {
        e.add("career_advice", format!("Maximum of {MAX_RICH_CHARS} characters"));
    }
    if let Some(value) = &patch.specific_needs {
        profile.specific_needs = value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
        if profile.specific_needs.as_deref().is_some_and(|v| v.chars().count() > MAX_SPECIFIC_NEEDS) {
            e.add("specific_needs", format!("Maximum {MAX_SPECIFIC_NEEDS} characters"));
        }
    }
    set_text(&mut e, "discipline", &patch.discipline, &mut profile.discipline, 200, false);
    set_rich(&patch.additional_career_information, &mut profile.additional_career_information);
    if patch.additional_career_information.is_some() {
        check_words(
            &mut e,
            "additional_career_information",
            &profile.additional_career_information,
            MAX_ADDITIONAL_WORDS,
        );
    }

    if !patch.institution.is_absent() {
        let parsed = parse_group_ref(&mut e, "institution", &patch.institution);
        if parsed.is_none() && e.first("institution").is_none() {
            e.add("institution", MSG_REQUIRED);
        }
        changes.institution = Some(parsed);
    }
    for (field, sent, target, max, label) in [
        ("skills", &patch.skills, &mut changes.skills, MAX_SKILLS, "skills"),
        ("topics", &patch.topics, &mut changes.topics, MAX_TOPICS, "topics"),
    ] {
        if !sent.is_absent() {
            let refs = parse_topic_refs(&mut e, field, sent);
            if e.first(field).is_none() {
                if refs.is_empty() {
                    e.add(field, MSG_REQUIRED);
                } else if refs.len() > max {
                    e.add(field, format!("Maximum {max} {label}"));
                }
            }
            *target = Some(refs);
        }
    }
    if let Some(value) = &patch.languages {
        profile.languages = languages(&mut e, value.as_deref().unwrap_or(&[]));
    }
    if let Some(chosen) =
        int_choices(&mut e, "interested_services", &patch.interested_services, &ctx.options.interested_services)
    {
        profile.interested_services = chosen;
    }

    // The group profile.
    changes.touches_group = patch.has_group_fields();
    let options = ctx.options;
    let choice = |e: &mut FieldErrors,
                  field: &str,
                  sent: &Sent<NumberOrText>,
                  target: &mut Option<i64>,
                  opts: &[crate::config::IntOption],
                  required: bool| {
        match sent {
            Sent::Value(value) => *target = option_choice(e, field, option_number(value), opts),
            // Another JSON type names no option.
            Sent::WrongType => *target = option_choice(e, field, None, opts),
            Sent::Null => {
                *target = None;
                if required {
                    e.add(field, MSG_REQUIRED);
                }
            }
            Sent::Absent if required && creating_group && target.is_none() => e.add(field, MSG_REQUIRED),
            Sent::Absent => {}
        }
    };
    choice(&mut e, "current_role", &patch.current_role, &mut group.current_role, &options.current_roles, true);
    choice(&mut e, "career_stage", &patch.career_stage, &mut group.career_stage, &options.career_stages, true);
    choice(
        &mut e,
        "professional_field",
        &patch.professional_field,
        &mut group.professional_field,
        &options.professional_fields,
        false,
    );
    choice(&mut e, "job_function", &patch.job_function, &mut group.job_function, &options.job_functions, false);
    if let Some(chosen) = int_choices(&mut e, "reason_to_join", &patch.reason_to_join, &options.reason_to_join) {
        group.reason_to_join = chosen;
    }
    let extra = &mut group.extra;
    set_text(&mut e, "career_stage_extra", &patch.career_stage_extra, &mut extra.career_stage_extra, usize::MAX, false);
    if extra.career_stage_extra.as_deref().is_some_and(|v| v.chars().count() > MAX_STAGE_EXTRA) {
        e.add("career_stage_extra", format!("Maximum {MAX_STAGE_EXTRA} characters"));
    }
    for (field, sent, target) in [
        ("reason_to_join_extra", &patch.reason_to_join_extra, &mut extra.reason_to_join_extra),
        ("professional_field_extra", &patch.professional_field_extra, &mut extra.professional_field_extra),
    ] {
        set_text(&mut e, field, sent, target, usize::MAX, false);
        if target.as_deref().is_some_and(|v| v.chars().count() > MAX_REASON_EXTRA) {
            e.add(field, format!("Maximum {MAX_REASON_EXTRA} characters"));
        }
    }
    if ctx.institutional {
        set_text(&mut e, "department", &patch.department, &mut extra.department, 100, true);
        set_text(&mut e, "college", &patch.college, &mut extra.college, 100, true);
        set_text(&mut e, "affiliation", &patch.affiliation, &mut extra.affiliation, 20, true);
        if let Some(value) = &patch.uni_batch {
            extra.uni_batch = value.as_deref().and_then(|v| year(&mut e, "uni_batch", v));
        }
        if let Some(a) = extra.affiliation.clone().filter(|_| patch.affiliation.is_some()) {
            match AFFILIATIONS.iter().find(|x| x.eq_ignore_ascii_case(&a)) {
                Some(x) => extra.affiliation = Some(x.to_string()),
                None => e.add("affiliation", not_a_choice(&a)),
            }
        }
        for (field, value, opts) in
            [("department", &extra.department, &options.departments), ("college", &extra.college, &options.colleges)]
        {
            if let Some(v) = value.as_ref().filter(|_| !opts.is_empty()) {
                if !opts.iter().any(|o| o.value == *v) && e.first(field).is_none() {
                    e.add(field, not_a_choice(v));
                }
            }
        }
        if creating_group {
            for (field, value) in
                [("department", &extra.department), ("college", &extra.college), ("affiliation", &extra.affiliation)]
            {
                if value.is_none() && e.first(field).is_none() {
                    e.add(field, MSG_REQUIRED);
                }
            }
        }
    } else {
        extra.department = None;
        extra.college = None;
        extra.affiliation = None;
        extra.uni_batch = None;
    }
    if ctx.diaspora {
        set_text(&mut e, "country_of_origin", &patch.country_of_origin, &mut extra.country_of_origin, 100, true);
        if creating_group && extra.country_of_origin.is_none() && e.first("country_of_origin").is_none() {
            e.add("country_of_origin", MSG_REQUIRED);
        }
    } else {
        extra.country_of_origin = None;
    }
    e.into_result()?;
    normalize_group(group);
    Ok(changes)
}
