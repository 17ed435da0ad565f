//! Free slugs (`store::queries::slugs`) on a real database: SQLite by default, PostgreSQL with
//! WAYPOINT_TEST_DATABASE_URL.

mod common;

use store::queries::{
    career_tips,
    slugs::{self, SlugColumn},
};

#[tokio::test]
async fn same_titled_items_get_numbered_slugs_then_random_ones_per_site() {
    let t = common::fresh().await;
    let (a, b) = (t.tenant("a.example").await, t.tenant("b.example").await);
    let author = t.user("author@example.com", false).await;
    let tip = |tenant_id: i64| {
        let db = t.db.clone();
        async move {
            career_tips::insert(&db, tenant_id, None, author, "<p>Ask for feedback</p>", "Ask for feedback", "approved")
                .await
                .unwrap()
                .slug
        }
    };

    let mut made = Vec::new();
    for _ in 0..12 {
        made.push(tip(a.tenant.id).await);
    }
    let readable: Vec<String> = std::iter::once("ask-for-feedback".to_string())
        .chain((2..=10).map(|n| format!("ask-for-feedback-{n}")))
        .collect();
    assert_eq!(made[..10], readable[..], "the first ten are numbered in order");
    for random in &made[10..] {
        let suffix = random.strip_prefix("ask-for-feedback-").expect("the title stays in the slug");
        assert_eq!(suffix.len(), 6, "{random}");
        assert!(suffix.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()), "{random}");
    }
    assert_ne!(made[10], made[11]);

    // Another site starts again from the readable slug.
    assert_eq!(tip(b.tenant.id).await, "ask-for-feedback");
    // A freed number is used again before any random one.
    let at = SlugColumn::of_tenant("career_tips", a.tenant.id);
    sea_orm::ConnectionTrait::execute_unprepared(&t.db, "DELETE FROM career_tips WHERE slug = 'ask-for-feedback-4'")
        .await
        .unwrap();
    assert_eq!(slugs::free_slug(&t.db, at, "ask-for-feedback").await.unwrap(), "ask-for-feedback-4");
    // A column unique across the deployment (a profile's name slug) is probed without a site.
    let everywhere = SlugColumn { table: "profiles", column: "name_slug", tenant_id: None };
    assert_eq!(slugs::free_slug(&t.db, everywhere, "nobody-yet").await.unwrap(), "nobody-yet");
}
