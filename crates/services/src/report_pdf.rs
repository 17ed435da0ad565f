//! A CareerGPS report as a PDF (spec 002 §2 "Career report": download, owner only),
//! rendered on the server from the report body with lopdf (already used for the locked
//! premium PDFs; docs/decisions.md): A4 pages, text wrapped by the fonts' own advance widths,
//! a new page when one is full.
//!
//! Any text prints, in any script: the fonts are embedded as Unicode (Type 0, Identity-H)
//! subsets with a ToUnicode map, so the text can also be searched and copied. Each character
//! is set in the first font of a chain that has it: Inter (the membership card's font, the
//! web app's), then DejaVu Sans (Latin Extended, Greek, Cyrillic, symbols such as ✓), then
//! Droid Sans Fallback (Chinese, Japanese, Korean), cut to the characters of the national
//! standard sets GB 2312, JIS X 0208 and KS X 1001 with kana, CJK punctuation and full-width
//! forms (14,125 characters, 1.5 MB instead of 4 MB; a rarer ideograph prints as a blank box
//! and still copies). The licences are beside the fonts in `assets/fonts`. Only the glyphs a
//! report uses are embedded (`subsetter`).

use ab_glyph::{Font, FontRef, GlyphId};
use domain::agents::report::ReportBody;
use lopdf::{
    content::{Content, Operation},
    dictionary, Document, Object, Stream, StringFormat,
};
use subsetter::GlyphRemapper;

const PAGE_W: f32 = 595.0;
const PAGE_H: f32 = 842.0;
const MARGIN: f32 = 56.0;
const TEXT_W: f32 = PAGE_W - 2.0 * MARGIN;

static DEJAVU_REGULAR: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
static DEJAVU_BOLD: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");
static DROID_FALLBACK: &[u8] = include_bytes!("../assets/fonts/DroidSansFallback-Common.ttf");

/// The font files, in the order of [`FONT_NAMES`].
fn font_files() -> [&'static [u8]; 5] {
    [crate::membership_card::REGULAR, crate::membership_card::BOLD, DEJAVU_REGULAR, DEJAVU_BOLD, DROID_FALLBACK]
}
const FONT_NAMES: [&str; 5] =
    ["Inter-Regular", "Inter-Bold", "DejaVuSans", "DejaVuSans-Bold", "DroidSansFallback-Common"];
/// Which fonts a face tries, in order (indices into [`font_files`]).
const REGULAR_CHAIN: [usize; 3] = [0, 2, 4];
const BOLD_CHAIN: [usize; 3] = [1, 3, 4];

#[derive(Clone, Copy, PartialEq)]
enum Face {
    Regular,
    Bold,
}

#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("a bundled font could not be read: {0}")]
    Font(String),
    #[error(transparent)]
    Pdf(#[from] lopdf::Error),
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// The parsed fonts.
struct Fonts {
    faces: Vec<FontRef<'static>>,
}

impl Fonts {
    fn load() -> Result<Self, PdfError> {
        let faces = font_files()
            .into_iter()
            .zip(FONT_NAMES)
            .map(|(bytes, name)| FontRef::try_from_slice(bytes).map_err(|e| PdfError::Font(format!("{name}: {e}"))))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Fonts { faces })
    }

    /// The font that has `c` in `face`'s chain, and its glyph (the first font's .notdef
    /// when none has it).
    fn glyph(&self, c: char, face: Face) -> (usize, GlyphId) {
        let chain = if face == Face::Bold { &BOLD_CHAIN } else { &REGULAR_CHAIN };
        for &font in chain {
            let id = self.faces[font].glyph_id(c);
            if id.0 != 0 {
                return (font, id);
            }
        }
        (chain[0], GlyphId(0))
    }

    /// A glyph's advance in thousandths of the font size.
    fn advance(&self, font: usize, id: GlyphId) -> f32 {
        let f = &self.faces[font];
        f.h_advance_unscaled(id) * 1000.0 / f.units_per_em().unwrap_or(1000.0)
    }

    fn char_width(&self, c: char, face: Face) -> f32 {
        let (font, id) = self.glyph(c, face);
        self.advance(font, id) / 1000.0
    }

    fn width(&self, text: &str, face: Face, size: f32) -> f32 {
        text.chars().map(|c| self.char_width(c, face)).sum::<f32>() * size
    }
}

/// Characters a line shows: tabs and other control characters as spaces.
fn printable(c: char) -> char {
    if c.is_control() {
        ' '
    } else {
        c
    }
}

