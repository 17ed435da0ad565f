//! LinkedIn's "Save to PDF" export.
//!
//! Layout: a left column (Contact, Top Skills, Languages, Certifications, Honors-Awards)
//! and a main column: name, headline, location, Summary, Experience, Education. Each
//! experience is "Company" (then a total-duration line when the company has several
//! positions), "Title", "January 2020 - Present (4 years 2 months)", optional location,
//! description. Education is "School" then "Degree, Field · (2014 - 2016)".

use super::countries::looks_like_location;
use super::dates::{is_duration, parse_date_range, strip_range, tidy_leftover, DateRange};
use super::fields::paragraphs;
use super::sections::Doc;
use super::words::{has_degree_word, has_school_word, split_degree};
use super::{Education, Experience};

/// Whether the text looks like LinkedIn's own export.
pub fn is_linkedin_export(text: &str, doc: &Doc) -> bool {
    let lower = text.to_lowercase();
    let has_profile_url = lower.contains("linkedin.com/in/");
    let has_top_skills = doc.sections.iter().any(|s| s.heading.eq_ignore_ascii_case("top skills"));
    // Date lines with the export's duration suffix: "March 2020 - Present (4 years 1 month)".
    let duration_dates = text
        .lines()
        .filter(|l| {
            linkedin_date_line(l).is_some()
                && l.find('(').is_some_and(|i| is_duration(&l[i..]) || l[i..].contains("less than a year"))
        })
        .count();
    (has_profile_url && (has_top_skills || duration_dates > 0)) || (has_top_skills && duration_dates > 0)
}

/// "January 2020 - Present (4 years 2 months)", "2015 - 2018 (3 years)".
fn linkedin_date_line(line: &str) -> Option<DateRange> {
    let r = parse_date_range(line)?;
    if r.single {
        return None;
    }
    let rest = strip_range(line, &r);
    rest.is_empty().then_some(r)
}

fn is_descriptionish(line: &str) -> bool {
    let l = line.trim();
    l.ends_with('.')
        || l.ends_with(',')
        || l.chars().count() > 70
        || l.starts_with(['•', '-', '*', '·'])
        || l.chars().next().is_some_and(|c| c.is_lowercase())
}

pub fn parse_experience(lines: &[String]) -> Vec<Experience> {
    let anchors: Vec<(usize, DateRange)> =
        lines.iter().enumerate().filter_map(|(i, l)| linkedin_date_line(l).map(|r| (i, r))).collect();
    let mut out = Vec::new();
    // Start of each entry's header: the company line (possibly followed by a total-duration
    // line) before the title, or the title itself for another position at the same company.
    let mut header_starts = Vec::new();
    let mut prev_end = 0usize;
    for (k, (i, _)) in anchors.iter().enumerate() {
        let i = *i;
        let title_idx = prev_nonblank(lines, i, prev_end);
        let mut start = title_idx.unwrap_or(i);
        if let Some(p) = title_idx.and_then(|t| prev_nonblank(lines, t, prev_end)) {
            if is_duration(&lines[p]) {
                if let Some(c) = prev_nonblank(lines, p, prev_end) {
                    start = c;
                }
            } else if k == 0 || !is_descriptionish(&lines[p]) && !has_desc_before(lines, p, prev_end) {
                start = p;
            }
        }
        header_starts.push(start);
        // The entry's own lines after the date: an optional location.
        prev_end = i + 1;
        if prev_end < lines.len() && looks_like_location(&lines[prev_end]) {
            prev_end += 1;
        }
    }
    for (k, (i, r)) in anchors.iter().enumerate() {
        let start = header_starts[k];
        let title_idx = prev_nonblank(lines, *i, start);
        let title = title_idx.map(|t| lines[t].trim().to_string()).unwrap_or_default();
        let company = company_for(lines, &header_starts, &anchors, k);
        let mut end = i + 1;
        let mut location = None;
        if end < lines.len() && looks_like_location(&lines[end]) {
            location = Some(lines[end].trim().to_string());
            end += 1;
        }
        let desc_end = header_starts.get(k + 1).copied().unwrap_or(lines.len());
        let desc = paragraphs(&lines[end.min(desc_end)..desc_end]);
        out.push(Experience {
            title,
            company,
            location,
            start: r.start,
            end: r.end,
            current: r.current,
            description: (!desc.is_empty()).then_some(desc),
        });
    }
    out
}

/// The company of entry `k`: the header line before its title, or the previous entry's.
fn company_for(lines: &[String], starts: &[usize], anchors: &[(usize, DateRange)], k: usize) -> String {
    for j in (0..=k).rev() {
        let (i, _) = anchors[j];
        let start = starts[j];
        let title = prev_nonblank(lines, i, start);
        if let Some(t) = title {
            if t > start {
                // Header has company (and maybe a duration line) before the title.
                return lines[start].trim().to_string();
            }
        }
    }
    String::new()
}

