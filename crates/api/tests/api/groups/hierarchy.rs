//! Groups under groups: parents, moves, column sizes, metrics across the hierarchy, my groups, ordering and what administrators above see.

use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};
use store::entities::users;

use super::{certify_leader, circle_body, create, make_staff, setup};
use crate::common::{StatementLog, TestApp};

/// A sub-organization of the default site's organization, made by staff.
async fn sub_org(app: &TestApp, staff_token: &str, parent: i64, name: &str, privacy: i64) -> i64 {
    let body = json!({"name": name, "group_type": "organization", "description": "x", "country": "KE",
        "parent_group": parent, "privacy": privacy});
    create(app, staff_token, &body).await["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_parent_must_be_visible_and_the_creator_a_member_of_its_organization() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let staff = app.add_user("staff@example.com").await;
    make_staff(&app, &staff).await;
    let staff_token = app.token_for(staff.id);
    let hidden = sub_org(&app, &staff_token, s.org, "Hidden Lab", 20).await;
    let open = sub_org(&app, &staff_token, s.org, "Open Lab", 0).await;
    let leader = app.add_member("leader@example.com", &app.default_tenant, "member").await;
    certify_leader(&app, &leader).await;
    let token = app.token_for(leader.id);

    // A private organization the caller cannot see answers exactly like an unknown id.
    let unknown = app.post_json("/api/v1/groups/", &token, &circle_body(999_999, s.topic, "Nowhere")).await.error(400);
    let private = app.post_json("/api/v1/groups/", &token, &circle_body(hidden, s.topic, "Hidden")).await.error(400);
    assert_eq!(
        private["field_errors"]["parent_group"],
        json!([format!("Invalid pk \"{hidden}\" - object does not exist.")])
    );
    let same = serde_json::to_string(&private).unwrap().replace(&hidden.to_string(), "999999");
    assert_eq!(same, serde_json::to_string(&unknown).unwrap());

    // A visible organization the certified leader is not a member of: refused.
    let e = app.post_json("/api/v1/groups/", &token, &circle_body(open, s.topic, "Lab circle")).await.error(403);
    assert_eq!(
        e["detail"],
        "Only accepted members of the parent group's organization can create circles and events in it."
    );
    // A pending membership is not enough; an accepted one is.
    store::queries::memberships::upsert(&app.db, open, leader.id, "member", "pending").await.unwrap();
    app.post_json("/api/v1/groups/", &token, &circle_body(open, s.topic, "Lab circle")).await.error(403);
    store::queries::memberships::upsert(&app.db, open, leader.id, "member", "accepted").await.unwrap();
    let circle = create(&app, &token, &circle_body(open, s.topic, "Lab circle")).await;
    assert_eq!(circle["parent_group"], open);
    // Under a circle of that organization, the organization is the one that counts.
    let child = create(&app, &token, &circle_body(circle["id"].as_i64().unwrap(), s.topic, "Sub circle")).await;
    assert_eq!(child["parent_group_detail"]["name"], "Lab circle");

    // A leader certified here who has left the site's organization may not create under it.
    let gone = app.add_user("gone@example.com").await;
    certify_leader(&app, &gone).await;
    let e = app
        .post_json("/api/v1/groups/", &app.token_for(gone.id), &circle_body(s.org, s.topic, "Outsider circle"))
        .await
        .error(403);
    assert_eq!(
        e["detail"],
        "Only accepted members of the parent group's organization can create circles and events in it."
    );
    // Administrators of the organization above need no membership below; staff neither.
    create(&app, &s.admin_token, &circle_body(open, s.topic, "Admin lab circle")).await;
    create(&app, &staff_token, &circle_body(hidden, s.topic, "Staff hidden circle")).await;
    // Members of the private organization see it and may create in it.
    store::queries::memberships::upsert(&app.db, hidden, leader.id, "member", "accepted").await.unwrap();
    create(&app, &token, &circle_body(hidden, s.topic, "Member hidden circle")).await;
}

#[tokio::test]
async fn moving_a_group_needs_administrator_rights_on_the_new_parent() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let staff = app.add_user("staff@example.com").await;
    make_staff(&app, &staff).await;
    let staff_token = app.token_for(staff.id);
    let hidden = sub_org(&app, &staff_token, s.org, "Hidden Lab", 20).await;
    let open = sub_org(&app, &staff_token, s.org, "Open Lab", 0).await;
    let leader = app.add_member("leader@example.com", &app.default_tenant, "member").await;
    certify_leader(&app, &leader).await;
    store::queries::memberships::upsert(&app.db, open, leader.id, "member", "accepted").await.unwrap();
    let token = app.token_for(leader.id);
    let circle = create(&app, &token, &circle_body(s.org, s.topic, "Movable")).await;
    let path = format!("/api/v1/groups/{}/", circle["id"]);
    let patch = |token: &str, body: Value| {
        let (app, path, token) = (&app, path.clone(), token.to_string());
        async move { app.patch_json(&path, &token, &body).await }
    };

    // The leader edits their circle but may not move it where they are only a member…
    let e = patch(&token, json!({"parent_group": open})).await.error(403);
    assert_eq!(e["detail"], "Moving a group needs administrator rights on the new parent group.");
    // …nor under a private organization they cannot see (as if it did not exist).
    let e = patch(&token, json!({"parent_group": hidden})).await.error(400);
    assert_eq!(e["field_errors"]["parent_group"][0], format!("Invalid pk \"{hidden}\" - object does not exist."));
    let unchanged = app.get(&path).send().await.json();
    assert_eq!(unchanged["data"]["parent_group"], s.org);
    // Sending back the parent it has is no move.
    let answer = patch(&token, json!({"parent_group": s.org, "name": "Still here"})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["name"], "Still here");

    // An administrator of the new parent (here: of the organization above it) moves it.
    let answer = patch(&s.admin_token, json!({"parent_group": open})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["parent_group"], open);
    // Its leader still edits it, though not an administrator of the new parent.
    patch(&token, json!({"name": "Moved"})).await.assert_status(200);
    // Staff move it anywhere.
    let answer = patch(&staff_token, json!({"parent_group": hidden})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["parent_group"], hidden);

    // Taking an organization out of its parent needs the parent's administrators.
    let lab_admin = app.add_member("lab-admin@example.com", &app.default_tenant, "member").await;
    store::queries::memberships::upsert(&app.db, open, lab_admin.id, "admin", "accepted").await.unwrap();
    let org_path = format!("/api/v1/groups/{open}/");
    let e = app.patch_json(&org_path, &app.token_for(lab_admin.id), &json!({"parent_group": null})).await.error(403);
    assert_eq!(e["detail"], "Taking a group out of its parent group needs administrator rights on that parent group.");
    let answer = app.patch_json(&org_path, &s.admin_token, &json!({"parent_group": null})).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"]["parent_group"], Value::Null);
}

