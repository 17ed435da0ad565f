//! Creating, editing and seeing groups: the form, who may, private groups, the circles list, images and questions.

use chrono::NaiveDate;
use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};
use store::queries::groups as group_q;

use super::{certify_group_profile, certify_leader, circle_body, create, day, event_body, make_staff, setup, topic};
use crate::{
    common::TestApp,
    uploads::{file, png, upload},
};

#[tokio::test]
async fn an_organization_admin_creates_a_circle_with_every_field() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let mut body = circle_body(s.org, s.topic, "AI for Teachers");
    body["is_paid"] = json!(true);
    body["price"] = json!("49.5");
    body["paid_features"] = json!(["Certificate", "Mentoring"]);
    body["discount"] = json!(10);
    body["maximum_size"] = json!(25);
    body["professional_fields"] = json!(["all"]);
    body["roles"] = json!(["student"]);
    body["objective"] = json!("<p>Ship a project</p><script>alert(1)</script>");
    let answer = app.post_json("/api/v1/groups/", &s.admin_token, &body).await;
    answer.assert_status(201);
    let json = answer.json();
    assert_eq!(json["message"], "Successfully created circle");
    let circle = &json["data"];
    assert_eq!(circle["name"], "AI for Teachers");
    assert_eq!(circle["name_slug"], "ai-for-teachers");
    assert_eq!(circle["price"], "49.50");
    assert_eq!(circle["professional_fields"], json!([]));
    assert_eq!(circle["topics_detailed"], json!([{"id": s.topic, "name": "Machine Learning"}]));
    assert_eq!(circle["relevant_sdgs_detailed"][0]["name"], "Quality Education");
    assert_eq!(circle["circle_type_detail"]["id"], 1);
    assert_eq!(circle["parent_group_detail"]["id"], s.org);
    assert!(!circle["objective"].as_str().unwrap().contains("script"));
    assert_eq!(circle["lifecycle"]["key"], 2);
    assert_eq!(circle["lifecycle"]["label"], "Registration Open");
    // The creator leads it.
    assert_eq!((circle["membership_status"].clone(), circle["role"].clone()), (json!("accepted"), json!("leader")));
    assert_eq!(circle["is_administrator"], true);
    assert_eq!(circle["total_members"], 1);
    assert_eq!(circle["pending_members_count"], 0);

    // Guests see it by slug, without the administrators' counts.
    let seen = app.get("/api/v1/groups/slug/ai-for-teachers/").send().await;
    seen.assert_status(200);
    assert_eq!(seen.json()["data"]["pending_members_count"], Value::Null);
    assert_eq!(seen.json()["data"]["is_administrator"], false);
    // A second circle of the same name gets the next slug.
    let again = create(&app, &s.admin_token, &circle_body(s.org, s.topic, "AI for Teachers")).await;
    assert_eq!(again["name_slug"], "ai-for-teachers-2");
}

