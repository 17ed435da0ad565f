//! Google Classroom (issue 19): who may sync, the roster becoming members once, the
//! materials becoming resources once — on the built-in classroom — and Google's consent,
//! sync and failure against a local fake of Google's API.

use std::sync::{
    atomic::{AtomicBool, Ordering},
    Arc,
};

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use store::{
    entities::{classroom_grants, contents, memberships as membership_entity, users},
    queries::{classroom as cq, memberships},
};

use crate::{
    common::{serve_fake, TestApp},
    groups::{certify_group_profile, circle_body, create as create_group, topic},
};

struct Site {
    app: TestApp,
    admin_token: String,
    /// A circle with the classroom id "course-1".
    circle: i64,
    circle_slug: String,
    /// A circle without a classroom id.
    plain: i64,
}

async fn site_with(app: TestApp) -> Site {
    let org = app.default_tenant.organization.id;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    certify_group_profile(&app, org, &admin).await;
    let admin_token = app.token_for(admin.id);
    let topic = topic(&app, &app.default_tenant, "Data Science").await;
    let mut body = circle_body(org, topic, "Classroom Circle");
    body["google_classroom_id"] = json!("course-1");
    let circle = create_group(&app, &admin_token, &body).await;
    let plain = create_group(&app, &admin_token, &circle_body(org, topic, "Plain Circle")).await;
    Site {
        circle: circle["id"].as_i64().unwrap(),
        circle_slug: store::entities::groups::Entity::find_by_id(circle["id"].as_i64().unwrap())
            .one(&app.db)
            .await
            .unwrap()
            .unwrap()
            .slug,
        plain: plain["id"].as_i64().unwrap(),
        app,
        admin_token,
    }
}

async fn site() -> Site {
    site_with(TestApp::new().await).await
}

impl Site {
    fn tenant_id(&self) -> i64 {
        self.app.default_tenant.tenant.id
    }

    async fn roster(&self, role: &str, id: &str, email: &str) {
        let member = cq::LocalMember { course_id: "course-1", role, external_id: id, email, full_name: id };
        cq::add_local_member(&self.app.db, self.tenant_id(), member).await.unwrap();
    }

    async fn material(&self, id: &str, title: &str, description: &str, url: Option<&str>) {
        let material = cq::LocalMaterial { course_id: "course-1", external_id: id, title, description, url };
        cq::add_local_material(&self.app.db, self.tenant_id(), material).await.unwrap();
    }

    async fn sync_users(&self, token: &str, group: i64, role: &str) -> crate::common::TestResponse {
        self.app.post_json(&format!("/api/v1/groups/{group}/sync-users/"), token, &json!({"role": role})).await
    }

    async fn sync_materials(&self, token: &str, group: i64) -> crate::common::TestResponse {
        self.app.post(&format!("/api/v1/groups/{group}/classroom-materials/sync/")).token(token).send().await
    }

    async fn memberships(&self) -> Vec<(i64, String, String)> {
        let mut rows: Vec<(i64, String, String)> = membership_entity::Entity::find()
            .filter(membership_entity::Column::GroupId.eq(self.circle))
            .all(&self.app.db)
            .await
            .unwrap()
            .into_iter()
            .map(|m| (m.user_id, m.role, m.status))
            .collect();
        rows.sort();
        rows
    }

    async fn resources(&self) -> Vec<contents::Model> {
        contents::Entity::find()
            .filter(contents::Column::GroupId.eq(self.circle))
            .filter(contents::Column::ContentType.eq("resource"))
            .all(&self.app.db)
            .await
            .unwrap()
    }

    /// A member of the site, with this membership of the circle.
    async fn person(&self, email: &str, circle_role: Option<(&str, &str)>) -> users::Model {
        let user = self.app.add_member(email, &self.app.default_tenant, "member").await;
        if let Some((role, status)) = circle_role {
            memberships::upsert(&self.app.db, self.circle, user.id, role, status).await.unwrap();
        }
        user
    }
}

