//! The demo seed gives maria and sam full profile pages, and running it again changes
//! nothing.

use serde_json::Value;

use crate::common::TestApp;

async fn page(app: &TestApp, email: &str) -> Value {
    let user = store::queries::users::find_by_email(&app.db, email).await.unwrap().unwrap();
    let profile = store::queries::profiles::find_by_user(&app.db, user.id).await.unwrap().unwrap();
    let answer = app.get(&format!("/api/v1/users/profile/{}/", profile.name_slug)).send().await;
    answer.assert_status(200);
    answer.json()["data"].clone()
}

#[tokio::test]
async fn demo_people_have_real_looking_profiles() {
    let app = TestApp::new().await;
    for _ in 0..2 {
        store::seed::seed_demo(&app.db, "not-a-real-hash").await.unwrap();
    }
    for email in ["maria@example.com", "sam@example.com"] {
        let page = page(&app, email).await;
        let profile = &page["profile"];
        for field in ["title", "country", "short_bio", "career_story", "institution_name"] {
            assert!(profile[field].as_str().is_some_and(|v| !v.is_empty()), "{email}: {field}");
        }
        assert_eq!(profile["skills_detailed"].as_array().unwrap().len(), 3, "{email}");
        assert_eq!(profile["topics_detailed"].as_array().unwrap().len(), 2, "{email}");
        assert_eq!(profile["languages"].as_array().unwrap().len(), 2, "{email}");
        assert_eq!(page["work_experiences"].as_array().unwrap().len(), 2, "{email}: seeded once");
        assert_eq!(page["education_background"].as_array().unwrap().len(), 1, "{email}");
        assert!(page["work_experiences"][0]["skills"].as_array().is_some_and(|s| !s.is_empty()));
        assert_eq!(profile["completion_percent"], 80, "{email}: all but picture and resume");
    }
    assert_eq!(page(&app, "sam@example.com").await["followers_count"], 1, "maria follows sam");
}
