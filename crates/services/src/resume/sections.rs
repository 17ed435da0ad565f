//! Split resume text into a preamble (name, headline, contact lines) and headed sections.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SectionKind {
    Summary,
    CareerStory,
    Experience,
    Education,
    Skills,
    Languages,
    Certifications,
    Interests,
    Projects,
    Publications,
    Contact,
    Awards,
    Volunteer,
    References,
    Other,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    pub kind: SectionKind,
    pub heading: String,
    /// Lines of the section, trimmed; blank lines kept as "" (a visual gap).
    pub lines: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Doc {
    /// Lines before the first heading (and lines of a headless side column).
    pub preamble: Vec<String>,
    pub sections: Vec<Section>,
}

use SectionKind as K;

const HEADINGS: &[(&str, SectionKind)] = &[
    ("summary", K::Summary),
    ("professionalsummary", K::Summary),
    ("careersummary", K::Summary),
    ("executivesummary", K::Summary),
    ("summaryofqualifications", K::Summary),
    ("profile", K::Summary),
    ("professionalprofile", K::Summary),
    ("personalprofile", K::Summary),
    ("careerprofile", K::Summary),
    ("about", K::Summary),
    ("aboutme", K::Summary),
    ("objective", K::Summary),
    ("careerobjective", K::Summary),
    ("overview", K::Summary),
    ("introduction", K::Summary),
    ("bio", K::Summary),
    ("shortbio", K::Summary),
    ("careerstory", K::CareerStory),
    ("mystory", K::CareerStory),
    ("personalstatement", K::CareerStory),
    ("experience", K::Experience),
    ("experiences", K::Experience),
    ("workexperience", K::Experience),
    ("professionalexperience", K::Experience),
    ("relevantexperience", K::Experience),
    ("employmenthistory", K::Experience),
    ("employment", K::Experience),
    ("workhistory", K::Experience),
    ("careerhistory", K::Experience),
    ("professionalbackground", K::Experience),
    ("education", K::Education),
    ("educationandtraining", K::Education),
    ("educationandlearning", K::Education),
    ("educationandlearnings", K::Education),
    ("academicbackground", K::Education),
    ("educationalbackground", K::Education),
    ("academicqualifications", K::Education),
    ("educationandqualifications", K::Education),
    ("academics", K::Education),
    ("skills", K::Skills),
    ("topskills", K::Skills),
    ("technicalskills", K::Skills),
    ("keyskills", K::Skills),
    ("coreskills", K::Skills),
    ("skillset", K::Skills),
    ("skillsandexpertise", K::Skills),
    ("skillsandabilities", K::Skills),
    ("skillsandcompetencies", K::Skills),
    ("skillsandtools", K::Skills),
    ("corecompetencies", K::Skills),
    ("competencies", K::Skills),
    ("keycompetencies", K::Skills),
    ("areasofexpertise", K::Skills),
    ("expertise", K::Skills),
    ("technicalexpertise", K::Skills),
    ("technicalproficiencies", K::Skills),
    ("technologies", K::Skills),
    ("programminglanguages", K::Skills),
    ("itskills", K::Skills),
    ("softskills", K::Skills),
    ("languages", K::Languages),
    ("language", K::Languages),
    ("languageskills", K::Languages),
    ("spokenlanguages", K::Languages),
    ("certifications", K::Certifications),
    ("certificates", K::Certifications),
    ("licensesandcertifications", K::Certifications),
    ("certificationsandlicenses", K::Certifications),
    ("coursesandcertifications", K::Certifications),
    ("courses", K::Certifications),
    ("interests", K::Interests),
    ("hobbies", K::Interests),
    ("hobbiesandinterests", K::Interests),
    ("interestsandhobbies", K::Interests),
    ("areasofinterest", K::Interests),
    ("topicsofinterest", K::Interests),
    ("personalinterests", K::Interests),
    ("projects", K::Projects),
    ("personalprojects", K::Projects),
    ("selectedprojects", K::Projects),
    ("keyprojects", K::Projects),
    ("sideprojects", K::Projects),
    ("publications", K::Publications),
    ("patents", K::Publications),
    ("contact", K::Contact),
    ("contactinformation", K::Contact),
    ("contactinfo", K::Contact),
    ("contactdetails", K::Contact),
    ("personaldetails", K::Contact),
    ("personalinformation", K::Contact),
    ("awards", K::Awards),
    ("honors", K::Awards),
    ("honours", K::Awards),
    ("honorsawards", K::Awards),
    ("honorsandawards", K::Awards),
    ("awardsandhonors", K::Awards),
    ("achievements", K::Awards),
    ("accomplishments", K::Awards),
    ("volunteer", K::Volunteer),
    ("volunteering", K::Volunteer),
    ("volunteerexperience", K::Volunteer),
    ("volunteerwork", K::Volunteer),
    ("references", K::References),
    ("additionalinformation", K::Other),
    ("memberships", K::Other),
    ("affiliations", K::Other),
    ("professionalaffiliations", K::Other),
    ("extracurricularactivities", K::Other),
    ("activities", K::Other),
];