#[tokio::test]
async fn the_form_is_checked_with_the_specs_messages() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let body = json!({"group_type": "circle", "parent_group": s.org, "description": "", "topics": [], "is_paid": true,
        "price": 0, "discount": 120, "paid_features": ["a", "b", "c", "d"], "maximum_size": -1});
    let errors = app.post_json("/api/v1/groups/", &s.admin_token, &body).await.error(400);
    let e = &errors["field_errors"];
    assert_eq!(e["name"][0], "Required");
    assert_eq!(e["description"][0], "Required");
    assert_eq!(e["topics"][0], "Required");
    assert_eq!(e["relevant_sdgs"][0], "Required");
    assert_eq!(e["price"][0], "Must be greater than zero");
    assert_eq!(e["discount"][0], "Discount percentage cannot be greater than 100");
    assert_eq!(e["paid_features"][0], "Maximum 3");
    assert_eq!(e["maximum_size"][0], "Postive number only");
    for field in [
        "start_date",
        "end_date",
        "application_open_date",
        "application_close_date",
        "publicity",
        "career_stages",
        "commitment_time",
        "circle_type",
    ] {
        assert_eq!(e[field][0], "Required", "{field}");
    }
    let mut body = circle_body(s.org, s.topic, "Too long");
    body["description"] = json!(format!("<p>{}</p>", "x".repeat(4001)));
    body["topics"] = json!([1, 2, 3, 4, 5, 6, 7, 8]);
    body["relevant_sdgs"] = json!([1, 2, 3, 4]);
    body["discount"] = json!(-1);
    body["start_date"] = json!("soon");
    let e = app.post_json("/api/v1/groups/", &s.admin_token, &body).await.error(400);
    assert_eq!(e["field_errors"]["description"][0], "Maximum of 4000 characters", "{e}");
    assert_eq!(e["field_errors"]["topics"][0], "Maximum 7 topics");
    assert_eq!(e["field_errors"]["relevant_sdgs"][0], "Maximum 3");
    assert_eq!(e["field_errors"]["discount"][0], "Discount percentage cannot be negative");
    assert!(e["field_errors"]["start_date"][0].as_str().unwrap().contains("YYYY-MM-DD"));
    // Topics of another site do not count, nor unknown fields.
    let other = app.add_tenant("other.example.com", "Other").await;
    let foreign = topic(&app, &other, "Foreign").await;
    let mut body = circle_body(s.org, foreign, "Foreign topics");
    body["surprise"] = json!(1);
    let e = app.post_json("/api/v1/groups/", &s.admin_token, &body).await.error(400);
    assert_eq!(e["field_errors"]["surprise"][0], "Unknown field.");
    body.as_object_mut().unwrap().remove("surprise");
    let e = app.post_json("/api/v1/groups/", &s.admin_token, &body).await.error(400);
    assert_eq!(e["field_errors"]["topics"][0], format!("Invalid pk \"{foreign}\" - object does not exist."));
    // An organization needs a country.
    let e = app
        .post_json(
            "/api/v1/groups/",
            &s.admin_token,
            &json!({"name": "Org", "group_type": "organization", "description": "x"}),
        )
        .await
        .error(400);
    assert_eq!(e["field_errors"]["country"][0], "Required");
}

#[tokio::test]
async fn who_may_create_circles_events_and_organizations() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(member.id);
    let body = circle_body(s.org, s.topic, "Member circle");
    let e = app.post_json("/api/v1/groups/", &token, &body).await.error(403);
    assert_eq!(
        e["detail"],
        "Creating a circle needs leadership certification on your profile or administrator rights on the parent group."
    );
    certify_leader(&app, &member).await;
    let circle = create(&app, &token, &body).await;
    assert_eq!(circle["role"], "leader");
    // Events need a certified group profile and admin rights on the parent.
    let e = app.post_json("/api/v1/groups/", &token, &event_body(s.org, s.topic, "Talk")).await.error(403);
    assert!(e["detail"].as_str().unwrap().starts_with("Creating an event needs a certified group profile"));
    let e =
        app.post_json("/api/v1/groups/", &s.admin_token, &event_body(s.org, s.topic, "Admin talk")).await.error(403);
    assert!(e["detail"].as_str().unwrap().starts_with("Creating an event"));
    certify_group_profile(&app, s.org, &s.admin).await;
    let event = create(&app, &s.admin_token, &event_body(s.org, s.topic, "Admin talk")).await;
    assert_eq!(event["role"], "admin");
    // Organizations: staff only.
    let org = json!({"name": "Partner", "group_type": "organization", "description": "x", "country": "KE"});
    app.post_json("/api/v1/groups/", &s.admin_token, &org).await.error(403);
    make_staff(&app, &s.admin).await;
    create(&app, &s.admin_token, &org).await;
    app.post("/api/v1/groups/").json(&org).send().await.error(401);
}

