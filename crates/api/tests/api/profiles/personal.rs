//! The personal profile: slugs, registration fields, messages, the public page and who may edit.

use serde_json::{json, Value};

use super::{identity, patch, person, person_on, topic, words};
use crate::common::TestApp;

#[tokio::test]
async fn every_user_gets_a_readable_unique_slug() {
    let app = TestApp::new().await;
    let (_, ada) = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let (_, other) = person(&app, "ada2@example.com", "Ada", "Lovelace").await;
    let (_, third) = person(&app, "ada3@example.com", "Ada", "Lovelace").await;
    assert_eq!(identity(&app, &ada).await["profile"]["name_slug"], "ada-lovelace");
    assert_eq!(identity(&app, &other).await["profile"]["name_slug"], "ada-lovelace-2");
    assert_eq!(identity(&app, &third).await["profile"]["name_slug"], "ada-lovelace-3");
    // The slug stays when the name changes.
    patch(&app, "/api/v1/users/profile/", &ada, json!({"first_name": "Augusta"})).await.assert_status(200);
    let me = identity(&app, &ada).await;
    assert_eq!(me["first_name"], "Augusta");
    assert_eq!(me["profile"]["name_slug"], "ada-lovelace");
}

#[tokio::test]
async fn the_registration_fields_are_stored_and_served_by_identity() {
    let app = TestApp::new().await;
    let (_, token) = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let python = topic(&app, "Python", "skill").await;
    let ai = topic(&app, "Generative AI", "general").await;
    let empty = identity(&app, &token).await;
    assert_eq!(empty["profile"]["completion_percent"], 0);
    assert_eq!(empty["group_profile"], Value::Null);
    assert_eq!(empty["profile"]["email"], "ada@example.com");

    let response = patch(
        &app,
        "/api/v1/users/profile/",
        &token,
        json!({
            "origin": "registration-flow",
            "first_name": "Ada", "last_name": "King",
            "title": "Mathematician", "country": "GB", "location": "London", "batch": "2015",
            "prefered_language": "English",
            "short_bio": "<p onclick=\"steal()\">Poet of <strong>science</strong><script>alert(1)</script></p><img src=x onerror=alert(1)>",
            "career_story": "<p>See <a href=\"javascript:alert(1)\">this</a> and <a href=\"https://example.com\">that</a></p>",
            "social_linkedin": "linkedin.com/in/ada", "social_orcid": "https://orcid.org/0000",
            "institution": "Analytical Society",
            "skills": [python, {"name": "Mathematics"}], "topics": [{"id": ai, "name": "Generative AI"}],
            "interested_services": [1, 3],
            "current_role": 3, "job_function": 2, "career_stage": 0, "career_stage_extra": "Countess",
            "reason_to_join": [1, 0], "reason_to_join_extra": "Engines", "professional_field": 2,
            "professional_field_extra": "dropped", "specific_needs": "Quiet room"
        }),
    )
    .await;
    response.assert_status(200);
    let data = response.json()["data"].clone();
    assert_eq!(data["last_name"], "King");
    let profile = &data["profile"];
    assert_eq!(profile["short_bio"], "<p>Poet of <strong>science</strong></p>");
    assert_eq!(
        profile["career_story"],
        "<p>See <a>this</a> and <a href=\"https://example.com\" rel=\"nofollow noopener noreferrer\">that</a></p>"
    );
    assert_eq!(profile["social_linkedin"], "https://linkedin.com/in/ada");
    assert_eq!(profile["institution_name"], "Analytical Society");
    assert_eq!(profile["institution_detailed"]["group_type"], "institution");
    assert_eq!(profile["skills_detailed"][0]["name"], "Python");
    assert_eq!(profile["skills_detailed"][1]["name"], "Mathematics");
    assert_eq!(profile["topics"], json!([ai]));
    assert_eq!(profile["interested_services"], json!([1, 3]));
    assert_eq!(profile["specific_needs"], "Quiet room");
    // title, country, institution, skills, topics, short bio, career story, LinkedIn.
    assert_eq!(profile["completion_percent"], 80);

    let me = identity(&app, &token).await;
    assert_eq!(me["profile"], *profile);
    let group = &me["group_profile"];
    assert_eq!(group["current_role"], 3);
    assert_eq!(group["job_function"], 2);
    assert_eq!(group["career_stage"], 0);
    assert_eq!(group["reason_to_join"], json!([1, 0]));
    assert_eq!(group["extra_info"]["career_stage_extra"], "Countess");
    assert_eq!(group["extra_info"]["reason_to_join_extra"], "Engines");
    // The extra text of a field is kept only with the 'other' choice.
    assert_eq!(group["extra_info"]["professional_field_extra"], Value::Null);
    assert_eq!(group["skills"], profile["skills"]);

    // An existing institution is found by id, and by its name without a duplicate.
    let institution = profile["institution"].as_i64().unwrap();
    let again = patch(&app, "/api/v1/users/profile/", &token, json!({"institution": "analytical society"})).await;
    assert_eq!(again.json()["data"]["profile"]["institution"], institution);
    let by_id = patch(&app, "/api/v1/users/profile/", &token, json!({"institution": institution.to_string()})).await;
    assert_eq!(by_id.json()["data"]["profile"]["institution"], institution);

    // A high-school student is at career stage 1; job_function goes with another role.
    let response = patch(&app, "/api/v1/users/profile/", &token, json!({"current_role": 1, "career_stage": 4})).await;
    let group = &response.json()["data"]["group_profile"];
    assert_eq!(group["career_stage"], 1);
    assert_eq!(group["job_function"], Value::Null);
    assert_eq!(group["extra_info"]["career_stage_extra"], Value::Null);
}