#[tokio::test]
async fn only_a_certified_administrator_of_a_group_with_a_classroom_syncs() {
    let s = site().await;
    let app = &s.app;
    s.roster("student", "s1", "someone@example.com").await;
    s.material("m1", "Week 1", "Read", None).await;
    // A leader of the circle, not certified.
    let leader = s.person("leader@example.com", Some(("leader", "accepted"))).await;
    let leader_token = app.token_for(leader.id);
    // A certified member of the circle, not an administrator.
    let member = s.person("member@example.com", Some(("member", "accepted"))).await;
    certify_group_profile(app, app.default_tenant.organization.id, &member).await;
    let member_token = app.token_for(member.id);
    // An administrator of another site.
    let other = app.add_tenant("other.example.com", "Other").await;
    let stranger = app.add_member("stranger@example.com", &other, "admin").await;
    certify_group_profile(app, other.organization.id, &stranger).await;
    let stranger_token = app.token_for(stranger.id);

    let calls: [(&str, &str, Option<Value>); 3] = [
        ("POST", "sync-users/", Some(json!({"role": "student"}))),
        ("GET", "classroom-materials/", None),
        ("POST", "classroom-materials/sync/", None),
    ];
    for (method, call, body) in calls {
        let send = |token: Option<&str>, group: i64, host: Option<&str>| {
            let mut request = app.request(method.parse().unwrap(), &format!("/api/v1/groups/{group}/{call}"));
            if let Some(token) = token {
                request = request.token(token);
            }
            if let Some(host) = host {
                request = request.host(host);
            }
            if let Some(body) = &body {
                request = request.json(body);
            }
            request.send()
        };
        send(None, s.circle, None).await.error(401);
        let refused = send(Some(&member_token), s.circle, None).await.error(403);
        assert_eq!(refused["detail"], "Only an administrator of this group can sync Google Classroom.", "{call}");
        let refused = send(Some(&leader_token), s.circle, None).await.error(403);
        assert_eq!(refused["detail"], "Syncing Google Classroom needs a certified profile.", "{call}");
        let refused = send(Some(&s.admin_token), s.plain, None).await.error(400);
        assert_eq!(refused["detail"], "This group has no Google Classroom id.", "{call}");
        send(Some(&stranger_token), s.circle, Some("other.example.com")).await.error(404);
        send(Some(&s.admin_token), s.circle, None).await.assert_status(200);
    }
    assert_eq!(s.resources().await.len(), 1);

    let bad = s.sync_users(&s.admin_token, s.circle, "parent").await.error(400);
    assert_eq!(bad["field_errors"]["role"][0], "\"parent\" is not a valid choice.");
    let missing =
        app.post_json(&format!("/api/v1/groups/{}/sync-users/", s.circle), &s.admin_token, &json!({})).await.error(400);
    assert!(missing["field_errors"]["role"].is_array(), "{missing}");

    // A course the classroom does not know: the spec's messages.
    use sea_orm::{ActiveModelTrait, IntoActiveModel, Set};
    let group = store::entities::groups::Entity::find_by_id(s.circle).one(&app.db).await.unwrap().unwrap();
    let mut active = group.into_active_model();
    active.google_classroom_id = Set(Some("unknown-course".into()));
    active.update(&app.db).await.unwrap();
    let failed = s.sync_users(&s.admin_token, s.circle, "teacher").await.error(400);
    assert_eq!(failed["detail"], "Failed to sync teacher in google classroom");
    let failed = s.sync_materials(&s.admin_token, s.circle).await.error(400);
    assert_eq!(failed["detail"], "Failed to sync resources");
}

