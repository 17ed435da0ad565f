//! parse_text on whole resumes (text as a PDF extractor gives it).
use super::*;

fn s(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn us_resume_with_unheaded_summary() {
    let text = "JOHN SMITH
john.smith@email.com | (555) 123-4567 | linkedin.com/in/johnsmith | Seattle, WA

Results-driven product designer with 6 years of experience crafting user-centered
mobile and web experiences for fintech and e-commerce companies.

EXPERIENCE
Microsoft — Senior Product Designer                    Seattle, WA
Aug 2021 – Present
• Redesigned Outlook mobile onboarding, lifting activation 12%
Amazon — UX Designer
May 2018 – Jul 2021
• Designed checkout flows

EDUCATION
Rhode Island School of Design, BFA in Graphic Design, 2014 – 2018

SKILLS
Figma · Sketch · Prototyping · User Research · Design Systems

CERTIFICATIONS
Google UX Design Certificate
";
    let r = parse_text(text);
    assert_eq!(r.name.as_deref(), Some("John Smith"));
    assert_eq!(r.country.as_deref(), Some("United States"));
    assert_eq!(
        r.short_bio.as_deref(),
        Some("Results-driven product designer with 6 years of experience crafting user-centered mobile and web experiences for fintech and e-commerce companies.")
    );
    assert_eq!(r.experiences.len(), 2, "{r:#?}");
    assert_eq!(
        (r.experiences[0].title.as_str(), r.experiences[0].company.as_str()),
        ("Senior Product Designer", "Microsoft")
    );
    assert_eq!(r.experiences[0].location.as_deref(), Some("Seattle, WA"));
    assert_eq!((r.experiences[1].title.as_str(), r.experiences[1].company.as_str()), ("UX Designer", "Amazon"));
    assert_eq!(r.experiences[1].end, Some(YearMonth::new(2021, Some(7))));
    assert_eq!(r.title.as_deref(), Some("Senior Product Designer"));
    assert_eq!(r.education.len(), 1, "{r:#?}");
    assert_eq!(r.education[0].school, "Rhode Island School of Design");
    assert_eq!(r.education[0].degree.as_deref(), Some("BFA"));
    assert_eq!(r.education[0].field.as_deref(), Some("Graphic Design"));
    assert_eq!((r.education[0].start_year, r.education[0].end_year), (Some(2014), Some(2018)));
    assert_eq!(r.skills, s(&["Figma", "Sketch", "Prototyping", "User Research", "Design Systems"]));
}

#[test]
fn long_summary_gives_a_career_story_and_explicit_story_wins() {
    let para = "I started as a support agent and learned to code at night. ".repeat(12);
    let text =
        format!("Ana Lima\nCurriculum Vitae\nProfile\n{para}\nExperience\nSupport Agent, Zendesk   2015 - 2017\n");
    let r = parse_text(&text);
    assert_eq!(r.name.as_deref(), Some("Ana Lima"));
    let bio = r.short_bio.unwrap();
    assert!(bio.len() <= 600 && bio.starts_with("I started as a support agent"));
    assert!(r.career_story.unwrap().len() > 600);

    let text =
        "CURRICULUM VITAE\nAna Lima\nSummary\nSupport engineer turned developer.\nMy Story\nIt began in Recife.\n";
    let r = parse_text(text);
    assert_eq!(r.name.as_deref(), Some("Ana Lima"));
    assert_eq!(r.short_bio.as_deref(), Some("Support engineer turned developer."));
    assert_eq!(r.career_story.as_deref(), Some("It began in Recife."));
}

#[test]
fn linkedin_text_without_pdf() {
    let text = "Sam Okafor
Software Engineer at Paystack
Lagos, Lagos State, Nigeria
Summary
I build payment APIs.
Experience
Paystack
Software Engineer
July 2021 - Present (3 years)
Lagos, Nigeria
Education
University of Lagos
Bachelor of Science - BS, Computer Science · (2015 - 2019)
\u{c}
Contact
www.linkedin.com/in/samokafor (LinkedIn)
Top Skills
Node.js
Go
Languages
Yoruba (Native or Bilingual)
English (Native or Bilingual)
";
    let r = parse_text(text);
    assert_eq!(r.name.as_deref(), Some("Sam Okafor"));
    assert_eq!(r.title.as_deref(), Some("Software Engineer at Paystack"));
    assert_eq!(r.country.as_deref(), Some("Nigeria"));
    assert_eq!(r.skills, s(&["Node.js", "Go"]));
    assert_eq!(r.languages, s(&["Yoruba", "English"]));
    assert_eq!(r.experiences.len(), 1);
    assert_eq!((r.experiences[0].company.as_str(), r.experiences[0].title.as_str()), ("Paystack", "Software Engineer"));
    assert_eq!(r.education[0].school, "University of Lagos");
    assert_eq!(r.education[0].degree.as_deref(), Some("Bachelor of Science - BS"));
    // Contact lines of the side column stay out of the education entries.
    assert_eq!(r.education.len(), 1);
}

#[test]
fn empty_and_unstructured_text() {
    assert!(parse_text("").is_empty());
    let r = parse_text("just some words without structure");
    assert!(r.experiences.is_empty() && r.education.is_empty() && r.skills.is_empty());
}

#[test]
fn headless_side_column_supplies_the_name() {
    let text = "ABOUT ME\nI ship web products.\nEXPERIENCE\nCareem — Senior Developer\n2020 – Present · Dubai\n\u{c}\nOmar\nHaddad\nFull-Stack Developer\nCONTACT\nomar@haddad.dev\nDubai, UAE\nLANGUAGES\nArabic — Native\n";
    let r = parse_text(text);
    assert_eq!(r.name.as_deref(), Some("Omar Haddad"));
    assert_eq!(r.title.as_deref(), Some("Full-Stack Developer"));
    assert_eq!(r.country.as_deref(), Some("United Arab Emirates"));
    assert_eq!(r.languages, s(&["Arabic"]));
    assert_eq!(r.experiences.len(), 1);
    assert_eq!(r.experiences[0].company, "Careem");
    assert_eq!(r.experiences[0].location.as_deref(), Some("Dubai"));
}

#[test]
fn europass_table_with_wrapped_date_cells() {
    // Text as extracted from a two-cell table: dates in a narrow left cell wrap.
    let text = "Katarzyna Nowak
Marketing Manager
ul. Długa 5, 00-001 Warszawa, Poland · k.nowak@example.pl

Work experience
01/2021 –   Marketing Manager
Present   Allegro, Warsaw
Leading brand campaigns across 5 markets and a team of 6.
03/2017 –   Digital Marketing Specialist
12/2020   Orange Polska, Warsaw
Managed paid social budgets.

Education and training
2012 – 2017   Master's degree in Marketing
SGH Warsaw School of Economics

Language skills
Mother tongue: Polish
Other languages: English (C1), German (B1)

Digital skills
Google Analytics | HubSpot | SEO | Canva
";
    let r = parse_text(text);
    assert_eq!(r.name.as_deref(), Some("Katarzyna Nowak"));
    assert_eq!(r.title.as_deref(), Some("Marketing Manager"));
    assert_eq!(r.country.as_deref(), Some("Poland"));
    assert_eq!(r.experiences.len(), 2, "{r:#?}");
    let e = &r.experiences[0];
    assert_eq!(
        (e.title.as_str(), e.company.as_str(), e.location.as_deref()),
        ("Marketing Manager", "Allegro", Some("Warsaw"))
    );
    assert!(e.current);
    let e = &r.experiences[1];
    assert_eq!((e.title.as_str(), e.company.as_str()), ("Digital Marketing Specialist", "Orange Polska"));
    assert_eq!((e.start, e.end), (Some(YearMonth::new(2017, Some(3))), Some(YearMonth::new(2020, Some(12)))));
    assert_eq!(r.education[0].school, "SGH Warsaw School of Economics");
    assert_eq!(r.education[0].degree.as_deref(), Some("Master's degree"));
    assert_eq!(r.education[0].field.as_deref(), Some("Marketing"));
    assert_eq!(r.languages, s(&["Polish", "English", "German"]));
    assert_eq!(r.skills, s(&["Google Analytics", "HubSpot", "SEO", "Canva"]));
}

#[test]
fn never_panics_on_truncated_or_odd_text() {
    let samples = [
        "Sam Okafor\nSoftware Engineer at Paystack\nLagos, Nigeria\nSummary\nI build payment APIs.\nExperience\nPaystack\n3 years\nSoftware Engineer\nJuly 2021 - Present (3 years)\nLagos, Nigeria\nEducation\nUniversity of Lagos\nBachelor of Science - BS, Computer Science · (2015 - 2019)\n\u{c}\nContact\nwww.linkedin.com/in/x (LinkedIn)\nTop Skills\nGo\n",
        "ÉDUCATION: École — (2019 –\nPresent)   Ingénieur, Informatique\n• (x) ( ( ) ) — – - | · • 01/ /2020 2020- -2020 Jan Jan. '20 (2 yrs)\nSKILLS:\n,,,;;;|||\nLanguages: :: (Native)\n",
    ];
    for text in samples {
        let mut cut = String::new();
        for c in text.chars() {
            cut.push(c);
            let _ = parse_text(&cut);
        }
    }
}

#[test]
fn side_column_continued_on_the_next_page() {
    // LinkedIn export whose side column (Publications) runs onto page 2.
    let text = "Ada Obi\nResearch Scientist at DeepMind\nLondon, England, United Kingdom\nExperience\nDeepMind\nResearch Scientist\nMay 2020 - Present (4 years)\n\u{c}\nContact\nwww.linkedin.com/in/adaobi (LinkedIn)\nTop Skills\nReinforcement Learning\nPublications\nPaper One\n\u{c}\nPaper Two\nPaper Three\n";
    let r = parse_text(text);
    assert_eq!(r.name.as_deref(), Some("Ada Obi"));
    assert_eq!(r.title.as_deref(), Some("Research Scientist at DeepMind"));
    assert_eq!(r.country.as_deref(), Some("United Kingdom"));
    assert_eq!(r.skills, s(&["Reinforcement Learning"]));
    assert_eq!(r.experiences.len(), 1);
}