/// Every text of the group form and of member management is held to its column's size
/// with a 400 on its field (a 255-character name used to pass the form and fail on
/// PostgreSQL's varchar(200)); mails built from long names still fit their subject column.
#[tokio::test]
async fn texts_are_held_to_their_column_sizes() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let too_long = |field: &str, value: Value| {
        let mut body = circle_body(s.org, s.topic, "Sized");
        body[field] = value;
        body
    };
    let cases = [
        ("name", json!("n".repeat(201)), "name", "Ensure this field has no more than 200 characters."),
        ("name", json!("n".repeat(255)), "name", "Ensure this field has no more than 200 characters."),
        ("location", json!("l".repeat(256)), "location", "Ensure this field has no more than 255 characters."),
        ("country", json!("c".repeat(101)), "country", "Ensure this field has no more than 100 characters."),
        ("countries", json!(["c".repeat(101)]), "countries", "Ensure every item has no more than 100 characters."),
        (
            "google_classroom_id",
            json!("g".repeat(101)),
            "google_classroom_id",
            "Ensure this field has no more than 100 characters.",
        ),
        (
            "donation_details",
            json!([{"name": "d".repeat(201)}]),
            "donation_details.0.name",
            "Ensure this field has no more than 200 characters.",
        ),
        (
            "extra_info",
            json!({"questions": [{"label": "Pick", "type": "radio", "options": ["o".repeat(201)]}]}),
            "extra_info.questions.0.options",
            "Ensure each option has no more than 200 characters.",
        ),
    ];
    for (field, value, key, message) in cases {
        let e = app.post_json("/api/v1/groups/", &s.admin_token, &too_long(field, value)).await.error(400);
        assert_eq!(e["field_errors"][key][0], message, "{field}: {e}");
    }
    // At the limits everything is stored, on SQLite and PostgreSQL alike.
    let mut body = circle_body(s.org, s.topic, &"N".repeat(200));
    body["location"] = json!("L".repeat(255));
    let circle = create(&app, &s.admin_token, &body).await;
    assert_eq!(circle["name"].as_str().unwrap().chars().count(), 200);
    let id = circle["id"].as_i64().unwrap();
    let path = format!("/api/v1/groups/{id}/");
    let e = app.patch_json(&path, &s.admin_token, &json!({"name": "m".repeat(201)})).await.error(400);
    assert_eq!(e["field_errors"]["name"][0], "Ensure this field has no more than 200 characters.");

    // Notes and reasons of member management: at most 2000 characters, said, not cut.
    let member = app.add_member("long@example.com", &app.default_tenant, "member").await;
    let mut active: users::ActiveModel = member.clone().into();
    active.first_name = Set("F".repeat(150));
    active.last_name = Set("L".repeat(150));
    let member = active.update(&app.db).await.unwrap();
    let token = app.token_for(member.id);
    app.post_json(&format!("/api/v1/groups/{id}/join/"), &token, &json!({})).await.assert_status(200);
    let e = app
        .post_json(
            &format!("/api/v1/groups/{id}/respond-join-request/"),
            &s.admin_token,
            &json!({"users": [member.id], "action": "accept", "notes": "x".repeat(2001)}),
        )
        .await
        .error(400);
    assert_eq!(e["field_errors"]["notes"][0], "Ensure this field has no more than 2000 characters.");
    app.post_json(
        &format!("/api/v1/groups/{id}/respond-join-request/"),
        &s.admin_token,
        &json!({"users": [member.id], "action": "accept", "notes": "x".repeat(2000)}),
    )
    .await
    .assert_status(200);
    // A member with 300 characters of name invites to a group of 200: the mail's subject
    // (varchar 300) is cut to fit instead of failing the request.
    app.post_json(
        "/api/v1/invite-users/",
        &token,
        &json!({"object_id": id, "content_type": "group", "emails": "friend@example.org"}),
    )
    .await
    .assert_status(200);
    let mail = crate::membership::mails_to(&app, "friend@example.org").await.pop().unwrap();
    assert_eq!(mail.subject.chars().count(), 300);
    let e = app
        .post_json(
            &format!("/api/v1/groups/{id}/remove-member/"),
            &s.admin_token,
            &json!({"user": member.id, "reason": "r".repeat(2001)}),
        )
        .await
        .error(400);
    assert_eq!(e["field_errors"]["reason"][0], "Ensure this field has no more than 2000 characters.");
}

