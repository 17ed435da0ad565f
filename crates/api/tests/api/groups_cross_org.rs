//! Groups across organizations and sites: an administrator of one organization reaches
//! nothing of another organization on the same site (403, or 404 where the group is
//! private), another site's group ids are unknown on every group endpoint (404, or 400
//! 'Invalid pk' where the id is a reference in a body), and nothing of the other
//! organization or site changes. Invitations stay on their own site.

use axum::http::Method;
use serde_json::{json, Value};
use store::{entities::users, queries::memberships, queries::tenants::TenantRecord};

use crate::{
    common::{TestApp, TestResponse},
    groups::{circle_body, create, make_staff, topic},
    membership::{id_of, join, mails_to, person, respond, status_of},
    uploads::{file, multipart, png, BOUNDARY},
};

const OTHER_HOST: &str = "other.example.com";
const HOME_HOST: &str = "localhost:8080";

/// Sends `body` (JSON) to `path` on `host` as `token`.
async fn call(app: &TestApp, host: &str, token: &str, method: Method, path: &str, body: Option<Value>) -> TestResponse {
    let mut request = app.request(method, path).host(host).token(token);
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await
}

async fn image_upload(app: &TestApp, host: &str, token: &str, path: &str, field: &str) -> TestResponse {
    app.post(path)
        .host(host)
        .token(token)
        .raw(&format!("multipart/form-data; boundary={BOUNDARY}"), multipart(vec![file(field, "i.png", png(40, 40))]))
        .send()
        .await
}

/// The people a call may name: someone with a pending request, an accepted member, and an
/// outsider of the group who belongs to the site.
struct Names {
    pending: i64,
    member: i64,
    outsider: i64,
}

/// Every call that reads or changes one group, by id, with a body that would be valid for
/// the group's own administrators. Labelled for the assertion messages.
async fn every_group_call(app: &TestApp, host: &str, token: &str, id: i64, n: &Names) -> Vec<(String, TestResponse)> {
    let g = format!("/api/v1/groups/{id}");
    let calls: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, format!("{g}/"), None),
        (Method::PATCH, format!("{g}/"), Some(json!({"name": "Taken over"}))),
        (Method::POST, format!("{g}/questions/"), Some(json!({"questions": [{"label": "Who?", "type": "text"}]}))),
        (Method::GET, format!("{g}/members/?status=pending"), None),
        (Method::GET, format!("{g}/members/?status=rejected"), None),
        (Method::GET, format!("{g}/members/?is_verified=false"), None),
        (Method::POST, format!("{g}/respond-join-request/"), Some(json!({"users": [n.pending], "action": "accept"}))),
        (Method::POST, format!("{g}/add-member/"), Some(json!({"user": n.outsider, "role": "member"}))),
        (Method::POST, format!("{g}/remove-member/"), Some(json!({"user": n.member, "reason": "Gone"}))),
        (Method::POST, format!("{g}/payment-confirmation/"), Some(json!({"user": n.member, "action": "accept"}))),
        (Method::POST, format!("{g}/followup-email-unverified/"), Some(json!({"user_ids": [n.member]}))),
        (Method::GET, format!("{g}/export-group-membership/"), None),
        (Method::POST, "/api/v1/invite-users/".into(), Some(json!({"object_id": id, "emails": "spam@example.org"}))),
        (
            Method::POST,
            "/api/v1/invite-users/".into(),
            Some(json!({"object_id": id, "content_type": "group", "users": [n.outsider]})),
        ),
    ];
    let mut out = Vec::new();
    for (method, path, body) in calls {
        let label = format!("{method} {path}");
        out.push((label, call(app, host, token, method, &path, body).await));
    }
    for (part, field) in [("logo", "logo"), ("cover-image", "cover_image")] {
        let path = format!("{g}/{part}/");
        out.push((format!("POST {path}"), image_upload(app, host, token, &path, field).await));
    }
    out
}

/// The calls every visitor of a group may make, plus joining and leaving.
async fn visitor_calls(app: &TestApp, host: &str, token: &str, id: i64) -> Vec<(String, TestResponse)> {
    let g = format!("/api/v1/groups/{id}");
    let calls: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, format!("{g}/members/"), None),
        (Method::GET, format!("{g}/sdgs/"), None),
        (Method::POST, format!("{g}/join/"), Some(json!({}))),
        (Method::POST, format!("{g}/leave/"), Some(json!({}))),
        (Method::GET, format!("/api/v1/groups/metrics/?group_id={id}"), None),
    ];
    let mut out = Vec::new();
    for (method, path, body) in calls {
        let label = format!("{method} {path}");
        out.push((label, call(app, host, token, method, &path, body).await));
    }
    out
}

