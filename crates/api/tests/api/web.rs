//! Serving the web app: files, the index.html fallback for client routes (with the tenant's
//! configuration inlined), cache headers, and the build's precompressed copies chosen by
//! Accept-Encoding.

use crate::common::TestApp;

async fn app_with_web_dir() -> (TestApp, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html><head><!--app-config--></head><div id=root></div>")
        .unwrap();
    std::fs::create_dir(dir.path().join("assets")).unwrap();
    std::fs::write(dir.path().join("assets/app-abc123.js"), "console.log('hi')").unwrap();
    // The build writes these next to each file; the contents only need to tell them apart.
    std::fs::write(dir.path().join("assets/app-abc123.js.br"), "brotli copy").unwrap();
    std::fs::write(dir.path().join("assets/app-abc123.js.gz"), "gzip copy").unwrap();
    std::fs::write(dir.path().join("index.html.br"), "brotli index").unwrap();
    let mut settings = api::Settings::for_tests();
    settings.web_dir = dir.path().to_path_buf();
    (TestApp::with_settings(settings).await, dir)
}

#[tokio::test]
async fn client_routes_get_index_html() {
    let (app, _dir) = app_with_web_dir().await;
    for path in ["/", "/circles", "/profile/ada-lovelace", "/some/unknown/page?x=1"] {
        let res = app.get(path).send().await;
        res.assert_status(200);
        assert!(res.text().contains("<div id=root>"), "{path}");
        assert_eq!(res.header("cache-control"), Some("private, no-cache"));
    }
}

#[tokio::test]
async fn assets_are_served_with_long_cache() {
    let (app, _dir) = app_with_web_dir().await;
    let res = app.get("/assets/app-abc123.js").send().await;
    res.assert_status(200);
    assert_eq!(res.text(), "console.log('hi')");
    assert_eq!(res.header("cache-control"), Some("public, max-age=31536000, immutable"));
}

#[tokio::test]
async fn api_paths_never_fall_back_to_the_app() {
    let (app, _dir) = app_with_web_dir().await;
    app.get("/api/v1/missing/").send().await.error(404);
}

#[tokio::test]
async fn a_missing_build_is_explained() {
    let mut settings = api::Settings::for_tests();
    settings.web_dir = "/nonexistent/web/dist".into();
    let app = TestApp::with_settings(settings).await;
    let res = app.get("/circles").send().await;
    res.assert_status(503);
    assert!(res.text().contains("The web app is not built"));
}

#[tokio::test]
async fn brotli_is_sent_to_browsers_that_accept_it() {
    let (app, _dir) = app_with_web_dir().await;
    let res = app.get("/assets/app-abc123.js").header("accept-encoding", "gzip, deflate, br, zstd").send().await;
    res.assert_status(200);
    assert_eq!(res.header("content-encoding"), Some("br"));
    assert_eq!(res.text(), "brotli copy");
    assert_eq!(res.header("content-type"), Some("text/javascript"));
    assert_eq!(res.header("vary"), Some("accept-encoding"));
    assert_eq!(res.header("cache-control"), Some("public, max-age=31536000, immutable"));
}

#[tokio::test]
async fn gzip_is_sent_when_brotli_is_not_accepted() {
    let (app, _dir) = app_with_web_dir().await;
    for accepted in ["gzip", "gzip, br;q=0"] {
        let res = app.get("/assets/app-abc123.js").header("accept-encoding", accepted).send().await;
        res.assert_status(200);
        assert_eq!(res.header("content-encoding"), Some("gzip"), "{accepted}");
        assert_eq!(res.text(), "gzip copy", "{accepted}");
    }
}

#[tokio::test]
async fn the_plain_file_goes_to_clients_without_compression() {
    let (app, _dir) = app_with_web_dir().await;
    let res = app.get("/assets/app-abc123.js").header("accept-encoding", "identity").send().await;
    res.assert_status(200);
    assert_eq!(res.header("content-encoding"), None);
    assert_eq!(res.text(), "console.log('hi')");
}

#[tokio::test]
async fn client_routes_get_the_page_compressed_uncached_and_without_validators() {
    let (app, _dir) = app_with_web_dir().await;
    let res = app.get("/circles").header("accept-encoding", "gzip").send().await;
    res.assert_status(200);
    // Written per request (it carries the tenant's configuration), so compressed per request.
    assert_eq!(res.header("content-encoding"), Some("gzip"));
    assert_eq!(res.header("cache-control"), Some("private, no-cache"));
    assert_eq!(res.header("etag"), None);
    assert_eq!(res.header("last-modified"), None);
}

