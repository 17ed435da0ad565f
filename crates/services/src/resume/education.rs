//! Education entries: school, degree, field, years.

use super::countries::looks_like_location;
use super::dates::{parse_date_range, strip_range, tidy_leftover};
use super::fields::{is_bullet, paragraphs};
use super::words::{has_degree_word, has_school_word, split_degree};
use super::Education;

#[derive(Default)]
struct Draft {
    school: Option<String>,
    degree_text: Option<String>,
    other: Vec<String>,
    start_year: Option<i32>,
    end_year: Option<i32>,
    desc: Vec<String>,
}

impl Draft {
    fn is_empty(&self) -> bool {
        self.school.is_none() && self.degree_text.is_none() && self.other.is_empty()
    }

    fn finish(mut self) -> Option<Education> {
        if self.school.is_none() && !self.other.is_empty() {
            self.school = Some(self.other.remove(0));
        }
        let school = self.school?;
        let (degree, mut field) = match self.degree_text {
            Some(d) => {
                let (d, f) = split_degree(&d);
                (Some(d), f)
            }
            None => (None, None),
        };
        let degree = match degree {
            Some(d) => {
                if field.is_none() {
                    field = self.other.first().cloned();
                }
                Some(d)
            }
            // "School" then an unrecognised qualification line: take it as the degree.
            None => self.other.first().map(|o| {
                let (d, f) = split_degree(o);
                if f.is_some() {
                    field = f;
                } else if let Some((a, b)) = o.split_once(", ") {
                    field = Some(b.trim().to_string());
                    return a.trim().to_string();
                }
                d
            }),
        };
        let desc = paragraphs(&self.desc);
        Some(Education {
            school,
            degree: degree.filter(|d| !d.is_empty()),
            field: field.filter(|f| !f.is_empty()),
            start_year: self.start_year,
            end_year: self.end_year,
            description: (!desc.is_empty()).then_some(desc),
        })
    }
}

fn parts(line: &str) -> Vec<String> {
    let mut parts = vec![line.to_string()];
    for sep in ["   ", "  ", " | ", "|", " · ", "·", " — ", " – ", "\t"] {
        parts = parts.iter().flat_map(|p| p.split(sep).map(str::to_string).collect::<Vec<_>>()).collect();
    }
    parts.into_iter().map(|p| tidy_leftover(&p)).filter(|p| !p.is_empty()).collect()
}

/// Parse the lines of an education section.
pub fn parse(lines: &[String], linkedin: bool) -> Vec<Education> {
    if linkedin {
        return super::linkedin::parse_education(lines);
    }
    let mut out = Vec::new();
    let mut cur = Draft::default();
    let mut has_dates = false;
    for line in lines {
        let l = line.trim();
        if l.is_empty() {
            if cur.school.is_some() && (cur.degree_text.is_some() || has_dates) {
                out.extend(std::mem::take(&mut cur).finish());
                has_dates = false;
            }
            continue;
        }
        if is_bullet(l) || l.chars().count() > 110 || (l.ends_with('.') && l.split_whitespace().count() > 5) {
            if !cur.is_empty() {
                cur.desc.push(l.to_string());
            }
            continue;
        }
        let range = parse_date_range(l);
        let text = match &range {
            Some(r) => strip_range(l, r),
            None => l.to_string(),
        };
        let mut line_parts = Vec::new();
        for p in parts(&text) {
            // "Boston University, Boston, MA": drop the place ("MA" is not a degree here).
            let p = match p.split_once(", ") {
                Some((a, b)) if has_school_word(a) && looks_like_location(b) => a.to_string(),
                _ => p,
            };
            if looks_like_location(&p) && !has_school_word(&p) {
                continue;
            }
            // Split "School, City" / "Degree, Field" further only where it helps.
            if has_school_word(&p) && has_degree_word(&p) {
                if let Some((a, b)) = p.split_once(", ") {
                    line_parts.push(a.to_string());
                    line_parts.push(b.to_string());
                    continue;
                }
            }
            line_parts.push(p);
        }
        let school_here = line_parts.iter().any(|p| has_school_word(p) && !has_degree_word(p));
        let degree_here = line_parts.iter().any(|p| has_degree_word(p) && !has_school_word(p));
        if (school_here && cur.school.is_some())
            || (degree_here && cur.degree_text.is_some())
            || (range.is_some() && has_dates && !cur.is_empty())
        {
            out.extend(std::mem::take(&mut cur).finish());
            has_dates = false;
        }
        for p in line_parts {
            if has_school_word(&p) && !has_degree_word(&p) && cur.school.is_none() {
                // "Stanford University, Stanford, CA" → keep the school name.
                let name = match p.split_once(", ") {
                    Some((a, b)) if looks_like_location(b) => a.to_string(),
                    _ => p,
                };
                cur.school = Some(name);
            } else if has_degree_word(&p) && cur.degree_text.is_none() {
                cur.degree_text = Some(p);
            } else if looks_like_location(&p) {
                continue;
            } else if p.chars().any(|c| c.is_ascii_digit()) || p.contains(':') || p.split_whitespace().count() > 6 {
                cur.desc.push(p);
            } else if cur.other.len() < 3 {
                cur.other.push(p);
            }
        }
        if let Some(r) = range {
            has_dates = true;
            if r.single {
                cur.end_year = r.start.map(|d| d.year);
            } else {
                cur.start_year = r.start.map(|d| d.year);
                cur.end_year = r.end.map(|d| d.year);
            }
        }
    }
    out.extend(cur.finish());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Vec<String> {
        s.lines().map(|l| l.trim().to_string()).collect()
    }

    #[test]
    fn generic_layouts() {
        let e = parse(&v("University of Toronto\nBachelor of Science in Computer Science   2012 - 2016\n• Dean's list\n\nM.Sc. Data Science, ETH Zurich, 2018"), false);
        assert_eq!(e.len(), 2, "{e:?}");
        assert_eq!(e[0].school, "University of Toronto");
        assert_eq!(e[0].degree.as_deref(), Some("Bachelor of Science"));
        assert_eq!(e[0].field.as_deref(), Some("Computer Science"));
        assert_eq!((e[0].start_year, e[0].end_year), (Some(2012), Some(2016)));
        assert_eq!(e[0].description.as_deref(), Some("• Dean's list"));
        assert_eq!(e[1].school, "ETH Zurich");
        assert_eq!(e[1].degree.as_deref(), Some("M.Sc."));
        assert_eq!(e[1].field.as_deref(), Some("Data Science"));
        assert_eq!(e[1].end_year, Some(2018));
    }
}