#[tokio::test]
async fn the_roster_becomes_members_once_and_never_demotes() {
    let s = site().await;
    let new = s.person("new@example.com", None).await;
    let pending = s.person("pending@example.com", Some(("member", "pending"))).await;
    let rejected = s.person("rejected@example.com", Some(("member", "rejected"))).await;
    let teacher = s.person("teacher@example.com", Some(("member", "accepted"))).await;
    // Someone with an account who is not a member of the site.
    let outsider = s.app.add_user("outsider@example.com").await;
    s.roster("student", "s1", "New@Example.com").await;
    s.roster("student", "s2", "pending@example.com").await;
    s.roster("student", "s3", "rejected@example.com").await;
    s.roster("student", "s4", "nobody@school.example").await;
    s.roster("student", "s5", "outsider@example.com").await;
    s.roster("teacher", "t1", "teacher@example.com").await;
    let before = s.memberships().await;

    let answer = s.sync_users(&s.admin_token, s.circle, "student").await;
    answer.assert_status(200);
    let data = answer.json()["data"].clone();
    assert_eq!(
        data,
        json!({"role": "student", "total": 5, "added": 1, "updated": 1, "unchanged": 0, "skipped": 1, "full": 0,
            "unmatched": ["nobody@school.example", "outsider@example.com"], "unmatched_count": 2})
    );
    let after = s.memberships().await;
    let find = |rows: &[(i64, String, String)], id: i64| {
        rows.iter().find(|(u, _, _)| *u == id).map(|(_, r, st)| (r.clone(), st.clone()))
    };
    assert_eq!(find(&after, new.id), Some(("member".into(), "accepted".into())));
    assert_eq!(find(&after, pending.id), Some(("member".into(), "accepted".into())));
    assert_eq!(find(&after, rejected.id), Some(("member".into(), "rejected".into())));
    assert_eq!(find(&after, outsider.id), None);
    assert_eq!(after.len(), before.len() + 1);

    // Again: nothing changes.
    let again = s.sync_users(&s.admin_token, s.circle, "student").await;
    again.assert_status(200);
    assert_eq!(again.json()["data"]["added"], 0);
    assert_eq!(again.json()["data"]["updated"], 0);
    assert_eq!(again.json()["data"]["unchanged"], 2);
    assert_eq!(s.memberships().await, after);

    // Teachers lead; a student sync does not take that back.
    let teachers = s.sync_users(&s.admin_token, s.circle, "teacher").await;
    teachers.assert_status(200);
    assert_eq!(teachers.json()["data"]["updated"], 1);
    s.roster("student", "s6", "teacher@example.com").await;
    s.sync_users(&s.admin_token, s.circle, "student").await.assert_status(200);
    assert_eq!(find(&s.memberships().await, teacher.id), Some(("leader".into(), "accepted".into())));
}

#[tokio::test]
async fn a_roster_sync_stops_at_the_maximum_size_and_tells_who_it_added() {
    use sea_orm::{ActiveModelTrait, Set};
    let s = site().await;
    let app = &s.app;
    // The administrator and one member hold two of the four seats.
    let seated = s.person("seated@example.com", Some(("member", "accepted"))).await;
    let mut circle: store::entities::groups::ActiveModel =
        store::entities::groups::Entity::find_by_id(s.circle).one(&app.db).await.unwrap().unwrap().into();
    circle.maximum_size = Set(Some(4));
    circle.update(&app.db).await.unwrap();
    let before = s.memberships().await;
    let accepted_before = before.iter().filter(|(_, _, st)| st == "accepted").count();
    assert_eq!(accepted_before, 2, "{before:?}");
    let mut people = Vec::new();
    for n in 1..=4 {
        let email = format!("pupil{n}@example.com");
        people.push(s.person(&email, None).await);
        s.roster("student", &format!("s{n}"), &email).await;
    }
    s.roster("student", "s0", "seated@example.com").await;

    let answer = s.sync_users(&s.admin_token, s.circle, "student").await;
    answer.assert_status(200);
    let body = answer.json();
    assert_eq!(body["data"]["added"], 2);
    assert_eq!(body["data"]["unchanged"], 1);
    assert_eq!(body["data"]["full"], 2);
    assert_eq!(
        body["message"],
        "Students synced from Google Classroom: 2 added, 0 updated, 1 already members. \
         2 not added: the circle is full (4 members at most)."
    );
    let after = s.memberships().await;
    assert_eq!(after.iter().filter(|(_, _, st)| st == "accepted").count(), 4, "never past the maximum");
    let member_ids: Vec<i64> = after.iter().map(|(u, _, _)| *u).collect();
    assert!(member_ids.contains(&people[0].id) && member_ids.contains(&people[1].id), "roster order");
    assert!(!member_ids.contains(&people[2].id) && !member_ids.contains(&people[3].id), "no row for the others");

    // The added are told, as when an administrator adds them: a notification and a mail.
    let notices = store::entities::notifications::Entity::find()
        .filter(store::entities::notifications::Column::NotificationType.eq("member_added"))
        .all(&app.db)
        .await
        .unwrap();
    let mut told: Vec<i64> = notices.iter().map(|n| n.user_id).collect();
    told.sort();
    assert_eq!(told, vec![people[0].id, people[1].id]);
    assert!(notices[0].message.ends_with("added you to Classroom Circle as member."), "{}", notices[0].message);
    assert!(!told.contains(&seated.id));
    let mails = app.get("/dev/mailbox.json").send().await.json();
    let to: Vec<&str> = mails
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["subject"] == "You were added to Classroom Circle")
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(to.len(), 2, "{to:?}");
    assert!(to.contains(&"pupil1@example.com") && to.contains(&"pupil2@example.com"));

    // A seat freed by raising the size: the next sync takes one more, and tells only them.
    let mut circle: store::entities::groups::ActiveModel =
        store::entities::groups::Entity::find_by_id(s.circle).one(&app.db).await.unwrap().unwrap().into();
    circle.maximum_size = Set(Some(5));
    circle.update(&app.db).await.unwrap();
    let again = s.sync_users(&s.admin_token, s.circle, "student").await.json();
    assert_eq!((again["data"]["added"].as_i64(), again["data"]["full"].as_i64()), (Some(1), Some(1)));
    let notices = store::entities::notifications::Entity::find()
        .filter(store::entities::notifications::Column::NotificationType.eq("member_added"))
        .all(&app.db)
        .await
        .unwrap();
    assert_eq!(notices.len(), 3);
}

