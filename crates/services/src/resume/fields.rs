//! Name, headline, country, languages, skills, summary.

use super::countries::{country_of_location, looks_like_location};
use super::sections::heading_kind;
use super::words::has_title_word;

mod languages;

pub use languages::{inline_languages, is_known_language, parse_languages};

pub fn is_bullet_start(c: char) -> bool {
    matches!(
        c,
        '•' | '●'
            | '▪'
            | '■'
            | '◦'
            | '‣'
            | '∙'
            | '·'
            | '-'
            | '*'
            | '–'
            | '—'
            | '►'
            | '▶'
            | '✓'
            | '✔'
            | '➢'
            | '➤'
            | '○'
            | '\u{f0b7}'
            | '\u{f0a7}'
            | '♦'
            | '◆'
    )
}

/// Strip a leading bullet marker.
pub fn strip_bullet(line: &str) -> &str {
    let t = line.trim_start();
    let mut chars = t.chars();
    match chars.next() {
        Some(c)
            if is_bullet_start(c)
                && (t.len() == c.len_utf8() || chars.next().is_some_and(|n| n.is_whitespace() || c != '-')) =>
        {
            t[c.len_utf8()..].trim_start()
        }
        _ => t,
    }
}

pub fn is_bullet(line: &str) -> bool {
    strip_bullet(line).len() != line.trim_start().len()
}

pub fn is_email(s: &str) -> bool {
    s.contains('@') && s.contains('.') && !s.contains(' ')
}

pub fn is_url(s: &str) -> bool {
    let l = s.to_lowercase();
    l.starts_with("http")
        || l.starts_with("www.")
        || l.contains("linkedin.com")
        || l.contains("github.com")
        || (l.contains(".com/")
            || l.contains(".io/")
            || l.ends_with(".com")
            || l.ends_with(".io")
            || l.ends_with(".dev"))
            && !l.contains(' ')
}

pub fn is_phone(s: &str) -> bool {
    let digits = s.chars().filter(|c| c.is_ascii_digit()).count();
    digits >= 7
        && s.chars().all(|c| {
            c.is_ascii_digit()
                || " +-().\u{2013}/".contains(c)
                || c.is_alphabetic() && s.to_lowercase().starts_with("tel")
        })
}

/// A contact line or part: email, phone, URL, "(LinkedIn)" labels.
pub fn is_contact(s: &str) -> bool {
    let t = s.trim();
    is_email(t)
        || is_phone(t)
        || is_url(t.split_whitespace().next().unwrap_or(""))
        || t.ends_with("(LinkedIn)")
        || t.to_lowercase().starts_with("email")
        || t.to_lowercase().starts_with("phone")
}

/// "Jane Doe", "JANE A. DOE", "María José García-López".
pub fn looks_like_name(s: &str) -> bool {
    let s = s.trim();
    let words: Vec<&str> = s.split_whitespace().collect();
    if !(2..=5).contains(&words.len()) || s.len() > 60 || heading_kind(s).is_some() || has_title_word(s) {
        return false;
    }
    let lower = s.to_lowercase();
    if ["curriculum", "vitae", "resume", "résumé", "portfolio", "cover letter"].iter().any(|w| lower.contains(w)) {
        return false;
    }
    words.iter().all(|w| {
        let first = w.chars().next().unwrap_or(' ');
        (first.is_uppercase() || ["de", "van", "von", "der", "da", "di", "la", "le", "bin", "al"].contains(w))
            && w.chars().all(|c| c.is_alphabetic() || matches!(c, '.' | '\'' | '-' | '’'))
    })
}

pub struct Header {
    pub name: Option<String>,
    pub title: Option<String>,
    pub country: Option<String>,
    /// A prose paragraph under the contact lines (a summary without a heading).
    pub bio: Option<String>,
}