/// Keywords for headings written in capitals ("PROFESSIONAL EXPERIENCE & PROJECTS").
const KEYWORDS: &[(&str, SectionKind)] = &[
    ("programminglanguage", K::Skills),
    ("volunteer", K::Volunteer),
    ("summary", K::Summary),
    ("objective", K::Summary),
    ("aboutme", K::Summary),
    ("profile", K::Summary),
    ("experience", K::Experience),
    ("employment", K::Experience),
    ("workhistory", K::Experience),
    ("careerhistory", K::Experience),
    ("education", K::Education),
    ("academic", K::Education),
    ("skill", K::Skills),
    ("competenc", K::Skills),
    ("expertise", K::Skills),
    ("language", K::Languages),
    ("certif", K::Certifications),
    ("licens", K::Certifications),
    ("interest", K::Interests),
    ("hobbies", K::Interests),
    ("project", K::Projects),
    ("publication", K::Publications),
    ("award", K::Awards),
    ("honor", K::Awards),
    ("contact", K::Contact),
    ("reference", K::References),
];

fn key(s: &str) -> String {
    s.replace('&', "and").chars().filter(|c| c.is_alphabetic()).flat_map(char::to_lowercase).collect()
}

/// The section a heading line starts, if it is one.
pub fn heading_kind(line: &str) -> Option<SectionKind> {
    let l = line.trim().trim_matches(|c: char| !c.is_alphanumeric() && c != '&' && c != ')' && c != '(');
    if l.is_empty() || l.len() > 45 || l.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    // Letter-spaced capitals ("E X P E R I E N C E") count as fewer words.
    let words = l.split_whitespace().count();
    let letters: Vec<char> = l.chars().filter(|c| c.is_alphabetic()).collect();
    let spaced = l.split_whitespace().all(|w| w.chars().count() == 1);
    if words > 5 && !spaced {
        return None;
    }
    if line.trim_end().ends_with('.') || line.contains(',') {
        return None;
    }
    let k = key(l);
    if let Some((_, kind)) = HEADINGS.iter().find(|(h, _)| *h == k) {
        return Some(*kind);
    }
    let caps = letters.len() >= 4 && letters.iter().all(|c| c.is_uppercase());
    // "Relevant Work Experience", "Technical Skills & Tools": Title Case, at most four
    // words, ending in a section word.
    let title_case = l
        .split_whitespace()
        .all(|w| w.chars().next().is_some_and(|c| c.is_uppercase() || !c.is_alphabetic()) || matches!(w, "and" | "&"));
    let last = l.split_whitespace().last().map(key).unwrap_or_default();
    let section_words = [
        "experience",
        "experiences",
        "education",
        "skills",
        "summary",
        "languages",
        "interests",
        "projects",
        "certifications",
        "publications",
        "awards",
        "tools",
        "history",
        "background",
        "qualifications",
    ];
    if title_case && words <= 4 && section_words.contains(&last.as_str()) && !super::words::has_title_word(l) {
        if let Some((_, kind)) = KEYWORDS.iter().find(|(w, _)| k.contains(w)) {
            return Some(*kind);
        }
    }
    if (caps || line.trim_end().ends_with(':')) && !super::words::has_title_word(l) {
        return KEYWORDS.iter().find(|(w, _)| k.contains(w)).map(|(_, kind)| *kind);
    }
    None
}

/// "Digital skills", "Relevant experience": sentence-case headings, trusted only after a
/// vertical gap.
fn sentence_case_heading(line: &str) -> Option<SectionKind> {
    let l = line.trim().trim_end_matches(':');
    let words: Vec<&str> = l.split_whitespace().collect();
    if words.is_empty() || words.len() > 4 || l.chars().any(|c| c.is_ascii_digit() || c == ',' || c == '.') {
        return None;
    }
    if !words[0].chars().next().is_some_and(char::is_uppercase) || super::words::has_title_word(l) {
        return None;
    }
    let last = key(words[words.len() - 1]);
    if !["skills", "experience", "education", "languages", "interests", "projects", "certifications"]
        .contains(&last.as_str())
    {
        return None;
    }
    let k = key(l);
    KEYWORDS.iter().find(|(w, _)| k.contains(w)).map(|(_, kind)| *kind)
}

