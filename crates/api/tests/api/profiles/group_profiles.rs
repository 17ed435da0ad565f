//! Group profiles per organization and the fields institutional and diaspora sites ask for.

use serde_json::{json, Value};
use store::queries::users;

use super::{delete, identity, patch, person, person_on, topic, words};
use crate::common::add_topic;
use crate::common::TestApp;

#[tokio::test]
async fn group_profiles_are_created_once_per_organization_and_owned() {
    let app = TestApp::new().await;
    let (_, ada) = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let (_, bob) = person(&app, "bob@example.com", "Bob", "Babbage").await;
    let (_, staff) = person_on(&app, &app.default_tenant, "staff@example.com", "Sam", "Staff", true).await;

    let body = app.post_json("/api/v1/group-profiles/", &ada, &json!({})).await.error(400);
    assert_eq!(body["field_errors"]["current_role"][0], "Required");
    assert_eq!(body["field_errors"]["career_stage"][0], "Required");
    let body = app
        .post_json("/api/v1/group-profiles/", &ada, &json!({"current_role": 2, "career_stage": "x"}))
        .await
        .error(400);
    assert_eq!(body["field_errors"]["career_stage"][0], "Required");

    let created = app
        .post_json(
            "/api/v1/group-profiles/",
            &ada,
            &json!({"current_role": 1, "career_stage": 3, "reason_to_join": [2], "professional_field": 0,
                      "professional_field_extra": "Astronomy", "country_of_origin": "hidden"}),
        )
        .await;
    created.assert_status(201);
    let group = created.json()["data"].clone();
    assert_eq!(group["career_stage"], 1);
    assert_eq!(group["group"], app.default_tenant.organization.id);
    assert_eq!(group["extra_info"]["professional_field_extra"], "Astronomy");
    // Fields of hidden screens (diaspora) are not kept.
    assert_eq!(group["extra_info"]["country_of_origin"], Value::Null);
    let id = group["id"].as_i64().unwrap();

    // A second POST updates the same group profile.
    let again = app.post_json("/api/v1/group-profiles/", &ada, &json!({"current_role": 3, "career_stage": 4})).await;
    again.assert_status(200);
    assert_eq!(again.json()["data"]["id"], id);

    let path = format!("/api/v1/group-profiles/{id}/");
    patch(&app, &path, &bob, json!({"career_stage": 5})).await.error(403);
    let updated = patch(&app, &path, &staff, json!({"career_stage": 5})).await;
    updated.assert_status(200);
    assert_eq!(updated.json()["data"]["career_stage"], 5);
    let body = patch(&app, &path, &ada, json!({"reason_to_join": [], "reason_to_join_extra": "x".repeat(51)}))
        .await
        .error(400);
    assert_eq!(body["field_errors"]["reason_to_join"][0], "Required");
    assert_eq!(body["field_errors"]["reason_to_join_extra"][0], "Maximum 50 characters");
    assert_eq!(identity(&app, &ada).await["group_profile"]["id"], id);

    // Skills and topics sent with the group profile are the profile's.
    let python = topic(&app, "Python", "skill").await;
    let body = patch(&app, &path, &ada, json!({"skills": [], "topics": [python]})).await.error(400);
    assert_eq!(body["field_errors"]["skills"][0], "Required");
    let updated = patch(&app, &path, &ada, json!({"skills": [python], "topics": [{"name": "Space"}]})).await;
    updated.assert_status(200);
    assert_eq!(updated.json()["data"]["skills"], json!([python]));
    let me = identity(&app, &ada).await;
    assert_eq!(me["profile"]["skills"], json!([python]));
    assert_eq!(me["profile"]["topics_detailed"][0]["name"], "Space");
    assert_eq!(me["group_profile"]["topics"], me["profile"]["topics"]);

    // Another site's organization does not see this group profile.
    app.add_tenant("other.example", "Other Org").await;
    app.patch(&path).host("other.example").token(&ada).json(&json!({"career_stage": 2})).send().await.error(404);
}

