//! Dates and date ranges as resumes write them: "Jan 2020", "January 2020", "01/2020",
//! "2020-01", "2020", "Present"; ranges joined by "-", "–", "—" or "to".

use super::YearMonth;

/// One end of a range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DatePoint {
    Date(YearMonth),
    Present,
}

/// A date range found in a line. `span` is the byte range of the dates in the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DateRange {
    pub start: Option<YearMonth>,
    pub end: Option<YearMonth>,
    pub current: bool,
    /// Only one date was given (no range).
    pub single: bool,
    pub span: (usize, usize),
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Word(String),
    Num(String),
    Sep(char),
}

fn tokenize(line: &str) -> Vec<(Tok, usize, usize)> {
    let mut out = Vec::new();
    let mut it = line.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if c.is_whitespace() {
            continue;
        }
        if c.is_alphabetic() {
            let mut end = i + c.len_utf8();
            let mut s = String::from(c);
            while let Some(&(j, d)) = it.peek() {
                if d.is_alphabetic() {
                    s.push(d);
                    end = j + d.len_utf8();
                    it.next();
                } else {
                    break;
                }
            }
            out.push((Tok::Word(s.to_lowercase()), i, end));
        } else if c.is_ascii_digit() {
            let mut end = i + 1;
            let mut s = String::from(c);
            while let Some(&(j, d)) = it.peek() {
                if d.is_ascii_digit() {
                    s.push(d);
                    end = j + 1;
                    it.next();
                } else {
                    break;
                }
            }
            out.push((Tok::Num(s), i, end));
        } else {
            out.push((Tok::Sep(c), i, i + c.len_utf8()));
        }
    }
    out
}

pub fn month_from_word(w: &str) -> Option<u32> {
    let w = w.trim_end_matches('.').to_lowercase();
    let months = [
        ("january", "jan"),
        ("february", "feb"),
        ("march", "mar"),
        ("april", "apr"),
        ("may", "may"),
        ("june", "jun"),
        ("july", "jul"),
        ("august", "aug"),
        ("september", "sep"),
        ("october", "oct"),
        ("november", "nov"),
        ("december", "dec"),
    ];
    for (i, (full, short)) in months.iter().enumerate() {
        if w == *full || w == *short || (w == "sept" && i == 8) {
            return Some(i as u32 + 1);
        }
    }
    None
}

fn year_of(s: &str) -> Option<i32> {
    if s.len() != 4 {
        return None;
    }
    let y: i32 = s.parse().ok()?;
    (1950..=2100).contains(&y).then_some(y)
}

fn month_num(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 2 {
        return None;
    }
    let m: u32 = s.parse().ok()?;
    (1..=12).contains(&m).then_some(m)
}

const SEASONS: &[&str] = &["spring", "summer", "fall", "autumn", "winter"];

const PRESENT: &[&str] = &["present", "current", "now", "today", "ongoing", "heute", "actualidad"];

/// A date point starting at token `i`: returns it and the index after it.
fn point_at(toks: &[(Tok, usize, usize)], i: usize) -> Option<(DatePoint, usize)> {
    let tok = |k: usize| toks.get(k).map(|t| &t.0);
    match tok(i)? {
        Tok::Word(w) => {
            if PRESENT.contains(&w.as_str()) {
                return Some((DatePoint::Present, i + 1));
            }
            if w == "date" {
                return None;
            }
            let m = month_from_word(w)?;
            let mut k = i + 1;
            if matches!(tok(k), Some(Tok::Sep('.'))) {
                k += 1;
            }
            if matches!(tok(k), Some(Tok::Sep(','))) {
                k += 1;
            }
            match tok(k) {
                Some(Tok::Num(n)) => {
                    let y = year_of(n)?;
                    Some((DatePoint::Date(YearMonth::new(y, Some(m))), k + 1))
                }
                Some(Tok::Sep('\'' | '’')) => match tok(k + 1) {
                    Some(Tok::Num(n)) if n.len() == 2 => {
                        let y: i32 = n.parse().ok()?;
                        let y = if y > 50 { 1900 + y } else { 2000 + y };
                        Some((DatePoint::Date(YearMonth::new(y, Some(m))), k + 2))
                    }
                    _ => None,
                },
                _ => None,
            }
        }
        Tok::Num(n) => {
            // 01/2020, 1.2020
            if let (Some(m), Some(Tok::Sep('/' | '.')), Some(Tok::Num(y))) = (month_num(n), tok(i + 1), tok(i + 2)) {
                if let Some(y) = year_of(y) {
                    return Some((DatePoint::Date(YearMonth::new(y, Some(m))), i + 3));
                }
            }
            let y = year_of(n)?;
            // 2020-01, 2020/01 (but not 2018-2020)
            if let (Some(Tok::Sep('-' | '/' | '.')), Some(Tok::Num(m))) = (tok(i + 1), tok(i + 2)) {
                if let Some(m) = month_num(m) {
                    if m.to_string().len() <= 2 && toks[i + 2].2 - toks[i + 2].1 == 2 {
                        return Some((DatePoint::Date(YearMonth::new(y, Some(m))), i + 3));
                    }
                }
            }
            Some((DatePoint::Date(YearMonth::new(y, None)), i + 1))
        }
        Tok::Sep(_) => None,
    }
}