#[track_caller]
fn expect_all(answers: &[(String, TestResponse)], status: u16) {
    for (label, answer) in answers {
        assert_eq!(answer.status.as_u16(), status, "{label}: {}", answer.text());
        let body = answer.json();
        assert!(body["detail"].is_string(), "{label}: error body without detail: {body}");
        assert!(body.get("field_errors").is_some(), "{label}: error body without field_errors: {body}");
    }
}

// ------------------------------------------------------------ two organizations, one site

struct TwoOrgs {
    a_admin: users::Model,
    a_token: String,
    b_token: String,
    topic: i64,
    org_a: i64,
    org_b: i64,
    b_circle: i64,
    b_private: i64,
    pending: users::Model,
    member: users::Model,
    outsider: users::Model,
}

async fn organization(app: &TestApp, staff_token: &str, name: &str) -> i64 {
    let body =
        json!({"name": name, "group_type": "organization", "description": "<p>An organization</p>", "country": "KE"});
    id_of(&create(app, staff_token, &body).await)
}

/// Organizations A and B on the default site, each with its own administrator (who also
/// belongs to the site), B with a public and a private circle with people in them.
async fn two_orgs(app: &TestApp) -> TwoOrgs {
    let site = &app.default_tenant;
    let staff = app.add_member("staff@example.com", site, "member").await;
    make_staff(app, &staff).await;
    let staff_token = app.token_for(staff.id);
    let org_a = organization(app, &staff_token, "Org A").await;
    let org_b = organization(app, &staff_token, "Org B").await;
    let a_admin = app.add_member("a-admin@example.com", site, "member").await;
    memberships::upsert(&app.db, org_a, a_admin.id, "admin", "accepted").await.unwrap();
    let b_admin = app.add_member("b-admin@example.com", site, "member").await;
    memberships::upsert(&app.db, org_b, b_admin.id, "admin", "accepted").await.unwrap();
    let topic = topic(app, site, "Machine Learning").await;
    let b_token = app.token_for(b_admin.id);
    let b_circle = id_of(&create(app, &b_token, &circle_body(org_b, topic, "B Circle")).await);
    let mut private = circle_body(org_b, topic, "B Private");
    private["privacy"] = json!(20);
    let b_private = id_of(&create(app, &b_token, &private).await);
    let (pending, pending_token) = person(app, "pending@example.com").await;
    let (member, member_token) = person(app, "member@example.com").await;
    let (outsider, _) = person(app, "outsider@example.com").await;
    join(app, &pending_token, b_circle, json!({})).await.assert_status(200);
    join(app, &member_token, b_circle, json!({})).await.assert_status(200);
    respond(app, &b_token, b_circle, json!({"users": [member.id], "action": "accept"})).await.assert_status(200);
    memberships::upsert(&app.db, b_private, pending.id, "member", "pending").await.unwrap();
    memberships::upsert(&app.db, b_private, member.id, "member", "accepted").await.unwrap();
    TwoOrgs {
        a_token: app.token_for(a_admin.id),
        a_admin,
        b_token,
        topic,
        org_a,
        org_b,
        b_circle,
        b_private,
        pending,
        member,
        outsider,
    }
}

/// Everything B's people can see of B's groups, to compare before and after.
async fn snapshot_b(app: &TestApp, t: &TwoOrgs) -> Vec<Value> {
    let mut out = Vec::new();
    for id in [t.org_b, t.b_circle, t.b_private] {
        let mut group = app.get(&format!("/api/v1/groups/{id}/")).token(&t.b_token).send().await.json()["data"].clone();
        // What the caller sees of their own membership is not what is compared.
        group.as_object_mut().unwrap().remove("lifecycle");
        out.push(group);
        for tab in ["", "?status=pending", "?status=rejected"] {
            let page = app.get(&format!("/api/v1/groups/{id}/members/{tab}")).token(&t.b_token).send().await;
            page.assert_status(200);
            out.push(page.json());
        }
    }
    out
}