#[tokio::test]
async fn materials_become_approved_resources_once() {
    let s = site().await;
    s.material(
        "m1",
        "Week 1 reading",
        "Read <script>alert(1)</script>this.\n\nThen that.",
        Some("https://drive.google.com/file/1"),
    )
    .await;
    s.material("m2", "Slides", "", Some("javascript:alert(1)")).await;

    let answer = s.sync_materials(&s.admin_token, s.circle).await;
    answer.assert_status(200);
    assert_eq!(answer.json()["data"], json!({"total": 2, "created": 2, "updated": 0, "unchanged": 0}));
    let mut resources = s.resources().await;
    resources.sort_by_key(|r| r.id);
    assert_eq!(resources.len(), 2);
    let first = &resources[0];
    assert_eq!(first.title, "Week 1 reading");
    assert_eq!(first.status, "approved");
    assert!(!first.content.contains("<script"), "{}", first.content);
    assert!(first.content.starts_with("<p>Read"), "{}", first.content);
    assert_eq!(first.source.as_deref(), Some("https://drive.google.com/file/1"));
    assert_eq!(resources[1].source, None, "only web links are kept");

    // Approved resources show on the group's resources list.
    let list = s.app.get(&format!("/api/v1/contents/?types=resource&group_id={}", s.circle)).send().await;
    list.assert_status(200);
    assert_eq!(list.json()["pagination"]["count"], 2, "{}", list.text());

    // Again: nothing new; a changed material updates its resource.
    let again = s.sync_materials(&s.admin_token, s.circle).await;
    assert_eq!(again.json()["data"], json!({"total": 2, "created": 0, "updated": 0, "unchanged": 2}));
    s.material("m2", "Slides (updated)", "Now with notes", Some("https://example.com/slides")).await;
    let changed = s.sync_materials(&s.admin_token, s.circle).await;
    assert_eq!(changed.json()["data"], json!({"total": 2, "created": 0, "updated": 1, "unchanged": 1}));
    let resources = s.resources().await;
    assert_eq!(resources.len(), 2);
    assert!(resources.iter().any(|r| r.title == "Slides (updated)"));

    // The list shows each material with its resource.
    let listed =
        s.app.get(&format!("/api/v1/groups/{}/classroom-materials/", s.circle)).token(&s.admin_token).send().await;
    listed.assert_status(200);
    let listed = listed.json();
    assert_eq!(listed["pagination"]["count"], 2);
    assert_eq!(listed["data"][0]["id"], "m1");
    assert_eq!(listed["data"][0]["resource_id"], first.id);
    assert_eq!(listed["data"][0]["resource_slug"], first.slug.as_str());
}

// --- Google, against a local fake of its API ------------------------------------------------

