//! Work experience entries, anchored on their date lines.

use super::countries::{country_of_location, looks_like_location};
use super::dates::{parse_date_range, strip_range, tidy_leftover, DateRange};
use super::fields::{is_bullet, paragraphs};
use super::words::has_title_word;
use super::Experience;

const COMPANY_WORDS: &[&str] = &[
    "inc",
    "llc",
    "ltd",
    "limited",
    "gmbh",
    "corp",
    "corporation",
    "company",
    "co",
    "ag",
    "sa",
    "plc",
    "group",
    "university",
    "college",
    "institute",
    "bank",
    "labs",
    "lab",
    "technologies",
    "technology",
    "solutions",
    "systems",
    "consulting",
    "partners",
    "agency",
    "foundation",
    "hospital",
    "school",
    "studio",
    "studios",
    "ventures",
    "capital",
    "holdings",
    "services",
    "software",
    "media",
    "health",
    "ngo",
    "council",
    "ministry",
    "government",
    "startup",
    "gmbh.",
    "bv",
    "srl",
    "pvt",
    "llp",
];

pub fn has_company_word(s: &str) -> bool {
    s.split(|c: char| !c.is_alphanumeric()).any(|w| COMPANY_WORDS.contains(&w.to_lowercase().as_str()))
}

/// A line that carries the dates of an entry.
pub fn date_anchor(line: &str) -> Option<DateRange> {
    if line.trim().is_empty() || is_bullet(line) || line.len() > 140 {
        return None;
    }
    let r = parse_date_range(line)?;
    if r.single {
        // A lone year counts only on a short line ("2019", "Acme Corp   2019").
        let rest = strip_range(line, &r);
        if rest.split_whitespace().count() > 6 {
            return None;
        }
    }
    Some(r)
}

/// A header line (title, company, location), as opposed to description text.
fn is_header_like(line: &str) -> bool {
    let l = line.trim();
    if l.is_empty() || is_bullet(l) || l.chars().count() > 90 || l.ends_with('.') || l.ends_with(',') {
        return false;
    }
    // Titles and company names are mostly Capitalised; description lines are sentences.
    let small = [
        "a", "an", "and", "at", "by", "for", "in", "of", "on", "the", "to", "with", "&", "-", "–", "—", "|", "de",
        "und",
    ];
    let words: Vec<&str> = l.split_whitespace().filter(|w| !small.contains(&w.to_lowercase().as_str())).collect();
    let caps = words.iter().filter(|w| !w.chars().next().is_some_and(char::is_lowercase)).count();
    words.len() <= 12 && (words.len() < 4 || caps * 10 > words.len() * 6)
}

/// Split a header line into parts: "Title | Company — Berlin", "Title at Company".
pub fn header_parts(line: &str) -> Vec<String> {
    let mut parts = vec![line.to_string()];
    for sep in ["   ", "  ", " | ", "|", " • ", " · ", " — ", " – ", " - ", "\t"] {
        parts = parts.iter().flat_map(|p| p.split(sep).map(str::to_string).collect::<Vec<_>>()).collect();
    }
    let mut out = Vec::new();
    for p in parts {
        let p = tidy_leftover(&p);
        if p.is_empty() {
            continue;
        }
        let lower = p.to_lowercase();
        let split_at = [" at ", " @ "].iter().find_map(|s| lower.find(s).map(|i| (i, s.len())));
        match split_at {
            Some((i, n)) if has_title_word(&p[..i]) => {
                out.push(p[..i].trim().to_string());
                out.push(p[i + n..].trim().to_string());
            }
            _ => out.push(p),
        }
    }
    out
}

#[derive(Default, Debug)]
pub struct Roles {
    pub title: Option<String>,
    pub company: Option<String>,
    pub location: Option<String>,
}