fn split_parts(line: &str) -> Vec<String> {
    line.split(['|', '•', '·', '●', '▪', '\t'])
        .flat_map(|p| p.split("  "))
        .map(|p| p.trim().trim_matches(|c: char| c == ',' || c == ';').trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Name, headline and country from the lines before the first heading.
pub fn parse_header(lines: &[String], linkedin: bool) -> Header {
    let mut h = Header { name: None, title: None, country: None, bio: None };
    let raw_lines = lines;
    let lines: Vec<&String> = lines.iter().filter(|l| !l.is_empty()).collect();
    if linkedin {
        // Name, headline (may wrap over lines), location: the first block of lines.
        let block_end = raw_lines.iter().skip_while(|l| l.is_empty()).position(|l| l.is_empty());
        let lines: Vec<&String> = match block_end {
            Some(n) => raw_lines.iter().skip_while(|l| l.is_empty()).take(n).collect(),
            None => lines,
        };
        let mut rest: &[&String] = &lines;
        if let Some(first) = rest.first() {
            h.name = Some(first.trim().to_string());
            rest = &rest[1..];
        }
        let rest: Vec<&&String> = rest.iter().filter(|l| !is_contact(l)).collect();
        let mut headline_end = rest.len();
        if let Some(last) = rest.last() {
            if looks_like_location(last) || country_of_location(last).is_some() {
                h.country = country_of_location(last);
                headline_end -= 1;
            }
        }
        let headline = rest[..headline_end].iter().map(|s| s.trim()).collect::<Vec<_>>().join(" ");
        if !headline.is_empty() {
            h.title = Some(headline);
        }
        return h;
    }
    let prose: Vec<String> = lines
        .iter()
        .filter(|l| l.split_whitespace().count() >= 8 && !l.contains('@') && !l.contains('|') && !is_contact(l))
        .map(|l| l.to_string())
        .collect();
    if !linkedin && prose.iter().map(|l| l.split_whitespace().count()).sum::<usize>() >= 15 {
        h.bio = Some(paragraphs(&prose));
    }
    let mut name_idx = None;
    for (i, line) in lines.iter().enumerate().take(6) {
        // A name wrapped over two lines in a narrow side column ("Omar" / "Haddad").
        if let Some(next) = lines.get(i + 1) {
            let one_word = |s: &str| s.split_whitespace().count() == 1;
            let joined = format!("{} {}", line.trim(), next.trim());
            if one_word(line) && one_word(next) && looks_like_name(&joined) {
                h.name = Some(title_case_if_caps(&joined));
                name_idx = Some(i + 1);
                break;
            }
        }
        // Any part of the line ("+33 6 12   Lucas Martin"); "Jane Doe, PhD" → "Jane Doe".
        let found = split_parts(line).into_iter().filter(|p| !is_contact(p)).find_map(|p| {
            let cand = p.trim_start_matches("Name:").split(',').next().unwrap_or("").trim().to_string();
            (looks_like_name(&cand) && !looks_like_location(&cand)).then_some(cand)
        });
        if let Some(cand) = found {
            h.name = Some(title_case_if_caps(&cand));
            name_idx = Some(i);
            break;
        }
    }
    for (i, line) in lines.iter().enumerate() {
        for part in split_parts(line) {
            if Some(i) == name_idx && h.name.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(&part)) {
                continue;
            }
            if is_contact(&part) {
                continue;
            }
            if h.country.is_none() {
                if let Some(c) = country_of_location(&part) {
                    if part.len() <= 60 {
                        h.country = Some(c);
                        continue;
                    }
                }
            }
            if h.title.is_none()
                && name_idx.is_some_and(|n| i > n)
                && part.split_whitespace().count() < 8
                && part.len() <= 100
                && !part.contains('@')
                && part.chars().filter(|c| c.is_ascii_digit()).count() < 3
                && !part.ends_with('.')
                && part.split_whitespace().count() <= 14
                && !looks_like_location(&part)
                && !["curriculum vitae", "resume", "résumé", "cv"].contains(&part.to_lowercase().as_str())
            {
                h.title = Some(part.trim().to_string());
            }
        }
    }
    h
}

fn title_case_if_caps(s: &str) -> String {
    if s.chars().filter(|c| c.is_alphabetic()).all(|c| c.is_uppercase()) {
        s.split_whitespace()
            .map(|w| {
                let mut cs = w.chars();
                match cs.next() {
                    Some(f) => f.to_uppercase().chain(cs.flat_map(char::to_lowercase)).collect::<String>(),
                    None => String::new(),
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        s.to_string()
    }
}

/// Join wrapped lines into paragraphs (blank lines separate paragraphs; bullets start
/// their own line).
pub fn paragraphs(lines: &[String]) -> String {
    let mut paras: Vec<String> = Vec::new();
    let mut cur = String::new();
    // A short line followed by a capitalised one ends an item (bullets drawn as shapes
    // leave no glyph); lines wrapped at the text width are joined.
    let width = lines.iter().map(|l| l.trim().chars().count()).max().unwrap_or(0);
    let mut last_len = 0usize;
    for line in lines {
        let l = line.trim();
        let prev_len = std::mem::replace(&mut last_len, l.chars().count());
        if l.is_empty() {
            if !cur.is_empty() {
                paras.push(std::mem::take(&mut cur));
            }
            continue;
        }
        if is_bullet(l) {
            if !cur.is_empty() {
                paras.push(std::mem::take(&mut cur));
            }
            cur = format!("• {}", strip_bullet(l));
            continue;
        }
        let starts_upper = l.chars().next().is_some_and(char::is_uppercase);
        let open_end = cur.ends_with([',', ';', ':', '-', '&', '(']) || cur.ends_with(" and") || cur.ends_with(" or");
        if cur.is_empty() {
            cur = l.to_string();
        } else if starts_upper && !open_end && prev_len * 10 < width * 7 {
            paras.push(std::mem::take(&mut cur));
            cur = format!("\u{1}{l}");
        } else if cur.ends_with('-') && !cur.ends_with(" -") {
            // "cross-" + "functional": resumes rarely hyphenate words, so keep the hyphen.
            cur.push_str(l);
        } else {
            cur.push(' ');
            cur.push_str(l);
        }
    }
    if !cur.is_empty() {
        paras.push(cur);
    }
    // Bullet items are separate lines of one block; prose paragraphs are blank-separated.
    let mut out = String::new();
    for p in paras {
        // \u{1} marks an item that follows the previous one on the next line.
        let (item, p) = match p.strip_prefix('\u{1}') {
            Some(rest) => (true, rest.to_string()),
            None => (p.starts_with('•'), p),
        };
        if !out.is_empty() {
            out.push_str(if item { "\n" } else { "\n\n" });
        }
        out.push_str(&p);
    }
    out
}

/// Short bio and (for a long summary) the full text as career story.
pub fn split_bio(summary: &str) -> (Option<String>, Option<String>) {
    let summary = summary.trim();
    if summary.is_empty() {
        return (None, None);
    }
    if summary.chars().count() <= 600 {
        return (Some(summary.to_string()), None);
    }
    let first_para = summary.split("\n\n").next().unwrap_or(summary);
    let short = if first_para.chars().count() <= 600 {
        first_para.to_string()
    } else {
        let mut s = String::new();
        for sentence in first_para.split_inclusive(". ") {
            if !s.is_empty() && s.chars().count() + sentence.chars().count() > 500 {
                break;
            }
            s.push_str(sentence);
        }
        if s.chars().count() > 600 {
            s = s.chars().take(597).collect::<String>() + "...";
        }
        s.trim().to_string()
    };
    (Some(short), Some(summary.to_string()))
}

const LEVEL_WORDS: &[&str] = &[
    "native",
    "fluent",
    "bilingual",
    "professional",
    "proficiency",
    "proficient",
    "working",
    "limited",
    "elementary",
    "full",
    "basic",
    "intermediate",
    "advanced",
    "conversational",
    "mother",
    "tongue",
    "beginner",
    "expert",
    "business",
    "level",
    "or",
    "and",
    "good",
    "excellent",
    "a1",
    "a2",
    "b1",
    "b2",
    "c1",
    "c2",
];

/// Split list lines on commas, bullets, pipes and semicolons.
pub fn split_items(lines: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for line in lines {
        // Runs far apart on one line (a skills table) are separate items.
        let line = line.trim().replace("   ", " | ");
        let l = strip_bullet(&line);
        if l.is_empty() {
            continue;
        }
        // A prose sentence is not a list.
        let seps = l.chars().filter(|c| matches!(c, ',' | ';' | '|' | '•' | '·' | '▪' | '●')).count();
        if seps == 0 && l.split_whitespace().count() > 6 {
            continue;
        }
        let l = match l.split_once(':') {
            Some((label, rest)) if label.split_whitespace().count() <= 4 && !rest.trim().is_empty() => rest,
            _ => l,
        };
        for item in split_top_level(l) {
            let item =
                strip_bullet(item.trim()).trim().trim_matches(|c: char| matches!(c, '.' | ',' | ';' | ':' | '-'));
            let item = strip_level_parens(item);
            if !item.chars().any(char::is_alphanumeric)
                || item.chars().count() > 60
                || item.split_whitespace().count() > 6
            {
                continue;
            }
            out.push(item);
        }
    }
    out
}

/// Split on separators, but not inside parentheses ("Cloud (AWS, GCP)").
fn split_top_level(s: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' | ';' | '|' | '•' | '·' | '▪' | '●' | '◦' if depth <= 0 => {
                parts.push(&s[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

fn strip_level_parens(item: &str) -> String {
    if let (Some(open), true) = (item.find('('), item.ends_with(')')) {
        let inner = &item[open + 1..item.len() - 1];
        // LinkedIn's "Python (Programming Language)".
        if inner.eq_ignore_ascii_case("programming language") && open > 0 {
            return item[..open].trim().to_string();
        }
        let all_level = inner.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).all(|w| {
            LEVEL_WORDS.contains(&w.to_lowercase().as_str())
                || w.chars().all(|c| c.is_ascii_digit())
                || w.eq_ignore_ascii_case("years")
        });
        if all_level {
            return item[..open].trim().to_string();
        }
    }
    item.trim().to_string()
}

/// Skills from a skills section, and human languages found on a "Languages:" line in it.
pub fn parse_skills(lines: &[String]) -> (Vec<String>, Vec<String>) {
    let mut skills = Vec::new();
    let mut languages = Vec::new();
    for line in lines {
        if let Some((label, rest)) = line.split_once(':') {
            let k = label.to_lowercase();
            if k.contains("language") && !k.contains("programming") && !k.contains("coding") {
                let langs = parse_languages(&[rest.to_string()]);
                if !langs.is_empty() && langs.iter().all(|l| is_known_language(l)) {
                    languages.extend(langs);
                    continue;
                }
            }
            if k.contains("interest") || k.contains("hobbies") {
                continue;
            }
        }
        skills.extend(split_items(std::slice::from_ref(line)));
    }
    (skills, languages)
}

/// Trim, drop duplicates (case-insensitive), keep at most `max`.
pub fn dedupe(items: Vec<String>, max: usize) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for item in items {
        let t = item.split_whitespace().collect::<Vec<_>>().join(" ");
        if t.is_empty() || !seen.insert(t.to_lowercase()) {
            continue;
        }
        out.push(t);
        if out.len() == max {
            break;
        }
    }
    out
}

/// A country from the first location-like line or part.
pub fn find_country(lines: &[String]) -> Option<String> {
    lines.iter().flat_map(|l| split_parts(l)).filter(|p| !is_contact(p)).find_map(|p| country_of_location(&p))
}

#[cfg(test)]
mod tests;