async fn fake_google(down: Arc<AtomicBool>) -> String {
    use axum::{
        extract::{Path, State},
        http::StatusCode,
        routing::{get, post},
        Form, Json, Router,
    };
    use std::collections::HashMap;
    async fn token(Form(form): Form<HashMap<String, String>>) -> (StatusCode, Json<Value>) {
        match (form.get("grant_type").map(String::as_str), form.get("code"), form.get("refresh_token")) {
            (Some("authorization_code"), Some(code), _) if code == "good-code" => {
                (StatusCode::OK, Json(json!({"access_token": "a0", "refresh_token": "1//secret-refresh"})))
            }
            (Some("refresh_token"), _, Some(token)) if token == "1//secret-refresh" => {
                (StatusCode::OK, Json(json!({"access_token": "a1", "expires_in": 3600})))
            }
            _ => (StatusCode::BAD_REQUEST, Json(json!({"error": "invalid_grant"}))),
        }
    }
    async fn list(
        State(down): State<Arc<AtomicBool>>,
        Path((_course, resource)): Path<(String, String)>,
    ) -> (StatusCode, Json<Value>) {
        if down.load(Ordering::SeqCst) {
            return (StatusCode::SERVICE_UNAVAILABLE, Json(json!({})));
        }
        match resource.as_str() {
            "students" => (
                StatusCode::OK,
                Json(json!({"students": [{"userId": "g1", "profile": {"emailAddress": "pupil@example.com",
                    "name": {"fullName": "A Pupil"}}}]})),
            ),
            _ => (StatusCode::OK, Json(json!({"courseWorkMaterial": []}))),
        }
    }
    let router =
        Router::new().route("/token", post(token)).route("/v1/courses/{course}/{resource}", get(list)).with_state(down);
    serve_fake(router).await
}

#[tokio::test]
async fn google_classroom_asks_consent_keeps_it_sealed_and_reports_its_failures() {
    let down = Arc::new(AtomicBool::new(false));
    let base = fake_google(down.clone()).await;
    let mut config = services::classroom::GoogleClassroomConfig::new("client-id", "client-secret");
    config.authorize_url = format!("{base}/auth");
    config.token_url = format!("{base}/token");
    config.api_url = format!("{base}/v1");
    let settings = api::Settings { classroom: Some(config), ..api::Settings::for_tests() };
    let s = site_with(TestApp::with_settings(settings).await).await;
    let app = &s.app;
    let pupil = s.person("pupil@example.com", None).await;

    // Before consent: a clear refusal, and the way to give it.
    let refused = s.sync_users(&s.admin_token, s.circle, "student").await.error(403);
    assert_eq!(refused["code"], "CLASSROOM_CONSENT_REQUIRED");
    let consent =
        app.get(&format!("/api/v1/google-classroom/consent/?group={}", s.circle)).token(&s.admin_token).send().await;
    consent.assert_status(200);
    let consent = consent.json()["data"].clone();
    assert_eq!(consent["provider"], "google");
    assert_eq!(consent["needs_consent"], true);
    assert_eq!(consent["connected"], false);
    let url = url::Url::parse(consent["url"].as_str().unwrap()).unwrap();
    assert!(url.as_str().starts_with(&format!("{base}/auth?")));
    let query: std::collections::HashMap<String, String> = url.query_pairs().into_owned().collect();
    assert_eq!(query["redirect_uri"], "http://localhost:8080/api/v1/google-classroom/callback/");
    let state = query["state"].clone();

    // A forged or foreign state is refused; Google's refusal goes back to the page.
    let forged = format!("{}0", state);
    app.get(&format!("/api/v1/google-classroom/callback/?code=good-code&state={forged}")).send().await.error(400);
    let denied = app.get(&format!("/api/v1/google-classroom/callback/?error=access_denied&state={state}")).send().await;
    denied.assert_status(303);
    assert_eq!(denied.header("location").unwrap(), format!("/circle/{}/admin?classroom=denied", s.circle_slug));

    let back = app.get(&format!("/api/v1/google-classroom/callback/?code=good-code&state={state}")).send().await;
    back.assert_status(303);
    assert_eq!(back.header("location").unwrap(), format!("/circle/{}/admin?classroom=connected", s.circle_slug));
    let grants = classroom_grants::Entity::find().all(&app.db).await.unwrap();
    assert_eq!(grants.len(), 1);
    assert!(!grants[0].sealed_refresh_token.contains("secret-refresh"), "the refresh token is sealed");
    let consent = app.get("/api/v1/google-classroom/consent/").token(&s.admin_token).send().await.json();
    assert_eq!(consent["data"]["connected"], true);
    assert!(!consent.to_string().contains("secret-refresh"));

    // With consent: the roster comes from Google.
    let synced = s.sync_users(&s.admin_token, s.circle, "student").await;
    synced.assert_status(200);
    assert_eq!(synced.json()["data"]["added"], 1);
    let member = memberships::find(&app.db, s.circle, pupil.id).await.unwrap().unwrap();
    assert_eq!((member.role.as_str(), member.status.as_str()), ("member", "accepted"));

    // Google down: 502 with the spec's messages, and nothing lost.
    down.store(true, Ordering::SeqCst);
    let failed = s.sync_users(&s.admin_token, s.circle, "student").await.error(502);
    assert_eq!(failed["detail"], "Failed to sync student in google classroom");
    let failed = s.sync_materials(&s.admin_token, s.circle).await.error(502);
    assert_eq!(failed["detail"], "Failed to sync resources");
    assert_eq!(classroom_grants::Entity::find().all(&app.db).await.unwrap().len(), 1);
    down.store(false, Ordering::SeqCst);

    // Disconnecting: only one's own consent, on this site only.
    let admin_id = grants[0].user_id;
    let other_site = app.add_tenant("other.example", "Other").await;
    cq::save_grant(&app.db, other_site.tenant.id, admin_id, "sealed-elsewhere").await.unwrap();
    app.delete("/api/v1/google-classroom/consent/").send().await.error(401);
    let pupil_token = app.token_for(pupil.id);
    let own = app.delete("/api/v1/google-classroom/consent/").token(&pupil_token);
    own.send().await.assert_status(204);
    assert_eq!(classroom_grants::Entity::find().all(&app.db).await.unwrap().len(), 2, "nobody else's");
    let disconnect = app.delete("/api/v1/google-classroom/consent/").token(&s.admin_token);
    disconnect.send().await.assert_status(204);
    let left = classroom_grants::Entity::find().all(&app.db).await.unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].tenant_id, other_site.tenant.id, "the other site's consent stays");
    let consent = app.get("/api/v1/google-classroom/consent/").token(&s.admin_token).send().await.json();
    assert_eq!(consent["data"]["connected"], false);
    let refused = s.sync_users(&s.admin_token, s.circle, "student").await.error(403);
    assert_eq!(refused["code"], "CLASSROOM_CONSENT_REQUIRED");
    // Again: nothing kept, still a success.
    let again = app.delete("/api/v1/google-classroom/consent/").token(&s.admin_token);
    again.send().await.assert_status(204);
}