/// The JSON of `<script id="app-config" type="application/json">` in a page.
fn inlined_config(page: &str) -> serde_json::Value {
    let open = r#"<script id="app-config" type="application/json">"#;
    let start = page.find(open).expect("the page carries the configuration") + open.len();
    let end = start + page[start..].find("</script>").expect("the script is closed");
    serde_json::from_str(&page[start..end]).expect("the inlined configuration is JSON")
}

#[tokio::test]
async fn the_page_carries_its_own_tenants_configuration() {
    let (app, _dir) = app_with_web_dir().await;
    app.add_tenant("star.example.org", "Star Academy").await;
    for (host, name) in [("star.example.org", "Star Academy"), ("unknown.example.net", "Waypoint")] {
        for path in ["/", "/login", "/index.html"] {
            let page = app.get(path).host(host).send().await.text();
            let inlined = inlined_config(&page);
            assert_eq!(inlined["organization"]["name"], name, "{host}{path}");
            let api = app.get("/api/v1/app-config-group/").host(host).send().await.json();
            assert_eq!(inlined, api["data"], "the page has what the API answers, {host}{path}");
            assert!(!page.contains("<!--app-config-->"));
        }
    }
}

#[tokio::test]
async fn the_inlined_configuration_cannot_close_its_script() {
    let (app, _dir) = app_with_web_dir().await;
    let name = "</script><script>alert(1)</script><!-- & \u{2028}";
    app.add_tenant("evil.example.org", name).await;
    let page = app.get("/").host("evil.example.org").send().await.text();
    assert!(!page.contains("<script>alert"), "{page}");
    assert!(!page.contains("<!-- &"), "{page}");
    assert_eq!(page.matches("</script>").count(), 1, "only the configuration's own end tag: {page}");
    assert_eq!(inlined_config(&page)["organization"]["name"], name);
}

#[tokio::test]
async fn a_missing_asset_is_not_found_rather_than_the_app() {
    let (app, _dir) = app_with_web_dir().await;
    let res = app.get("/assets/app-old999.js").header("accept-encoding", "br").send().await;
    res.assert_status(404);
    assert!(!res.text().contains("<div id=root>"));
    assert_eq!(res.header("cache-control"), Some("no-cache"));
}

/// A web folder with a prerendered /login (phone and desktop) and /circles (phone), as the web
/// build writes them (web/scripts/prerender.mjs): templates with markers, and their manifest.
async fn app_with_prerendered_pages() -> (TestApp, tempfile::TempDir) {
    let (app, dir) = app_with_web_dir().await;
    let prerender = dir.path().join("prerender");
    std::fs::create_dir(&prerender).unwrap();
    let page = |viewport: &str, body: &str| {
        format!(
            "<!doctype html><head><title>\u{E000}/organization/name\u{E001}</title><!--app-config--></head>\
             <div id=\"root\" data-prerendered=\"{viewport}\">{body}</div>"
        )
    };
    std::fs::write(
        prerender.join("login.phone.html"),
        page("phone", "<header><span>\u{E000}/organization/name\u{E001}</span></header><h1>Log in</h1>"),
    )
    .unwrap();
    std::fs::write(prerender.join("login.desktop.html"), page("desktop", "<h1>Log in, wide</h1>")).unwrap();
    std::fs::write(prerender.join("circles.phone.html"), page("phone", "<h1>Circles</h1>")).unwrap();
    let manifest = serde_json::json!({
        "marker": {"open": "\u{E000}", "close": "\u{E001}"},
        "pages": [
            {"path": "/login", "query": true, "viewport": "phone", "file": "login.phone.html",
             "requires": [{"pointer": "/organization/name", "present": true}, {"pointer": "/ui/show_job_menu", "equals": true}],
             "texts": ["/organization/name"], "data": []},
            {"path": "/login", "query": true, "viewport": "desktop", "file": "login.desktop.html",
             "requires": [], "texts": ["/organization/name"], "data": []},
            {"path": "/circles", "query": false, "viewport": "phone", "file": "circles.phone.html",
             "requires": [], "texts": ["/organization/name"],
             "data": ["/api/v1/circles/?page=1&page_size=9", "/api/v1/no-such-list/"]},
        ],
    });
    std::fs::write(prerender.join("manifest.json"), manifest.to_string()).unwrap();
    (app, dir)
}

