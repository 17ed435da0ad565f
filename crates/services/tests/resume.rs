//! Resume parser on generated PDFs of several layouts, plus the AI refinement hook against a
//! local fake OpenAI-compatible server.

use services::resume::{
    extract_text, parse_pdf, parse_pdf_with_text, refine_or_draft, OpenAiRefiner, ParsedResume, ResumeError,
    ResumeRefiner, YearMonth,
};

// ---------------------------------------------------------------------------------------
// A tiny PDF writer: Helvetica text at given positions, WinAnsi encoding, exact xref.
// ---------------------------------------------------------------------------------------

/// One text line: x and y from the top-left corner (points), font size, bold, text.
#[derive(Clone)]
struct Text {
    x: f64,
    y: f64,
    size: f64,
    bold: bool,
    text: String,
}

#[derive(Default)]
struct Page {
    texts: Vec<Text>,
}

impl Page {
    fn at(&mut self, x: f64, y: f64, size: f64, text: &str) -> &mut Self {
        self.texts.push(Text { x, y, size, bold: false, text: text.into() });
        self
    }
    fn bold(&mut self, x: f64, y: f64, size: f64, text: &str) -> &mut Self {
        self.texts.push(Text { x, y, size, bold: true, text: text.into() });
        self
    }
    /// Lines stacked downwards from y; returns the y after the last line. A line starting
    /// with "#" is a bold heading (set a bit larger).
    fn column(&mut self, x: f64, mut y: f64, size: f64, lines: &[&str]) -> f64 {
        for l in lines {
            if let Some(h) = l.strip_prefix('#') {
                y += size * 0.6;
                self.bold(x, y, size + 2.0, h);
                y += (size + 2.0) * 1.5;
            } else if l.is_empty() {
                y += size * 0.8;
            } else {
                self.at(x, y, size, l);
                y += size * 1.35;
            }
        }
        y
    }
}

fn win_ansi(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| match c {
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            '·' => 0xB7,
            '’' => 0x92,
            c if (c as u32) < 256 => c as u32 as u8,
            _ => b'?',
        })
        .collect()
}

fn pdf_string(s: &str) -> Vec<u8> {
    let mut out = b"(".to_vec();
    for b in win_ansi(s) {
        match b {
            b'(' | b')' | b'\\' => {
                out.push(b'\\');
                out.push(b);
            }
            0x20..=0x7e => out.push(b),
            _ => out.extend(format!("\\{:03o}", b).into_bytes()),
        }
    }
    out.push(b')');
    out
}

fn write_pdf(pages: &[Page]) -> Vec<u8> {
    let height = 792.0;
    // Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, then (page, content) pairs.
    let mut objects: Vec<Vec<u8>> = Vec::new();
    let kids: Vec<String> = (0..pages.len()).map(|i| format!("{} 0 R", 5 + 2 * i)).collect();
    objects.push(b"<< /Type /Catalog /Pages 2 0 R >>".to_vec());
    objects.push(format!("<< /Type /Pages /Kids [{}] /Count {} >>", kids.join(" "), pages.len()).into_bytes());
    objects.push(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_vec());
    objects.push(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>".to_vec());
    for (i, page) in pages.iter().enumerate() {
        let content_id = 6 + 2 * i;
        objects.push(
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {content_id} 0 R >>"
            )
            .into_bytes(),
        );
        let mut content = Vec::new();
        for t in &page.texts {
            content.extend(
                format!("BT /{} {} Tf {:.2} {:.2} Td ", if t.bold { "F2" } else { "F1" }, t.size, t.x, height - t.y)
                    .into_bytes(),
            );
            content.extend(pdf_string(&t.text));
            content.extend(b" Tj ET\n");
        }
        let mut stream = format!("<< /Length {} >>\nstream\n", content.len()).into_bytes();
        stream.extend(content);
        stream.extend(b"\nendstream");
        objects.push(stream);
    }
    let mut out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = Vec::new();
    for (i, obj) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend(format!("{} 0 obj\n", i + 1).into_bytes());
        out.extend(obj);
        out.extend(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).into_bytes());
    for o in offsets {
        out.extend(format!("{o:010} 00000 n \n").into_bytes());
    }
    out.extend(
        format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).into_bytes(),
    );
    out
}

