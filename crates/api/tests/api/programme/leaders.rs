//! Circle leaders and the default organizations.

use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};
use store::{
    entities::users,
    queries::{memberships, profiles as profile_q, tenants::TenantRecord, topics},
};

use super::applications::certify_on;
use crate::{
    common::{add_topic, TestApp},
    groups::{add_group_profile, circle_body, topic},
};

async fn certify(app: &TestApp, user: &users::Model, level: i32, areas: &[i64]) -> i64 {
    certify_on(app, &app.default_tenant, user, level, areas).await
}

async fn group_profile(app: &TestApp, tenant: &TenantRecord, user: &users::Model, field: i64, function: i64) {
    add_group_profile(app, tenant.organization.id, user.id, |p| {
        p.job_function = Set(Some(function));
        p.professional_field = Set(Some(field));
    })
    .await;
}

async fn named(app: &TestApp, email: &str, first: &str, last: &str, tenant: &TenantRecord) -> users::Model {
    let user = app.add_member(email, tenant, "member").await;
    let mut active: users::ActiveModel = user.into();
    active.first_name = Set(first.into());
    active.last_name = Set(last.into());
    active.update(&app.db).await.unwrap()
}

#[tokio::test]
async fn circle_leaders_are_the_sites_certified_members_with_every_filter() {
    let app = TestApp::new().await;
    let tenant = app.default_tenant.clone();
    let star = app.add_tenant("star.example", "Star").await;
    let data = topics::create_area(&app.db, tenant.tenant.id, "Data").await.unwrap().id;
    let health = topics::create_area(&app.db, tenant.tenant.id, "Health").await.unwrap().id;

    let ada = named(&app, "ada@example.com", "Ada", "Lovelace", &tenant).await;
    let grace = named(&app, "grace@example.com", "Grace", "Hopper", &tenant).await;
    let plain = named(&app, "plain@example.com", "Plain", "Member", &tenant).await;
    let outsider = app.add_user("outsider@example.com").await;
    let stella = named(&app, "stella@example.com", "Stella", "Star", &star).await;
    certify(&app, &ada, 2, &[data]).await;
    let grace_profile = certify(&app, &grace, 1, &[]).await;
    profile_q::ensure(&app.db, &plain).await.unwrap();
    certify(&app, &outsider, 3, &[data]).await; // certified, but not a member of this site
    certify_on(&app, &star, &stella, 3, &[]).await; // another site's leader
    group_profile(&app, &tenant, &ada, 7, 11).await;
    group_profile(&app, &tenant, &grace, 8, 12).await;
    // Grace's profile topic sits in the Health area.
    let nursing = add_topic(&app, tenant.tenant.id, "Nursing", "general", Some(health)).await;
    profile_q::set_topics(&app.db, grace_profile, "general", &[nursing]).await.unwrap();
    // Ada leads one circle and is a plain member of another.
    for (name, role) in [("Led", "leader"), ("Joined", "member")] {
        let circle = crate::groups::create(
            &app,
            &app.token_for(app.add_member(&format!("{name}@example.com"), &tenant, "admin").await.id),
            &circle_body(tenant.organization.id, topic(&app, &tenant, "AI").await, name),
        )
        .await;
        memberships::upsert(&app.db, circle["id"].as_i64().unwrap(), ada.id, role, memberships::STATUS_ACCEPTED)
            .await
            .unwrap();
    }

    let names = |json: Value| -> Vec<String> {
        json["data"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap().to_string()).collect()
    };
    let all = app.get("/api/v1/circle-leaders/").send().await;
    all.assert_status(200);
    let all = all.json();
    assert_eq!(names(all.clone()), vec!["Ada Lovelace", "Grace Hopper"]);
    assert_eq!(all["data"][0]["no_of_circles_led"], 1);
    assert_eq!(all["data"][0]["certification_level"], 2);
    assert_eq!(all["data"][1]["no_of_circles_led"], 0);
    assert_eq!(all["data"][1]["topic_area_detailed"], json!([{"id": health, "name": "Health"}]));

    let get = |query: &'static str| {
        let app = &app;
        async move {
            let answer = app.get(&format!("/api/v1/circle-leaders/?{query}")).send().await;
            answer.assert_status(200);
            answer.json()
        }
    };
    assert_eq!(names(get("search=hopp").await), vec!["Grace Hopper"]);
    assert_eq!(names(get("search=ada%20love").await), vec!["Ada Lovelace"]);
    assert_eq!(names(get("search=a").await).len(), 2, "one character does not filter");
    assert_eq!(names(get("search=nobody").await), Vec::<String>::new());
    // A topic area from the certification or from the profile's topics.
    assert_eq!(names(get(Box::leak(format!("topic_area={data}").into_boxed_str())).await), vec!["Ada Lovelace"]);
    assert_eq!(names(get(Box::leak(format!("topic_area={health}").into_boxed_str())).await), vec!["Grace Hopper"]);
    assert_eq!(names(get("professional_field=8").await), vec!["Grace Hopper"]);
    assert_eq!(names(get("job_function=11").await), vec!["Ada Lovelace"]);
    assert_eq!(names(get("job_function=11,12&professional_field=all").await).len(), 2);
    let paged = get("page_size=1").await;
    assert_eq!(paged["pagination"]["count"], 2);
    assert!(paged["pagination"]["next"].as_str().unwrap().contains("page=2"));
    let e = app.get("/api/v1/circle-leaders/?topic_area=abc").send().await.error(400);
    assert_eq!(e["field_errors"]["topic_area"][0], "A valid integer is required.");

    // The other site lists its own leader only.
    let theirs = app.get("/api/v1/circle-leaders/").host("star.example").send().await.json();
    assert_eq!(names(theirs), vec!["Stella Star"]);
}

