//! Tenants and their configuration: host resolution, options-config, app-config-group.

use serde_json::json;

use crate::common::TestApp;

#[tokio::test]
async fn the_host_picks_the_tenant_and_unknown_hosts_get_the_default() {
    let app = TestApp::new().await;
    let star = app.add_tenant("star.example.org", "Star Academy").await;
    let body = app.get("/api/v1/app-config-group/").host("star.example.org").send().await.json();
    assert_eq!(body["data"]["organization"]["name"], "Star Academy");
    assert_eq!(body["data"]["organization"]["id"], star.organization.id);
    assert_eq!(body["data"]["organization"]["domain"], "star.example.org");
    let body = app.get("/api/v1/app-config-group/").host("STAR.example.org:8443").send().await.json();
    assert_eq!(body["data"]["organization"]["name"], "Star Academy");
    for host in ["unknown.example.net", "localhost:8080", ""] {
        let body = app.get("/api/v1/app-config-group/").host(host).send().await.json();
        assert_eq!(body["data"]["organization"]["name"], "Waypoint", "host {host:?}");
    }
}

#[tokio::test]
async fn configuration_has_every_section_with_defaults() {
    let app = TestApp::new().await;
    let data = app.get("/api/v1/app-config-group/").send().await.json()["data"].clone();
    for key in [
        "career_stages",
        "current_roles",
        "professional_fields",
        "interested_services",
        "organization_types",
        "reason_to_join",
        "career_commitment",
        "career_reason_map",
        "role_stage_map",
        "job_functions",
        "colleges",
        "departments",
        "aitool_categories",
        "usecase_categories",
    ] {
        assert!(!data["options"][key].is_null(), "options.{key}");
    }
    let ui = &data["ui"];
    for key in [
        "show_job_menu",
        "show_connect_menu",
        "show_institutional_registration_screen",
        "show_location_in_navbar",
        "primary_focus",
        "filter_order",
        "registration_speed",
        "theme",
        "host_variant",
        "show_powered_by",
    ] {
        assert!(ui.get(key).is_some(), "ui.{key}");
    }
    assert_eq!(ui["landing_page_content"]["cta_text"], "Get Started");
    assert_eq!(ui["landing_page_content"]["cta_url"], "/login");
    assert_eq!(ui["theme"]["primary_main"], "#BE185D");
    assert_eq!(ui["primary_focus"], "both");
    assert_eq!(ui["show_powered_by"], true, "localhost shows the powered-by link");
    assert!(data["ama_user_default_prompts"]["by_career_stage"].as_array().unwrap().len() >= 5);
    let commitments: Vec<i64> =
        data["options"]["career_commitment"].as_array().unwrap().iter().map(|o| o["value"].as_i64().unwrap()).collect();
    assert_eq!(commitments, vec![1, 2, 3, 4, 8, 12, 16, 24]);

    let options = app.get("/api/v1/options-config/").send().await.json();
    assert_eq!(options["data"], data["options"]);
}

#[tokio::test]
async fn powered_by_shows_only_on_vendor_and_local_hosts() {
    let app = TestApp::new().await;
    app.add_tenant("client.example.org", "Client").await;
    let ui = |host: &'static str| {
        let app = &app;
        async move { app.get("/api/v1/app-config-group/").host(host).send().await.json()["data"]["ui"].clone() }
    };
    assert_eq!(ui("client.example.org").await["show_powered_by"], false);
    assert_eq!(ui("waypoint.app").await["show_powered_by"], true);
    assert_eq!(ui("127.0.0.1:8080").await["show_powered_by"], true);
}

#[tokio::test]
async fn only_the_tenants_admins_may_change_the_configuration() {
    let app = TestApp::new().await;
    let other = app.add_tenant("other.example.org", "Other").await;
    let member = app.add_member("member@example.com", &app.default_tenant, "member").await;
    let other_admin = app.add_member("other-admin@example.com", &other, "admin").await;
    let update = json!({"ui": {"show_job_menu": false}});

    app.post("/api/v1/app-config-group/").json(&update).send().await.error(401);
    let body = app.post_json("/api/v1/app-config-group/", &app.token_for(member.id), &update).await.error(403);
    assert_eq!(body["detail"], "You do not have permission to perform this action.");
    // An admin of another tenant is nobody here.
    app.post_json("/api/v1/app-config-group/", &app.token_for(other_admin.id), &update).await.error(403);
    let ui = app.get("/api/v1/app-config-group/").send().await.json()["data"]["ui"].clone();
    assert_eq!(ui["show_job_menu"], true, "nothing changed");
    // ...but is an admin on their own host.
    app.post("/api/v1/app-config-group/")
        .host("other.example.org")
        .token(&app.token_for(other_admin.id))
        .json(&update)
        .send()
        .await
        .assert_status(200);
    let ui = app.get("/api/v1/app-config-group/").send().await.json()["data"]["ui"].clone();
    assert_eq!(ui["show_job_menu"], true, "the default tenant is untouched");
}