#[tokio::test]
async fn institutional_and_diaspora_sites_ask_for_their_fields() {
    let app = TestApp::new().await;
    let (_, ada) = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let mut config = domain::config::AppConfig::default();
    config.ui.show_institutional_registration_screen = true;
    config.ui.host_variant = domain::config::HostVariant::Diaspora;
    app.set_site_config(&config).await;
    let body = app
        .post_json(
            "/api/v1/group-profiles/",
            &ada,
            &json!({"current_role": 2, "career_stage": 2, "affiliation": "Pirate"}),
        )
        .await
        .error(400);
    let fields = &body["field_errors"];
    assert_eq!(fields["department"][0], "Required");
    assert_eq!(fields["college"][0], "Required");
    assert_eq!(fields["country_of_origin"][0], "Required");
    assert_eq!(fields["affiliation"][0], "\"Pirate\" is not a valid choice.");
    let created = app
        .post_json(
            "/api/v1/group-profiles/",
            &ada,
            &json!({"current_role": 2, "career_stage": 2, "affiliation": "alumni", "department": "economics",
                      "college": "business", "uni_batch": "2020", "country_of_origin": "NG"}),
        )
        .await;
    created.assert_status(201);
    let extra = &created.json()["data"]["extra_info"];
    assert_eq!(extra["affiliation"], "Alumni");
    assert_eq!(extra["department"], "economics");
    assert_eq!(extra["country_of_origin"], "NG");
}

#[tokio::test]
async fn career_profiles() {
    let app = TestApp::new().await;
    let (_, ada) = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let (_, bob) = person(&app, "bob@example.com", "Bob", "Babbage").await;
    let body = app
        .post_json(
            "/api/v1/career-profiles/",
            &ada,
            &json!({"start_date": "yesterday", "batch": "20", "group": 999999}),
        )
        .await
        .error(400);
    assert_eq!(
        body["field_errors"]["start_date"][0],
        "Date has wrong format. Use one of these formats instead: YYYY-MM-DD."
    );
    assert_eq!(body["field_errors"]["batch"][0], "Enter a valid year.");
    let created = app
        .post_json(
            "/api/v1/career-profiles/",
            &ada,
            &json!({"institution": "Cambridge", "start_date": "1833-06-05", "batch": "2015", "title": "Student"}),
        )
        .await;
    created.assert_status(201);
    let data = created.json()["data"].clone();
    assert_eq!(data["institution_name"], "Cambridge");
    assert_eq!(data["group"], app.default_tenant.organization.id);
    let id = data["id"].as_i64().unwrap();
    let path = format!("/api/v1/career-profiles/{id}/");
    patch(&app, &path, &bob, json!({"title": "x"})).await.error(403);
    let updated = patch(&app, &path, &ada, json!({"title": "Fellow"})).await;
    updated.assert_status(200);
    assert_eq!(updated.json()["data"]["title"], "Fellow");
    assert_eq!(updated.json()["data"]["batch"], "2015");
    assert_eq!(identity(&app, &ada).await["profile"]["career_profile"]["id"], id);
}

