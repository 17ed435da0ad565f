//! PDF → text with line structure, using `pdf-extract` for glyph decoding (fonts,
//! encodings, ToUnicode maps) and our own layout: glyphs are grouped into lines by
//! baseline and into runs by horizontal gaps; a two-column page (a side bar next to the
//! main text, as in LinkedIn's export) is read column by column.

use std::panic::AssertUnwindSafe;

use pdf_extract::{MediaBox, OutputDev, OutputError, Transform};

use super::sections::{heading_kind, is_page_footer};
use super::ResumeError;

#[derive(Debug, Clone)]
struct Glyph {
    x: f64,
    y: f64,
    w: f64,
    size: f64,
    ch: String,
}

#[derive(Default)]
struct Collector {
    pages: Vec<(f64, Vec<Glyph>)>,
    cur: Vec<Glyph>,
    width: f64,
    flip: Option<Transform>,
}

impl OutputDev for Collector {
    fn begin_page(&mut self, _n: u32, mb: &MediaBox, _art: Option<(f64, f64, f64, f64)>) -> Result<(), OutputError> {
        self.flip = Some(Transform::row_major(1., 0., 0., -1., 0., mb.ury - mb.lly));
        self.width = (mb.urx - mb.llx).abs();
        self.cur.clear();
        Ok(())
    }
    fn end_page(&mut self) -> Result<(), OutputError> {
        let glyphs = std::mem::take(&mut self.cur);
        self.pages.push((self.width, glyphs));
        Ok(())
    }
    fn output_character(
        &mut self,
        trm: &Transform,
        width: f64,
        _spacing: f64,
        font_size: f64,
        ch: &str,
    ) -> Result<(), OutputError> {
        let flip = self.flip.unwrap_or_else(Transform::identity);
        let pos = trm.post_transform(&flip);
        // The font size as transformed by the text matrix (as pdf-extract's own text output).
        let vx = font_size * (trm.m11 + trm.m21);
        let vy = font_size * (trm.m12 + trm.m22);
        let size = (vx * vy).abs().sqrt();
        let size = if size.is_finite() && size > 0.1 { size } else { font_size.abs().max(1.0) };
        if ch.is_empty() || !pos.m31.is_finite() || !pos.m32.is_finite() {
            return Ok(());
        }
        self.cur.push(Glyph { x: pos.m31, y: pos.m32, w: (width * size).max(0.0), size, ch: ch.to_string() });
        Ok(())
    }
    fn begin_word(&mut self) -> Result<(), OutputError> {
        Ok(())
    }
    fn end_word(&mut self) -> Result<(), OutputError> {
        Ok(())
    }
    fn end_line(&mut self) -> Result<(), OutputError> {
        Ok(())
    }
}

/// A horizontal stretch of text on one baseline.
#[derive(Debug, Clone)]
struct Run {
    x0: f64,
    x1: f64,
    y: f64,
    size: f64,
    text: String,
}

pub struct Extracted {
    pub text: String,
    /// The text of the largest-font line on the first page (usually the name).
    pub largest_line: Option<String>,
}

/// Load and extract; panics inside the PDF library are caught and reported as corrupt.
pub fn extract(pdf: &[u8]) -> Result<Extracted, ResumeError> {
    if pdf.len() < 8 || !pdf[..pdf.len().min(1024)].windows(5).any(|w| w == b"%PDF-") {
        return Err(ResumeError::Corrupt);
    }
    let data = pdf.to_vec();
    let result = std::panic::catch_unwind(AssertUnwindSafe(move || -> Result<Vec<(f64, Vec<Glyph>)>, ResumeError> {
        let mut doc = match pdf_extract::Document::load_mem(&data) {
            Ok(d) => d,
            Err(pdf_extract::Error::Decryption(_)) => return Err(ResumeError::Encrypted),
            Err(_) => return Err(ResumeError::Corrupt),
        };
        if doc.is_encrypted() && doc.decrypt("").is_err() {
            return Err(ResumeError::Encrypted);
        }
        fix_cid_widths(&mut doc);
        let mut c = Collector::default();
        let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
        if pages.is_empty() {
            return Err(ResumeError::Corrupt);
        }
        // A page the library cannot read (an error or a panic in its font code) keeps
        // what it gave so far instead of failing the whole file.
        for n in pages {
            c.cur.clear();
            let before = c.pages.len();
            let run = std::panic::catch_unwind(AssertUnwindSafe(|| pdf_extract::output_doc_page(&doc, &mut c, n)));
            if !matches!(run, Ok(Ok(()))) && c.pages.len() == before {
                let partial = std::mem::take(&mut c.cur);
                c.pages.push((c.width, partial));
            }
        }
        Ok(c.pages)
    }));
    let pages = match result {
        Ok(r) => r?,
        Err(_) => return Err(ResumeError::Corrupt),
    };
    let out = layout(pages);
    if out.text.chars().filter(|c| c.is_alphanumeric()).count() < 20 {
        return Err(ResumeError::NoText);
    }
    Ok(out)
}