fn title_score(s: &str) -> i32 {
    let strong = [
        "engineer",
        "developer",
        "manager",
        "director",
        "intern",
        "analyst",
        "consultant",
        "designer",
        "scientist",
        "officer",
        "specialist",
        "architect",
        "founder",
        "co-founder",
        "ceo",
        "cto",
        "teacher",
        "lead",
        "professor",
        "researcher",
        "assistant",
        "associate",
        "head",
        "president",
        "coordinator",
    ];
    let mut score = 0;
    for w in s.split(|c: char| !c.is_alphanumeric() && c != '-') {
        let w = w.to_lowercase();
        if strong.contains(&w.as_str()) {
            score += 3;
        } else if has_title_word(&w) {
            score += 1;
        }
    }
    let suffixes = [
        "inc",
        "llc",
        "ltd",
        "limited",
        "gmbh",
        "corp",
        "corporation",
        "company",
        "co",
        "ag",
        "plc",
        "se",
        "university",
        "bank",
        "group",
        "labs",
        "bv",
        "srl",
        "pvt",
        "llp",
    ];
    if s.split(|c: char| !c.is_alphanumeric()).any(|w| suffixes.contains(&w.to_lowercase().as_str())) {
        score -= 3;
    }
    score
}

/// Decide which header parts are the title, the company and the location.
/// `company_first` is the default order when nothing tells them apart.
pub fn classify(parts: &[String], company_first: bool) -> Roles {
    let mut roles = Roles::default();
    let mut rest: Vec<String> = Vec::new();
    for p in parts {
        if roles.location.is_none() && !has_title_word(p) && !has_company_word(p) && looks_like_location(p) {
            roles.location = Some(p.clone());
        } else {
            rest.push(p.clone());
        }
    }
    if !rest.is_empty() {
        let best =
            rest.iter().enumerate().max_by_key(|(i, p)| (title_score(p), -(*i as i32))).map(|(i, _)| i).unwrap_or(0);
        let (ti, ci) = if title_score(&rest[best]) > 0 {
            (Some(best), (0..rest.len()).find(|&i| i != best))
        } else if rest.len() >= 2 {
            if company_first {
                (Some(1), Some(0))
            } else {
                (Some(0), Some(1))
            }
        } else if has_company_word(&rest[0]) {
            (None, Some(0))
        } else {
            (Some(0), None)
        };
        roles.title = ti.map(|i| rest[i].clone());
        roles.company = ci.map(|i| rest[i].clone());
    }
    // "Moderna, Cambridge, MA" taken as the location: the company comes first.
    if roles.company.is_none() {
        if let Some(loc) = roles.location.clone() {
            if let Some((first, suffix)) = loc.split_once(", ") {
                if country_of_location(first).is_none() && looks_like_location(suffix) {
                    roles.company = Some(first.to_string());
                    roles.location = Some(suffix.to_string());
                }
            }
        }
    }
    // "Senior Engineer, Acme Corp" / "Acme Corp, Berlin, Germany" in one part.
    for slot in [0, 1] {
        let text = if slot == 0 { roles.title.clone() } else { roles.company.clone() };
        let Some(text) = text else { continue };
        let Some((a, b)) = text.split_once(", ") else { continue };
        if roles.location.is_none() && country_of_location(b).is_some() && title_score(b) <= 0 {
            roles.location = Some(b.to_string());
            if slot == 0 {
                roles.title = Some(a.to_string());
            } else {
                roles.company = Some(a.to_string());
            }
        } else if (roles.company.is_none() || roles.title.is_none()) && title_score(a) > 0 && title_score(b) <= 0 {
            roles.title = Some(a.to_string());
            roles.company = Some(b.to_string());
        }
    }
    roles
}

