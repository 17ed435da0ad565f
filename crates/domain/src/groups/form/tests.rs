use serde_json::json;

use crate::sent::body;

use super::*;

fn d(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

fn circle() -> GroupForm {
    GroupForm {
        name: "AI Circle".into(),
        group_type: "circle".into(),
        parent_group: Some(1),
        description: Some("<p>Learn together</p>".into()),
        topics: vec![1, 2],
        career_stages: vec!["2".into()],
        relevant_sdgs: vec![4],
        level: 1,
        group_duration: "time_limited".into(),
        application_open_date: Some(d("2026-01-01")),
        application_close_date: Some(d("2026-01-10")),
        start_date: Some(d("2026-01-15")),
        end_date: Some(d("2026-02-15")),
        publicity: Some("open".into()),
        circle_type: Some(1),
        commitment_time: Some(4),
        ..Default::default()
    }
}

fn errors(mut form: GroupForm, context: FormContext) -> FieldErrors {
    validate(&mut form, context).err().unwrap_or_default()
}

#[test]
fn a_partial_update_answers_for_what_it_changes() {
    // An organization stored without a country may still be renamed.
    let org = GroupForm {
        name: "Renamed".into(),
        group_type: "organization".into(),
        description: Some("<p>x</p>".into()),
        group_duration: "ongoing".into(),
        ..Default::default()
    };
    assert!(validate(&mut org.clone(), FormContext::default()).is_err(), "the whole form lacks a country");
    assert!(validate_changes(&mut org.clone(), FormContext::default(), &["name"]).is_ok());
    // Sending the field itself still checks it.
    let e = validate_changes(&mut org.clone(), FormContext::default(), &["name", "country"]).unwrap_err();
    assert_eq!(e.first("country"), Some(MSG_REQUIRED));
    let e =
        validate_changes(&mut GroupForm { name: " ".into(), ..org }, FormContext::default(), &["name"]).unwrap_err();
    assert_eq!(e.first("name"), Some(MSG_REQUIRED));
}

#[test]
fn a_partial_update_answers_for_rules_that_read_a_changed_field() {
    // A new close date after the stored start date is reported on the start date.
    let mut form = circle();
    form.application_close_date = form.start_date.map(|d| d + chrono::Days::new(3));
    let e = validate_changes(&mut form.clone(), FormContext::default(), &["application_close_date"]).unwrap_err();
    assert_eq!(e.first("start_date"), Some(MSG_START_BEFORE_CLOSE));
    // Changing something else leaves the stored dates alone.
    assert!(validate_changes(&mut form.clone(), FormContext::default(), &["name"]).is_ok());
    // Turning on payment without a stored price needs one.
    let paid = GroupForm { is_paid: true, price_cents: None, ..circle() };
    let e = validate_changes(&mut paid.clone(), FormContext::default(), &["is_paid"]).unwrap_err();
    assert_eq!(e.first("price"), Some(MSG_REQUIRED));
}

#[test]
fn a_complete_circle_passes() {
    assert_eq!(errors(circle(), FormContext::default()), FieldErrors::new());
}

#[test]
fn required_fields_of_a_circle() {
    let form = GroupForm { name: " ".into(), group_type: "circle".into(), ..Default::default() };
    let e = errors(form, FormContext::default());
    for field in [
        "name",
        "description",
        "topics",
        "relevant_sdgs",
        "commitment_time",
        "career_stages",
        "start_date",
        "end_date",
        "application_open_date",
        "application_close_date",
        "publicity",
        "parent_group",
        "circle_type",
    ] {
        assert_eq!(e.first(field), Some(MSG_REQUIRED), "{field}");
    }
    assert_eq!(e.first("country"), None);
    assert_eq!(e.first("event_type"), None);
    let with_parent = errors(
        GroupForm { group_type: "circle".into(), ..Default::default() },
        FormContext { parent_from_context: true, ..Default::default() },
    );
    assert_eq!(with_parent.first("parent_group"), None);
}

#[test]
fn events_need_an_event_type_and_organizations_a_country() {
    let event = GroupForm { group_type: "event".into(), ..circle() };
    let e = errors(event, FormContext::default());
    assert_eq!(e.first("event_type"), Some(MSG_REQUIRED));
    assert_eq!(e.first("relevant_sdgs"), None);
    assert_eq!(e.first("circle_type"), None);
    let org = GroupForm {
        name: "Acme".into(),
        group_type: "organization".into(),
        description: Some("<p>x</p>".into()),
        group_duration: "time_limited".into(),
        ..Default::default()
    };
    let e = errors(org.clone(), FormContext::default());
    assert_eq!(e.first("country"), Some(MSG_REQUIRED));
    assert_eq!(e.first("topics"), None);
    assert_eq!(e.first("parent_group"), None);
    assert!(validate(&mut GroupForm { country: Some("Kenya".into()), ..org }, FormContext::default()).is_ok());
}

#[test]
fn limits_and_their_messages() {
    let long = format!("<p>{}</p>", "a".repeat(4001));
    let form = GroupForm {
        description: Some(long.clone()),
        objective: Some(long.clone()),
        member_requirements: Some(long),
        maximum_size: Some(-1),
        topics: (1..=8).collect(),
        relevant_sdgs: vec![1, 2, 3, 4],
        paid_features: vec!["a".into(), "b".into(), "c".into(), "d".into()],
        discount: Some(-5),
        ..circle()
    };
    let e = errors(form, FormContext::default());
    assert_eq!(e.first("description"), Some(MSG_MAX_RICH));
    assert_eq!(e.first("objective"), Some(MSG_MAX_RICH));
    assert_eq!(e.first("member_requirements"), Some(MSG_MAX_RICH));
    assert_eq!(e.first("maximum_size"), Some("Postive number only"));
    assert_eq!(e.first("topics"), Some("Maximum 7 topics"));
    assert_eq!(e.first("relevant_sdgs"), Some("Maximum 3"));
    assert_eq!(e.first("paid_features"), Some("Maximum 3"));
    assert_eq!(e.first("discount"), Some(MSG_DISCOUNT_NEGATIVE));
    let e = errors(GroupForm { discount: Some(101), ..circle() }, FormContext::default());
    assert_eq!(e.first("discount"), Some(MSG_DISCOUNT_OVER));
    assert!(validate(
        &mut GroupForm { discount: Some(100), maximum_size: Some(0), ..circle() },
        FormContext::default()
    )
    .is_ok());
}

#[test]
fn texts_fit_their_columns() {
    let form = GroupForm {
        name: "n".repeat(201),
        location: Some("l".repeat(256)),
        country: Some("c".repeat(101)),
        google_classroom_id: Some("g".repeat(101)),
        countries: vec!["x".repeat(101)],
        donation_details: vec![Donation {
            name: "d".repeat(201),
            description: Some("e".repeat(1001)),
            stripe_price_id: Some("p".repeat(256)),
        }],
        ..circle()
    };
    let e = errors(form, FormContext::default());
    assert_eq!(e.first("name"), Some("Ensure this field has no more than 200 characters."));
    assert_eq!(e.first("location"), Some("Ensure this field has no more than 255 characters."));
    assert_eq!(e.first("country"), Some("Ensure this field has no more than 100 characters."));
    assert_eq!(e.first("google_classroom_id"), Some("Ensure this field has no more than 100 characters."));
    assert_eq!(e.first("countries"), Some("Ensure every item has no more than 100 characters."));
    assert_eq!(e.first("donation_details.0.name"), Some("Ensure this field has no more than 200 characters."));
    assert_eq!(e.first("donation_details.0.description"), Some("Ensure this field has no more than 1000 characters."));
    assert_eq!(
        e.first("donation_details.0.stripe_price_id"),
        Some("Ensure this field has no more than 255 characters.")
    );
    let fits = GroupForm {
        name: "n".repeat(200),
        location: Some("l".repeat(255)),
        country: Some("c".repeat(100)),
        ..circle()
    };
    assert!(validate(&mut fits.clone(), FormContext::default()).is_ok());
}

#[test]
fn price_when_paid() {
    let e = errors(GroupForm { is_paid: true, ..circle() }, FormContext::default());
    assert_eq!(e.first("price"), Some(MSG_REQUIRED));
    let e = errors(GroupForm { is_paid: true, price_cents: Some(0), ..circle() }, FormContext::default());
    assert_eq!(e.first("price"), Some(MSG_PRICE_POSITIVE));
    assert!(
        validate(&mut GroupForm { is_paid: true, price_cents: Some(4999), ..circle() }, FormContext::default()).is_ok()
    );
    // A free group ignores its price.
    assert!(validate(&mut GroupForm { price_cents: Some(-1), ..circle() }, FormContext::default()).is_ok());
}

#[test]
fn prices_parse_to_cents_and_back() {
    assert_eq!(parse_price(body(json!("49.99"))), Ok(Some(4999)));
    assert_eq!(parse_price(body(json!(49.5))), Ok(Some(4950)));
    assert_eq!(parse_price(body(json!(10))), Ok(Some(1000)));
    assert_eq!(parse_price(body(json!("-3"))), Ok(Some(-300)));
    assert_eq!(parse_price(body(json!(""))), Ok(None));
    assert_eq!(parse_price(Sent::Null), Ok(None));
    assert!(parse_price(body(json!("1.234"))).is_err());
    assert!(parse_price(body(json!("ten"))).is_err());
    assert!(parse_price(body(json!([1]))).is_err());
    assert_eq!(format_price(4999), "49.99");
    assert_eq!(format_price(5), "0.05");
}

#[test]
fn a_use_case_is_required_only_when_the_catalogue_has_some() {
    let with_catalogue = FormContext { use_cases_available: true, ..Default::default() };
    assert_eq!(errors(circle(), with_catalogue).first("use_cases"), Some(MSG_USE_CASE));
    assert_eq!(errors(circle(), FormContext::default()).first("use_cases"), None);
    assert!(validate(&mut GroupForm { use_cases: vec![7], ..circle() }, with_catalogue).is_ok());
}

#[test]
fn dates_must_be_in_order() {
    let form = GroupForm {
        application_open_date: Some(d("2026-01-10")),
        application_close_date: Some(d("2026-01-05")),
        start_date: Some(d("2026-01-01")),
        end_date: Some(d("2025-12-01")),
        ..circle()
    };
    let e = errors(form, FormContext::default());
    assert_eq!(e.first("application_close_date"), Some(MSG_CLOSE_BEFORE_OPEN));
    assert_eq!(e.first("start_date"), Some(MSG_START_BEFORE_CLOSE));
    assert_eq!(e.first("end_date"), Some(MSG_END_BEFORE_START));
    let same_day = GroupForm {
        application_open_date: Some(d("2026-01-10")),
        application_close_date: Some(d("2026-01-10")),
        start_date: Some(d("2026-01-10")),
        end_date: Some(d("2026-01-10")),
        ..circle()
    };
    assert!(validate(&mut same_day.clone(), FormContext::default()).is_ok());
}

#[test]
fn rich_text_is_sanitised_and_all_fields_means_none() {
    let mut form = GroupForm {
        description: Some("<p>Hi<script>alert(1)</script></p>".into()),
        professional_fields: vec!["all".into(), "2".into()],
        ..circle()
    };
    validate(&mut form, FormContext::default()).unwrap();
    assert!(!form.description.as_deref().unwrap().contains("script"));
    assert!(form.professional_fields.is_empty());
    let e = errors(GroupForm { description: Some("<script>x</script>".into()), ..circle() }, FormContext::default());
    assert_eq!(e.first("description"), Some(MSG_REQUIRED));
}

#[test]
fn choices_and_extra_info_are_checked() {
    let form = GroupForm {
        publicity: Some("secret".into()),
        learning_modality: Some("remote".into()),
        commitment_time: Some(5),
        extra_info: json!({"questions": {}, "is_external": true, "external_link": "ftp://x"}),
        ..circle()
    };
    let e = errors(form, FormContext::default());
    assert_eq!(e.first("publicity"), Some("\"secret\" is not a valid choice."));
    assert_eq!(e.first("learning_modality"), Some("\"remote\" is not a valid choice."));
    assert_eq!(e.first("commitment_time"), Some("\"5\" is not a valid choice."));
    assert_eq!(e.first("extra_info.questions"), Some("Expected a list of items."));
    assert_eq!(e.first("extra_info.external_link"), Some(MSG_EXTERNAL_LINK));
}
