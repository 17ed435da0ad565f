//! The defaults a tenant starts with. Every list can be replaced through the admin API.

use std::collections::BTreeMap;

use super::*;

fn ints(items: &[(i64, &str)]) -> Vec<IntOption> {
    items.iter().map(|(value, label)| IntOption { value: *value, label: (*label).to_string() }).collect()
}

fn texts(items: &[(&str, &str)]) -> Vec<TextOption> {
    items.iter().map(|(value, label)| TextOption { value: (*value).to_string(), label: (*label).to_string() }).collect()
}

fn map(items: &[(&str, &[i64])]) -> BTreeMap<String, Vec<i64>> {
    items.iter().map(|(k, v)| ((*k).to_string(), v.to_vec())).collect()
}

impl Default for Options {
    fn default() -> Self {
        Options {
            career_stages: ints(&[
                (1, "High school student"),
                (2, "College student"),
                (3, "Early professional (under 5 years)"),
                (4, "Mid-career (5 to 15 years)"),
                (5, "Advanced (over 15 years)"),
                (0, "Other"),
            ]),
            current_roles: ints(&[
                (1, "High school student"),
                (2, "College student"),
                (3, "Working professional"),
                (4, "Job seeker"),
                (5, "Educator"),
                (6, "Entrepreneur"),
            ]),
            professional_fields: ints(&[
                (1, "Technology and engineering"),
                (2, "Data and AI"),
                (3, "Business and finance"),
                (4, "Healthcare and life sciences"),
                (5, "Education and research"),
                (6, "Design and creative"),
                (7, "Public sector and non-profit"),
                (8, "Law and policy"),
                (0, "Other"),
            ]),
            interested_services: ints(&[
                (1, "Career guidance"),
                (2, "AI upskilling"),
                (3, "Mentorship"),
                (4, "Job opportunities"),
                (5, "Networking"),
                (6, "Events and workshops"),
            ]),
            organization_types: ints(&[
                (1, "Company"),
                (2, "University"),
                (3, "Non-profit"),
                (4, "Government"),
                (5, "Community"),
            ]),
            reason_to_join: ints(&[
                (1, "Learn AI skills"),
                (2, "Find a job or internship"),
                (3, "Grow my network"),
                (4, "Find a mentor"),
                (5, "Change careers"),
                (6, "Mentor others"),
                (0, "Other"),
            ]),
            career_commitment: ints(&[
                (1, "2 hrs/week for 1 week"),
                (2, "2 hrs/week for 2 weeks"),
                (3, "2 hrs/week for 3 weeks"),
                (4, "2 hrs/week for 1 month"),
                (8, "2 hrs/week for 2 months"),
                (12, "2 hrs/week for 3 months"),
                (16, "2 hrs/week for 4 months"),
                (24, "2 hrs/week for 6 months"),
            ]),
            career_reason_map: map(&[
                ("1", &[1, 3, 4, 0]),
                ("2", &[1, 2, 3, 4, 0]),
                ("3", &[1, 2, 3, 4, 5, 0]),
                ("4", &[1, 2, 3, 5, 6, 0]),
                ("5", &[1, 3, 5, 6, 0]),
                ("0", &[1, 2, 3, 4, 5, 6, 0]),
            ]),
            role_stage_map: map(&[
                ("1", &[1]),
                ("2", &[2]),
                ("3", &[3, 4, 5]),
                ("4", &[2, 3, 4, 5]),
                ("5", &[3, 4, 5]),
                ("6", &[2, 3, 4, 5]),
            ]),
            job_functions: ints(&[
                (1, "Engineering"),
                (2, "Product"),
                (3, "Data and analytics"),
                (4, "Sales and marketing"),
                (5, "Operations"),
                (6, "People and HR"),
                (7, "Finance"),
                (8, "Research"),
            ]),
            colleges: texts(&[
                ("engineering", "College of Engineering"),
                ("business", "College of Business"),
                ("arts-sciences", "College of Arts and Sciences"),
                ("medicine", "College of Medicine"),
            ]),
            departments: texts(&[
                ("computer-science", "Computer Science"),
                ("electrical-engineering", "Electrical Engineering"),
                ("economics", "Economics"),
                ("biology", "Biology"),
                ("mathematics", "Mathematics"),
                ("other", "Other"),
            ]),
            aitool_categories: texts(&[
                ("writing", "Writing"),
                ("coding", "Coding"),
                ("research", "Research"),
                ("design", "Design"),
                ("productivity", "Productivity"),
                ("data-analysis", "Data analysis"),
                ("marketing", "Marketing"),
                ("education", "Education"),
                ("audio-video", "Audio and video"),
            ]),
            usecase_categories: texts(&[
                ("career-planning", "Career planning"),
                ("learning", "Learning"),
                ("job-search", "Job search"),
                ("productivity", "Productivity"),
                ("research", "Research"),
                ("communication", "Communication"),
            ]),
        }
    }
}