#[tokio::test]
async fn career_entries_validate_and_belong_to_their_owner() {
    let app = TestApp::new().await;
    let (_, ada) = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let (_, bob) = person(&app, "bob@example.com", "Bob", "Babbage").await;
    let (_, staff) = person_on(&app, &app.default_tenant, "staff@example.com", "Sam", "Staff", true).await;
    let skills: Vec<i64> = {
        let mut ids = Vec::new();
        for n in 0..8 {
            ids.push(topic(&app, &format!("Skill {n}"), "skill").await);
        }
        ids
    };

    let body = app.post_json("/api/v1/career-entries/", &ada, &json!({})).await.error(400);
    for field in ["type", "title", "description", "group", "skills", "start_date", "end_date"] {
        assert_eq!(body["field_errors"][field][0], "Required", "{field}");
    }
    let body = app
        .post_json(
            "/api/v1/career-entries/",
            &ada,
            &json!({"type": "hobby", "title": "t", "description": format!("<p>{}</p>", "x".repeat(4001)),
                      "group": 999999, "skills": skills, "start_date": "2020-01-01", "end_date": "2019-01-01"}),
        )
        .await
        .error(400);
    assert_eq!(body["field_errors"]["type"][0], "\"hobby\" is not a valid choice.");
    assert_eq!(body["field_errors"]["description"][0], "Maximum of 4000 characters");
    assert_eq!(body["field_errors"]["skills"][0], "Maximum 7 skills");
    assert_eq!(body["field_errors"]["end_date"][0], "End date must be after the start date.");

    let created = app
        .post_json(
            "/api/v1/career-entries/",
            &ada,
            &json!({"type": "work", "title": "Analyst", "description": "<p>Notes <script>x()</script>on the engine</p>",
                      "group": "Analytical Engines Ltd", "skills": [skills[0], skills[1]], "is_currently_working": true,
                      "start_date": "1842-01-01", "end_date": "1843-01-01", "show_gps": false}),
        )
        .await;
    created.assert_status(201);
    let entry = created.json()["data"].clone();
    assert_eq!(entry["type"], "work");
    assert_eq!(entry["description"], "<p>Notes on the engine</p>");
    assert_eq!(entry["end_date"], Value::Null);
    assert_eq!(entry["group_detailed"]["name"], "Analytical Engines Ltd");
    assert_eq!(entry["skills"], json!([skills[0], skills[1]]));
    assert_eq!(entry["skills_detailed"][0]["name"], "Skill 0");
    assert_eq!(entry["show_gps"], false);
    let id = entry["id"].as_i64().unwrap();
    let group = entry["group"].as_i64().unwrap();

    let education = app
        .post_json("/api/v1/career-entries/", &ada, &json!({"type": "education", "title": "Mathematics", "description": "Tutored by De Morgan",
                      "group": group, "skills": [{"id": skills[2]}], "start_date": "1840-01-01", "end_date": "1841-06-30"})).await;
    education.assert_status(201);

    let me = identity(&app, &ada).await;
    assert_eq!(me["work_experiences"][0]["id"], id);
    assert_eq!(me["education_background"][0]["title"], "Mathematics");
    assert_eq!(me["profile"]["completion_percent"], 10);

    let list = app.get("/api/v1/career-entries/?type=work").token(&ada).send().await.json();
    assert_eq!(list["pagination"]["count"], 1);
    let ada_id = me["id"].as_i64().unwrap();
    let list = app.get(&format!("/api/v1/career-entries/?user={ada_id}")).token(&bob).send().await.json();
    assert_eq!(list["pagination"]["count"], 2);

    let path = format!("/api/v1/career-entries/{id}/");
    patch(&app, &path, &bob, json!({"title": "Hacked"})).await.error(403);
    patch(&app, &path, &staff, json!({"title": "Hacked"})).await.error(403);
    delete(&app, &path, &bob).await.error(403);
    let updated = patch(&app, &path, &ada, json!({"title": "Lead analyst", "is_currently_working": false})).await;
    let body = updated.error(400);
    assert_eq!(body["field_errors"]["end_date"][0], "Required");
    let updated = patch(
        &app,
        &path,
        &ada,
        json!({"title": "Lead analyst", "is_currently_working": false, "end_date": "1843-09-01"}),
    )
    .await;
    updated.assert_status(200);
    let data = updated.json()["data"].clone();
    assert_eq!(data["title"], "Lead analyst");
    assert_eq!(data["end_date"], "1843-09-01");
    assert_eq!(data["skills"], json!([skills[0], skills[1]]));
    assert_eq!(app.get(&path).send().await.json()["data"]["title"], "Lead analyst");

    delete(&app, &path, &ada).await.assert_status(204);
    app.get(&path).send().await.error(404);
    assert_eq!(identity(&app, &ada).await["work_experiences"], json!([]));
}

#[tokio::test]
async fn references_are_resolved_in_the_request_tenant() {
    let app = TestApp::new().await;
    let (_, ada) = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let other = app.add_tenant("other.example", "Other Org").await;
    let foreign_skill = add_topic(&app, other.tenant.id, "Elsewhere", "skill", None).await;
    let body = patch(
        &app,
        "/api/v1/users/profile/",
        &ada,
        json!({"skills": [foreign_skill], "institution": other.organization.id}),
    )
    .await
    .error(400);
    assert_eq!(body["field_errors"]["skills"][0], format!("Invalid pk \"{foreign_skill}\" - object does not exist."));
    assert_eq!(
        body["field_errors"]["institution"][0],
        format!("Invalid pk \"{}\" - object does not exist.", other.organization.id)
    );
}

#[tokio::test]
async fn user_services() {
    let app = TestApp::new().await;
    let (ada_id, ada) = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let (_, bob) = person(&app, "bob@example.com", "Bob", "Babbage").await;
    let (_, staff) = person_on(&app, &app.default_tenant, "staff@example.com", "Sam", "Staff", true).await;
    let body = app
        .post_json("/api/v1/user-services/", &ada, &json!({"title": "", "description": words(401), "url": "nope"}))
        .await
        .error(400);
    assert_eq!(body["field_errors"]["title"][0], "Required");
    assert_eq!(body["field_errors"]["description"][0], "Maximum 400 words");
    assert_eq!(body["field_errors"]["url"][0], "Enter a valid URL.");

    let created = app
        .post_json("/api/v1/user-services/", &ada, &json!({"title": "Mentoring", "description": "<p>Hour <b>long</b><script>x</script></p>", "url": "https://cal.example.com/ada"})).await;
    created.assert_status(201);
    let service = created.json()["data"].clone();
    assert_eq!(service["description"], "<p>Hour long</p>");
    let id = service["id"].as_i64().unwrap();

    let list = app.get(&format!("/api/v1/users/{ada_id}/services/")).send().await.json();
    assert_eq!(list["pagination"]["count"], 1);
    assert_eq!(list["data"][0]["title"], "Mentoring");

    let path = format!("/api/v1/user-services/{id}/");
    patch(&app, &path, &bob, json!({"title": "Mine"})).await.error(403);
    delete(&app, &path, &bob).await.error(403);
    let updated = patch(&app, &path, &ada, json!({"title": "Career reviews"})).await;
    updated.assert_status(200);
    assert_eq!(updated.json()["data"]["url"], "https://cal.example.com/ada");
    patch(&app, &path, &staff, json!({"url": null})).await.assert_status(200);
    delete(&app, &path, &ada).await.assert_status(204);
    delete(&app, &path, &ada).await.error(404);
    app.get("/api/v1/users/999999/services/").send().await.error(404);
}