/// `total_pending_members` (spec 001 §7 admin metrics) counts the pending requests of the
/// group and of every group below it, which its administrators manage.
#[tokio::test]
async fn metrics_count_pending_requests_across_the_hierarchy() {
    use store::queries::memberships::upsert;
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let outer = create(&app, &s.admin_token, &circle_body(s.org, s.topic, "Outer")).await["id"].as_i64().unwrap();
    let inner = create(&app, &s.admin_token, &circle_body(outer, s.topic, "Inner")).await["id"].as_i64().unwrap();
    let other = app.add_tenant("other.example.com", "Other").await;
    let mut people = Vec::new();
    for i in 0..6 {
        people.push(app.add_user(&format!("p{i}@example.com")).await);
    }
    upsert(&app.db, s.org, people[0].id, "member", "pending").await.unwrap();
    upsert(&app.db, outer, people[1].id, "member", "pending").await.unwrap();
    upsert(&app.db, outer, people[2].id, "member", "pending").await.unwrap();
    upsert(&app.db, inner, people[3].id, "member", "pending").await.unwrap();
    upsert(&app.db, inner, people[4].id, "member", "accepted").await.unwrap();
    upsert(&app.db, outer, people[5].id, "member", "rejected").await.unwrap();
    upsert(&app.db, other.organization.id, people[5].id, "member", "pending").await.unwrap();
    let metrics = app.get("/api/v1/groups/metrics/").token(&s.admin_token).send().await;
    metrics.assert_status(200);
    assert_eq!(metrics.json()["data"]["total_pending_members"], 4, "{}", metrics.text());
    assert_eq!(metrics.json()["data"]["pending_members_count"], 1, "the organization's own: its Pending tab");
    let of_outer = app.get(&format!("/api/v1/groups/metrics/?group_id={outer}")).token(&s.admin_token).send().await;
    assert_eq!(of_outer.json()["data"]["total_pending_members"], 3);
    let of_inner = app.get(&format!("/api/v1/groups/metrics/?group_id={inner}")).token(&s.admin_token).send().await;
    assert_eq!(of_inner.json()["data"]["total_pending_members"], 1);
}

