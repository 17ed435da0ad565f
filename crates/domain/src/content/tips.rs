//! Career tips (spec 002 §3 "Career tip", §7 "Career tips"): a short rich text by a
//! member, optionally in a group, moderated like resources.

use crate::{
    rich_text::{plain_text, sanitize_html},
    FieldErrors,
};

pub const MAX_CHARS: usize = 5_000;
pub const PAGE_SIZE: u64 = 15;
pub const MSG_NOT_FOUND: &str = "Career tip not found.";

/// The clean content and its text, or the errors on `content`.
pub fn clean_content(raw: Option<&str>) -> Result<(String, String), FieldErrors> {
    let mut errors = FieldErrors::new();
    let html = sanitize_html(raw.unwrap_or_default());
    let text = plain_text(&html);
    if text.is_empty() {
        errors.add("content", super::MSG_REQUIRED);
    } else if text.chars().count() > MAX_CHARS {
        errors.add("content", format!("Ensure this field has no more than {MAX_CHARS} characters."));
    }
    errors.into_result()?;
    Ok((html, text))
}

/// The words a tip's slug is made of: its first words.
pub fn slug_source(text: &str) -> String {
    text.split_whitespace().take(8).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tips_are_clean_and_required() {
        assert_eq!(clean_content(Some("<p>Be <b>kind</b><script>x</script></p>")).unwrap().0, "<p>Be kind</p>");
        assert!(clean_content(Some("<p> </p>")).is_err());
        assert_eq!(
            slug_source("one two three four five six seven eight nine"),
            "one two three four five six seven eight"
        );
    }
}