#[tokio::test]
async fn an_administrator_of_one_organization_is_refused_every_call_on_another_organizations_groups() {
    let app = TestApp::new().await;
    let t = two_orgs(&app).await;
    let names = Names { pending: t.pending.id, member: t.member.id, outsider: t.outsider.id };
    let before = snapshot_b(&app, &t).await;
    let mails_before = store::queries::mail::latest(&app.db, 500).await.unwrap().len();

    // B's organization and its public circle: visible, so 403.
    for id in [t.org_b, t.b_circle] {
        let answers = every_group_call(&app, HOME_HOST, &t.a_token, id, &names).await;
        // GET /groups/{id}/ is the one call a visitor may make.
        let (label, seen) = &answers[0];
        assert_eq!(seen.status.as_u16(), 200, "{label}");
        assert_eq!(seen.json()["data"]["is_administrator"], false);
        assert!(seen.json()["data"]["pending_members_count"].is_null(), "counts are for administrators");
        expect_all(&answers[1..], 403);
        for (label, answer) in &answers[1..] {
            let detail = answer.json()["detail"].as_str().unwrap().to_string();
            assert!(detail.starts_with("You do not have permission to"), "{label}: {detail}");
        }
        // The accepted tab is the public People tab: no e-mails in it.
        let page = app.get(&format!("/api/v1/groups/{id}/members/")).token(&t.a_token).send().await;
        page.assert_status(200);
        assert!(page.json()["data"].as_array().unwrap().iter().all(|m| m["email"].is_null()));
    }
    // B's private circle does not exist for A's administrator.
    let answers = every_group_call(&app, HOME_HOST, &t.a_token, t.b_private, &names).await;
    expect_all(&answers, 404);
    expect_all(&visitor_calls(&app, HOME_HOST, &t.a_token, t.b_private).await, 404);

    // Creating below B (its organization or its circles) is refused.
    for parent in [t.org_b, t.b_circle] {
        let e = app.post_json("/api/v1/groups/", &t.a_token, &circle_body(parent, t.topic, "Planted")).await.error(403);
        assert!(e["detail"].as_str().unwrap().starts_with("Creating a circle needs"), "{e}");
    }
    // A private parent of B is not even there.
    let e =
        app.post_json("/api/v1/groups/", &t.a_token, &circle_body(t.b_private, t.topic, "Planted")).await.error(400);
    assert_eq!(
        e["field_errors"]["parent_group"][0],
        format!("Invalid pk \"{}\" - object does not exist.", t.b_private)
    );
    // Below their own organization it works.
    create(&app, &t.a_token, &circle_body(t.org_a, t.topic, "A Circle")).await;

    // Nothing of B changed, nobody was mailed and A's administrator got into nothing.
    assert_eq!(snapshot_b(&app, &t).await, before);
    assert_eq!(store::queries::mail::latest(&app.db, 500).await.unwrap().len(), mails_before);
    assert!(mails_to(&app, "spam@example.org").await.is_empty());
    for id in [t.org_b, t.b_circle, t.b_private] {
        assert_eq!(status_of(&app, id, t.a_admin.id).await, None);
        assert_eq!(status_of(&app, id, t.outsider.id).await, None);
    }
    assert_eq!(status_of(&app, t.b_circle, t.pending.id).await, Some(("pending".into(), false)));
    assert_eq!(status_of(&app, t.b_circle, t.member.id).await, Some(("accepted".into(), false)));
}

/// A's administrator moves their own circle below B's organization: the create-time
/// check on the parent must hold for edits too.
#[tokio::test]
async fn an_administrator_cannot_move_a_circle_below_another_organization() {
    let app = TestApp::new().await;
    let t = two_orgs(&app).await;
    let mine = id_of(&create(&app, &t.a_token, &circle_body(t.org_a, t.topic, "A Circle")).await);
    let answer =
        app.patch_json(&format!("/api/v1/groups/{mine}/"), &t.a_token, &json!({"parent_group": t.org_b})).await;
    assert_eq!(answer.status.as_u16(), 403, "{}", answer.text());
    let circles = app.get(&format!("/api/v1/circles/?parent_group={}", t.org_b)).send().await.json();
    assert_eq!(circles["pagination"]["count"], 1, "only B's own public circle");
}

// ------------------------------------------------------------ another site's group ids

struct OtherSite {
    site: TenantRecord,
    admin_token: String,
    org: i64,
    circle: i64,
    pending: users::Model,
    member: users::Model,
}

async fn other_site(app: &TestApp) -> OtherSite {
    let site = app.add_tenant(OTHER_HOST, "Other Org").await;
    let admin = app.add_member("admin@other.example.com", &site, "admin").await;
    let admin_token = app.token_for(admin.id);
    let topic = topic(app, &site, "Robotics").await;
    let answer = app
        .post("/api/v1/groups/")
        .host(OTHER_HOST)
        .token(&admin_token)
        .json(&circle_body(site.organization.id, topic, "Other Site Circle"))
        .send()
        .await;
    answer.assert_status(201);
    let circle = id_of(&answer.json()["data"]);
    let pending = app.add_member("pending@other.example.com", &site, "member").await;
    let member = app.add_member("member@other.example.com", &site, "member").await;
    for who in [&pending, &member] {
        call(
            app,
            OTHER_HOST,
            &app.token_for(who.id),
            Method::POST,
            &format!("/api/v1/groups/{circle}/join/"),
            Some(json!({})),
        )
        .await
        .assert_status(200);
    }
    call(
        app,
        OTHER_HOST,
        &admin_token,
        Method::POST,
        &format!("/api/v1/groups/{circle}/respond-join-request/"),
        Some(json!({"users": [member.id], "action": "accept"})),
    )
    .await
    .assert_status(200);
    OtherSite { org: site.organization.id, site, admin_token, circle, pending, member }
}