/// `text` as lines no wider than `max` points (a word longer than a line is cut).
fn wrap(fonts: &Fonts, text: &str, face: Face, size: f32, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let space = fonts.width(" ", face, size);
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().map(printable).collect();
        loop {
            let word_text: String = word.iter().collect();
            let word_width = fonts.width(&word_text, face, size);
            let candidate_width =
                if line.is_empty() { word_width } else { fonts.width(&line, face, size) + space + word_width };
            if candidate_width <= max {
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(&word_text);
                break;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // One word wider than the line: cut it where it fits.
            let mut cut = word.len();
            while cut > 1 && fonts.width(&word[..cut].iter().collect::<String>(), face, size) > max {
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

/// What a page uses of one font: the subset's glyphs (old id → new id, in order), and for
/// each new id its advance and the text it stands for.
struct Used {
    remapper: GlyphRemapper,
    glyphs: Vec<(f32, String)>,
}

impl Used {
    fn new() -> Self {
        // .notdef is glyph 0 of every subset.
        Used { remapper: GlyphRemapper::new(), glyphs: vec![(0.0, String::new())] }
    }
}

struct Writer<'f> {
    fonts: &'f Fonts,
    used: Vec<Option<Used>>,
    pages: Vec<Vec<Operation>>,
    y: f32,
}

impl<'f> Writer<'f> {
    fn new(fonts: &'f Fonts) -> Self {
        Writer {
            fonts,
            used: (0..FONT_NAMES.len()).map(|_| None).collect(),
            pages: vec![Vec::new()],
            y: PAGE_H - MARGIN,
        }
    }

    fn ensure(&mut self, height: f32) {
        if self.y - height < MARGIN {
            self.pages.push(Vec::new());
            self.y = PAGE_H - MARGIN;
        }
    }

    /// The subset's id of a glyph of `font`, kept with its advance and text.
    fn subset_id(&mut self, font: usize, id: GlyphId, c: char) -> u16 {
        let advance = self.fonts.advance(font, id);
        let used = self.used[font].get_or_insert_with(Used::new);
        let new = used.remapper.remap(id.0);
        if usize::from(new) == used.glyphs.len() {
            used.glyphs.push((advance, c.to_string()));
        }
        new
    }

    fn line(&mut self, text: &str, face: Face, size: f32, indent: f32, grey: bool) {
        let leading = size * 1.35;
        self.ensure(leading);
        self.y -= leading;
        // Runs of characters set in one font.
        let mut runs: Vec<(usize, Vec<u8>)> = Vec::new();
        for c in text.chars().map(printable) {
            let (font, id) = self.fonts.glyph(c, face);
            let new = self.subset_id(font, id, c);
            match runs.last_mut() {
                Some((f, bytes)) if *f == font => bytes.extend(new.to_be_bytes()),
                _ => runs.push((font, new.to_be_bytes().to_vec())),
            }
        }
        let colour = if grey { 0.4 } else { 0.1 };
        let y = self.y;
        let ops = self.pages.last_mut().expect("a page");
        ops.push(Operation::new("BT", vec![]));
        ops.push(Operation::new("rg", vec![colour.into(), colour.into(), colour.into()]));
        ops.push(Operation::new("Td", vec![(MARGIN + indent).into(), y.into()]));
        for (font, bytes) in runs {
            ops.push(Operation::new("Tf", vec![format!("F{font}").into(), size.into()]));
            ops.push(Operation::new("Tj", vec![Object::String(bytes, StringFormat::Hexadecimal)]));
        }
        ops.push(Operation::new("ET", vec![]));
    }

    fn text(&mut self, text: &str, face: Face, size: f32, indent: f32, grey: bool) {
        for line in wrap(self.fonts, text, face, size, TEXT_W - indent) {
            self.line(&line, face, size, indent, grey);
        }
    }

    fn bullet(&mut self, text: &str) {
        let lines = wrap(self.fonts, text, Face::Regular, 11.0, TEXT_W - 14.0);
        for (n, line) in lines.into_iter().enumerate() {
            if n == 0 {
                self.line(&format!("\u{2022}  {line}"), Face::Regular, 11.0, 0.0, false);
            } else {
                self.line(&line, Face::Regular, 11.0, 14.0, false);
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

/// The ToUnicode map of a subset: each glyph id to the text it stands for.
fn to_unicode(glyphs: &[(f32, String)]) -> Vec<u8> {
    let mut out = String::from(
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n\
         /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
         /CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n\
         1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n",
    );
    let entries: Vec<(usize, &String)> =
        glyphs.iter().enumerate().filter(|(_, (_, t))| !t.is_empty()).map(|(i, (_, t))| (i, t)).collect();
    for chunk in entries.chunks(100) {
        out.push_str(&format!("{} beginbfchar\n", chunk.len()));
        for (id, text) in chunk {
            let units: String = text.encode_utf16().map(|u| format!("{u:04X}")).collect();
            out.push_str(&format!("<{id:04X}> <{units}>\n"));
        }
        out.push_str("endbfchar\n");
    }
    out.push_str("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    out.into_bytes()
}

/// Embeds the subset of one font as a Type 0 font; answers its reference.
fn embed_font(doc: &mut Document, fonts: &Fonts, font: usize, used: &Used) -> Result<lopdf::ObjectId, PdfError> {
    let name = FONT_NAMES[font];
    let subset =
        subsetter::subset(font_files()[font], 0, &used.remapper).map_err(|e| PdfError::Font(format!("{name}: {e}")))?;
    // A subset's name: six capital letters, a plus sign, the font's name.
    let tag: String = (0..6).map(|i| char::from(b'A' + ((font * 7 + i) % 26) as u8)).collect();
    let base_font = format!("{tag}+{name}");
    let mut file = Stream::new(dictionary! { "Length1" => subset.len() as i64 }, subset);
    let _ = file.compress();
    let file_id = doc.add_object(file);
    let face = &fonts.faces[font];
    let scale = 1000.0 / face.units_per_em().unwrap_or(1000.0);
    let (ascent, descent) = (face.ascent_unscaled() * scale, face.descent_unscaled() * scale);
    let descriptor = doc.add_object(dictionary! {
        "Type" => "FontDescriptor",
        "FontName" => Object::Name(base_font.clone().into_bytes()),
        "Flags" => 32,
        "FontBBox" => vec![(-1000).into(), descent.round().into(), 2000.into(), ascent.round().into()],
        "ItalicAngle" => 0,
        "Ascent" => ascent.round(),
        "Descent" => descent.round(),
        "CapHeight" => (ascent * 0.7).round(),
        "StemV" => if font == 1 || font == 3 { 140 } else { 80 },
        "FontFile2" => file_id,
    });
    let widths: Vec<Object> = used.glyphs.iter().map(|(w, _)| Object::Real(w.round())).collect();
    let cid_font = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "CIDFontType2",
        "BaseFont" => Object::Name(base_font.clone().into_bytes()),
        "CIDSystemInfo" => dictionary! {
            "Registry" => Object::string_literal("Adobe"),
            "Ordering" => Object::string_literal("Identity"),
            "Supplement" => 0,
        },
        "FontDescriptor" => descriptor,
        "W" => vec![0.into(), Object::Array(widths)],
        "CIDToGIDMap" => "Identity",
    });
    let mut cmap = Stream::new(dictionary! {}, to_unicode(&used.glyphs));
    let _ = cmap.compress();
    let cmap_id = doc.add_object(cmap);
    Ok(doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type0",
        "BaseFont" => Object::Name(base_font.into_bytes()),
        "Encoding" => "Identity-H",
        "DescendantFonts" => vec![Object::Reference(cid_font)],
        "ToUnicode" => cmap_id,
    }))
}

/// The PDF of a report. `created` is the date line under the title (e.g. '27 Nov 2026').
pub fn render(body: &ReportBody, created: &str) -> Result<Vec<u8>, PdfError> {
    let fonts = Fonts::load()?;
    let mut w = Writer::new(&fonts);
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
    let mut font_dict = lopdf::Dictionary::new();
    for (font, used) in std::mem::take(&mut w.used).into_iter().enumerate() {
        if let Some(used) = used {
            let id = embed_font(&mut doc, &fonts, font, &used)?;
            font_dict.set(format!("F{font}"), id);
        }
    }
    let resources = doc.add_object(dictionary! { "Font" => font_dict });
    let mut kids = Vec::new();
    for operations in std::mem::take(&mut w.pages) {
        let content = Content { operations }.encode()?;
        let mut stream = Stream::new(dictionary! {}, content);
        let _ = stream.compress();
        let content_id = doc.add_object(stream);
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

    fn report(title: &str, summary: &str, sections: Vec<Section>) -> ReportBody {
        ReportBody { title: title.into(), template: Template::General, summary: summary.into(), sections, aira: None }
    }

    /// The text of every page, as a reader copies it.
    fn text_of(pdf: &[u8]) -> String {
        let doc = Document::load_mem(pdf).unwrap();
        let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
        doc.extract_text(&pages).unwrap()
    }

    #[test]
    fn a_long_report_makes_a_pdf_of_several_pages() {
        let section = Section {
            id: "s".into(),
            heading: "Where to grow — next".into(),
            paragraphs: vec!["Learn (daily) with AI… ".repeat(40)],
            bullets: vec!["A bullet".into(); 30],
            items: Vec::new(),
        };
        let body = report("AI Readiness Assessment Report", "Ana, your score is 68%.", vec![section; 4]);
        let pdf = render(&body, "27 Nov 2026").unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let doc = Document::load_mem(&pdf).unwrap();
        assert!(doc.get_pages().len() > 1);
        let text = text_of(&pdf);
        assert!(text.contains("AI Readiness Assessment Report"), "{text}");
        assert!(text.contains("Where to grow — next"));
        assert!(text.contains("•  A bullet"), "{text}");
        // Only what is used is embedded: a Latin report carries Inter alone, subset.
        assert!(pdf.len() < 120_000, "{} bytes", pdf.len());
    }

    #[test]
    fn text_outside_latin_1_is_embedded_as_itself() {
        let name = "Zoë Łukasz Ğül 李 — ✓";
        let section = Section {
            id: "s".into(),
            heading: "Сильные стороны · Δύναμη".into(),
            paragraphs: vec![format!("{name} は学び続けます。")],
            bullets: vec!["✓ 完成".into()],
            items: Vec::new(),
        };
        let body = report(&format!("Report for {name}"), &format!("{name}, your score is 68%."), vec![section]);
        let pdf = render(&body, "27 Nov 2026").unwrap();
        let text = text_of(&pdf);
        for expected in [
            "Report for Zoë Łukasz Ğül 李 — ✓",
            "Zoë Łukasz Ğül 李 — ✓, your score is 68%.",
            "Сильные стороны · Δύναμη",
            "は学び続けます。",
            "✓ 完成",
        ] {
            assert!(text.contains(expected), "{expected:?} not in {text:?}");
        }
        assert!(!text.contains('?'), "nothing printed as '?': {text:?}");
        // Every character has a glyph: none is set as .notdef (glyph 0 of a subset).
        let fonts = Fonts::load().unwrap();
        for c in format!("{name}Сильные Δύναμη は学び続けます。完成").chars().filter(|c| !c.is_whitespace())
        {
            assert_ne!(fonts.glyph(c, Face::Regular).1 .0, 0, "no glyph for {c:?}");
            assert_ne!(fonts.glyph(c, Face::Bold).1 .0, 0, "no bold glyph for {c:?}");
        }
        // The fonts are embedded (subset), each with its ToUnicode map.
        let doc = Document::load_mem(&pdf).unwrap();
        let embedded: Vec<String> = doc
            .objects
            .values()
            .filter_map(|o| o.as_dict().ok())
            .filter(|d| d.get(b"Subtype").and_then(|s| s.as_name()).is_ok_and(|n| n == b"Type0"))
            .map(|d| {
                assert!(d.get(b"ToUnicode").is_ok());
                String::from_utf8_lossy(d.get(b"BaseFont").unwrap().as_name().unwrap()).into_owned()
            })
            .collect();
        for font in ["+Inter-Regular", "+Inter-Bold", "+DejaVuSans", "+DroidSansFallback-Common"] {
            assert!(embedded.iter().any(|f| f.ends_with(font)), "{font} not in {embedded:?}");
        }
        assert!(pdf.len() < 400_000, "subsets, not whole fonts: {} bytes", pdf.len());
    }

    #[test]
    fn lines_wrap_within_the_width() {
        let fonts = Fonts::load().unwrap();
        let lines = wrap(&fonts, &"word ".repeat(100), Face::Regular, 11.0, TEXT_W);
        assert!(lines.len() > 3);
        assert!(lines.iter().all(|l| fonts.width(l, Face::Regular, 11.0) <= TEXT_W));
        let long = wrap(&fonts, &"x".repeat(500), Face::Bold, 11.0, 100.0);
        assert!(long.iter().all(|l| fonts.width(l, Face::Bold, 11.0) <= 100.0));
        let cjk = wrap(&fonts, &"李".repeat(200), Face::Regular, 11.0, TEXT_W);
        assert!(cjk.len() > 1 && cjk.iter().all(|l| fonts.width(l, Face::Regular, 11.0) <= TEXT_W));
    }
}
