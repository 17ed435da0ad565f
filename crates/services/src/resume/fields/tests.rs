use super::*;

fn v(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn skills_split() {
    let s = split_items(&v(&[
        "Rust, Go, Python | Kubernetes • Docker",
        "• Cloud (AWS, GCP); CI/CD",
        "Frameworks: React, Axum",
        "I am a very experienced developer with many skills in many areas",
    ]));
    assert_eq!(s, v(&["Rust", "Go", "Python", "Kubernetes", "Docker", "Cloud (AWS, GCP)", "CI/CD", "React", "Axum"]));
    let many: Vec<String> = (0..30).map(|i| format!("Skill{i}")).collect();
    assert_eq!(dedupe(many, 20).len(), 20);
    assert_eq!(dedupe(v(&["Rust", "rust", " Go "]), 20), v(&["Rust", "Go"]));
    assert_eq!(split_items(&v(&["Python (Expert), SQL (5 years)"])), v(&["Python", "SQL"]));
    assert_eq!(split_items(&v(&["Excel   Tableau   Power BI"])), v(&["Excel", "Tableau", "Power BI"]));
}

#[test]
fn languages() {
    let l = parse_languages(&v(&[
        "German (Native or Bilingual)",
        "English (Full Professional)",
        "French - B2",
        "Spanish: conversational",
        "MANDARIN",
    ]));
    assert_eq!(l, v(&["German", "English", "French", "Spanish", "Mandarin"]));
    let l = parse_languages(&v(&["English (native), Yoruba (fluent), Limited Working Proficiency"]));
    assert_eq!(l, v(&["English", "Yoruba"]));
    let l = parse_languages(&v(&["Mother tongue: Polish", "Other languages: English (C1), German (B1)"]));
    assert_eq!(l, v(&["Polish", "English", "German"]));
    let (skills, langs) = parse_skills(&v(&["Programming Languages: Rust, Go", "Languages: English, Hindi"]));
    assert_eq!(skills, v(&["Rust", "Go"]));
    assert_eq!(langs, v(&["English", "Hindi"]));
}

#[test]
fn names_and_header() {
    assert!(looks_like_name("Jane Doe"));
    assert!(looks_like_name("JOHN A. SMITH"));
    assert!(!looks_like_name("Software Engineer"));
    assert!(!looks_like_name("Experience"));
    assert!(!looks_like_name("jane@example.com"));
    let h =
        parse_header(&v(&["JOHN SMITH", "Senior Data Analyst", "Austin, TX | john@smith.dev | (512) 555-0100"]), false);
    assert_eq!(h.name.as_deref(), Some("John Smith"));
    assert_eq!(h.title.as_deref(), Some("Senior Data Analyst"));
    assert_eq!(h.country.as_deref(), Some("United States"));
}

#[test]
fn bio_split() {
    assert_eq!(split_bio("Short."), (Some("Short.".into()), None));
    let long = "A sentence that is long enough. ".repeat(30);
    let (bio, story) = split_bio(&long);
    assert!(bio.unwrap().len() <= 600);
    assert!(story.is_some());
    assert_eq!(
        paragraphs(&v(&["Builds things", "that scale.", "", "Second para."])),
        "Builds things that scale.\n\nSecond para."
    );
}

#[test]
fn items_without_bullet_glyphs() {
    assert_eq!(
        paragraphs(&v(&[
            "Migrated batch pipelines to Apache Flink on",
            "Kubernetes",
            "Reduced cloud costs",
            "Built a data lake"
        ])),
        "Migrated batch pipelines to Apache Flink on Kubernetes\nReduced cloud costs\nBuilt a data lake"
    );
}