const PHONE: &str =
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36";

/// The JSON of `<script id="first-data" type="application/json">` in a page.
fn first_data(page: &str) -> serde_json::Value {
    let open = r#"<script id="first-data" type="application/json">"#;
    let start = page.find(open).expect("the page carries its first data") + open.len();
    let end = start + page[start..].find("</script>").expect("the script is closed");
    serde_json::from_str(&page[start..end]).expect("the first data is JSON")
}

#[tokio::test]
async fn a_prerendered_page_is_filled_in_with_the_tenants_texts_escaped() {
    let (app, _dir) = app_with_prerendered_pages().await;
    let name = "Ada & <Co> \"Academy\"";
    app.add_tenant("ada.example.org", name).await;
    let res = app.get("/login?next=%2Fcircles").host("ada.example.org").header("user-agent", PHONE).send().await;
    res.assert_status(200);
    let page = res.text();
    assert!(page.contains("data-prerendered=\"phone\""), "{page}");
    assert!(page.contains("<span>Ada &amp; &lt;Co&gt; &quot;Academy&quot;</span>"), "{page}");
    assert!(page.contains("<title>Ada &amp; &lt;Co&gt; &quot;Academy&quot;</title>"), "{page}");
    assert!(!page.contains('\u{E000}') && !page.contains('\u{E001}'), "no marker is left: {page}");
    assert_eq!(inlined_config(&page)["organization"]["name"], name);
    assert_eq!(res.header("cache-control"), Some("private, no-cache"));
    assert!(res.header("vary").is_some_and(|vary| vary.contains("user-agent")));

    // Desktops get the desktop template.
    let page = app.get("/login").host("ada.example.org").send().await.text();
    assert!(page.contains("Log in, wide"), "{page}");
}

#[tokio::test]
async fn a_tenant_whose_configuration_differs_gets_the_client_rendered_page() {
    let (app, _dir) = app_with_prerendered_pages().await;
    let star = app.add_tenant("star.example.org", "Star Academy").await;
    let admin = app.add_member("admin@star.example.org", &star, "admin").await;
    let body = serde_json::json!({"ui": {"show_job_menu": false}});
    let token = app.token_for(admin.id);
    app.post("/api/v1/app-config-group/")
        .host("star.example.org")
        .token(&token)
        .json(&body)
        .send()
        .await
        .assert_status(200);
    let page = app.get("/login").host("star.example.org").header("user-agent", PHONE).send().await.text();
    assert!(!page.contains("data-prerendered"), "{page}");
    assert!(page.contains("<div id=root>"), "the client-rendered page: {page}");
    assert_eq!(inlined_config(&page)["organization"]["name"], "Star Academy");
}

#[tokio::test]
async fn a_prerendered_list_carries_its_first_page_as_a_guest_sees_it() {
    let (app, _dir) = app_with_prerendered_pages().await;
    let page = app.get("/circles").header("user-agent", PHONE).send().await.text();
    assert!(page.contains("<h1>Circles</h1>"), "{page}");
    let data = first_data(&page);
    let api = app.get("/api/v1/circles/?page=1&page_size=9").send().await.json();
    assert_eq!(data["/api/v1/circles/?page=1&page_size=9"], api, "the API's own answer");
    assert!(data.get("/api/v1/no-such-list/").is_none(), "a request that fails is left to the app");
    // With a query string the list's filters differ from the template: the client renders it.
    let page = app.get("/circles?search=ai").header("user-agent", PHONE).send().await.text();
    assert!(!page.contains("data-prerendered"), "{page}");
}

#[tokio::test]
async fn templates_are_not_served_as_files_and_index_html_stays_client_rendered() {
    let (app, _dir) = app_with_prerendered_pages().await;
    app.get("/prerender/manifest.json").send().await.assert_status(404);
    app.get("/prerender/login.phone.html").send().await.assert_status(404);
    let page = app.get("/index.html").header("user-agent", PHONE).send().await.text();
    assert!(!page.contains("data-prerendered"), "{page}");
}