#[tokio::test]
async fn editing_needs_an_administrator_of_the_group_or_above() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let circle = create(&app, &s.admin_token, &circle_body(s.org, s.topic, "Editable")).await;
    let id = circle["id"].as_i64().unwrap();
    let path = format!("/api/v1/groups/{id}/");
    let answer = app.patch_json(&path, &s.admin_token, &json!({"name": "Edited", "maximum_size": 3})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Successfully edited circle");
    assert_eq!(answer.json()["data"]["name"], "Edited");
    assert_eq!(answer.json()["data"]["topics"], json!([s.topic]));
    let e = app.patch_json(&path, &s.admin_token, &json!({"group_type": "event"})).await.error(400);
    assert_eq!(e["field_errors"]["group_type"][0], "The type of a group cannot be changed.");
    let e = app.patch_json(&path, &s.admin_token, &json!({"end_date": day(1)})).await.error(400);
    assert_eq!(e["field_errors"]["end_date"][0], "End date cannot be before the start date");

    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    app.patch_json(&path, &app.token_for(member.id), &json!({"name": "Mine"})).await.error(403);
    // An admin of another site's organization cannot see it there, nor edit it here.
    let other = app.add_tenant("other.example.com", "Other").await;
    let stranger = app.add_member("stranger@example.com", &other, "admin").await;
    let token = app.token_for(stranger.id);
    app.patch(&path).host("other.example.com").token(&token).json(&json!({"name": "X"})).send().await.error(404);
    app.get(&path).host("other.example.com").send().await.error(404);
    app.patch_json(&path, &token, &json!({"name": "X"})).await.error(403);
}

#[tokio::test]
async fn private_groups_are_invisible_to_outsiders() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let mut body = circle_body(s.org, s.topic, "Hidden circle");
    body["privacy"] = json!(20);
    let circle = create(&app, &s.admin_token, &body).await;
    let id = circle["id"].as_i64().unwrap();
    let outsider = app.add_member("out@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(outsider.id);
    app.get(&format!("/api/v1/groups/{id}/")).token(&token).send().await.error(404);
    app.get("/api/v1/groups/slug/hidden-circle/").send().await.error(404);
    let list = app.get("/api/v1/circles/").token(&token).send().await.json();
    assert_eq!(list["pagination"]["count"], 0);
    // Its administrator and accepted members see it.
    let list = app.get("/api/v1/circles/").token(&s.admin_token).send().await.json();
    assert_eq!(list["pagination"]["count"], 1);
    store::queries::memberships::upsert(&app.db, id, outsider.id, "member", "accepted").await.unwrap();
    app.get(&format!("/api/v1/groups/{id}/")).token(&token).send().await.assert_status(200);
}

#[tokio::test]
async fn circles_list_filters_and_pages_by_nine() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    for i in 0..10 {
        let mut body = circle_body(s.org, s.topic, &format!("Circle {i}"));
        if i == 0 {
            body["learning_modality"] = json!("in_person");
            body["countries"] = json!(["FR"]);
            body["application_open_date"] = json!("2027-01-01");
            body["application_close_date"] = json!("2027-02-01");
            body["start_date"] = json!("2027-03-10");
            body["end_date"] = json!("2027-05-10");
            body["commitment_time"] = json!(8);
        }
        create(&app, &s.admin_token, &body).await;
    }
    store::queries::profiles::ensure(&app.db, &s.admin).await.unwrap();
    certify_group_profile(&app, s.org, &s.admin).await;
    create(&app, &s.admin_token, &event_body(s.org, s.topic, "Not a circle")).await;
    let page = app.get("/api/v1/circles/").send().await.json();
    assert_eq!(page["pagination"]["count"], 10);
    assert_eq!(page["data"].as_array().unwrap().len(), 9);
    assert!(page["pagination"]["next"].as_str().unwrap().contains("page=2"));
    let count = |q: &str| {
        let app = &app;
        let q = q.to_string();
        async move {
            let answer = app.get(&format!("/api/v1/circles/?{q}")).send().await;
            answer.assert_status(200);
            answer.json()["pagination"]["count"].as_u64().unwrap()
        }
    };
    assert_eq!(count("learning_modality=in_person").await, 1);
    assert_eq!(count("countries=FR").await, 1);
    assert_eq!(count("country=KE,FR").await, 10);
    assert_eq!(count("starting_month=2027-03").await, 1);
    assert_eq!(count("weeks=8").await, 1);
    assert_eq!(count("search=circle%201").await, 1);
    assert_eq!(count("search=c").await, 10, "one letter is no search");
    assert_eq!(count("circle_status=2").await, 9);
    assert_eq!(count("circle_status=1,3").await, 1);
    assert_eq!(count("career_stages=early_career").await, 10);
    assert_eq!(count("career_stages=senior").await, 0);
    assert_eq!(app.get("/api/v1/events/").send().await.json()["pagination"]["count"], 1);
    let e = app.get("/api/v1/circles/?circle_status=9&learning_modality=space&weeks=5").send().await.error(400);
    assert_eq!(e["field_errors"]["circle_status"][0], "\"9\" is not a valid choice.");
    assert_eq!(e["field_errors"]["learning_modality"][0], "\"space\" is not a valid choice.");
    assert_eq!(e["field_errors"]["weeks"][0], "\"5\" is not a valid choice.");
}