/// pdf-extract 0.12 misreads the range form ("first last width") of a CID font's /W
/// array, which puts glyphs at wrong positions (PDFs from Chrome/Skia, Google Docs use it).
/// Rewrite those entries into the list form ("first [w w w]") that it reads correctly.
fn fix_cid_widths(doc: &mut pdf_extract::Document) {
    use pdf_extract::Object;
    let ids: Vec<_> = doc.objects.keys().copied().collect();
    for id in ids {
        let target = {
            let Some(Object::Dictionary(d)) = doc.objects.get(&id) else { continue };
            let cid = matches!(d.get(b"Subtype").and_then(Object::as_name), Ok(b"CIDFontType0" | b"CIDFontType2"));
            match d.get(b"W") {
                Ok(Object::Reference(r)) if cid => Some(*r),
                Ok(Object::Array(_)) if cid => Some(id),
                _ => None,
            }
        };
        let Some(target) = target else { continue };
        let w = match doc.objects.get(&target) {
            Some(Object::Array(a)) => a.clone(),
            Some(Object::Dictionary(d)) => match d.get(b"W") {
                Ok(Object::Array(a)) => a.clone(),
                _ => continue,
            },
            _ => continue,
        };
        let Some(fixed) = expand_widths(&w) else { continue };
        match doc.objects.get_mut(&target) {
            Some(Object::Array(a)) => *a = fixed,
            Some(Object::Dictionary(d)) => d.set("W", Object::Array(fixed)),
            _ => {}
        }
    }
}

fn expand_widths(w: &[pdf_extract::Object]) -> Option<Vec<pdf_extract::Object>> {
    use pdf_extract::Object;
    let mut out = Vec::new();
    let mut i = 0;
    let mut budget = 70_000i64;
    while i < w.len() {
        let first = w[i].as_i64().ok()?;
        match w.get(i + 1)? {
            Object::Array(list) => {
                out.push(Object::Integer(first));
                out.push(Object::Array(list.clone()));
                i += 2;
            }
            other => {
                let last = other.as_i64().ok()?;
                let width = w.get(i + 2)?.as_float().ok()?;
                let n = last - first + 1;
                budget -= n.max(0);
                if n <= 0 || budget < 0 {
                    return None;
                }
                out.push(Object::Integer(first));
                out.push(Object::Array((0..n).map(|_| Object::Real(width)).collect()));
                i += 3;
            }
        }
    }
    Some(out)
}