#[tokio::test]
async fn institutions_skills_and_topics_are_read_as_ids_or_names_and_other_types_refused() {
    let app = TestApp::new().await;
    let (_, token) = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let python = topic(&app, "Python", "skill").await;
    let path = "/api/v1/users/profile/";

    // An object's bad id gives way to its name; a number's text is an id.
    let response = patch(
        &app,
        path,
        &token,
        json!({"institution": {"id": 1.5, "name": " Analytical   Society "}, "skills": [python.to_string()]}),
    )
    .await;
    let profile = &response.json()["data"]["profile"];
    assert_eq!(profile["institution_name"], "Analytical Society");
    assert_eq!(profile["skills"], json!([python]));

    let body =
        patch(&app, path, &token, json!({"skills": "python", "topics": [true], "institution": [1]})).await.error(400);
    assert_eq!(body["field_errors"]["skills"][0], "Expected a list of items.");
    assert_eq!(body["field_errors"]["topics"][0], "A valid integer is required.");
    assert_eq!(body["field_errors"]["institution"][0], "A valid integer is required.");

    let body = app
        .post_json("/api/v1/career-entries/", &token, &json!({"group": {"name": "  "}, "skills": {"id": python}}))
        .await
        .error(400);
    assert_eq!(body["field_errors"]["group"][0], "A valid integer is required.");
    assert_eq!(body["field_errors"]["skills"][0], "Expected a list of items.");
    // Nothing was stored by the refused updates.
    let me = identity(&app, &token).await;
    assert_eq!(me["profile"]["skills"], json!([python]));
    assert_eq!(me["profile"]["institution_name"], "Analytical Society");
}

#[tokio::test]
async fn profile_validation_messages() {
    let app = TestApp::new().await;
    let (_, token) = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let skills: Vec<i64> = {
        let mut ids = Vec::new();
        for n in 0..8 {
            ids.push(topic(&app, &format!("Skill {n}"), "skill").await);
        }
        ids
    };
    let general = topic(&app, "General", "general").await;
    let body = patch(
        &app,
        "/api/v1/users/profile/",
        &token,
        json!({
            "first_name": "", "last_name": " ", "title": "", "country": null, "institution": "",
            "interested_services": [], "current_role": null, "batch": "",
            "career_stage": "abc",
            "skills": skills, "topics": [],
            "short_bio": words(401), "career_story": format!("<p>{}</p>", words(401)),
            "additional_career_information": words(201),
            "specific_needs": "x".repeat(501),
            "career_advice": format!("<p>{}</p>", "x".repeat(4001)),
            "reason_to_join_extra": "x".repeat(51), "professional_field_extra": "x".repeat(51),
            "career_stage_extra": "x".repeat(31),
            "social_twitter": "not a url", "reason_to_join": []
        }),
    )
    .await
    .error(400);
    let fields = &body["field_errors"];
    for field in [
        "first_name",
        "last_name",
        "title",
        "country",
        "institution",
        "interested_services",
        "current_role",
        "batch",
        "career_stage",
        "topics",
        "reason_to_join",
    ] {
        assert_eq!(fields[field][0], "Required", "{field}: {body}");
    }
    assert_eq!(fields["skills"][0], "Maximum 7 skills");
    assert_eq!(fields["short_bio"][0], "Maximum 400 words");
    assert_eq!(fields["career_story"][0], "Maximum 400 words");
    assert_eq!(fields["additional_career_information"][0], "Maximum 200 words");
    assert_eq!(fields["specific_needs"][0], "Maximum 500 characters");
    assert_eq!(fields["career_advice"][0], "Maximum of 4000 characters");
    assert_eq!(fields["reason_to_join_extra"][0], "Maximum 50 characters");
    assert_eq!(fields["professional_field_extra"][0], "Maximum 50 characters");
    assert_eq!(fields["career_stage_extra"][0], "Maximum 30 characters");
    assert_eq!(fields["social_twitter"][0], "Enter a valid URL.");

    // Eight topics, a skill id used as a topic, an unknown choice, unknown fields.
    let body = patch(&app, "/api/v1/users/profile/", &token, json!({"topics": [general, skills[0]]})).await.error(400);
    assert_eq!(body["field_errors"]["topics"][0], format!("Invalid pk \"{}\" - object does not exist.", skills[0]));
    let body = patch(&app, "/api/v1/users/profile/", &token, json!({"current_role": 99})).await.error(400);
    assert_eq!(body["field_errors"]["current_role"][0], "\"99\" is not a valid choice.");
    let body = patch(&app, "/api/v1/users/profile/", &token, json!({"email": "x@example.com"})).await.error(400);
    assert_eq!(body["field_errors"]["email"][0], "Unknown field.");

    // Nothing was written by the refused requests.
    let me = identity(&app, &token).await;
    assert_eq!(me["first_name"], "Ada");
    assert_eq!(me["group_profile"], Value::Null);
    // Exactly 400 words and 7 skills are fine.
    patch(
        &app,
        "/api/v1/users/profile/",
        &token,
        json!({"short_bio": words(400), "skills": &skills[..7], "topics": [general]}),
    )
    .await
    .assert_status(200);
}

