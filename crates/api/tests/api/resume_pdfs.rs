//! Resume PDFs made in the test: Helvetica text placed on pages, WinAnsi-encoded, with an
//! exact cross-reference table, so the real PDF reader parses them.

/// Text on a page, from the top-left corner (points).
struct Line {
    x: f64,
    y: f64,
    size: f64,
    bold: bool,
    text: String,
}

#[derive(Default)]
pub(crate) struct Page {
    lines: Vec<Line>,
}

impl Page {
    pub(crate) fn text(&mut self, x: f64, y: f64, size: f64, text: &str) -> &mut Self {
        self.lines.push(Line { x, y, size, bold: false, text: text.into() });
        self
    }

    pub(crate) fn bold(&mut self, x: f64, y: f64, size: f64, text: &str) -> &mut Self {
        self.lines.push(Line { x, y, size, bold: true, text: text.into() });
        self
    }

    /// Lines stacked downwards from `y`; "#Heading" lines are bold and larger, "" leaves a
    /// gap. Answers the y below the last line.
    pub(crate) fn stack(&mut self, x: f64, mut y: f64, size: f64, lines: &[&str]) -> f64 {
        for line in lines {
            if let Some(heading) = line.strip_prefix('#') {
                y += size * 0.6;
                self.bold(x, y, size + 2.0, heading);
                y += (size + 2.0) * 1.5;
            } else if line.is_empty() {
                y += size * 0.8;
            } else {
                self.text(x, y, size, line);
                y += size * 1.35;
            }
        }
        y
    }
}

fn literal(text: &str) -> Vec<u8> {
    let mut out = b"(".to_vec();
    for c in text.chars() {
        let byte = match c {
            '•' => 0x95,
            '–' => 0x96,
            '·' => 0xB7,
            c if (c as u32) < 256 => c as u32 as u8,
            _ => b'?',
        };
        match byte {
            b'(' | b')' | b'\\' => out.extend([b'\\', byte]),
            0x20..=0x7e => out.push(byte),
            _ => out.extend(format!("\\{byte:03o}").into_bytes()),
        }
    }
    out.push(b')');
    out
}

pub(crate) fn write(pages: &[Page]) -> Vec<u8> {
    let mut objects: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        format!(
            "<< /Type /Pages /Kids [{}] /Count {} >>",
            (0..pages.len()).map(|i| format!("{} 0 R", 5 + 2 * i)).collect::<Vec<_>>().join(" "),
            pages.len()
        )
        .into_bytes(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_vec(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>".to_vec(),
    ];
    for (i, page) in pages.iter().enumerate() {
        objects.push(
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] \
                 /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {} 0 R >>",
                6 + 2 * i
            )
            .into_bytes(),
        );
        let mut content = Vec::new();
        for line in &page.lines {
            let font = if line.bold { "F2" } else { "F1" };
            content.extend(format!("BT /{font} {} Tf {:.2} {:.2} Td ", line.size, line.x, 792.0 - line.y).into_bytes());
            content.extend(literal(&line.text));
            content.extend(b" Tj ET\n");
        }
        let mut stream = format!("<< /Length {} >>\nstream\n", content.len()).into_bytes();
        stream.extend(content);
        stream.extend(b"\nendstream");
        objects.push(stream);
    }
    let mut out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend(format!("{} 0 obj\n", i + 1).into_bytes());
        out.extend(object);
        out.extend(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).into_bytes());
    for offset in offsets {
        out.extend(format!("{offset:010} 00000 n \n").into_bytes());
    }
    out.extend(
        format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).into_bytes(),
    );
    out
}