/// The status filter in SQL agrees with the pure lifecycle function on every boundary.
#[tokio::test]
async fn the_lifecycle_filter_in_sql_matches_the_lifecycle_function() {
    use domain::groups::lifecycle::GroupDates;
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let today = NaiveDate::from_ymd_opt(2026, 6, 15).unwrap();
    let shift = |d: i64| today.checked_add_signed(chrono::Duration::days(d)).unwrap();
    // (open, close, start, end) offsets around "today" covering each boundary.
    type Offsets = (Option<i64>, Option<i64>, Option<i64>, Option<i64>);
    let cases: Vec<Offsets> = vec![
        (Some(1), Some(5), Some(10), Some(20)),
        (Some(0), Some(5), Some(10), Some(20)),
        (Some(-5), Some(0), Some(10), Some(20)),
        (Some(-5), Some(-1), Some(10), Some(20)),
        (Some(-20), Some(-10), Some(0), Some(20)),
        (Some(-20), Some(-10), Some(-5), Some(0)),
        (Some(-40), Some(-30), Some(-20), Some(-1)),
        (Some(-200), Some(-190), Some(-180), Some(-90)),
        (Some(-200), Some(-190), Some(-180), Some(-91)),
        (None, None, None, None),
        (None, None, Some(-3), None),
        (Some(3), None, None, None),
        (None, Some(-2), None, Some(5)),
    ];
    let mut expected = std::collections::HashMap::new();
    for (i, (open, close, start, end)) in cases.iter().enumerate() {
        let body = circle_body(s.org, s.topic, &format!("Case {i}"));
        let dates = GroupDates {
            application_open_date: open.map(shift),
            application_close_date: close.map(shift),
            start_date: start.map(shift),
            end_date: end.map(shift),
        };
        let created = create(&app, &s.admin_token, &body).await;
        let id = created["id"].as_i64().unwrap();
        let group = group_q::find(&app.db, app.default_tenant.tenant.id, id).await.unwrap().unwrap();
        let mut active: store::entities::groups::ActiveModel = group.into();
        active.application_open_date = Set(dates.application_open_date);
        active.application_close_date = Set(dates.application_close_date);
        active.start_date = Set(dates.start_date);
        active.end_date = Set(dates.end_date);
        active.update(&app.db).await.unwrap();
        expected.insert(id, dates.lifecycle(today).key());
    }
    for key in 1..=6u8 {
        let filter =
            group_q::ListFilter { statuses: vec![key], group_types: vec!["circle".into()], ..Default::default() };
        let viewer = store::queries::visibility::Viewer { user_id: None, is_staff: true };
        let found =
            group_q::list(&app.db, &Default::default(), app.default_tenant.tenant.id, viewer, &filter, today, 0, 100)
                .await
                .unwrap();
        let mut got: Vec<i64> = found.items.iter().map(|g| g.id).collect();
        let mut want: Vec<i64> = expected.iter().filter(|(_, k)| **k == key).map(|(id, _)| *id).collect();
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want, "status key {key}");
    }
}

