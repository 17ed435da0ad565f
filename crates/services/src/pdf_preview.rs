//! The first page of a PDF as a PDF of its own (issue 13: a locked premium resource shows
//! its first page only). The document is parsed and rewritten by `lopdf`; every other page
//! and the objects only they used are dropped, so the later pages' content is not in the
//! answer at all.

use lopdf::Document;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdfPreviewError {
    /// Not a PDF that can be read (damaged, truncated, encrypted with a password).
    #[error("The PDF file could not be read.")]
    Unreadable,
    /// A readable PDF without any page.
    #[error("The PDF file has no pages.")]
    NoPages,
}

/// Cuts `bytes` down to its first page. CPU work: run it off the async threads.
pub fn first_page(bytes: &[u8]) -> Result<Vec<u8>, PdfPreviewError> {
    // lopdf is defensive, but a hostile file must never take the worker down.
    std::panic::catch_unwind(|| cut(bytes)).unwrap_or(Err(PdfPreviewError::Unreadable))
}

fn cut(bytes: &[u8]) -> Result<Vec<u8>, PdfPreviewError> {
    let mut document = Document::load_mem(bytes).map_err(|_| PdfPreviewError::Unreadable)?;
    if document.is_encrypted() {
        return Err(PdfPreviewError::Unreadable);
    }
    let pages = document.get_pages();
    if pages.is_empty() {
        return Err(PdfPreviewError::NoPages);
    }
    let later: Vec<u32> = pages.keys().copied().filter(|n| *n > 1).collect();
    if !later.is_empty() {
        document.delete_pages(&later);
    }
    document.prune_objects();
    document.renumber_objects();
    let mut out = Vec::new();
    document.save_to(&mut out).map_err(|_| PdfPreviewError::Unreadable)?;
    Ok(out)
}

/// How many pages a PDF has (for checks and tests).
pub fn page_count(bytes: &[u8]) -> Result<usize, PdfPreviewError> {
    let document = Document::load_mem(bytes).map_err(|_| PdfPreviewError::Unreadable)?;
    Ok(document.get_pages().len())
}

#[cfg(test)]
pub(crate) mod tests {
    use lopdf::{dictionary, Object, Stream};

    use super::*;

    /// A PDF of `pages` pages, each drawing "Page n".
    pub fn sample(pages: u32) -> Vec<u8> {
        let mut doc = Document::with_version("1.5");
        let pages_id = doc.new_object_id();
        let font_id = doc.add_object(dictionary! {
            "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica",
        });
        let resources_id = doc.add_object(dictionary! { "Font" => dictionary! { "F1" => font_id } });
        let mut kids = Vec::new();
        for n in 1..=pages {
            let text = format!("BT /F1 24 Tf 72 700 Td (Page {n} secret) Tj ET");
            let content_id = doc.add_object(Stream::new(dictionary! {}, text.into_bytes()));
            let page_id = doc.add_object(dictionary! {
                "Type" => "Page", "Parent" => pages_id, "Contents" => content_id,
            });
            kids.push(Object::from(page_id));
        }
        doc.objects.insert(
            pages_id,
            Object::Dictionary(dictionary! {
                "Type" => "Pages", "Kids" => kids, "Count" => pages as i64,
                "Resources" => resources_id, "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
            }),
        );
        let catalog_id = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
        doc.trailer.set("Root", catalog_id);
        let mut out = Vec::new();
        doc.save_to(&mut out).unwrap();
        out
    }

    #[test]
    fn keeps_the_first_page_only() {
        let whole = sample(3);
        assert_eq!(page_count(&whole).unwrap(), 3);
        let cut = first_page(&whole).unwrap();
        assert_eq!(page_count(&cut).unwrap(), 1);
        let text = String::from_utf8_lossy(&cut);
        assert!(text.contains("Page 1 secret"));
        assert!(!text.contains("Page 2 secret") && !text.contains("Page 3 secret"), "later pages dropped");
        assert_eq!(page_count(&first_page(&sample(1)).unwrap()).unwrap(), 1);
    }

    #[test]
    fn damaged_or_empty_files_are_refused() {
        assert_eq!(first_page(b"%PDF-1.4 not really"), Err(PdfPreviewError::Unreadable));
        assert_eq!(first_page(b""), Err(PdfPreviewError::Unreadable));
        let whole = sample(2);
        assert!(first_page(&whole[..whole.len() / 2]).is_err());
        let empty = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n45\n%%EOF\n";
        assert!(first_page(empty).is_err());
    }
}