fn ym(y: i32, m: u32) -> Option<YearMonth> {
    Some(YearMonth::new(y, Some(m)))
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

// ---------------------------------------------------------------------------------------
// Layouts
// ---------------------------------------------------------------------------------------

/// One column, mixed-case headings, dates right-aligned on the title line.
fn classic() -> Vec<u8> {
    let mut p = Page::default();
    p.bold(72.0, 60.0, 22.0, "Jane Doe");
    p.at(72.0, 84.0, 12.0, "Senior Software Engineer");
    p.at(72.0, 100.0, 10.0, "Austin, TX | jane.doe@example.com | (512) 555-0100 | github.com/janedoe");
    let mut y = p.column(
        72.0,
        125.0,
        10.0,
        &[
            "#Summary",
            "Backend engineer with eight years of experience building payment and data",
            "platforms in Rust and Go. I enjoy mentoring and making systems simple.",
            "#Experience",
        ],
    );
    p.bold(72.0, y, 10.0, "Senior Software Engineer, Acme Corp");
    p.at(460.0, y, 10.0, "Jan 2020 – Present");
    y += 14.0;
    y = p.column(
        72.0,
        y,
        10.0,
        &["• Designed the billing platform handling 2M invoices a month.", "• Led a team of five engineers.", ""],
    );
    p.bold(72.0, y, 10.0, "Software Engineer, Globex Inc");
    p.at(460.0, y, 10.0, "Mar 2016 – Dec 2019");
    y += 14.0;
    y = p.column(72.0, y, 10.0, &["• Built data pipelines with Kafka and Spark.", "#Education"]);
    p.bold(72.0, y, 10.0, "University of Texas at Austin");
    p.at(460.0, y, 10.0, "2012 – 2016");
    y += 14.0;
    p.column(
        72.0,
        y,
        10.0,
        &[
            "Bachelor of Science in Computer Science",
            "#Skills",
            "Rust, Go, PostgreSQL, Kubernetes, Kafka, rust, Distributed Systems",
            "#Languages",
            "English (Native), Spanish (Professional Working Proficiency)",
        ],
    );
    write_pdf(&[p])
}

/// Capital headings, stacked header lines, dash bullets, two pages.
fn caps_and_bullets() -> Vec<u8> {
    let mut p1 = Page::default();
    p1.bold(200.0, 60.0, 20.0, "RAVI KUMAR");
    p1.at(150.0, 84.0, 10.0, "ravi.kumar@example.in  |  +91 98765 43210  |  Bengaluru, India");
    p1.column(
        60.0,
        110.0,
        10.0,
        &[
            "#PROFESSIONAL SUMMARY",
            "Data scientist focused on forecasting and experimentation for retail.",
            "#WORK EXPERIENCE",
            "Lead Data Scientist",
            "Flipkart | Bengaluru, India",
            "06/2019 - Present",
            "- Built demand forecasting models used by 300 category managers",
            "- Introduced an experimentation platform",
            "",
            "Data Analyst",
            "Infosys Limited | Pune, India",
            "07/2015 - 05/2019",
            "- Automated reporting for banking clients",
        ],
    );
    let mut p2 = Page::default();
    p2.column(
        60.0,
        60.0,
        10.0,
        &[
            "- Mentored four junior analysts",
            "#EDUCATION",
            "Indian Institute of Technology Bombay",
            "M.Tech. Industrial Engineering, 2015",
            "#TECHNICAL SKILLS",
            "Languages: Python, R, SQL",
            "Tools: Spark • Airflow • Tableau",
            "#LANGUAGES",
            "English - Fluent | Hindi - Native | Kannada - Conversational",
            "#INTERESTS",
            "Climate tech, chess, long-distance running",
        ],
    );
    write_pdf(&[p1, p2])
}

/// LinkedIn "Save to PDF": side column on page 1, main column flowing onto page 2.
fn linkedin_export() -> Vec<u8> {
    let mut p1 = Page::default();
    p1.column(
        28.0,
        40.0,
        10.0,
        &[
            "#Contact",
            "maria.garcia@example.com",
            "www.linkedin.com/in/mariagarcia",
            "(LinkedIn)",
            "#Top Skills",
            "Product Management",
            "User Research",
            "SQL",
            "#Languages",
            "Spanish (Native or Bilingual)",
            "English (Full Professional)",
            "German (Elementary)",
            "#Certifications",
            "Certified Scrum Product Owner",
        ],
    );
    p1.bold(215.0, 50.0, 24.0, "María García");
    let y = p1.column(
        215.0,
        80.0,
        11.5,
        &[
            "Senior Product Manager at Spotify | Building tools for",
            "creators",
            "Stockholm, Stockholm County, Sweden",
            "#Summary",
            "Product manager with ten years in consumer apps. I turn research into",
            "roadmaps and ship with small teams.",
            "#Experience",
            "Spotify",
            "4 years 3 months",
            "Senior Product Manager",
            "January 2022 - Present (2 years 4 months)",
            "Stockholm, Sweden",
            "Own the creator analytics roadmap.",
            "Product Manager",
            "March 2020 - December 2021 (1 year 10 months)",
            "Launched the podcast dashboard used by",
            "two million creators.",
        ],
    );
    p1.at(280.0, y.max(760.0), 9.0, "Page 1 of 2");
    let mut p2 = Page::default();
    p2.column(
        215.0,
        50.0,
        11.5,
        &[
            "Telefónica",
            "Associate Product Manager",
            "September 2016 - February 2020 (3 years 6 months)",
            "Madrid, Community of Madrid, Spain",
            "Mobile billing and plan management.",
            "#Education",
            "Universidad Politécnica de Madrid",
            "Master of Science - MS, Telecommunications Engineering · (2014 - 2016)",
            "Universidad Carlos III de Madrid",
            "Bachelor's degree, Computer Science · (2010 - 2014)",
        ],
    );
    p2.at(280.0, 760.0, 9.0, "Page 2 of 2");
    write_pdf(&[p1, p2])
}

/// Education first, then experience with the dates before the title.
fn education_first() -> Vec<u8> {
    let mut p = Page::default();
    p.bold(72.0, 60.0, 18.0, "Tom Becker");
    p.at(72.0, 82.0, 10.0, "Berlin, Germany  ·  tom@becker.de");
    p.column(
        72.0,
        105.0,
        10.0,
        &[
            "#Education",
            "Technische Universität Berlin",
            "M.Sc. Computer Engineering   2017 – 2019",
            "",
            "Universität Hamburg",
            "B.Sc. Informatics   2013 – 2017",
            "#Experience",
            "2019 – 2023",
            "Backend Developer",
            "Zalando SE",
            "• Checkout services in Kotlin",
            "",
            "Since 2023",
            "Staff Engineer",
            "N26 GmbH",
            "• Payments platform",
            "#Interests",
            "Open source · Cycling · Photography",
        ],
    );
    write_pdf(&[p])
}

/// Headings in a left margin, each on the baseline of its section's first line; a side
/// column on the right with skills.
fn margin_headings_and_right_sidebar() -> Vec<u8> {
    let mut p = Page::default();
    p.bold(60.0, 50.0, 20.0, "Lena Fischer");
    p.at(60.0, 72.0, 10.0, "UX Researcher · Vienna, Austria");
    p.bold(60.0, 110.0, 10.0, "PROFILE");
    p.column(150.0, 110.0, 10.0, &["Researcher who helps teams understand people.", ""]);
    p.bold(60.0, 150.0, 10.0, "EXPERIENCE");
    p.column(
        150.0,
        150.0,
        10.0,
        &[
            "UX Researcher, Bitpanda GmbH   2021 - Present",
            "• Ran 120 interviews",
            "Research Assistant, University of Vienna   2018 - 2021",
        ],
    );
    p.bold(60.0, 210.0, 10.0, "EDUCATION");
    p.column(150.0, 210.0, 10.0, &["University of Vienna", "MA Psychology   2016 - 2018"]);
    p.bold(60.0, 250.0, 10.0, "SKILLS");
    p.column(150.0, 250.0, 10.0, &["Interviewing, Usability testing, Survey design"]);
    p.column(
        470.0,
        117.0,
        9.0,
        &["#LANGUAGES", "German (native)", "English (C1)", "#INTERESTS", "Accessibility", "Bouldering"],
    );
    write_pdf(&[p])
}

/// Name on the left and contact lines on the right of the header; company/location and
/// title/dates rows with right-aligned parts; description lines without bullet glyphs
/// (drawn as shapes); skills in a table.
fn rows_with_right_aligned_parts() -> Vec<u8> {
    let mut p = Page::default();
    p.bold(48.0, 62.0, 26.0, "Lucas Martin");
    p.at(48.0, 84.0, 11.0, "Data Engineer");
    p.column(470.0, 50.0, 9.0, &["Lyon, France", "+33 6 12 34 56 78", "lucas.martin@mail.fr", "github.com/lmartin"]);
    p.bold(48.0, 120.0, 12.0, "EXPERIENCE");
    let rows: [(&str, &str, f64); 4] = [
        ("Criteo", "Paris, France", 140.0),
        ("Senior Data Engineer", "October 2021 - Present", 154.0),
        ("Société Générale", "Paris, France", 196.0),
        ("Data Engineer", "September 2018 - September 2021", 210.0),
    ];
    for (left, right, y) in rows {
        p.bold(48.0, y, 10.5, left);
        p.at(440.0, y, 10.5, right);
    }
    p.column(60.0, 168.0, 10.5, &["Migrated batch pipelines to Apache Flink"]);
    p.column(60.0, 182.0, 10.5, &["Reduced cloud costs by 25%"]);
    p.column(60.0, 224.0, 10.5, &["Built the risk data lake on Hadoop"]);
    p.bold(48.0, 256.0, 12.0, "EDUCATION");
    p.bold(48.0, 276.0, 10.5, "INSA Lyon");
    p.at(440.0, 276.0, 10.5, "2013 - 2018");
    p.at(48.0, 290.0, 10.5, "Diplôme d'ingénieur, Computer Science");
    p.bold(48.0, 322.0, 12.0, "SKILLS");
    for (i, row) in [["Python", "Scala", "SQL"], ["Apache Flink", "Spark", "Airflow"]].iter().enumerate() {
        for (j, cell) in row.iter().enumerate() {
            p.at(48.0 + 120.0 * j as f64, 342.0 + 14.0 * i as f64, 10.5, cell);
        }
    }
    write_pdf(&[p])
}

// ---------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------

#[test]
fn classic_one_column_resume() {
    let r = parse_pdf(&classic()).unwrap();
    assert_eq!(r.name.as_deref(), Some("Jane Doe"));
    assert_eq!(r.title.as_deref(), Some("Senior Software Engineer"));
    assert_eq!(r.country.as_deref(), Some("United States"));
    assert!(r.short_bio.as_deref().unwrap().starts_with("Backend engineer with eight years"), "{r:#?}");
    assert!(r.short_bio.as_deref().unwrap().ends_with("making systems simple."));
    assert_eq!(r.career_story, None);
    assert_eq!(r.experiences.len(), 2, "{r:#?}");
    let e = &r.experiences[0];
    assert_eq!((e.title.as_str(), e.company.as_str()), ("Senior Software Engineer", "Acme Corp"));
    assert_eq!((e.start, e.end, e.current), (ym(2020, 1), None, true));
    assert_eq!(
        e.description.as_deref(),
        Some("• Designed the billing platform handling 2M invoices a month.\n• Led a team of five engineers.")
    );
    let e = &r.experiences[1];
    assert_eq!((e.title.as_str(), e.company.as_str()), ("Software Engineer", "Globex Inc"));
    assert_eq!((e.start, e.end, e.current), (ym(2016, 3), ym(2019, 12), false));
    assert_eq!(r.education.len(), 1, "{r:#?}");
    let ed = &r.education[0];
    assert_eq!(ed.school, "University of Texas at Austin");
    assert_eq!(ed.degree.as_deref(), Some("Bachelor of Science"));
    assert_eq!(ed.field.as_deref(), Some("Computer Science"));
    assert_eq!((ed.start_year, ed.end_year), (Some(2012), Some(2016)));
    assert_eq!(r.skills, strings(&["Rust", "Go", "PostgreSQL", "Kubernetes", "Kafka", "Distributed Systems"]));
    assert_eq!(r.languages, strings(&["English", "Spanish"]));
    assert!(r.topics.is_empty());
}

#[test]
fn caps_headings_and_bullets_over_two_pages() {
    let r = parse_pdf(&caps_and_bullets()).unwrap();
    assert_eq!(r.name.as_deref(), Some("Ravi Kumar"));
    assert_eq!(r.country.as_deref(), Some("India"));
    assert_eq!(r.short_bio.as_deref(), Some("Data scientist focused on forecasting and experimentation for retail."));
    assert_eq!(r.experiences.len(), 2, "{r:#?}");
    let e = &r.experiences[0];
    assert_eq!((e.title.as_str(), e.company.as_str()), ("Lead Data Scientist", "Flipkart"));
    assert_eq!(e.location.as_deref(), Some("Bengaluru, India"));
    assert_eq!((e.start, e.current), (ym(2019, 6), true));
    let e = &r.experiences[1];
    assert_eq!((e.title.as_str(), e.company.as_str()), ("Data Analyst", "Infosys Limited"));
    assert_eq!((e.start, e.end), (ym(2015, 7), ym(2019, 5)));
    // The bullet on page 2 still belongs to the last job.
    assert!(e.description.as_deref().unwrap().contains("Mentored four junior analysts"), "{e:#?}");
    // Title falls back to the current job.
    assert_eq!(r.title.as_deref(), Some("Lead Data Scientist"));
    assert_eq!(r.education.len(), 1, "{r:#?}");
    assert_eq!(r.education[0].school, "Indian Institute of Technology Bombay");
    assert_eq!(r.education[0].degree.as_deref(), Some("M.Tech."));
    assert_eq!(r.education[0].field.as_deref(), Some("Industrial Engineering"));
    assert_eq!(r.education[0].end_year, Some(2015));
    assert_eq!(r.skills, strings(&["Python", "R", "SQL", "Spark", "Airflow", "Tableau"]));
    assert_eq!(r.languages, strings(&["English", "Hindi", "Kannada"]));
    assert_eq!(r.topics, strings(&["Climate tech", "chess", "long-distance running"]));
}

#[test]
fn linkedin_save_to_pdf_export() {
    let pdf = linkedin_export();
    let text = extract_text(&pdf).unwrap();
    // Main column first, side column after a form feed; footers dropped.
    let main_at = text.find("María García").unwrap();
    let side_at = text.find("Top Skills").unwrap();
    assert!(main_at < side_at, "{text}");
    assert!(text.contains('\u{c}'));
    assert!(!text.contains("Page 1 of 2"));
    assert!(text.contains("Senior Product Manager at Spotify | Building tools for\ncreators\n"), "{text}");

    let (text2, r) = parse_pdf_with_text(&pdf).unwrap();
    assert_eq!(text2, text);
    assert_eq!(r, parse_pdf(&pdf).unwrap());
    assert_eq!(r.name.as_deref(), Some("María García"));
    assert_eq!(r.title.as_deref(), Some("Senior Product Manager at Spotify | Building tools for creators"));
    assert_eq!(r.country.as_deref(), Some("Sweden"));
    assert_eq!(
        r.short_bio.as_deref(),
        Some(
            "Product manager with ten years in consumer apps. I turn research into roadmaps and ship with small teams."
        )
    );
    assert_eq!(r.skills, strings(&["Product Management", "User Research", "SQL"]));
    assert_eq!(r.languages, strings(&["Spanish", "English", "German"]));
    assert_eq!(r.experiences.len(), 3, "{r:#?}");
    let e = &r.experiences[0];
    assert_eq!((e.company.as_str(), e.title.as_str()), ("Spotify", "Senior Product Manager"));
    assert_eq!((e.start, e.end, e.current), (ym(2022, 1), None, true));
    assert_eq!(e.location.as_deref(), Some("Stockholm, Sweden"));
    assert_eq!(e.description.as_deref(), Some("Own the creator analytics roadmap."));
    let e = &r.experiences[1];
    assert_eq!((e.company.as_str(), e.title.as_str()), ("Spotify", "Product Manager"));
    assert_eq!((e.start, e.end), (ym(2020, 3), ym(2021, 12)));
    assert_eq!(e.description.as_deref(), Some("Launched the podcast dashboard used by two million creators."));
    let e = &r.experiences[2];
    assert_eq!((e.company.as_str(), e.title.as_str()), ("Telefónica", "Associate Product Manager"));
    assert_eq!(e.location.as_deref(), Some("Madrid, Community of Madrid, Spain"));
    assert_eq!((e.start, e.end), (ym(2016, 9), ym(2020, 2)));
    assert_eq!(r.education.len(), 2, "{r:#?}");
    assert_eq!(r.education[0].school, "Universidad Politécnica de Madrid");
    assert_eq!(r.education[0].degree.as_deref(), Some("Master of Science - MS"));
    assert_eq!(r.education[0].field.as_deref(), Some("Telecommunications Engineering"));
    assert_eq!((r.education[0].start_year, r.education[0].end_year), (Some(2014), Some(2016)));
    assert_eq!(r.education[1].degree.as_deref(), Some("Bachelor's degree"));
    assert_eq!(r.education[1].field.as_deref(), Some("Computer Science"));
}

#[test]
fn education_before_experience_and_dates_first() {
    let r = parse_pdf(&education_first()).unwrap();
    assert_eq!(r.name.as_deref(), Some("Tom Becker"));
    assert_eq!(r.country.as_deref(), Some("Germany"));
    assert_eq!(r.education.len(), 2, "{r:#?}");
    assert_eq!(r.education[0].school, "Technische Universität Berlin");
    assert_eq!(r.education[0].degree.as_deref(), Some("M.Sc."));
    assert_eq!(r.education[0].field.as_deref(), Some("Computer Engineering"));
    assert_eq!((r.education[0].start_year, r.education[0].end_year), (Some(2017), Some(2019)));
    assert_eq!(r.education[1].school, "Universität Hamburg");
    assert_eq!(r.experiences.len(), 2, "{r:#?}");
    assert_eq!(
        (r.experiences[0].title.as_str(), r.experiences[0].company.as_str()),
        ("Backend Developer", "Zalando SE")
    );
    assert_eq!(r.experiences[0].start, Some(YearMonth::new(2019, None)));
    assert_eq!(r.experiences[0].end, Some(YearMonth::new(2023, None)));
    assert_eq!((r.experiences[1].title.as_str(), r.experiences[1].company.as_str()), ("Staff Engineer", "N26 GmbH"));
    assert!(r.experiences[1].current);
    assert_eq!(r.title.as_deref(), Some("Staff Engineer"));
    assert_eq!(r.topics, strings(&["Open source", "Cycling", "Photography"]));
}

#[test]
fn corrupt_and_textless_pdfs_are_rejected() {
    assert_eq!(parse_pdf(b"definitely not a pdf"), Err(ResumeError::Corrupt));
    let mut truncated = classic();
    truncated.truncate(120);
    assert_eq!(parse_pdf(&truncated), Err(ResumeError::Corrupt));
    let mut garbage = b"%PDF-1.7\n".to_vec();
    garbage.extend((0..4000u32).map(|i| (i * 7919 % 251) as u8));
    assert_eq!(parse_pdf(&garbage), Err(ResumeError::Corrupt));
    // A valid PDF with an empty page (like a scan without a text layer).
    assert_eq!(parse_pdf(&write_pdf(&[Page::default()])), Err(ResumeError::NoText));
    assert_eq!(
        ResumeError::NoText.to_string(),
        "The resume could not be read. Please upload a PDF with selectable text."
    );
}

// ---------------------------------------------------------------------------------------
// AI refinement against a local fake OpenAI-compatible server
// ---------------------------------------------------------------------------------------

async fn fake_llm(answer: serde_json::Value, status: u16) -> String {
    use axum::{http::HeaderMap, routing::post, Json, Router};
    let app = Router::new().route(
        "/v1/chat/completions",
        post(move |headers: HeaderMap, Json(body): Json<serde_json::Value>| {
            let answer = answer.clone();
            async move {
                assert_eq!(headers.get("authorization").unwrap(), "Bearer test-key");
                assert_eq!(body["model"], "test-model");
                let user = body["messages"][1]["content"].as_str().unwrap_or_default().to_string();
                assert!(user.contains("Resume text:"));
                let content = serde_json::to_string(&answer).unwrap();
                (
                    axum::http::StatusCode::from_u16(status).unwrap(),
                    Json(serde_json::json!({"choices": [{"message": {"role": "assistant", "content": content}}]})),
                )
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{addr}/v1")
}

#[tokio::test]
async fn refiner_improves_the_draft_and_falls_back_on_errors() {
    let draft = ParsedResume { name: Some("Jane Doe".into()), skills: vec!["Rust".into()], ..Default::default() };
    let url = fake_llm(
        serde_json::json!({
            "title": "Staff Engineer",
            "country": "UK",
            "skills": ["Rust", "Go", "rust"],
            "experiences": [{"title": "Staff Engineer", "company": "Monzo", "current": true,
                             "start": {"year": 2021, "month": 4}}]
        }),
        200,
    )
    .await;
    let refiner = OpenAiRefiner::new(url, "test-key", "test-model");
    let r = refiner.refine("Jane Doe\nStaff Engineer at Monzo", draft.clone()).await.unwrap();
    assert_eq!(r.name.as_deref(), Some("Jane Doe"), "kept from the draft");
    assert_eq!(r.title.as_deref(), Some("Staff Engineer"));
    assert_eq!(r.country.as_deref(), Some("United Kingdom"));
    assert_eq!(r.skills, strings(&["Rust", "Go"]));
    assert_eq!(r.experiences[0].company, "Monzo");
    assert_eq!(r.experiences[0].start, ym(2021, 4));

    // Provider error → the draft, unchanged.
    let url = fake_llm(serde_json::json!({}), 500).await;
    let failing = OpenAiRefiner::new(url, "test-key", "test-model");
    assert!(failing.refine("text", draft.clone()).await.is_err());
    assert_eq!(refine_or_draft(Some(&failing), "text", draft.clone()).await, draft);
    // Unreachable provider → the draft.
    let down = OpenAiRefiner::new("http://127.0.0.1:9/v1", "test-key", "test-model");
    assert_eq!(refine_or_draft(Some(&down), "text", draft.clone()).await, draft);
    assert_eq!(refine_or_draft(None, "text", draft.clone()).await, draft);
}

#[test]
fn headings_in_a_left_margin() {
    let r = parse_pdf(&margin_headings_and_right_sidebar()).unwrap();
    assert_eq!(r.name.as_deref(), Some("Lena Fischer"));
    assert_eq!(r.title.as_deref(), Some("UX Researcher"));
    assert_eq!(r.country.as_deref(), Some("Austria"));
    assert_eq!(r.short_bio.as_deref(), Some("Researcher who helps teams understand people."));
    assert_eq!(r.experiences.len(), 2, "{r:#?}");
    assert_eq!(
        (r.experiences[0].title.as_str(), r.experiences[0].company.as_str()),
        ("UX Researcher", "Bitpanda GmbH")
    );
    assert_eq!(
        (r.experiences[1].title.as_str(), r.experiences[1].company.as_str()),
        ("Research Assistant", "University of Vienna")
    );
    assert_eq!(r.education.len(), 1, "{r:#?}");
    assert_eq!(r.education[0].degree.as_deref(), Some("MA"));
    assert_eq!(r.education[0].field.as_deref(), Some("Psychology"));
    assert_eq!(r.skills, strings(&["Interviewing", "Usability testing", "Survey design"]));
    assert_eq!(r.languages, strings(&["German", "English"]));
    assert_eq!(r.topics, strings(&["Accessibility", "Bouldering"]));
    let text = extract_text(&margin_headings_and_right_sidebar()).unwrap();
    assert!(text.find("Survey design").unwrap() < text.find("LANGUAGES").unwrap(), "{text}");
}

/// Manual check of a real resume: `RESUME_PDF=path cargo test -p services --test resume -- --ignored --nocapture`.
#[test]
#[ignore]
fn dump_resume_from_env() {
    let Ok(path) = std::env::var("RESUME_PDF") else { return };
    let pdf = std::fs::read(path).unwrap();
    println!("{}\n-----", extract_text(&pdf).unwrap().replace('\u{c}', "<FF>"));
    println!("{:#?}", parse_pdf(&pdf).unwrap());
}

#[test]
fn rows_with_right_aligned_company_location_and_dates() {
    let r = parse_pdf(&rows_with_right_aligned_parts()).unwrap();
    assert_eq!(r.name.as_deref(), Some("Lucas Martin"));
    assert_eq!(r.title.as_deref(), Some("Data Engineer"));
    assert_eq!(r.country.as_deref(), Some("France"));
    assert_eq!(r.experiences.len(), 2, "{r:#?}");
    let e = &r.experiences[0];
    assert_eq!((e.title.as_str(), e.company.as_str()), ("Senior Data Engineer", "Criteo"));
    assert_eq!(e.location.as_deref(), Some("Paris, France"));
    assert_eq!((e.start, e.current), (ym(2021, 10), true));
    assert!(e.description.as_deref().unwrap().contains("Reduced cloud costs by 25%"), "{e:#?}");
    let e = &r.experiences[1];
    assert_eq!((e.title.as_str(), e.company.as_str()), ("Data Engineer", "Société Générale"));
    assert_eq!((e.start, e.end), (ym(2018, 9), ym(2021, 9)));
    assert_eq!(r.education.len(), 1, "{r:#?}");
    assert_eq!(r.education[0].school, "INSA Lyon");
    assert_eq!(r.education[0].degree.as_deref(), Some("Diplôme d'ingénieur"));
    assert_eq!(r.education[0].field.as_deref(), Some("Computer Science"));
    assert_eq!((r.education[0].start_year, r.education[0].end_year), (Some(2013), Some(2018)));
    assert_eq!(r.skills, strings(&["Python", "Scala", "SQL", "Apache Flink", "Spark", "Airflow"]));
}
