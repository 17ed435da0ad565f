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