fn is_connector(t: &Tok) -> bool {
    match t {
        Tok::Sep(c) => matches!(c, '-' | '–' | '—' | '−' | '‐' | '‑' | '~'),
        Tok::Word(w) => matches!(w.as_str(), "to" | "till" | "until" | "bis"),
        Tok::Num(_) => false,
    }
}

/// Parse a single date ("Jan 2020", "2020-01", "Present" → `None` date with present).
pub fn parse_date(s: &str) -> Option<YearMonth> {
    let toks = tokenize(s);
    match point_at(&toks, 0)? {
        (DatePoint::Date(d), _) => Some(d),
        _ => None,
    }
}

/// Find the first date range (or, failing that, the first single date) in a line.
pub fn parse_date_range(line: &str) -> Option<DateRange> {
    let toks = tokenize(line);
    let mut first_single: Option<DateRange> = None;
    let mut i = 0;
    while i < toks.len() {
        let Some((p1, next)) = point_at(&toks, i) else {
            i += 1;
            continue;
        };
        let start_byte = toks[i].1;
        // "since 2020"
        let since = i > 0 && matches!(&toks[i - 1].0, Tok::Word(w) if w == "since" || w == "seit");
        let mut k = next;
        let mut connectors = 0;
        while k < toks.len() && is_connector(&toks[k].0) && connectors < 2 {
            k += 1;
            connectors += 1;
        }
        // "Fall 2019 – Spring 2021"
        if connectors > 0 && matches!(toks.get(k).map(|t| &t.0), Some(Tok::Word(w)) if SEASONS.contains(&w.as_str())) {
            k += 1;
        }
        if connectors > 0 {
            if let Some((p2, after)) = point_at(&toks, k) {
                let start = match p1 {
                    DatePoint::Date(d) => Some(d),
                    DatePoint::Present => None,
                };
                let (end, current) = match p2 {
                    DatePoint::Date(d) => (Some(d), false),
                    DatePoint::Present => (None, true),
                };
                // "Jan - Mar 2020": month-only start takes the end's year (not handled: rare).
                return Some(DateRange { start, end, current, single: false, span: (start_byte, toks[after - 1].2) });
            }
        }
        if let DatePoint::Date(d) = p1 {
            if first_single.is_none() {
                first_single = Some(DateRange {
                    start: Some(d),
                    end: None,
                    current: since,
                    single: !since,
                    span: (if since { toks[i - 1].1 } else { start_byte }, toks[next - 1].2),
                });
            }
        }
        i = next;
    }
    first_single
}

/// Whether a parenthesised or bare text is only a duration like "(4 years 2 months)",
/// "3 yrs 1 mo", "10 months", "less than a year".
pub fn is_duration(s: &str) -> bool {
    let s = s.trim().trim_start_matches('(').trim_end_matches(')').trim().to_lowercase();
    if s.is_empty() {
        return false;
    }
    if s == "less than a year" || s == "less than a month" {
        return true;
    }
    let words: Vec<&str> = s.split_whitespace().collect();
    if words.len() < 2 || words.len() > 6 {
        return false;
    }
    let units = ["year", "years", "yr", "yrs", "month", "months", "mo", "mos", "y", "m"];
    words
        .chunks(2)
        .all(|pair| pair.len() == 2 && pair[0].chars().all(|c| c.is_ascii_digit()) && units.contains(&pair[1]))
}

/// Remove the date span from a line and tidy the leftovers ("(4 years)", "·", dangling
/// separators).
pub fn strip_range(line: &str, r: &DateRange) -> String {
    let mut s = String::new();
    s.push_str(&line[..r.span.0]);
    s.push(' ');
    s.push_str(&line[r.span.1..]);
    tidy_leftover(&s)
}