/// The other site's groups as its administrator sees them on its own host.
async fn snapshot_other(app: &TestApp, o: &OtherSite) -> Vec<Value> {
    let mut out = Vec::new();
    for id in [o.org, o.circle] {
        let seen = call(app, OTHER_HOST, &o.admin_token, Method::GET, &format!("/api/v1/groups/{id}/"), None).await;
        seen.assert_status(200);
        let mut group = seen.json()["data"].clone();
        group.as_object_mut().unwrap().remove("lifecycle");
        out.push(group);
        for tab in ["", "?status=pending", "?status=rejected"] {
            let path = format!("/api/v1/groups/{id}/members/{tab}");
            let page = call(app, OTHER_HOST, &o.admin_token, Method::GET, &path, None).await;
            page.assert_status(200);
            out.push(page.json());
        }
    }
    out
}

#[tokio::test]
async fn another_sites_group_ids_are_unknown_on_every_group_endpoint() {
    let app = TestApp::new().await;
    let o = other_site(&app).await;
    let home_admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let home_token = app.token_for(home_admin.id);
    let (home_member, _) = person(&app, "ada@example.com").await;
    let home_topic = topic(&app, &app.default_tenant, "Machine Learning").await;
    let before = snapshot_other(&app, &o).await;
    let mails_before = store::queries::mail::latest(&app.db, 500).await.unwrap().len();
    let names = Names { pending: o.pending.id, member: o.member.id, outsider: home_member.id };

    // Both this site's administrator and the other site's own administrator, calling on
    // this site's host: the host decides the site, not the caller.
    for token in [&home_token, &o.admin_token] {
        for id in [o.org, o.circle] {
            expect_all(&every_group_call(&app, HOME_HOST, token, id, &names).await, 404);
            expect_all(&visitor_calls(&app, HOME_HOST, token, id).await, 404);
        }
        let e =
            call(&app, HOME_HOST, token, Method::GET, "/api/v1/groups/slug/other-site-circle/", None).await.error(404);
        assert_eq!(e["detail"], "Group not found.");
    }

    // As a reference inside a body: 'Invalid pk' on the field.
    for parent in [o.org, o.circle] {
        let e =
            app.post_json("/api/v1/groups/", &home_token, &circle_body(parent, home_topic, "Across")).await.error(400);
        assert_eq!(e["field_errors"]["parent_group"][0], format!("Invalid pk \"{parent}\" - object does not exist."));
    }
    let own =
        id_of(&create(&app, &home_token, &circle_body(app.default_tenant.organization.id, home_topic, "Home")).await);
    let e = call(
        &app,
        HOME_HOST,
        &home_token,
        Method::PATCH,
        &format!("/api/v1/groups/{own}/"),
        Some(json!({"parent_group": o.org})),
    )
    .await
    .error(400);
    assert_eq!(e["field_errors"]["parent_group"][0], format!("Invalid pk \"{}\" - object does not exist.", o.org));
    let e = call(
        &app,
        HOME_HOST,
        &home_token,
        Method::POST,
        "/api/v1/leader-applications/",
        Some(json!({"group": o.circle, "response": {}})),
    )
    .await
    .error(400);
    assert_eq!(e["field_errors"]["group"][0], format!("Invalid pk \"{}\" - object does not exist.", o.circle));
    // Lists filtered by the other site's group find nothing here.
    for path in ["/api/v1/groups/", "/api/v1/circles/", "/api/v1/events/"] {
        for id in [o.org, o.circle] {
            let page = app.get(&format!("{path}?parent_group={id}")).token(&home_token).send().await;
            page.assert_status(200);
            assert_eq!(page.json()["pagination"]["count"], 0, "{path}?parent_group={id}");
        }
    }
    let found = app.get("/api/v1/search/?type=all_group&search=other%20site").token(&home_token).send().await;
    found.assert_status(200);
    assert_eq!(found.json()["pagination"]["count"], 0);
    let e = app
        .get(&format!("/api/v1/search/?type=user&is_group_search=true&group_id={}", o.circle))
        .token(&home_token)
        .send()
        .await;
    assert!(matches!(e.status.as_u16(), 400 | 404), "{}", e.text());

    // Read back on its own host: nothing changed, nobody was mailed or added.
    assert_eq!(snapshot_other(&app, &o).await, before);
    assert_eq!(store::queries::mail::latest(&app.db, 500).await.unwrap().len(), mails_before);
    for id in [o.org, o.circle] {
        assert_eq!(status_of(&app, id, home_admin.id).await, None);
        assert_eq!(status_of(&app, id, home_member.id).await, None);
    }
    assert_eq!(status_of(&app, o.circle, o.pending.id).await, Some(("pending".into(), false)));
    assert_eq!(status_of(&app, o.circle, o.member.id).await, Some(("accepted".into(), false)));
    let _ = &o.site;
}