#[tokio::test]
async fn the_demo_circle_syncs_its_built_in_course() {
    let app = TestApp::new().await;
    for _ in 0..2 {
        store::seed::seed_demo(&app.db, "not-a-real-hash").await.unwrap();
    }
    let admin = store::queries::users::find_by_email(&app.db, "admin@example.com").await.unwrap().unwrap();
    let token = app.token_for(admin.id);
    let circle = app.get("/api/v1/groups/slug/generative-ai-for-career-changers/").token(&token).send().await.json();
    let id = circle["data"]["id"].as_i64().unwrap();
    assert_eq!(circle["data"]["google_classroom_id"], "demo-course");
    let consent = app.get("/api/v1/google-classroom/consent/").token(&token).send().await.json();
    assert_eq!(consent["data"], json!({"provider": "local", "needs_consent": false, "connected": true, "url": null}));

    let students =
        app.post_json(&format!("/api/v1/groups/{id}/sync-users/"), &token, &json!({"role": "student"})).await;
    students.assert_status(200);
    let data = students.json()["data"].clone();
    assert_eq!((data["total"].clone(), data["unmatched_count"].clone()), (json!(4), json!(2)));
    assert_eq!(data["added"].as_u64().unwrap() + data["updated"].as_u64().unwrap(), 2, "{data}");
    let maria = store::queries::users::find_by_email(&app.db, "maria@example.com").await.unwrap().unwrap();
    assert_eq!(memberships::find(&app.db, id, maria.id).await.unwrap().unwrap().status, "accepted");
    let teachers =
        app.post_json(&format!("/api/v1/groups/{id}/sync-users/"), &token, &json!({"role": "teacher"})).await;
    teachers.assert_status(200);
    let resources = app.post(&format!("/api/v1/groups/{id}/classroom-materials/sync/")).token(&token).send().await;
    resources.assert_status(200);
    assert_eq!(resources.json()["data"]["created"], 3);
}