#[tokio::test]
async fn the_public_page_hides_private_fields_and_people_of_other_sites() {
    let app = TestApp::new().await;
    let (ada_id, ada) = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let (_, bob) = person(&app, "bob@example.com", "Bob", "Babbage").await;
    patch(&app, "/api/v1/users/profile/", &ada, json!({"title": "Mathematician", "specific_needs": "Quiet"}))
        .await
        .assert_status(200);

    let public = app.get("/api/v1/users/profile/ada-lovelace/").token(&bob).send().await;
    public.assert_status(200);
    let data = public.json()["data"].clone();
    assert_eq!(data["id"], ada_id);
    assert_eq!(data["profile"]["title"], "Mathematician");
    for private in ["email", "alternate_email", "is_alternate_email_verified", "specific_needs"] {
        assert!(data["profile"].get(private).is_none(), "{private} leaked: {data}");
    }
    // Guests see the same page.
    let guest = app.get("/api/v1/users/profile/ada-lovelace/").send().await;
    assert!(guest.json()["data"]["profile"].get("email").is_none());
    // The owner sees the private fields.
    let own = app.get("/api/v1/users/profile/ada-lovelace/").token(&ada).send().await.json();
    assert_eq!(own["data"]["profile"]["email"], "ada@example.com");
    assert_eq!(own["data"]["profile"]["specific_needs"], "Quiet");

    let body = app.get("/api/v1/users/profile/nobody/").send().await.error(404);
    assert_eq!(body["detail"], "User not found.");

    // Someone who is not a member of this site's organization is not shown here.
    let other = app.add_tenant("other.example", "Other Org").await;
    let (_, carol) = person_on(&app, &other, "carol@example.com", "Carol", "Shaw", false).await;
    identity(&app, &carol).await;
    app.get("/api/v1/users/profile/carol-shaw/").token(&bob).send().await.error(404);
    app.get("/api/v1/users/profile/carol-shaw/").host("other.example").token(&bob).send().await.assert_status(200);
}

#[tokio::test]
async fn only_the_owner_or_staff_edit_a_profile() {
    let app = TestApp::new().await;
    let (_, ada) = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let (_, bob) = person(&app, "bob@example.com", "Bob", "Babbage").await;
    let (_, staff) = person_on(&app, &app.default_tenant, "staff@example.com", "Sam", "Staff", true).await;
    let id = identity(&app, &ada).await["profile"]["id"].as_i64().unwrap();
    let path = format!("/api/v1/profiles/{id}/");

    patch(&app, &path, &bob, json!({"title": "Hacked"})).await.error(403);
    app.patch(&path).json(&json!({"title": "Hacked"})).send().await.error(401);
    patch(&app, "/api/v1/profiles/999999/", &bob, json!({"title": "x"})).await.error(404);
    let own = patch(&app, &path, &ada, json!({"title": "Countess"})).await;
    own.assert_status(200);
    let by_staff = patch(&app, &path, &staff, json!({"title": "Mathematician"})).await;
    by_staff.assert_status(200);
    assert_eq!(by_staff.json()["data"]["profile"]["title"], "Mathematician");
    assert_eq!(identity(&app, &ada).await["profile"]["title"], "Mathematician");
}
