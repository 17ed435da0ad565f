//! A CareerGPS report as a PDF (spec 002 §2 "Career report": download, owner only),
//! rendered on the server from the report body with lopdf (already used for the locked
//! premium PDFs; docs/decisions.md): A4 pages, the standard Helvetica fonts in
//! WinAnsiEncoding (no font file to embed), text wrapped by Helvetica's metrics, a new page
//! when one is full. Characters outside WinAnsi print as '?'.

use domain::agents::report::ReportBody;
use lopdf::{
    content::{Content, Operation},
    dictionary, Document, Object, Stream, StringFormat,
};

const PAGE_W: f32 = 595.0;
const PAGE_H: f32 = 842.0;
const MARGIN: f32 = 56.0;
const TEXT_W: f32 = PAGE_W - 2.0 * MARGIN;

#[derive(Clone, Copy, PartialEq)]
enum Face {
    Regular,
    Bold,
}

/// Helvetica advance widths (per 1000 units) of ASCII 32..=126.
const REGULAR_WIDTHS: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
    556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
    260, 334, 584,
];
/// Helvetica-Bold advance widths of ASCII 32..=126.
const BOLD_WIDTHS: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
    556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
    280, 389, 584,
];

/// A character in WinAnsiEncoding ('?' when it has none).
fn win_ansi(c: char) -> u8 {
    match c {
        ' '..='~' => c as u8,
        '\u{a0}'..='\u{ff}' => c as u32 as u8,
        '€' => 0x80,
        '‚' => 0x82,
        '„' => 0x84,
        '…' => 0x85,
        '‘' => 0x91,
        '’' => 0x92,
        '“' => 0x93,
        '”' => 0x94,
        '•' => 0x95,
        '–' => 0x96,
        '—' => 0x97,
        '™' => 0x99,
        '\t' => b' ',
        _ => b'?',
    }
}

fn char_width(byte: u8, face: Face) -> f32 {
    let table = if face == Face::Bold { &BOLD_WIDTHS } else { &REGULAR_WIDTHS };
    let units = match byte {
        32..=126 => table[(byte - 32) as usize],
        0x85 => 1000,
        0x95 => 350,
        0x96 => 556,
        0x97 => 1000,
        _ => 556,
    };
    f32::from(units) / 1000.0
}

fn width(text: &[u8], face: Face, size: f32) -> f32 {
    text.iter().map(|b| char_width(*b, face)).sum::<f32>() * size
}