fn runs_of_page(glyphs: &[Glyph]) -> Vec<Run> {
    let mut gs: Vec<&Glyph> = glyphs.iter().filter(|g| !g.ch.chars().all(char::is_control)).collect();
    gs.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x)));
    // Lines: glyphs whose baselines are close.
    let mut lines: Vec<Vec<&Glyph>> = Vec::new();
    for g in gs {
        match lines.last_mut() {
            Some(line) if (g.y - line[0].y).abs() <= (0.3 * g.size.min(line[0].size)).max(0.8) => line.push(g),
            _ => lines.push(vec![g]),
        }
    }
    let mut runs = Vec::new();
    for mut line in lines {
        line.sort_by(|a, b| a.x.total_cmp(&b.x));
        let mut cur: Option<Run> = None;
        let mut last: Option<&Glyph> = None;
        for g in line {
            // Fake bold (the same glyph drawn twice, slightly offset).
            if let Some(l) = last {
                if l.ch == g.ch && (g.x - l.x).abs() < 0.2 * g.size {
                    continue;
                }
            }
            let blank = g.ch.trim().is_empty();
            match cur.as_mut() {
                Some(r) => {
                    let gap = g.x - r.x1;
                    if gap > 1.5 * g.size.max(r.size) {
                        runs.push(cur.take().unwrap_or_else(|| unreachable!()));
                        if !blank {
                            cur = Some(Run { x0: g.x, x1: g.x + g.w, y: g.y, size: g.size, text: g.ch.clone() });
                        }
                    } else {
                        if gap > 0.15 * g.size && !r.text.ends_with(' ') && !blank {
                            r.text.push(' ');
                        }
                        if blank {
                            if !r.text.ends_with(' ') {
                                r.text.push(' ');
                            }
                        } else {
                            r.text.push_str(&g.ch);
                        }
                        r.x1 = r.x1.max(g.x + g.w);
                        r.size = r.size.max(g.size);
                    }
                }
                None if !blank => {
                    cur = Some(Run { x0: g.x, x1: g.x + g.w, y: g.y, size: g.size, text: g.ch.clone() });
                }
                None => {}
            }
            last = Some(g);
        }
        if let Some(r) = cur {
            runs.push(r);
        }
    }
    for r in &mut runs {
        r.text = r.text.trim().to_string();
    }
    runs.retain(|r| !r.text.is_empty());
    runs
}

/// Lines (text, font size, baseline) of a set of runs in reading order.
fn lines_of(runs: &[&Run]) -> Vec<(String, f64, f64)> {
    let mut rs: Vec<&Run> = runs.to_vec();
    rs.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x0.total_cmp(&b.x0)));
    // Group runs sharing a baseline, then read each group left to right.
    let mut groups: Vec<Vec<&Run>> = Vec::new();
    for r in rs {
        match groups.last_mut() {
            Some(g) if g.last().is_some_and(|l| (r.y - l.y).abs() <= (0.3 * r.size.min(l.size)).max(0.8)) => g.push(r),
            _ => groups.push(vec![r]),
        }
    }
    groups
        .into_iter()
        .map(|mut g| {
            g.sort_by(|a, b| a.x0.total_cmp(&b.x0));
            let text = g.iter().map(|r| r.text.as_str()).collect::<Vec<_>>().join("   ");
            let size = g.iter().map(|r| r.size).fold(0.0, f64::max);
            let y = g.iter().map(|r| r.y).fold(f64::INFINITY, f64::min);
            (text, size, y)
        })
        .collect()
}

/// Find a vertical gutter splitting the page into two independent columns.
fn column_split(runs: &[Run], width: f64) -> Option<f64> {
    let mut best: Option<(usize, f64)> = None;
    let distinct = |ys: &mut Vec<f64>| {
        ys.sort_by(f64::total_cmp);
        ys.dedup_by(|a, b| (*a - *b).abs() < 1.0);
        ys.len()
    };
    for cand in runs {
        let g = cand.x0 - 0.5;
        if g < 0.15 * width || g > 0.85 * width {
            continue;
        }
        let left: Vec<&Run> = runs.iter().filter(|r| r.x1 <= g + 1.0).collect();
        let right: Vec<&Run> = runs.iter().filter(|r| r.x0 >= g).collect();
        let cross: Vec<&Run> = runs.iter().filter(|r| r.x0 < g && r.x1 > g + 1.0).collect();
        let top_of_columns = left.iter().chain(right.iter()).map(|r| r.y).fold(f64::INFINITY, f64::min);
        if cross.iter().any(|r| r.y >= top_of_columns - 1.0) {
            continue;
        }
        let mut ly: Vec<f64> = left.iter().map(|r| r.y).collect();
        let mut ry: Vec<f64> = right.iter().map(|r| r.y).collect();
        let (nl, nr) = (distinct(&mut ly), distinct(&mut ry));
        if nl < 3 || nr < 3 {
            continue;
        }
        // Rows of a table (a title on the left, its dates on the right) share baselines;
        // independent columns rarely do.
        let shared = ry.iter().filter(|y| ly.iter().any(|l| (*l - **y).abs() < 1.5)).count();
        if shared as f64 > 0.5 * nl.min(nr) as f64 || nl - shared.min(nl) < 3 || nr - shared.min(nr) < 3 {
            continue;
        }
        let score = nl.min(nr);
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, g));
        }
    }
    best.map(|(_, g)| g)
}