impl Default for LandingPageContent {
    fn default() -> Self {
        LandingPageContent {
            title: "Grow your career in the age of AI".into(),
            description: "Join a community of professionals, students and organizations. Learn AI skills in \
                          cohort circles, meet people at events, find your next job and get guidance from an \
                          AI career assistant."
                .into(),
            cta_url: "/login".into(),
            cta_text: "Get Started".into(),
            video_url: None,
            video_thumbnail_url: None,
            footer_text: "Learn together. Grow together.".into(),
        }
    }
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            primary_main: "#BE185D".into(),
            primary_light: "#FCE7F3".into(),
            secondary_main: "#1E293B".into(),
            secondary_light: "#E2E8F0".into(),
            background_paper: "#FFFFFF".into(),
            background_default: "#F8FAFC".into(),
        }
    }
}

impl Default for UiConfig {
    fn default() -> Self {
        let mut filter_order = BTreeMap::new();
        filter_order.insert("circles".to_string(), vec!["status".into(), "topic_area".into(), "country".into()]);
        filter_order.insert("events".to_string(), vec!["status".into(), "event_type".into(), "country".into()]);
        filter_order.insert("jobs".to_string(), vec!["work_mode".into(), "employment_type".into(), "country".into()]);
        UiConfig {
            show_job_menu: true,
            show_connect_menu: true,
            show_institutional_registration_screen: false,
            show_location_in_navbar: false,
            landing_page_content: LandingPageContent::default(),
            primary_focus: PrimaryFocus::Both,
            filter_order,
            registration_speed: None,
            theme: Theme::default(),
            host_variant: HostVariant::Standard,
        }
    }
}

fn prompt_set(id: &str, prompts: &[&str]) -> PromptSet {
    PromptSet { id: id.to_string(), prompts: prompts.iter().map(|p| (*p).to_string()).collect() }
}

impl Default for AmaPrompts {
    fn default() -> Self {
        AmaPrompts {
            by_location: vec![prompt_set(
                "default",
                &[
                    "Which AI skills are employers in my country asking for?",
                    "What career events are coming up near me?",
                    "How do I find a mentor in my field?",
                    "Which circles should I join this quarter?",
                ],
            )],
            by_career_stage: vec![
                prompt_set(
                    "1",
                    &[
                        "Which college majors lead to careers in AI?",
                        "How can I start learning to code in high school?",
                        "What summer programs would strengthen my applications?",
                        "How do I explore careers before choosing a major?",
                    ],
                ),
                prompt_set(
                    "2",
                    &[
                        "How do I land my first internship?",
                        "Which projects make a strong portfolio for my major?",
                        "How should I use AI tools in my studies responsibly?",
                        "What should my resume look like as a student?",
                    ],
                ),
                prompt_set(
                    "3",
                    &[
                        "How do I grow faster in my first years at work?",
                        "Which AI skills should I learn next for my role?",
                        "How do I ask for a promotion or a raise?",
                        "How do I build a professional network from scratch?",
                    ],
                ),
                prompt_set(
                    "4",
                    &[
                        "How can I move into a leadership role?",
                        "Is it too late to switch into an AI-related career?",
                        "How do I bring AI into my team's work?",
                        "How do I become a mentor?",
                    ],
                ),
                prompt_set(
                    "5",
                    &[
                        "How do I lead an organization through AI adoption?",
                        "Where can my experience have the most impact now?",
                        "How do I stay current with AI as a senior leader?",
                        "How can I give back to early-career professionals?",
                    ],
                ),
            ],
        }
    }
}

fn question(id: &str, label: &str, kind: &str, required: bool, options: &[&str]) -> crate::groups::questions::Question {
    crate::groups::questions::Question {
        id: id.to_string(),
        label: label.to_string(),
        kind: kind.to_string(),
        required,
        options: options.iter().map(|o| (*o).to_string()).collect(),
    }
}

impl Default for LeaderQuestions {
    fn default() -> Self {
        LeaderQuestions(vec![
            question("motivation", "Why do you want to lead a circle?", "textarea", true, &[]),
            question(
                "experience",
                "Describe your experience teaching, mentoring or leading groups.",
                "textarea",
                true,
                &[],
            ),
            question("topic", "Which topic would your circle be about?", "text", true, &[]),
            question(
                "availability",
                "How many hours a week can you give to leading a circle?",
                "radio",
                true,
                &["1-2 hours", "3-4 hours", "5 or more hours"],
            ),
            question("resume", "Your resume or a sample of your work (optional)", "file", false, &[]),
        ])
    }
}