// ------------------------------------------------------------ default organizations

pub(super) async fn set_org(app: &TestApp, id: i64, change: impl FnOnce(&mut store::entities::groups::ActiveModel)) {
    use sea_orm::EntityTrait;
    let org = store::entities::groups::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    let mut active: store::entities::groups::ActiveModel = org.into();
    change(&mut active);
    active.update(&app.db).await.unwrap();
}

#[tokio::test]
async fn default_organizations_can_be_listed_and_joined_once() {
    let app = TestApp::new().await;
    let star = app.add_tenant("star.example", "Star").await;
    let secret = app.add_tenant("secret.example", "Secret").await;
    set_org(&app, secret.organization.id, |g| g.privacy = Set(20)).await;
    let user = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let token = app.token_for(user.id);

    app.get("/api/v1/groups/default-org/").send().await.error(401);
    let list = app.get("/api/v1/groups/default-org/").token(&token).send().await;
    list.assert_status(200);
    let list = list.json()["data"].as_array().unwrap().clone();
    let ids: Vec<i64> = list.iter().map(|o| o["id"].as_i64().unwrap()).collect();
    assert!(ids.contains(&app.default_tenant.organization.id) && ids.contains(&star.organization.id));
    assert!(!ids.contains(&secret.organization.id), "private organizations are not offered");
    let own = list.iter().find(|o| o["id"] == app.default_tenant.organization.id).unwrap();
    assert_eq!((own["is_default"].clone(), own["membership_status"].clone()), (json!(true), json!("accepted")));
    let theirs = list.iter().find(|o| o["id"] == star.organization.id).unwrap();
    assert_eq!((theirs["is_default"].clone(), theirs["membership_status"].clone()), (json!(false), Value::Null));
    assert_eq!(theirs["domain"], "star.example");
    assert_eq!(theirs["name_slug"], star.organization.slug.as_str());

    for _ in 0..2 {
        let answer = app
            .post("/api/v1/groups/default-org/")
            .token(&token)
            .header("x-forwarded-proto", "https")
            .json(&json!({"id": star.organization.id}))
            .send()
            .await;
        answer.assert_status(200);
        let data = answer.json()["data"].clone();
        assert_eq!(data["membership_status"], "accepted");
        assert_eq!(data["domain"], "star.example");
        assert_eq!(data["redirect"], "https://star.example/");
    }
    let rows = memberships::of_user_in(&app.db, user.id, &[star.organization.id]).await.unwrap();
    assert_eq!(rows.len(), 1, "joined once");
    // From the star site, the list now shows it as the default and joined.
    let list = app.get("/api/v1/groups/default-org/").host("star.example").token(&token).send().await.json();
    let theirs = list["data"].as_array().unwrap().iter().find(|o| o["id"] == star.organization.id).unwrap().clone();
    assert_eq!((theirs["is_default"].clone(), theirs["membership_status"].clone()), (json!(true), json!("accepted")));

    for body in [json!({"id": 999_999}), json!({"id": secret.organization.id}), json!({})] {
        let e = app.post_json("/api/v1/groups/default-org/", &token, &body).await.error(400);
        assert_eq!(e["non_field_errors"][0], "Could not join organization");
    }
}

#[tokio::test]
async fn a_closed_organization_takes_a_join_request() {
    let app = TestApp::new().await;
    let closed = app.add_tenant("closed.example", "Closed").await;
    set_org(&app, closed.organization.id, |g| g.join_mode = Set("closed".into())).await;
    let user = app.add_user("someone@example.com").await;
    let answer = app
        .post_json("/api/v1/groups/default-org/", &app.token_for(user.id), &json!({"id": closed.organization.id}))
        .await;
    answer.assert_status(200);
    let json = answer.json();
    assert_eq!(json["data"]["membership_status"], "pending");
    assert_eq!(json["data"]["redirect"], "http://closed.example/");
    assert!(json["message"].as_str().unwrap().contains("waiting for approval"));
}

// ------------------------------------------------------------ certification per site
