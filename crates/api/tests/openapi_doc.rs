//! The committed `openapi.json` is the document the code generates (what `waypoint openapi`
//! prints). `WAYPOINT_WRITE_OPENAPI=1 cargo test -p api --test openapi_doc` rewrites it.

#[test]
fn the_committed_document_is_the_generated_one() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../openapi.json");
    let generated = api::openapi_json();
    if std::env::var("WAYPOINT_WRITE_OPENAPI").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &generated).expect("write openapi.json");
    }
    let committed = std::fs::read_to_string(&path).expect("openapi.json");
    assert!(committed == generated, "openapi.json is stale: run `cargo run -p waypoint -- openapi > openapi.json`");
}