#[tokio::test]
async fn an_admin_updates_branding_and_flags() {
    let app = TestApp::new().await;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);
    let res = app
        .post_json("/api/v1/app-config-group/", &token, &json!({
            "organization": {"name": "Acme Careers", "logo": "https://cdn.example.org/logo.png"},
            "ui": {
                "show_connect_menu": false,
                "host_variant": "star",
                "theme": {"primary_main": "#1D4ED8"},
                "landing_page_content": {"title": "Welcome to Acme", "video_url": "https://video.example.org/intro.mp4"}
            },
            "options": {"interested_services": [{"value": 1, "label": "Coaching"}]},
            "ama_user_default_prompts": {"by_location": [{"id": "kenya", "prompts": ["Which AI jobs are growing in Nairobi?"]}]}
        })).await;
    res.assert_status(200);
    let data = app.get("/api/v1/app-config-group/").send().await.json()["data"].clone();
    assert_eq!(data["organization"]["name"], "Acme Careers");
    assert_eq!(data["organization"]["logo"], "https://cdn.example.org/logo.png");
    assert_eq!(data["ui"]["show_connect_menu"], false);
    assert_eq!(data["ui"]["host_variant"], "star");
    assert_eq!(data["ui"]["theme"]["primary_main"], "#1D4ED8");
    assert_eq!(data["ui"]["theme"]["primary_light"], "#FCE7F3", "untouched keys keep their values");
    assert_eq!(data["ui"]["landing_page_content"]["title"], "Welcome to Acme");
    assert_eq!(data["ui"]["landing_page_content"]["cta_text"], "Get Started");
    assert_eq!(data["options"]["interested_services"], json!([{"value": 1, "label": "Coaching"}]));
    assert_eq!(data["ama_user_default_prompts"]["by_location"][0]["id"], "kenya");
    assert_eq!(res.json()["data"], data, "the answer is the stored configuration");
}

#[tokio::test]
async fn an_invalid_update_changes_nothing_and_names_the_fields() {
    let app = TestApp::new().await;
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let token = app.token_for(admin.id);
    let before = app.get("/api/v1/app-config-group/").send().await.json();
    let body = app
        .post_json(
            "/api/v1/app-config-group/",
            &token,
            &json!({
                "organization": {"name": "  ", "logo": "javascript:alert(1)"},
                "ui": {"theme": {"primary_main": "red"}, "landing_page_content": {"cta_url": "ftp://x"}}
            }),
        )
        .await
        .error(400);
    assert_eq!(body["field_errors"]["ui.theme.primary_main"][0], "Enter a colour as #RRGGBB.");
    assert_eq!(body["field_errors"]["ui.landing_page_content.cta_url"][0], "Enter a valid URL.");
    let body = app
        .post_json(
            "/api/v1/app-config-group/",
            &token,
            &json!({"organization": {"name": "  ", "logo": "javascript:alert(1)"}}),
        )
        .await
        .error(400);
    assert_eq!(body["field_errors"]["organization.name"][0], "This field may not be blank.");
    assert_eq!(body["field_errors"]["organization.logo"][0], "Enter a valid URL.");
    let body = app
        .post_json("/api/v1/app-config-group/", &token, &json!({"ui": {"show_job_menu": "sometimes"}}))
        .await
        .error(400);
    assert!(body["field_errors"]["ui.show_job_menu"][0].as_str().unwrap().starts_with("Invalid type"), "{body}");
    let body = app.post_json("/api/v1/app-config-group/", &token, &json!({"colour": "red"})).await.error(400);
    assert_eq!(body["field_errors"]["colour"][0], "Unknown field.");
    let after = app.get("/api/v1/app-config-group/").send().await.json();
    assert_eq!(before, after);
}

#[tokio::test]
async fn settings_changed_on_one_instance_are_served_by_the_others_within_a_second() {
    let app = TestApp::new().await;
    let other_instance = app.another_instance();
    let admin = app.add_member("admin@example.com", &app.default_tenant, "admin").await;
    let title = |data: &serde_json::Value| data["data"]["ui"]["landing_page_content"]["title"].clone();
    // The second instance has read (and kept) the site as it was.
    let before = other_instance.get("/api/v1/app-config-group/").send().await.json();
    assert_ne!(title(&before), "Moved on");
    app.post_json(
        "/api/v1/app-config-group/",
        &app.token_for(admin.id),
        &json!({"ui": {"landing_page_content": {"title": "Moved on"}}, "organization": {"name": "Moved Org"}}),
    )
    .await
    .assert_status(200);
    assert_eq!(
        title(&app.get("/api/v1/app-config-group/").send().await.json()),
        "Moved on",
        "at once where it was made"
    );
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let after = other_instance.get("/api/v1/app-config-group/").send().await.json();
    assert_eq!(title(&after), "Moved on", "the other instance within a second");
    assert_eq!(after["data"]["organization"]["name"], "Moved Org");
}
