//! The words that tell what a line names: a job title, a school, a degree. Shared by the
//! generic parsers and the LinkedIn export's.

const TITLE_WORDS: &[&str] = &[
    "engineer",
    "developer",
    "manager",
    "director",
    "intern",
    "analyst",
    "consultant",
    "designer",
    "scientist",
    "lead",
    "head",
    "officer",
    "specialist",
    "architect",
    "coordinator",
    "assistant",
    "associate",
    "president",
    "vice",
    "founder",
    "co-founder",
    "cofounder",
    "ceo",
    "cto",
    "cfo",
    "coo",
    "cio",
    "vp",
    "teacher",
    "professor",
    "lecturer",
    "researcher",
    "administrator",
    "technician",
    "nurse",
    "accountant",
    "advisor",
    "adviser",
    "representative",
    "executive",
    "owner",
    "partner",
    "editor",
    "writer",
    "fellow",
    "trainee",
    "apprentice",
    "programmer",
    "administrator",
    "tutor",
    "instructor",
    "coach",
    "strategist",
    "marketer",
    "recruiter",
    "supervisor",
    "principal",
    "chairman",
    "chair",
    "member",
    "volunteer",
    "freelancer",
    "freelance",
    "contractor",
    "student",
    "postdoctoral",
    "postdoc",
    "doctor",
    "physician",
    "pharmacist",
    "attorney",
    "lawyer",
    "paralegal",
    "clerk",
    "agent",
    "operator",
    "mechanic",
    "electrician",
    "chef",
    "cook",
    "sales",
    "trader",
    "economist",
    "statistician",
    "journalist",
    "producer",
    "artist",
    "photographer",
    "translator",
    "ambassador",
    "mentor",
    "scrum",
    "product",
    "sre",
    "devops",
    "staff",
    "senior",
    "junior",
];

/// Whether a text contains a word typical of a job title.
pub fn has_title_word(s: &str) -> bool {
    s.split(|c: char| !c.is_alphanumeric() && c != '-')
        .filter(|w| !w.is_empty())
        .any(|w| TITLE_WORDS.contains(&w.to_lowercase().as_str()))
}

const SCHOOL_WORDS: &[&str] = &[
    "university",
    "universität",
    "universitat",
    "université",
    "universite",
    "universidad",
    "università",
    "universidade",
    "universiteit",
    "uniwersytet",
    "college",
    "institute",
    "institut",
    "school",
    "academy",
    "akademie",
    "polytechnic",
    "politecnico",
    "polytechnique",
    "hochschule",
    "escuela",
    "école",
    "ecole",
    "conservatory",
    "gymnasium",
    "lycée",
    "lycee",
    "iit",
    "mit",
    "eth",
    "epfl",
    "ucla",
    "nyu",
    "kth",
    "tum",
    "lse",
    "seminary",
    "campus",
];

const DEGREE_WORDS: &[&str] = &[
    "bachelor",
    "bachelors",
    "bachelor's",
    "master",
    "masters",
    "master's",
    "bsc",
    "bs",
    "ba",
    "msc",
    "ms",
    "ma",
    "mba",
    "phd",
    "dphil",
    "doctor",
    "doctorate",
    "diploma",
    "associate",
    "associates",
    "associate's",
    "certificate",
    "beng",
    "meng",
    "btech",
    "mtech",
    "llb",
    "llm",
    "md",
    "jd",
    "bba",
    "bcom",
    "mcom",
    "bfa",
    "mfa",
    "mphil",
    "abitur",
    "a-levels",
    "gcse",
    "hnd",
    "licenciatura",
    "ged",
    "bsn",
    "msn",
    "mpa",
    "mph",
    "edd",
    "pharmd",
    "mres",
    "ba/bsc",
    "postgraduate",
    "undergraduate",
    "graduate",
    "baccalaureate",
    "diplôme",
    "diplom",
    "licence",
    "laurea",
    "magister",
    "mestrado",
    "bacharelado",
    "grado",
    "ingénieur",
    "ingenieur",
    "maîtrise",
    "staatsexamen",
];

fn words(s: &str) -> impl Iterator<Item = (String, bool)> + '_ {
    s.split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')' || c == '/' || c == '-')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let upper = w.chars().any(|c| c.is_uppercase());
            (w.replace('.', "").to_lowercase(), upper)
        })
}

pub fn has_school_word(s: &str) -> bool {
    words(s).any(|(w, upper)| SCHOOL_WORDS.contains(&w.as_str()) && (w.len() > 4 || upper))
}

pub fn has_degree_word(s: &str) -> bool {
    words(s).any(|(w, upper)| DEGREE_WORDS.contains(&w.as_str()) && w.len() > 1 && (w.len() > 3 || upper))
}

/// "Bachelor of Science in Computer Science" → ("Bachelor of Science", "Computer Science");
/// "M.Sc. Physics" → ("M.Sc.", "Physics").
pub fn split_degree(s: &str) -> (String, Option<String>) {
    let s = s.trim();
    for sep in [" in ", " In ", " of Science in ", ": "] {
        if let Some((a, b)) = s.split_once(sep) {
            if has_degree_word(a) && !b.trim().is_empty() {
                return (a.trim().to_string(), Some(b.trim().to_string()));
            }
        }
    }
    if let Some((a, b)) = s.split_once(", ") {
        if has_degree_word(a) {
            return (a.trim().to_string(), Some(b.trim().to_string()));
        }
    }
    // Abbreviation followed by the field: "BSc Economics", "M.Sc. Computer Science".
    let mut it = s.splitn(2, ' ');
    if let (Some(first), Some(rest)) = (it.next(), it.next()) {
        let w = first.replace('.', "").to_lowercase();
        if DEGREE_WORDS.contains(&w.as_str()) && w.len() <= 5 && !rest.starts_with("of ") && !rest.starts_with("degree")
        {
            return (first.to_string(), Some(rest.trim().to_string()));
        }
    }
    (s.to_string(), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degrees() {
        assert_eq!(
            split_degree("Bachelor of Science in Computer Science"),
            ("Bachelor of Science".into(), Some("Computer Science".into()))
        );
        assert_eq!(split_degree("M.Sc. Physics"), ("M.Sc.".into(), Some("Physics".into())));
        assert_eq!(
            split_degree("Master of Science - MS, Computer Science"),
            ("Master of Science - MS".into(), Some("Computer Science".into()))
        );
        assert_eq!(split_degree("MBA"), ("MBA".into(), None));
    }
}