// ------------------------------------------------------------ invitations stay on their site

/// The id of the last invitation mailed to `to`.
async fn invitation_id(app: &TestApp, to: &str) -> String {
    let mail = mails_to(app, to).await.pop().expect("an invitation mail");
    let start = mail.text_body.find("/invitation/").expect("a link") + "/invitation/".len();
    mail.text_body[start..].chars().take_while(char::is_ascii_alphanumeric).collect()
}

#[tokio::test]
async fn an_invitation_opens_only_on_its_own_site_and_only_for_its_invitee() {
    let app = TestApp::new().await;
    let o = other_site(&app).await;
    let home_admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let home_token = app.token_for(home_admin.id);
    let home_topic = topic(&app, &app.default_tenant, "Machine Learning").await;
    let home_circle =
        id_of(&create(&app, &home_token, &circle_body(app.default_tenant.organization.id, home_topic, "Home")).await);
    // A person of the other site is invited here by e-mail.
    let invitee = &o.member;
    let invitee_token = app.token_for(invitee.id);
    call(
        &app,
        HOME_HOST,
        &home_token,
        Method::POST,
        "/api/v1/invite-users/",
        Some(json!({"object_id": home_circle, "emails": invitee.email})),
    )
    .await
    .assert_status(200);
    let home_inv = invitation_id(&app, &invitee.email).await;
    // And a person of this site is invited on the other site.
    let (ada, ada_token) = person(&app, "ada@example.com").await;
    call(
        &app,
        OTHER_HOST,
        &o.admin_token,
        Method::POST,
        "/api/v1/invite-users/",
        Some(json!({"object_id": o.circle, "emails": ada.email})),
    )
    .await
    .assert_status(200);
    let other_inv = invitation_id(&app, &ada.email).await;
    assert!(mails_to(&app, &ada.email).await.pop().unwrap().text_body.contains("other.example.com"));

    // Opened or answered on the wrong host, by anyone: unknown.
    for (inv, host) in [(&home_inv, OTHER_HOST), (&other_inv, HOME_HOST)] {
        for token in [&invitee_token, &ada_token, &home_token, &o.admin_token] {
            let path = format!("/api/v1/invitation/{inv}/");
            call(&app, host, token, Method::GET, &path, None).await.error(404);
            for action in ["accept", "reject"] {
                let path = format!("/api/v1/invitation/{inv}/{action}/");
                call(&app, host, token, Method::POST, &path, None).await.error(404);
            }
        }
    }
    // On the right host, someone else (an administrator of the other site included) cannot.
    call(&app, HOME_HOST, &o.admin_token, Method::GET, &format!("/api/v1/invitation/{home_inv}/"), None)
        .await
        .error(404);
    call(&app, HOME_HOST, &ada_token, Method::POST, &format!("/api/v1/invitation/{home_inv}/accept/"), None)
        .await
        .error(403);
    call(&app, OTHER_HOST, &home_token, Method::GET, &format!("/api/v1/invitation/{other_inv}/"), None)
        .await
        .error(404);
    // Nothing was answered; the invitees still hold pending invitations and no membership.
    for (site, inv) in [(app.default_tenant.tenant.id, &home_inv), (o.site.tenant.id, &other_inv)] {
        let stored = store::queries::invitations::find(&app.db, site, inv).await.unwrap().unwrap();
        assert_eq!(stored.status, "pending");
    }
    assert_eq!(status_of(&app, home_circle, invitee.id).await, None);
    assert_eq!(status_of(&app, o.circle, ada.id).await, None);
    // The invitee opens it on its own site.
    let page =
        call(&app, HOME_HOST, &invitee_token, Method::GET, &format!("/api/v1/invitation/{home_inv}/"), None).await;
    page.assert_status(200);
    assert_eq!(page.json()["data"]["results"]["id"], home_circle);
}