/// LinkedIn's export when the generic test fails: a "Contact"/"Top Skills" heading on the
/// left and a "Summary"/"Experience"/"Education" heading further right.
fn linkedin_gutter(runs: &[Run]) -> Option<f64> {
    let side = runs.iter().find(|r| matches!(r.text.as_str(), "Contact" | "Top Skills"))?;
    let main = runs
        .iter()
        .filter(|r| matches!(r.text.as_str(), "Summary" | "Experience" | "Education") && r.x0 > side.x1 + 5.0)
        .map(|r| r.x0)
        .fold(f64::INFINITY, f64::min);
    main.is_finite().then_some(main - 0.5)
}

fn push_lines(out: &mut String, lines: &[(String, f64, f64)]) {
    let mut prev: Option<&(String, f64, f64)> = None;
    for l in lines {
        if let Some(p) = prev {
            if l.2 - p.2 > 2.0 * p.1.max(l.1) {
                out.push('\n');
            }
        }
        out.push_str(&l.0);
        out.push('\n');
        prev = Some(l);
    }
}

/// The largest-font line of a page when it stands out from the body text (the name).
fn largest(lines: &[(String, f64, f64)]) -> Option<String> {
    let mut sizes: Vec<f64> = lines.iter().map(|l| l.1).collect();
    sizes.sort_by(f64::total_cmp);
    let median = *sizes.get(sizes.len() / 2)?;
    let (i, top) = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.0.chars().any(char::is_alphabetic))
        .max_by(|(_, a), (_, b)| a.1.total_cmp(&b.1).then(b.2.total_cmp(&a.2)))
        .filter(|(_, l)| l.1 > median * 1.25)?;
    let mut text = top.0.split("   ").next().unwrap_or("").trim().to_string();
    // A name wrapped onto a second line of the same size.
    if let Some(next) = lines.get(i + 1) {
        if (next.1 - top.1).abs() < 0.5 && next.2 - top.2 < 2.0 * top.1 && text.split_whitespace().count() == 1 {
            text.push(' ');
            text.push_str(next.0.split("   ").next().unwrap_or("").trim());
        }
    }
    Some(text)
}