pub fn tidy_leftover(s: &str) -> String {
    let mut s = s.to_string();
    // Drop parenthesised durations and empty parentheses.
    let mut from = 0;
    while let Some(rel) = s[from..].find('(') {
        let open = from + rel;
        let Some(close_rel) = s[open..].find(')') else { break };
        let inner = &s[open + 1..open + close_rel];
        if inner.trim().is_empty() || is_duration(inner) {
            s.replace_range(open..open + close_rel + 1, " ");
            from = open;
        } else {
            from = open + 1;
        }
    }
    let trim_chars: &[char] = &['-', '–', '—', '|', '·', '•', ',', ';', ':', '(', ')', '/', ' ', '\t', '[', ']'];
    let s = s.trim_matches(trim_chars);
    // "Jun 2019 - Jun 2020 · 1 yr 1 mo": a bare duration is no text either.
    if is_duration(s) {
        return String::new();
    }
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ym(y: i32, m: u32) -> Option<YearMonth> {
        Some(YearMonth::new(y, Some(m)))
    }

    #[test]
    fn single_dates() {
        assert_eq!(parse_date("Jan 2020"), ym(2020, 1));
        assert_eq!(parse_date("January 2020"), ym(2020, 1));
        assert_eq!(parse_date("Sept. 2019"), ym(2019, 9));
        assert_eq!(parse_date("01/2020"), ym(2020, 1));
        assert_eq!(parse_date("2020-01"), ym(2020, 1));
        assert_eq!(parse_date("2020"), Some(YearMonth::new(2020, None)));
        assert_eq!(parse_date("Present"), None);
        assert_eq!(parse_date("hello"), None);
    }

    #[test]
    fn ranges() {
        let r = parse_date_range("Jan 2020 - Present").unwrap();
        assert_eq!((r.start, r.end, r.current, r.single), (ym(2020, 1), None, true, false));
        let r = parse_date_range("March 2018 – December 2019 (1 year 10 months)").unwrap();
        assert_eq!((r.start, r.end, r.current), (ym(2018, 3), ym(2019, 12), false));
        let r = parse_date_range("01/2015 to 06/2017").unwrap();
        assert_eq!((r.start, r.end), (ym(2015, 1), ym(2017, 6)));
        let r = parse_date_range("2016—2018").unwrap();
        assert_eq!((r.start, r.end), (Some(YearMonth::new(2016, None)), Some(YearMonth::new(2018, None))));
        let r = parse_date_range("2019-03 - 2021-11").unwrap();
        assert_eq!((r.start, r.end), (ym(2019, 3), ym(2021, 11)));
        let r = parse_date_range("Software Engineer, Acme | Jun 2019 – Current").unwrap();
        assert!(r.current);
        assert_eq!(strip_range("Software Engineer, Acme | Jun 2019 – Current", &r), "Software Engineer, Acme");
        let r = parse_date_range("Master of Science - MS, Computer Science · (2014 - 2016)").unwrap();
        assert_eq!(
            strip_range("Master of Science - MS, Computer Science · (2014 - 2016)", &r),
            "Master of Science - MS, Computer Science"
        );
        let r = parse_date_range("Since 2021").unwrap();
        assert!(r.current && !r.single);
        let r = parse_date_range("Graduated 2012").unwrap();
        assert!(r.single);
        assert_eq!(r.start, Some(YearMonth::new(2012, None)));
        assert!(parse_date_range("Led a team of 12 engineers").is_none());
        let r = parse_date_range("Fall 2019 – Spring 2021").unwrap();
        assert_eq!((r.start, r.end), (Some(YearMonth::new(2019, None)), Some(YearMonth::new(2021, None))));
        let r = parse_date_range("03.2018 – 05.2020").unwrap();
        assert_eq!((r.start, r.end), (ym(2018, 3), ym(2020, 5)));
        let line = "Jun 2019 - Jun 2020 · 1 yr 1 mo";
        assert_eq!(strip_range(line, &parse_date_range(line).unwrap()), "");
        let r = parse_date_range("May 2019 - now").unwrap();
        assert!(r.current);
    }

    #[test]
    fn durations() {
        assert!(is_duration("(4 years 2 months)"));
        assert!(is_duration("3 years 2 months"));
        assert!(is_duration("10 months"));
        assert!(!is_duration("Berlin, Germany"));
        assert_eq!(tidy_leftover("  (2 years 1 month) "), "");
    }
}