/// An ordinary one-column resume: two jobs, one degree, skills and languages.
pub(crate) fn ordinary_resume() -> Vec<u8> {
    let mut page = Page::default();
    page.bold(72.0, 60.0, 22.0, "Priya Raman");
    page.text(72.0, 84.0, 12.0, "Platform Engineer");
    page.text(72.0, 100.0, 10.0, "Toronto, Canada | priya.raman@example.com | (416) 555-0199");
    let mut y = page.stack(
        72.0,
        125.0,
        10.0,
        &[
            "#Summary",
            "Platform engineer with seven years of experience running cloud infrastructure",
            "for fintech products. I like automating the boring parts.",
            "#Experience",
        ],
    );
    page.bold(72.0, y, 10.0, "Platform Engineer, Maple Payments");
    page.text(460.0, y, 10.0, "Feb 2021 – Present");
    y += 14.0;
    y = page.stack(72.0, y, 10.0, &["• Moved 40 services to Kubernetes with zero downtime.", ""]);
    page.bold(72.0, y, 10.0, "Systems Administrator, Northern Telecom");
    page.text(460.0, y, 10.0, "Jun 2017 – Jan 2021");
    y += 14.0;
    y = page.stack(72.0, y, 10.0, &["• Automated server provisioning with Ansible.", "#Education"]);
    page.bold(72.0, y, 10.0, "University of Waterloo");
    page.text(460.0, y, 10.0, "2013 – 2017");
    y += 14.0;
    page.stack(
        72.0,
        y,
        10.0,
        &[
            "Bachelor of Applied Science in Computer Engineering",
            "#Skills",
            "Kubernetes, Terraform, Go, PostgreSQL, Ansible",
            "#Languages",
            "English (Native), French (Professional Working Proficiency)",
        ],
    );
    write(&[page])
}

/// LinkedIn's "Save to PDF" shape: a side column (contact, top skills, languages) on the
/// first page, the main column running onto the second.
pub(crate) fn linkedin_export() -> Vec<u8> {
    let mut first = Page::default();
    first.stack(
        28.0,
        40.0,
        10.0,
        &[
            "#Contact",
            "lars.berg@example.com",
            "www.linkedin.com/in/larsberg",
            "(LinkedIn)",
            "#Top Skills",
            "Service Design",
            "Workshop Facilitation",
            "Figma",
            "#Languages",
            "Swedish (Native or Bilingual)",
            "English (Full Professional)",
        ],
    );
    first.bold(215.0, 50.0, 24.0, "Lars Berg");
    let y = first.stack(
        215.0,
        80.0,
        11.5,
        &[
            "Lead Service Designer at Nordlys | Designing public services",
            "people enjoy",
            "Gothenburg, Västra Götaland County, Sweden",
            "#Summary",
            "Service designer with twelve years in public-sector projects. I run research",
            "with citizens and turn it into services that work.",
            "#Experience",
            "Nordlys",
            "5 years 2 months",
            "Lead Service Designer",
            "March 2021 - Present (3 years 2 months)",
            "Gothenburg, Sweden",
            "Lead a team of four designers.",
            "Service Designer",
            "April 2019 - February 2021 (1 year 11 months)",
            "Redesigned the parking permit service.",
        ],
    );
    first.text(280.0, y.max(760.0), 9.0, "Page 1 of 2");
    let mut second = Page::default();
    second.stack(
        215.0,
        50.0,
        11.5,
        &[
            "Volvo Cars",
            "UX Designer",
            "August 2015 - March 2019 (3 years 8 months)",
            "Gothenburg, Västra Götaland County, Sweden",
            "In-car navigation interfaces.",
            "#Education",
            "Chalmers University of Technology",
            "Master of Science - MS, Interaction Design · (2013 - 2015)",
            "University of Gothenburg",
            "Bachelor's degree, Cognitive Science · (2010 - 2013)",
        ],
    );
    second.text(280.0, 760.0, 9.0, "Page 2 of 2");
    write(&[first, second])
}

/// A well-formed PDF whose only page has no text (like a scan).
pub(crate) fn textless() -> Vec<u8> {
    write(&[Page::default()])
}

/// Starts and ends like a PDF (so the upload accepts it), with garbage in between.
pub(crate) fn garbage() -> Vec<u8> {
    let mut out = b"%PDF-1.7\n".to_vec();
    out.extend((0..4000u32).map(|i| (i * 7919 % 251) as u8));
    out.extend(b"\nstartxref\n9\n%%EOF\n");
    out
}