/// Parse the lines of an experience section.
pub fn parse(lines: &[String], linkedin: bool) -> Vec<Experience> {
    if linkedin {
        return super::linkedin::parse_experience(lines);
    }
    let anchors: Vec<(usize, DateRange)> =
        lines.iter().enumerate().filter_map(|(i, l)| date_anchor(l).map(|r| (i, r))).collect();
    if anchors.is_empty() {
        return Vec::new();
    }
    // Header block of each entry: [start, end) around the anchor.
    let mut blocks: Vec<(usize, usize)> = Vec::new();
    for (k, (i, _)) in anchors.iter().enumerate() {
        let floor = if k == 0 { 0 } else { blocks[k - 1].1 };
        let mut start = *i;
        while start > floor && start - 1 < lines.len() && is_header_like(&lines[start - 1]) && *i - (start - 1) <= 3 {
            start -= 1;
        }
        let next_anchor = anchors.get(k + 1).map(|a| a.0).unwrap_or(lines.len());
        let mut end = i + 1;
        let date_rest = strip_range(&lines[*i], &anchors[k].1);
        let before = *i - start + usize::from(!date_rest.is_empty());
        // Title/company lines after the date line when there were too few before it,
        // or a location line right after it.
        while end < next_anchor && is_header_like(&lines[end]) {
            let l = &lines[end];
            let need_more = before + (end - i - 1) < 2;
            if need_more
                && (has_title_word(l)
                    || has_company_word(l)
                    || l.split_whitespace().count() <= 5
                    || looks_like_location(l))
                || looks_like_location(l)
            {
                end += 1;
            } else {
                break;
            }
        }
        blocks.push((start, end));
    }
    let mut out = Vec::new();
    for (k, (i, range)) in anchors.iter().enumerate() {
        let (start, end) = blocks[k];
        let mut parts = Vec::new();
        for (j, line) in lines.iter().enumerate().take(end).skip(start) {
            let text = if j == *i { strip_range(line, range) } else { line.clone() };
            parts.extend(header_parts(&text));
        }
        let roles = classify(&parts, false);
        let desc_end = blocks.get(k + 1).map(|b| b.0).unwrap_or(lines.len());
        let desc = paragraphs(&lines[end.min(desc_end)..desc_end]);
        let (start_d, end_d, current) =
            if range.single { (range.start, range.start, false) } else { (range.start, range.end, range.current) };
        if roles.title.is_none() && roles.company.is_none() {
            continue;
        }
        out.push(Experience {
            title: roles.title.unwrap_or_default(),
            company: roles.company.unwrap_or_default(),
            location: roles.location,
            start: start_d,
            end: end_d,
            current,
            description: (!desc.is_empty()).then_some(desc),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resume::YearMonth;

    fn v(s: &str) -> Vec<String> {
        s.lines().map(|l| l.trim().to_string()).collect()
    }

    #[test]
    fn title_company_same_line() {
        let e = parse(&v("Senior Software Engineer, Acme Corp   Jan 2020 – Present\n• Built the billing system\n• Led 4 engineers\nSoftware Engineer | Globex Inc | Berlin, Germany | 03/2016 - 12/2019\n- Wrote Rust services"), false);
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].title, "Senior Software Engineer");
        assert_eq!(e[0].company, "Acme Corp");
        assert!(e[0].current);
        assert_eq!(e[0].start, Some(YearMonth::new(2020, Some(1))));
        assert_eq!(e[0].description.as_deref(), Some("• Built the billing system\n• Led 4 engineers"));
        assert_eq!(e[1].company, "Globex Inc");
        assert_eq!(e[1].location.as_deref(), Some("Berlin, Germany"));
        assert_eq!(e[1].end, Some(YearMonth::new(2019, Some(12))));
    }

    #[test]
    fn stacked_header_lines() {
        let e = parse(&v("Data Analyst\nInitech\nJune 2018 - May 2020\nAustin, TX\nBuilt dashboards for sales.\n\nMarketing Intern at Hooli\n2017"), false);
        assert_eq!(e.len(), 2);
        assert_eq!((e[0].title.as_str(), e[0].company.as_str()), ("Data Analyst", "Initech"));
        assert_eq!(e[0].location.as_deref(), Some("Austin, TX"));
        assert_eq!(e[0].description.as_deref(), Some("Built dashboards for sales."));
        assert_eq!((e[1].title.as_str(), e[1].company.as_str()), ("Marketing Intern", "Hooli"));
        assert_eq!(e[1].start, Some(YearMonth::new(2017, None)));
    }

    #[test]
    fn date_first() {
        let e = parse(&v("2019 - 2021\nProduct Manager\nUmbrella Corporation\n- Shipped the app"), false);
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].title, "Product Manager");
        assert_eq!(e[0].company, "Umbrella Corporation");
        assert_eq!(e[0].description.as_deref(), Some("• Shipped the app"));
    }
}