/// `/groups/list/`: the role filter keeps only the caller's groups with that role, and
/// `membership_type=follower` lists what they follow without being a member (spec 001 §3).
#[tokio::test]
async fn my_groups_by_role_and_as_a_follower() {
    use store::queries::{
        follows::{follow, Target},
        memberships::upsert,
    };
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let tenant_id = app.default_tenant.tenant.id;
    let led = create(&app, &s.admin_token, &circle_body(s.org, s.topic, "Led")).await["id"].as_i64().unwrap();
    let joined = create(&app, &s.admin_token, &circle_body(s.org, s.topic, "Joined")).await["id"].as_i64().unwrap();
    let followed = create(&app, &s.admin_token, &circle_body(s.org, s.topic, "Followed")).await["id"].as_i64().unwrap();
    let mut hidden = circle_body(s.org, s.topic, "Hidden");
    hidden["privacy"] = json!(20);
    let hidden = create(&app, &s.admin_token, &hidden).await["id"].as_i64().unwrap();
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(ada.id);
    upsert(&app.db, led, ada.id, "leader", "accepted").await.unwrap();
    upsert(&app.db, joined, ada.id, "member", "accepted").await.unwrap();
    for id in [followed, joined, hidden, s.org] {
        follow(&app.db, ada.id, Target::Group { id, tenant_id }).await.unwrap();
    }
    let names = |query: &str| {
        let app = &app;
        let token = token.clone();
        let query = query.to_string();
        async move {
            let answer = app.get(&format!("/api/v1/groups/list/?{query}")).token(&token).send().await;
            answer.assert_status(200);
            let mut names: Vec<String> = answer.json()["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["name"].as_str().unwrap().to_string())
                .collect();
            names.sort();
            names
        }
    };
    let org_name = app.default_tenant.organization.name.clone();
    let mut everything = vec!["Joined".to_string(), "Led".to_string(), org_name.clone()];
    everything.sort();
    assert_eq!(names("").await, everything);
    assert_eq!(names("role=leader").await, vec!["Led"]);
    assert_eq!(names("membership_type=member&status=accepted&role=admin,leader").await, vec!["Led"]);
    assert_eq!(names("role=member").await, {
        let mut v = vec!["Joined".to_string(), org_name.clone()];
        v.sort();
        v
    });
    assert_eq!(names("role=member&group_type=circle").await, vec!["Joined"]);
    // Followed without being a member, and visible to them: not the private circle.
    assert_eq!(names("membership_type=follower").await, vec!["Followed"]);
    assert_eq!(names("membership_type=follower&group_type=organization").await, Vec::<String>::new());
    let e = app.get("/api/v1/groups/list/?membership_type=fan&role=boss").token(&token).send().await.error(400);
    assert_eq!(e["field_errors"]["membership_type"][0], "\"fan\" is not a valid choice.");
    assert_eq!(e["field_errors"]["role"][0], "\"boss\" is not a valid choice.");
}

/// `circle_status_priority` is an ordering switch: true (or 1) lists open applications
/// first, then opening soon, applications closed, running, closed and archived, each by
/// soonest start; anything but a boolean is a 400.
#[tokio::test]
async fn circle_status_priority_orders_by_lifecycle() {
    use crate::membership::{alter_group, date};
    let app = TestApp::new().await;
    let s = setup(&app).await;
    // (name, open, close, start, end) in days from today.
    let cases = [
        ("Running", -30, -20, -5, 30),
        ("Closed", -60, -50, -40, -10),
        ("Open later", -2, 10, 40, 60),
        ("Archived", -300, -290, -280, -200),
        ("Soon", 5, 10, 20, 30),
        ("Open sooner", -2, 10, 15, 60),
        ("Applications closed", -20, -2, 10, 30),
    ];
    for (name, open, close, start, end) in cases {
        let id = create(&app, &s.admin_token, &circle_body(s.org, s.topic, name)).await["id"].as_i64().unwrap();
        alter_group(&app, id, |g| {
            g.application_open_date = Set(Some(date(open)));
            g.application_close_date = Set(Some(date(close)));
            g.start_date = Set(Some(date(start)));
            g.end_date = Set(Some(date(end)));
        })
        .await;
    }
    let order = |query: &str| {
        let app = &app;
        let query = query.to_string();
        async move {
            let answer = app.get(&format!("/api/v1/circles/?page_size=20&{query}")).send().await;
            answer.assert_status(200);
            answer.json()["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["name"].as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        }
    };
    let by_priority =
        ["Open sooner", "Open later", "Soon", "Applications closed", "Running", "Closed", "Archived"].map(String::from);
    assert_eq!(order("circle_status_priority=true").await, by_priority);
    assert_eq!(order("circle_status_priority=1").await, by_priority);
    // Off: the newest start first, as without it.
    let newest_first = order("").await;
    assert_eq!(newest_first[0], "Open later");
    assert_eq!(order("circle_status_priority=false").await, newest_first);
    assert_eq!(order("circle_status_priority=0").await, newest_first);
    let e = app.get("/api/v1/circles/?circle_status_priority=2").send().await.error(400);
    assert_eq!(e["field_errors"]["circle_status_priority"][0], "Must be a valid boolean.");
}

/// `role` on /circles/ and /events/ is the caller's membership role (spec 001 §7 "Groups
/// for the user: … role admin and leader"); target personas are filtered by `roles`.
#[tokio::test]
async fn circles_by_the_callers_role_and_by_persona() {
    use store::queries::memberships::upsert;
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let led = create(&app, &s.admin_token, &circle_body(s.org, s.topic, "Led")).await["id"].as_i64().unwrap();
    let joined = create(&app, &s.admin_token, &circle_body(s.org, s.topic, "Joined")).await["id"].as_i64().unwrap();
    let mut students = circle_body(s.org, s.topic, "For students");
    students["roles"] = json!(["student"]);
    create(&app, &s.admin_token, &students).await;
    let ada = app.add_member("ada@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(ada.id);
    upsert(&app.db, led, ada.id, "leader", "accepted").await.unwrap();
    upsert(&app.db, joined, ada.id, "member", "accepted").await.unwrap();
    let names = |query: &str, token: Option<String>| {
        let app = &app;
        let query = query.to_string();
        async move {
            let answer = app.get_json(&format!("/api/v1/circles/?{query}"), token.as_deref()).await;
            let mut names: Vec<String> =
                answer["data"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap().to_string()).collect();
            names.sort();
            names
        }
    };
    assert_eq!(names("role=leader", Some(token.clone())).await, vec!["Led"]);
    assert_eq!(names("role=admin,leader", Some(token.clone())).await, vec!["Led"]);
    assert_eq!(names("role=member", Some(token.clone())).await, vec!["Joined"]);
    // The organization's admin leads all three (their creator).
    assert_eq!(names("role=admin,leader", Some(s.admin_token.clone())).await.len(), 3);
    // Guests hold no role anywhere.
    assert!(names("role=leader", None).await.is_empty());
    assert_eq!(names("roles=student", None).await, vec!["For students"]);
    let e = app.get("/api/v1/circles/?role=student").token(&token).send().await.error(400);
    assert_eq!(e["field_errors"]["role"][0], "\"student\" is not a valid choice.");
}

/// Lists and search show a private group to exactly those who may open it: its members,
/// staff, and administrators of a group above it (also two levels up).
#[tokio::test]
async fn lists_and_search_show_private_groups_to_administrators_above() {
    let app = TestApp::new().await;
    let s = setup(&app).await;
    let mut hidden = circle_body(s.org, s.topic, "Hidden Outer");
    hidden["privacy"] = json!(20);
    let outer = create(&app, &s.admin_token, &hidden).await["id"].as_i64().unwrap();
    let mut nested = circle_body(outer, s.topic, "Hidden Inner");
    nested["privacy"] = json!(20);
    let inner = create(&app, &s.admin_token, &nested).await["id"].as_i64().unwrap();
    // Another administrator of the organization, member of neither circle.
    let boss = app.add_member("boss@example.com", &app.default_tenant, "admin").await;
    let boss_token = app.token_for(boss.id);
    let outsider = app.add_member("out@example.com", &app.default_tenant, "member").await;
    let outsider_token = app.token_for(outsider.id);
    for id in [outer, inner] {
        app.get(&format!("/api/v1/groups/{id}/")).token(&boss_token).send().await.assert_status(200);
        app.get(&format!("/api/v1/groups/{id}/")).token(&outsider_token).send().await.error(404);
    }
    let names = |path: &str, token: &str| {
        let app = &app;
        let (path, token) = (path.to_string(), token.to_string());
        async move {
            let answer = app.get(&path).token(&token).send().await;
            answer.assert_status(200);
            let mut names: Vec<String> = answer.json()["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["name"].as_str().unwrap().to_string())
                .collect();
            names.sort();
            names
        }
    };
    let both = vec!["Hidden Inner".to_string(), "Hidden Outer".to_string()];
    assert_eq!(names("/api/v1/circles/", &boss_token).await, both);
    assert_eq!(names("/api/v1/search/?type=circle&search=hidden", &boss_token).await, both);
    assert_eq!(names(&format!("/api/v1/groups/?parent_group={outer}"), &boss_token).await, vec!["Hidden Inner"]);
    assert!(names("/api/v1/circles/", &outsider_token).await.is_empty());
    assert!(names("/api/v1/search/?type=circle&search=hidden", &outsider_token).await.is_empty());
}

/// A page of 50 circles costs the same statements as a page of 5: related rows (topics,
/// SDGs, counts, parents, the caller's memberships and follows) load in one query each.
#[tokio::test]
async fn a_list_page_runs_the_same_queries_for_5_and_50_circles() {
    let (app, log) = TestApp::with_statement_log().await;
    let s = setup(&app).await;
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let member_token = app.token_for(member.id);
    for i in 0..50 {
        let created = create(&app, &s.admin_token, &circle_body(s.org, s.topic, &format!("Circle {i}"))).await;
        if i % 2 == 0 {
            let id = created["id"].as_i64().unwrap();
            store::queries::memberships::upsert(&app.db, id, member.id, "member", "accepted").await.unwrap();
        }
    }
    // The site is looked up once and then cached: warm it up first.
    app.get("/api/v1/circles/").send().await.assert_status(200);
    for token in [None, Some(member_token.as_str())] {
        let mut reads = Vec::new();
        // The list's count is kept after the first page (`store::list_counts`), and on
        // PostgreSQL the token's user once the person's generation is known (a second page):
        // read twice for this viewer, so both sizes below read the same way.
        for _ in 0..2 {
            app.get("/api/v1/circles/?page_size=1").token_if(token).send().await.assert_status(200);
        }
        for size in [5, 50] {
            let request = app.get(&format!("/api/v1/circles/?page_size={size}")).token_if(token);
            // A page read afresh (kept pages, `api::page_cache`, read none of these).
            app.forget_kept_pages().await;
            log.clear();
            let page = request.send().await;
            let statements = log.taken();
            page.assert_status(200);
            assert_eq!(page.json()["data"].as_array().unwrap().len(), size);
            assert_eq!(page.json()["pagination"]["count"], 50);
            assert_eq!(StatementLog::writes(&statements), Vec::<String>::new(), "listing writes nothing");
            reads.push(StatementLog::reads(&statements));
        }
        assert_eq!(reads[0], reads[1], "no query per circle (signed in: {})", token.is_some());
        assert!(reads[0] <= 16, "a bounded number of queries per page: {}", reads[0]);
    }
}