#[tokio::test]
async fn logo_cover_image_and_questions() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let circle = create(&app, &s.admin_token, &circle_body(s.org, s.topic, "Pictured")).await;
    let id = circle["id"].as_i64().unwrap();
    let answer = upload(
        &app,
        &format!("/api/v1/groups/{id}/logo/"),
        Some(&s.admin_token),
        vec![file("logo", "l.png", png(40, 40))],
    )
    .await;
    answer.assert_status(200);
    assert!(answer.json()["data"]["logo"].as_str().unwrap().starts_with("/media/"));
    let answer = upload(
        &app,
        &format!("/api/v1/groups/{id}/cover-image/"),
        Some(&s.admin_token),
        vec![file("cover_image", "c.png", png(80, 40))],
    )
    .await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Successfully updated cover image");
    let e = upload(
        &app,
        &format!("/api/v1/groups/{id}/cover-image/"),
        Some(&s.admin_token),
        vec![file("cover_image", "c.pdf", crate::uploads::pdf())],
    )
    .await
    .error(400);
    assert_eq!(e["field_errors"]["cover_image"][0], "Unsupported file format. Please upload a JPEG or PNG image");
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    upload(
        &app,
        &format!("/api/v1/groups/{id}/logo/"),
        Some(&app.token_for(member.id)),
        vec![file("logo", "l.png", png(40, 40))],
    )
    .await
    .error(403);

    let path = format!("/api/v1/groups/{id}/questions/");
    let answer = app
        .post_json(
            &path,
            &s.admin_token,
            &json!({"questions": [
                {"label": "Why join?", "type": "textarea", "required": true},
                {"label": "Level", "type": "radio", "options": "Beginner\nExpert"}
            ]}),
        )
        .await;
    answer.assert_status(200);
    assert_eq!(answer.json()["message"], "Questions added successfully");
    let questions = answer.json()["data"]["extra_info"]["questions"].clone();
    let first = questions[0]["id"].as_str().unwrap();
    assert!(first.starts_with("textarea") && first["textarea".len()..].parse::<u32>().unwrap() < 10_000);
    assert_eq!(questions[1]["options"], json!(["Beginner", "Expert"]));
    let e = app.post_json(&path, &s.admin_token, &json!({"questions": [{"label": "", "type": ""}]})).await.error(400);
    assert_eq!(e["field_errors"]["questions.0.label"][0], "Please enter question");
    assert_eq!(e["field_errors"]["questions.0.type"][0], "Please select field type");
    // A body without the list is refused and keeps the questions; an empty list clears them.
    for body in [json!({}), json!({"questions": null})] {
        let e = app.post_json(&path, &s.admin_token, &body).await.error(400);
        assert_eq!(e["field_errors"]["questions"][0], "This field is required.");
    }
    let kept = app.get(&format!("/api/v1/groups/{id}/")).token(&s.admin_token).send().await.json();
    assert_eq!(kept["data"]["extra_info"]["questions"].as_array().unwrap().len(), 2);
    let cleared = app.post_json(&path, &s.admin_token, &json!({"questions": []})).await;
    cleared.assert_status(200);
    assert_eq!(cleared.json()["data"]["extra_info"]["questions"], json!([]));
    app.post_json(&path, &app.token_for(member.id), &json!({"questions": []})).await.error(403);
}

#[tokio::test]
async fn catalogs_own_groups_default_and_metrics() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let sdgs = app.get("/api/v1/sdgs/").send().await.json();
    assert_eq!(sdgs["data"].as_array().unwrap().len(), 17);
    assert_eq!(sdgs["data"][16]["name"], "Partnerships for the Goals");
    let types = app.get("/api/v1/circle-types/").send().await.json();
    assert!(types["data"].as_array().unwrap().len() >= 4);
    create(&app, &s.admin_token, &circle_body(s.org, s.topic, "Mine")).await;
    let mine = app.get("/api/v1/groups/list/?role=admin,leader").token(&s.admin_token).send().await.json();
    let names: Vec<&str> = mine["data"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"Mine"));
    let default = app.get("/api/v1/groups/default/").send().await.json();
    assert_eq!(default["data"]["id"], s.org);
    assert_eq!(default["data"]["total_circles"], 1);
    let metrics = app.get("/api/v1/groups/metrics/").token(&s.admin_token).send().await.json();
    assert_eq!(metrics["data"]["total_circles"], 1);
    assert_eq!(metrics["data"]["total_members"], 1);
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    app.get("/api/v1/groups/metrics/").token(&app.token_for(member.id)).send().await.error(403);
}