fn layout(pages: Vec<(f64, Vec<Glyph>)>) -> Extracted {
    let mut main = String::new();
    let mut side = String::new();
    let mut largest_line: Option<String> = None;
    for (page_no, (width, glyphs)) in pages.iter().enumerate() {
        let runs: Vec<Run> = runs_of_page(glyphs).into_iter().filter(|r| !is_page_footer(&r.text)).collect();
        if runs.is_empty() {
            continue;
        }
        let width = if *width > 0.0 { *width } else { runs.iter().map(|r| r.x1).fold(0.0, f64::max) };
        let page_lines: Vec<(String, f64, f64)>;
        let split =
            column_split(&runs, width).map(|g| (g, false)).or_else(|| linkedin_gutter(&runs).map(|g| (g, true)));
        if let Some((g, forced)) = split {
            let crossing = |r: &&Run| r.x0 < g && r.x1 > g + 1.0;
            let header: Vec<&Run> = if forced { Vec::new() } else { runs.iter().filter(crossing).collect() };
            let mut left: Vec<&Run> = runs.iter().filter(|r| r.x1 <= g + 1.0).collect();
            if forced {
                // Text straddling the gutter stays with the main (right) column.
                left.retain(|r| !crossing(r));
            }
            let right: Vec<&Run> = runs.iter().filter(|r| r.x0 >= g || forced && crossing(r)).collect();
            let chars = |rs: &[&Run]| rs.iter().map(|r| r.text.len()).sum::<usize>();
            let (m, s) = if chars(&left) > chars(&right) { (left, right) } else { (right, left) };
            let side_lines = lines_of(&s);
            let headings = side_lines.iter().filter(|l| heading_kind(&l.0).is_some()).count();
            if headings * 5 >= side_lines.len() * 3 {
                // Only headings in a margin: one column with its headings beside it.
                let all: Vec<&Run> = runs.iter().collect();
                let lines = lines_of(&all);
                push_lines(&mut main, &lines);
                if page_no == 0 {
                    largest_line = largest(&lines);
                }
                continue;
            }
            let mut lines = lines_of(&header);
            lines.extend(lines_of(&m));
            push_lines(&mut main, &lines);
            side.push_str("\u{c}\n");
            push_lines(&mut side, &side_lines);
            page_lines = lines.into_iter().chain(side_lines).collect();
        } else {
            let all: Vec<&Run> = runs.iter().collect();
            let lines = lines_of(&all);
            push_lines(&mut main, &lines);
            page_lines = lines;
        }
        if page_no == 0 {
            largest_line = largest(&page_lines);
        }
    }
    let mut text = main;
    text.push_str(&side);
    for (lig, plain) in
        [("\u{fb00}", "ff"), ("\u{fb01}", "fi"), ("\u{fb02}", "fl"), ("\u{fb03}", "ffi"), ("\u{fb04}", "ffl")]
    {
        text = text.replace(lig, plain);
    }
    Extracted { text, largest_line }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdf_extract::Object;

    #[test]
    fn range_widths_are_expanded() {
        let w = vec![
            Object::Integer(0),
            Object::Array(vec![Object::Integer(500), Object::Integer(250)]),
            Object::Integer(36),
            Object::Integer(38),
            Object::Real(722.0),
        ];
        let fixed = expand_widths(&w).unwrap();
        assert_eq!(fixed.len(), 4);
        assert_eq!(fixed[2], Object::Integer(36));
        assert_eq!(fixed[3], Object::Array(vec![Object::Real(722.0); 3]));
        // Malformed or absurd arrays are left alone.
        assert!(expand_widths(&[Object::Integer(1), Object::Integer(0), Object::Integer(5)]).is_none());
        assert!(expand_widths(&[Object::Integer(0), Object::Integer(1_000_000), Object::Integer(5)]).is_none());
    }

    #[test]
    fn columns_and_table_rows() {
        let run = |x0: f64, x1: f64, y: f64, t: &str| Run { x0, x1, y, size: 10.0, text: t.into() };
        // A side column beside the main text, baselines independent.
        let mut runs = Vec::new();
        for i in 0..8 {
            runs.push(run(30.0, 150.0, 50.0 + 13.0 * i as f64, "side"));
            runs.push(run(220.0, 560.0, 56.0 + 15.0 * i as f64, "main text"));
        }
        assert!(column_split(&runs, 612.0).is_some());
        // Titles with right-aligned dates on the same baselines: one column.
        let rows: Vec<Run> = (0..8)
            .flat_map(|i| {
                [
                    run(72.0, 300.0, 50.0 + 14.0 * i as f64, "Engineer, Acme"),
                    run(460.0, 540.0, 50.0 + 14.0 * i as f64, "2019 - 2021"),
                ]
            })
            .collect();
        assert!(column_split(&rows, 612.0).is_none());
        // LinkedIn's columns with shared baselines: found through the export's headings.
        let mut li = rows.clone();
        li.push(run(30.0, 80.0, 20.0, "Contact"));
        li.push(run(220.0, 300.0, 20.0, "Summary"));
        assert!(column_split(&li, 612.0).is_none());
        assert_eq!(linkedin_gutter(&li), Some(219.5));
        assert_eq!(linkedin_gutter(&rows), None);
    }
}