#[tokio::test]
async fn uploaded_media_and_picture_links_count_towards_completion() {
    let app = TestApp::new().await;
    let (ada_id, ada) = person(&app, "ada@example.com", "Ada", "Lovelace").await;
    let user = users::find_by_id(&app.db, ada_id).await.unwrap().unwrap();
    use store::queries::profiles::{set_media, ProfileMedia};
    set_media(&app.db, &user, ProfileMedia::Resume, Some("/media/r.pdf".into())).await.unwrap();
    set_media(&app.db, &user, ProfileMedia::Video, Some("/media/v.mp4".into())).await.unwrap();
    let me = identity(&app, &ada).await;
    assert_eq!(me["profile"]["resume"], "/media/r.pdf");
    assert_eq!(me["profile"]["video"], "/media/v.mp4");
    assert_eq!(me["profile"]["completion_percent"], 10);

    let body = patch(&app, "/api/v1/users/profile/", &ada, json!({"picture": "javascript:alert(1)"})).await.error(400);
    assert_eq!(body["field_errors"]["picture"][0], "Enter a valid URL.");
    let response = patch(&app, "/api/v1/users/profile/", &ada, json!({"picture": "/media/p.png"})).await;
    assert_eq!(response.json()["data"]["profile"]["picture"], "/media/p.png");
    assert_eq!(response.json()["data"]["profile"]["completion_percent"], 20);
    let response = patch(&app, "/api/v1/users/profile/", &ada, json!({"picture": null})).await;
    assert_eq!(response.json()["data"]["profile"]["picture"], Value::Null);
    assert_eq!(response.json()["data"]["profile"]["completion_percent"], 10);
}

/// The profile page reads a fixed number of statements however many career entries,
/// skills and topics the person has (no query per entry or skill), and writes nothing.
#[tokio::test]
async fn the_profile_page_reads_a_fixed_number_of_statements() {
    use crate::common::StatementLog;
    let (app, log) = TestApp::with_statement_log().await;
    let skills: Vec<i64> = {
        let mut ids = Vec::new();
        for n in 0..6 {
            ids.push(topic(&app, &format!("Skill {n}"), "skill").await);
        }
        ids
    };
    let (_, viewer) = person(&app, "viewer@example.com", "Vi", "Ewer").await;
    let mut reads = Vec::new();
    for (round, entries) in [1usize, 4].into_iter().enumerate() {
        let (id, token) = person(&app, &format!("p{round}@example.com"), "Pat", &format!("Round{round}")).await;
        for n in 0..entries {
            app.post_json(
                "/api/v1/career-entries/",
                &token,
                &json!({"type": "work", "title": format!("Job {n}"), "description": "Work",
                              "group": format!("Company {n}"), "skills": &skills[..=n.min(5)],
                              "start_date": "2020-01-01", "end_date": "2021-01-01"}),
            )
            .await
            .assert_status(201);
        }
        let slug = identity(&app, &token).await["profile"]["name_slug"].as_str().unwrap().to_string();
        let path = format!("/api/v1/users/profile/{slug}/");
        app.get(&path).token(&viewer).send().await.assert_status(200);
        log.clear();
        let page = app.get(&path).token(&viewer).send().await;
        page.assert_status(200);
        let statements = log.taken();
        assert_eq!(page.json()["data"]["id"], id);
        assert_eq!(page.json()["data"]["work_experiences"].as_array().unwrap().len(), entries);
        assert_eq!(StatementLog::writes(&statements), Vec::<String>::new(), "viewing writes nothing");
        reads.push(StatementLog::reads(&statements));
    }
    assert_eq!(reads[0], reads[1], "no query per career entry or skill");
    assert!(reads[0] <= 11, "{} statements for a profile page", reads[0]);
}