/// Lines that are page furniture: "Page 1 of 2", "1 / 3", "- 2 -".
pub fn is_page_footer(line: &str) -> bool {
    let l = line.trim().to_lowercase();
    if l.is_empty() {
        return false;
    }
    let words: Vec<&str> = l.split(|c: char| c.is_whitespace() || c == '/').filter(|w| !w.is_empty()).collect();
    let num = |w: &str| !w.is_empty() && w.len() <= 3 && w.chars().all(|c| c.is_ascii_digit());
    match words.as_slice() {
        ["page", a, "of", b] => num(a) && num(b),
        ["page", a] => num(a),
        [a, "of", b] => num(a) && num(b),
        [a, b] if l.contains('/') => num(a) && num(b),
        ["-", a, "-"] => num(a),
        [a] => num(a),
        _ => false,
    }
}

/// Join a date range wrapped over two lines ("01/2021 –" / "Present"), also when each
/// line continues with other text in a table layout ("01/2021 –   Marketing Manager").
fn join_wrapped_ranges(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for i in 0..lines.len().saturating_sub(1) {
        let (head, tail) = match lines[i].split_once("   ") {
            Some((h, t)) => (h.trim().to_string(), Some(t.to_string())),
            None => (lines[i].trim().to_string(), None),
        };
        let dangling = ["-", "–", "—", "to"].iter().any(|c| head.ends_with(c));
        if !dangling || head.len() > 30 || super::dates::parse_date(&head).is_none() {
            continue;
        }
        let next = lines[i + 1].trim().to_string();
        let (nhead, ntail) = match next.split_once("   ") {
            Some((h, t)) => (h.trim().to_string(), Some(t.trim().to_string())),
            None => (next.clone(), None),
        };
        let joined = format!("{head} {nhead}");
        match super::dates::parse_date_range(&joined) {
            Some(r) if !r.single && r.span.1 >= joined.len() - 1 => {
                lines[i] = match tail {
                    Some(t) => format!("{joined}   {}", t.trim()),
                    None => joined,
                };
                lines[i + 1] = ntail.unwrap_or_default();
            }
            _ => {}
        }
    }
    lines
}

/// Split text into preamble and sections.
pub fn split(text: &str) -> Doc {
    let mut doc = Doc::default();
    let mut prev_blank = true;
    let mut in_side = false;
    let mut last_side_section: Option<usize> = None;
    // Where lines go: None = preamble.
    let mut current: Option<usize> = None;
    // After a one-line "Label: items" section, lines return to this section.
    for raw in join_wrapped_ranges(text) {
        let raw = raw.as_str();
        let line = raw.trim().replace('\u{a0}', " ");
        let after_gap = std::mem::replace(&mut prev_blank, line.is_empty());
        // (A form feed is whitespace to `trim`, so look at the raw line.)
        if raw.contains('\u{c}') && line.is_empty() {
            // Column break. The first side block, when headless, goes to the preamble (a
            // name and contact lines); a later one (the side column continued on the next
            // page) continues the last side section.
            current = last_side_section;
            in_side = true;
            if current.is_none() && !doc.preamble.is_empty() {
                doc.preamble.push(String::new());
            }
            continue;
        }
        let line = line.trim_matches('\u{c}').trim().to_string();
        if is_page_footer(&line) {
            continue;
        }
        if let Some(kind) = heading_kind(&line).or_else(|| if after_gap { sentence_case_heading(&line) } else { None })
        {
            doc.sections.push(Section { kind, heading: line.clone(), lines: Vec::new() });
            current = Some(doc.sections.len() - 1);
            if in_side {
                last_side_section = current;
            }
            continue;
        }
        // A heading in a left margin, on the baseline of the section's first line
        // ("EXPERIENCE   Software Engineer, Acme").
        let line = match line.split_once("   ") {
            Some((head, rest)) if heading_kind(head).is_some() => {
                let kind = heading_kind(head).unwrap_or(K::Other);
                doc.sections.push(Section { kind, heading: head.to_string(), lines: Vec::new() });
                current = Some(doc.sections.len() - 1);
                rest.trim().to_string()
            }
            _ => line,
        };
        // "Skills: Rust, Go" — a heading with its content on the same line.
        if let Some((label, rest)) = line.split_once(':') {
            if !rest.trim().is_empty() && label.split_whitespace().count() <= 3 {
                if let Some(kind) = heading_kind(label) {
                    let resume_kind = current.map(|i| doc.sections[i].kind);
                    if resume_kind == Some(K::Skills) && matches!(kind, K::Skills | K::Languages) {
                        // A sub-label inside a skills section ("Languages: Python, SQL");
                        // the skills parser tells human languages from programming ones.
                        doc.sections[current.unwrap_or(0)].lines.push(line);
                        continue;
                    }
                    if matches!(resume_kind, Some(K::Experience | K::Education | K::Projects)) {
                        // Inside an entry ("Skills: Rust, Go" under a job): keep as text.
                    } else {
                        doc.sections.push(Section {
                            kind,
                            heading: label.trim().to_string(),
                            lines: vec![rest.trim().to_string()],
                        });
                        // Following lines continue the section we were in.
                        if let Some(k) = resume_kind {
                            let heading = doc.sections[current.unwrap_or(0)].heading.clone();
                            doc.sections.push(Section { kind: k, heading, lines: Vec::new() });
                            current = Some(doc.sections.len() - 1);
                        }
                        continue;
                    }
                }
            }
        }
        match current {
            Some(i) => doc.sections[i].lines.push(line),
            None => {
                if !(line.is_empty() && doc.preamble.last().is_none_or(|l| l.is_empty())) {
                    doc.preamble.push(line);
                }
            }
        }
    }
    for s in &mut doc.sections {
        trim_blank(&mut s.lines);
    }
    trim_blank(&mut doc.preamble);
    doc.sections.retain(|s| !s.lines.is_empty() || s.kind != K::Other);
    doc
}

