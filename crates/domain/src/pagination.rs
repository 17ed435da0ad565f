//! Page numbers and sizes as the API takes them (`page`, `page_size`).

use crate::FieldErrors;

pub const DEFAULT_PAGE_SIZE: u64 = 40;
pub const MAX_PAGE_SIZE: u64 = 500;
/// How far into a list a page may start. Deeper pages are refused: the offset must fit the
/// database's signed 64-bit integers, and skipping millions of rows is no way to browse.
pub const MAX_OFFSET: u64 = 1_000_000;
pub const MSG_PAGE_TOO_DEEP: &str =
    "This page is too far down the list: a page may start at most 1000000 items in. Narrow the search instead.";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    /// 1-based page number.
    pub page: u64,
    pub page_size: u64,
}

impl PageRequest {
    /// Validates raw query values; the size is capped at [`MAX_PAGE_SIZE`].
    pub fn parse(page: Option<&str>, page_size: Option<&str>, default_size: u64) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let page = match page.map(str::trim).filter(|p| !p.is_empty()) {
            None => 1,
            Some(raw) => match raw.parse::<u64>() {
                Ok(n) if n >= 1 => n,
                _ => {
                    errors.add("page", "A valid page number is required.");
                    1
                }
            },
        };
        let page_size = match page_size.map(str::trim).filter(|p| !p.is_empty()) {
            None => default_size,
            Some(raw) => match raw.parse::<u64>() {
                Ok(n) if n >= 1 => n.min(MAX_PAGE_SIZE),
                _ => {
                    errors.add("page_size", "A valid page size is required.");
                    default_size
                }
            },
        };
        if (page - 1).checked_mul(page_size).is_none_or(|offset| offset > MAX_OFFSET) {
            errors.add("page", MSG_PAGE_TOO_DEEP);
        }
        errors.into_result().map(|_| Self { page, page_size })
    }

    pub fn offset(&self) -> u64 {
        (self.page - 1).saturating_mul(self.page_size)
    }

    /// Whether a page after this one exists, given the total count.
    pub fn has_next(&self, count: u64) -> bool {
        self.page.saturating_mul(self.page_size) < count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_caps() {
        let p = PageRequest::parse(None, None, 40).unwrap();
        assert_eq!((p.page, p.page_size, p.offset()), (1, 40, 0));
        let p = PageRequest::parse(Some("3"), Some("10000"), 40).unwrap();
        assert_eq!((p.page, p.page_size, p.offset()), (3, 500, 1000));
    }

    #[test]
    fn rejects_bad_numbers() {
        let err = PageRequest::parse(Some("0"), Some("x"), 40).unwrap_err();
        assert_eq!(err.first("page"), Some("A valid page number is required."));
        assert_eq!(err.first("page_size"), Some("A valid page size is required."));
    }

    #[test]
    fn refuses_pages_too_far_down() {
        let err = PageRequest::parse(Some("9223372036854775807"), Some("500"), 40).unwrap_err();
        assert_eq!(err.first("page"), Some(MSG_PAGE_TOO_DEEP));
        let err = PageRequest::parse(Some("18446744073709551615"), None, 40).unwrap_err();
        assert_eq!(err.first("page"), Some(MSG_PAGE_TOO_DEEP));
        // The last page allowed starts exactly at the bound.
        let p = PageRequest::parse(Some("2001"), Some("500"), 40).unwrap();
        assert_eq!(p.offset(), MAX_OFFSET);
        assert!(PageRequest::parse(Some("2002"), Some("500"), 40).is_err());
    }

    #[test]
    fn next_page() {
        let p = PageRequest::parse(Some("2"), Some("10"), 40).unwrap();
        assert!(p.has_next(21));
        assert!(!p.has_next(20));
    }
}