fn has_desc_before(lines: &[String], p: usize, floor: usize) -> bool {
    // A short line right after description text is still description (wrapped sentence)
    // when the text before it does not end a sentence.
    match prev_nonblank(lines, p, floor) {
        Some(q) => {
            let l = lines[q].trim();
            // A bullet item ends at its line unless the next line continues in lower case.
            !(l.starts_with(['•', '-', '*', '·', '–'])
                || l.ends_with('.')
                || l.ends_with('!')
                || l.ends_with(')')
                || looks_like_location(l)
                || linkedin_date_line(l).is_some())
        }
        None => false,
    }
}

fn prev_nonblank(lines: &[String], i: usize, floor: usize) -> Option<usize> {
    (floor..i).rev().find(|&j| !lines[j].trim().is_empty())
}

pub fn parse_education(lines: &[String]) -> Vec<Education> {
    let mut out: Vec<Education> = Vec::new();
    let mut detail = String::new();
    let mut school: Option<String> = None;
    let flush = |school: &mut Option<String>, detail: &mut String, out: &mut Vec<Education>| {
        if let Some(s) = school.take() {
            let mut e = Education { school: s, ..Default::default() };
            let d = std::mem::take(detail);
            let d = d.trim();
            if !d.is_empty() {
                let (text, years) = match parse_date_range(d) {
                    Some(r) => (strip_range(d, &r), Some(r)),
                    None => (d.to_string(), None),
                };
                let text = tidy_leftover(&text);
                if !text.is_empty() {
                    let (degree, field) = split_degree(&text);
                    e.degree = Some(degree);
                    e.field = field;
                }
                if let Some(r) = years {
                    if r.single {
                        e.end_year = r.start.map(|d| d.year);
                    } else {
                        e.start_year = r.start.map(|d| d.year);
                        e.end_year = r.end.map(|d| d.year);
                    }
                }
            }
            out.push(e);
        }
    };
    for line in lines {
        let l = line.trim();
        if l.is_empty() {
            continue;
        }
        let is_detail = l.contains('·') || (has_degree_word(l) && !has_school_word(l));
        if is_detail && school.is_some() {
            if !detail.is_empty() {
                detail.push(' ');
            }
            detail.push_str(l);
        } else {
            flush(&mut school, &mut detail, &mut out);
            school = Some(l.to_string());
        }
    }
    flush(&mut school, &mut detail, &mut out);
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
    fn experience_groups() {
        let e = parse_experience(&v("Acme Corp
3 years 2 months
Senior Software Engineer
January 2022 - Present (2 years 3 months)
Berlin, Germany
Leads the platform team and
the billing migration.
Software Engineer
March 2021 - December 2021 (10 months)
Globex
Engineer
June 2018 - February 2021 (2 years 9 months)
Munich, Bavaria, Germany
Built data pipelines."));
        assert_eq!(e.len(), 3, "{e:#?}");
        assert_eq!((e[0].company.as_str(), e[0].title.as_str()), ("Acme Corp", "Senior Software Engineer"));
        assert!(e[0].current);
        assert_eq!(e[0].location.as_deref(), Some("Berlin, Germany"));
        assert_eq!(e[0].description.as_deref(), Some("Leads the platform team and the billing migration."));
        assert_eq!((e[1].company.as_str(), e[1].title.as_str()), ("Acme Corp", "Software Engineer"));
        assert_eq!(e[1].end, Some(YearMonth::new(2021, Some(12))));
        assert_eq!((e[2].company.as_str(), e[2].title.as_str()), ("Globex", "Engineer"));
        assert_eq!(e[2].description.as_deref(), Some("Built data pipelines."));
    }

    #[test]
    fn education_lines() {
        let e = parse_education(&v("Technical University of Munich
Master of Science - MS, Computer Science · (2014 - 2016)
Lycée Victor Hugo
Master of Business Administration - MBA, Business Administration and
Management, General · (2018 - 2020)"));
        assert_eq!(e.len(), 2, "{e:#?}");
        assert_eq!(e[0].school, "Technical University of Munich");
        assert_eq!(e[0].degree.as_deref(), Some("Master of Science - MS"));
        assert_eq!(e[0].field.as_deref(), Some("Computer Science"));
        assert_eq!((e[0].start_year, e[0].end_year), (Some(2014), Some(2016)));
        assert_eq!(e[1].field.as_deref(), Some("Business Administration and Management, General"));
    }
}