fn trim_blank(lines: &mut Vec<String>) {
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    while lines.first().is_some_and(|l| l.is_empty()) {
        lines.remove(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings() {
        assert_eq!(heading_kind("Experience"), Some(K::Experience));
        assert_eq!(heading_kind("WORK EXPERIENCE"), Some(K::Experience));
        assert_eq!(heading_kind("Professional Experience:"), Some(K::Experience));
        assert_eq!(heading_kind("E X P E R I E N C E"), Some(K::Experience));
        assert_eq!(heading_kind("Employment History"), Some(K::Experience));
        assert_eq!(heading_kind("EDUCATION & TRAINING"), Some(K::Education));
        assert_eq!(heading_kind("Top Skills"), Some(K::Skills));
        assert_eq!(heading_kind("TECHNICAL SKILLS"), Some(K::Skills));
        assert_eq!(heading_kind("Languages"), Some(K::Languages));
        assert_eq!(heading_kind("PROGRAMMING LANGUAGES"), Some(K::Skills));
        assert_eq!(heading_kind("Honors-Awards"), Some(K::Awards));
        assert_eq!(heading_kind("About Me"), Some(K::Summary));
        assert_eq!(heading_kind("Professional Summary"), Some(K::Summary));
        assert_eq!(heading_kind("Certifications"), Some(K::Certifications));
        assert_eq!(heading_kind("Interests"), Some(K::Interests));
        assert_eq!(heading_kind("Contact"), Some(K::Contact));
        assert_eq!(heading_kind("Project Management"), None);
        assert_eq!(heading_kind("Relevant Work Experience"), Some(K::Experience));
        assert_eq!(heading_kind("Technical Skills & Tools"), Some(K::Skills));
        assert_eq!(heading_kind("Experience Design"), None);
        assert_eq!(heading_kind("Education Coordinator"), None);
        assert_eq!(heading_kind("Ministry of Education"), None);
        assert_eq!(heading_kind("Experienced engineer with a focus on skills."), None);
        assert_eq!(heading_kind("Software Engineer"), None);
        assert_eq!(heading_kind("2019 Experience"), None);
    }

    #[test]
    fn footers() {
        assert!(is_page_footer("Page 1 of 2"));
        assert!(is_page_footer("2 / 3"));
        assert!(is_page_footer("- 2 -"));
        assert!(!is_page_footer("Page Industries"));
    }

    #[test]
    fn split_sections() {
        let doc = split("Jane Doe\nEngineer\n\nSUMMARY\nBuilds things.\nLanguages: English, German\nMore.\nSKILLS\nRust, Go\nPage 1 of 2\nLanguages: Python\nExperience\nAcme\n\u{c}\nContact\njane@x.io");
        assert_eq!(doc.preamble, vec!["Jane Doe", "Engineer"]);
        let kinds: Vec<_> = doc.sections.iter().map(|s| s.kind).collect();
        assert_eq!(kinds, vec![K::Summary, K::Languages, K::Summary, K::Skills, K::Experience, K::Contact]);
        assert_eq!(doc.sections[2].lines, vec!["More."]);
        assert_eq!(doc.sections[3].lines, vec!["Rust, Go", "Languages: Python"]);
    }
}