/// `text` as lines no wider than `max` points (a word longer than a line is cut).
fn wrap(text: &str, face: Face, size: f32, max: f32) -> Vec<Vec<u8>> {
    let mut lines = Vec::new();
    let mut line: Vec<u8> = Vec::new();
    for word in text.split_whitespace() {
        let mut word: Vec<u8> = word.chars().map(win_ansi).collect();
        loop {
            let candidate_width = if line.is_empty() {
                width(&word, face, size)
            } else {
                width(&line, face, size) + width(b" ", face, size) + width(&word, face, size)
            };
            if candidate_width <= max {
                if !line.is_empty() {
                    line.push(b' ');
                }
                line.append(&mut word);
                break;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // One word wider than the line: cut it where it fits.
            let mut cut = word.len();
            while cut > 1 && width(&word[..cut], face, size) > max {
                cut -= 1;
            }
            lines.push(word.drain(..cut).collect());
            if word.is_empty() {
                break;
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

struct Writer {
    pages: Vec<Vec<Operation>>,
    y: f32,
}

impl Writer {
    fn new() -> Self {
        Writer { pages: vec![Vec::new()], y: PAGE_H - MARGIN }
    }

    fn ensure(&mut self, height: f32) {
        if self.y - height < MARGIN {
            self.pages.push(Vec::new());
            self.y = PAGE_H - MARGIN;
        }
    }

    fn line(&mut self, text: Vec<u8>, face: Face, size: f32, indent: f32, grey: bool) {
        let leading = size * 1.35;
        self.ensure(leading);
        self.y -= leading;
        let font = if face == Face::Bold { "F2" } else { "F1" };
        let colour = if grey { 0.4 } else { 0.1 };
        let ops = self.pages.last_mut().expect("a page");
        ops.push(Operation::new("BT", vec![]));
        ops.push(Operation::new("rg", vec![colour.into(), colour.into(), colour.into()]));
        ops.push(Operation::new("Tf", vec![font.into(), size.into()]));
        ops.push(Operation::new("Td", vec![(MARGIN + indent).into(), self.y.into()]));
        ops.push(Operation::new("Tj", vec![Object::String(text, StringFormat::Literal)]));
        ops.push(Operation::new("ET", vec![]));
    }

    fn text(&mut self, text: &str, face: Face, size: f32, indent: f32, grey: bool) {
        for line in wrap(text, face, size, TEXT_W - indent) {
            self.line(line, face, size, indent, grey);
        }
    }

    fn bullet(&mut self, text: &str) {
        let lines = wrap(text, Face::Regular, 11.0, TEXT_W - 14.0);
        for (n, line) in lines.into_iter().enumerate() {
            if n == 0 {
                let mut with_bullet = vec![0x95, b' ', b' '];
                with_bullet.extend(line);
                self.line(with_bullet, Face::Regular, 11.0, 0.0, false);
            } else {
                self.line(line, Face::Regular, 11.0, 14.0, false);
            }
        }
    }

    fn gap(&mut self, points: f32) {
        self.y -= points;
    }
}

/// Title strings of the document information: ASCII as is, anything else UTF-16BE.
fn text_string(text: &str) -> Object {
    if text.is_ascii() {
        Object::string_literal(text)
    } else {
        let mut bytes = vec![0xfe, 0xff];
        for unit in text.encode_utf16() {
            bytes.extend(unit.to_be_bytes());
        }
        Object::String(bytes, StringFormat::Hexadecimal)
    }
}

/// The PDF of a report. `created` is the date line under the title (e.g. '27 Nov 2026').
pub fn render(body: &ReportBody, created: &str) -> Result<Vec<u8>, lopdf::Error> {
    let mut w = Writer::new();
    w.text(&body.title, Face::Bold, 20.0, 0.0, false);
    w.text(created, Face::Regular, 10.0, 0.0, true);
    w.gap(8.0);
    w.text(&body.summary, Face::Regular, 12.0, 0.0, false);
    for section in &body.sections {
        w.gap(10.0);
        w.text(&section.heading, Face::Bold, 14.0, 0.0, false);
        w.gap(2.0);
        for p in &section.paragraphs {
            w.text(p, Face::Regular, 11.0, 0.0, false);
            w.gap(3.0);
        }
        for b in &section.bullets {
            w.bullet(b);
        }
        for item in &section.items {
            w.gap(2.0);
            let kind = item.kind.as_str().replace('_', " ");
            w.text(&format!("{} ({kind})", item.name), Face::Bold, 11.0, 0.0, false);
            if !item.reason.trim().is_empty() {
                w.text(&item.reason, Face::Regular, 10.0, 0.0, true);
            }
        }
    }

    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let regular = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding",
    });
    let bold = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica-Bold", "Encoding" => "WinAnsiEncoding",
    });
    let resources = doc.add_object(dictionary! { "Font" => dictionary! { "F1" => regular, "F2" => bold } });
    let mut kids = Vec::new();
    for operations in std::mem::take(&mut w.pages) {
        let content = Content { operations }.encode()?;
        let content_id = doc.add_object(Stream::new(dictionary! {}, content));
        let page = doc.add_object(dictionary! {
            "Type" => "Page", "Parent" => pages_id, "Contents" => content_id,
        });
        kids.push(Object::Reference(page));
    }
    let count = kids.len() as i64;
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages", "Kids" => kids, "Count" => count, "Resources" => resources,
            "MediaBox" => vec![0.into(), 0.into(), PAGE_W.into(), PAGE_H.into()],
        }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    let info = doc.add_object(
        dictionary! { "Title" => text_string(&body.title), "Producer" => Object::string_literal("Waypoint") },
    );
    doc.trailer.set("Root", catalog);
    doc.trailer.set("Info", info);
    let mut out = Vec::new();
    doc.save_to(&mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use domain::agents::report::{Section, Template};

    use super::*;

    #[test]
    fn a_long_report_makes_a_pdf_of_several_pages() {
        let section = Section {
            id: "s".into(),
            heading: "Where to grow — next".into(),
            paragraphs: vec!["Learn (daily) with AI… ".repeat(40)],
            bullets: vec!["A bullet".into(); 30],
            items: Vec::new(),
        };
        let body = ReportBody {
            title: "AI Readiness Assessment Report".into(),
            template: Template::General,
            summary: "Ana, your score is 68%.".into(),
            sections: vec![section; 4],
            aira: None,
        };
        let pdf = render(&body, "27 Nov 2026").unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("(AI Readiness Assessment Report)"));
        let doc = Document::load_mem(&pdf).unwrap();
        assert!(doc.get_pages().len() > 1);
    }

    #[test]
    fn lines_wrap_within_the_width() {
        let lines = wrap(&"word ".repeat(100), Face::Regular, 11.0, TEXT_W);
        assert!(lines.len() > 3);
        assert!(lines.iter().all(|l| width(l, Face::Regular, 11.0) <= TEXT_W));
        let long = wrap(&"x".repeat(500), Face::Bold, 11.0, 100.0);
        assert!(long.iter().all(|l| width(l, Face::Bold, 11.0) <= 100.0));
    }
}
