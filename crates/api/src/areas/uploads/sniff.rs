//! What a file is, from its bytes (never from its name or the client's content type).

/// The file types uploads accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileType {
    Jpeg,
    Png,
    Gif,
    Webp,
    Mp4,
    Mov,
    Webm,
    Pdf,
    Text,
    Docx,
    Xlsx,
    Pptx,
}

impl FileType {
    pub fn extension(self) -> &'static str {
        match self {
            FileType::Jpeg => "jpg",
            FileType::Png => "png",
            FileType::Gif => "gif",
            FileType::Webp => "webp",
            FileType::Mp4 => "mp4",
            FileType::Mov => "mov",
            FileType::Webm => "webm",
            FileType::Pdf => "pdf",
            FileType::Text => "txt",
            FileType::Docx => "docx",
            FileType::Xlsx => "xlsx",
            FileType::Pptx => "pptx",
        }
    }

    /// The stored content type (the same table serves `/media/`).
    pub fn content_type(self) -> &'static str {
        services::storage::content_type_for_key(&format!("x.{}", self.extension()))
    }

    /// image, video, document or other (`store::queries::files::KIND_*`).
    pub fn kind(self) -> &'static str {
        use store::queries::files::{KIND_DOCUMENT, KIND_IMAGE, KIND_VIDEO};
        match self {
            FileType::Jpeg | FileType::Png | FileType::Gif | FileType::Webp => KIND_IMAGE,
            FileType::Mp4 | FileType::Mov | FileType::Webm => KIND_VIDEO,
            FileType::Pdf | FileType::Text | FileType::Docx | FileType::Xlsx | FileType::Pptx => KIND_DOCUMENT,
        }
    }

    pub fn is_image(self) -> bool {
        matches!(self, FileType::Jpeg | FileType::Png | FileType::Gif | FileType::Webp)
    }

    pub fn is_video(self) -> bool {
        matches!(self, FileType::Mp4 | FileType::Mov | FileType::Webm)
    }
}

/// The type of `bytes`, or `None` for anything uploads do not accept.
pub fn detect(bytes: &[u8]) -> Option<FileType> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Some(FileType::Jpeg);
    }
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some(FileType::Png);
    }
    if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        return Some(FileType::Gif);
    }
    if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        return Some(FileType::Webp);
    }
    if bytes.len() >= 12 && &bytes[4..8] == b"ftyp" {
        return match &bytes[8..12] {
            b"qt  " => Some(FileType::Mov),
            // Still images (HEIF, AVIF) and audio share the container; they are not videos.
            b"heic" | b"heix" | b"heim" | b"heis" | b"mif1" | b"msf1" | b"avif" | b"avis" | b"M4A " | b"M4B "
            | b"M4P " | b"crx " => None,
            _ => Some(FileType::Mp4),
        };
    }
    if bytes.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
        let head = &bytes[..bytes.len().min(64)];
        return contains(head, b"webm").then_some(FileType::Webm);
    }
    if bytes.starts_with(b"%PDF-") {
        return Some(FileType::Pdf);
    }
    if bytes.starts_with(b"PK\x03\x04") {
        return office_document(bytes);
    }
    is_plain_text(bytes).then_some(FileType::Text)
}

/// A PDF that ends properly: a `startxref` pointer and the `%%EOF` marker near the end (a
/// truncated or damaged upload lacks them).
pub fn pdf_looks_complete(bytes: &[u8]) -> bool {
    let tail = &bytes[bytes.len().saturating_sub(2048)..];
    bytes.starts_with(b"%PDF-") && contains(tail, b"%%EOF") && contains(tail, b"startxref")
}

/// DOCX, XLSX and PPTX are zip files with `[Content_Types].xml` and a main folder.
fn office_document(bytes: &[u8]) -> Option<FileType> {
    if !contains(bytes, b"[Content_Types].xml") {
        return None;
    }
    if contains(bytes, b"word/") {
        Some(FileType::Docx)
    } else if contains(bytes, b"xl/") {
        Some(FileType::Xlsx)
    } else if contains(bytes, b"ppt/") {
        Some(FileType::Pptx)
    } else {
        None
    }
}

/// UTF-8 text without NUL or other control characters (tabs, line breaks and form feeds
/// aside).
fn is_plain_text(bytes: &[u8]) -> bool {
    !bytes.is_empty()
        && std::str::from_utf8(bytes)
            .is_ok_and(|text| text.chars().all(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r' | '\x0c')))
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|window| window == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_come_from_the_content() {
        assert_eq!(detect(b"\xFF\xD8\xFF\xE0rest"), Some(FileType::Jpeg));
        assert_eq!(detect(b"\x89PNG\r\n\x1a\nrest"), Some(FileType::Png));
        assert_eq!(detect(b"GIF89a...."), Some(FileType::Gif));
        assert_eq!(detect(b"RIFF\0\0\0\0WEBPVP8 "), Some(FileType::Webp));
        assert_eq!(detect(b"\0\0\0\x18ftypisom\0\0\0\0"), Some(FileType::Mp4));
        assert_eq!(detect(b"\0\0\0\x14ftypqt  \0\0\0\0"), Some(FileType::Mov));
        assert_eq!(detect(b"\0\0\0\x18ftypheic\0\0\0\0"), None);
        assert_eq!(detect(b"\x1A\x45\xDF\xA3\x9F\x42\x86\x81\x01\x42\x82\x84webm"), Some(FileType::Webm));
        assert_eq!(detect(b"\x1A\x45\xDF\xA3\x9F\x42\x86\x81\x01\x42\x82\x88matroska"), None);
        assert_eq!(detect(b"%PDF-1.7\n"), Some(FileType::Pdf));
        assert_eq!(detect(b"PK\x03\x04..[Content_Types].xml..word/document.xml"), Some(FileType::Docx));
        assert_eq!(detect(b"PK\x03\x04..[Content_Types].xml..xl/workbook.xml"), Some(FileType::Xlsx));
        assert_eq!(detect(b"PK\x03\x04..[Content_Types].xml..ppt/presentation.xml"), Some(FileType::Pptx));
        assert_eq!(detect(b"PK\x03\x04..plain zip"), None);
        assert_eq!(detect("Notes: café\n\tdone".as_bytes()), Some(FileType::Text));
        assert_eq!(detect(b"MZ\x90\0\x03\0binary"), None);
        assert_eq!(detect(b""), None);
    }

    #[test]
    fn truncated_pdfs_are_caught() {
        let good = b"%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\nstartxref\n9\n%%EOF\n";
        assert!(pdf_looks_complete(good));
        assert!(!pdf_looks_complete(&good[..good.len() - 20]));
        assert!(!pdf_looks_complete(b"%PDF-1.4\ngarbage"));
    }
}
