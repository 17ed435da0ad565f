//! The form a stored group holds, to apply an update to, and the blank form of a new group.

use domain::groups::form::{Donation, GroupForm};
use serde_json::{Map, Value};
use store::entities::groups;

fn json_strings(value: &Option<Value>) -> Vec<String> {
    value
        .as_ref()
        .and_then(Value::as_array)
        .map(|items| items.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

/// The form as a stored group holds it (with its topics, SDGs and use cases), to apply an
/// update to.
pub fn form_of(group: &groups::Model, topics: Vec<i64>, sdgs: Vec<i64>, use_cases: Vec<i64>) -> GroupForm {
    GroupForm {
        name: group.name.clone(),
        group_type: group.group_type.clone(),
        parent_group: group.parent_id,
        description: group.description.clone(),
        objective: group.objective.clone(),
        member_requirements: group.member_requirements.clone(),
        impact: group.impact.clone(),
        location: group.location.clone(),
        country: group.country.clone(),
        countries: json_strings(&group.countries),
        topics,
        career_stages: json_strings(&group.career_stages),
        professional_fields: json_strings(&group.professional_fields),
        roles: json_strings(&group.roles),
        relevant_sdgs: sdgs,
        level: group.level,
        group_duration: group.group_duration.clone().unwrap_or_else(|| "time_limited".into()),
        maximum_size: group.maximum_size,
        start_date: group.start_date,
        end_date: group.end_date,
        application_open_date: group.application_open_date,
        application_close_date: group.application_close_date,
        publicity: Some(group.join_mode.clone()),
        circle_type: group.circle_type_id,
        circle_status_priority: group.circle_status_priority,
        event_type: group.event_type.clone(),
        is_paid: group.is_paid,
        price_cents: group.price_cents,
        paid_features: json_strings(&group.paid_features),
        discount: group.discount,
        commitment_time: group.commitment_time,
        complexity_level: group.complexity_level.clone(),
        learning_modality: group.learning_modality.clone(),
        create_google_classroom: group.create_google_classroom,
        google_classroom_id: group.google_classroom_id.clone(),
        use_cases,
        is_influencer: group.is_influencer,
        donation_details: group
            .donation_details
            .as_ref()
            .and_then(|d| serde_json::from_value::<Vec<Donation>>(d.clone()).ok())
            .unwrap_or_default(),
        extra_info: group.extra_info.clone().unwrap_or_else(|| Value::Object(Map::new())),
    }
}

/// An empty form for a new group.
pub fn blank_form() -> GroupForm {
    GroupForm {
        name: String::new(),
        group_type: String::new(),
        parent_group: None,
        description: None,
        objective: None,
        member_requirements: None,
        impact: None,
        location: None,
        country: None,
        countries: Vec::new(),
        topics: Vec::new(),
        career_stages: Vec::new(),
        professional_fields: Vec::new(),
        roles: Vec::new(),
        relevant_sdgs: Vec::new(),
        level: 1,
        group_duration: "time_limited".into(),
        maximum_size: None,
        start_date: None,
        end_date: None,
        application_open_date: None,
        application_close_date: None,
        publicity: None,
        circle_type: None,
        circle_status_priority: None,
        event_type: None,
        is_paid: false,
        price_cents: None,
        paid_features: Vec::new(),
        discount: None,
        commitment_time: None,
        complexity_level: None,
        learning_modality: None,
        create_google_classroom: false,
        google_classroom_id: None,
        use_cases: Vec::new(),
        is_influencer: false,
        donation_details: Vec::new(),
        extra_info: Value::Object(Map::new()),
    }
}
