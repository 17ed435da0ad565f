//! One-to-one chat (spec 000 §3 "Chat", §9; 002 §4 "one-to-one room creation", §6): what a
//! message may be, how a pair of people names its one room, and the texts.

use crate::{rich_text, FieldErrors};

/// The only room type (spec 000 §3).
pub const ROOM_ONE_TO_ONE: &str = "ONE_TO_ONE";
/// Messages per page of a room's history (spec 000 §9).
pub const PAGE_SIZE: u64 = 50;
/// Rooms per page of the messages menu.
pub const ROOMS_PAGE_SIZE: u64 = 40;
/// The longest message (spec 000 §9 "long truncation … 4000").
pub const MAX_LENGTH: usize = 4000;

pub const MSG_CANNOT_INITIATE: &str = "You cannot currently initiate a chat.";
pub const MSG_CREATE_FAILED: &str = "Could not create a chat room at this moment.";
pub const MSG_WITH_SELF: &str = "You cannot start a chat with yourself.";
pub const MSG_ONE_PERSON: &str = "Choose the one person to chat with.";
pub const MSG_NOT_IN_ROOM: &str = "You are not a member of this chat room.";
pub const MSG_ROOM_NOT_FOUND: &str = "Chat room not found.";
pub const MSG_USER_NOT_FOUND: &str = "User not found.";
pub const MSG_BLANK: &str = "This field may not be blank.";
pub const MSG_TOO_LONG: &str = "Ensure this field has no more than 4000 characters.";
pub const MSG_BAD_LINK: &str = "Enter a valid URL.";

/// A message part's type.
pub const TYPE_TEXT: &str = "text";
pub const TYPE_HYPERLINK: &str = "hyperlink";
pub const TYPE_HTML: &str = "html";

fn one(field: &str, message: impl Into<String>) -> FieldErrors {
    let mut errors = FieldErrors::new();
    errors.add(field, message);
    errors
}

/// The key that makes one room per pair of people on a site: the two ids, low first.
pub fn pair_key(a: i64, b: i64) -> String {
    let (low, high) = if a <= b { (a, b) } else { (b, a) };
    format!("{low}:{high}")
}

/// The other person of a room-creation request: `user_ids` names the people in the room,
/// the caller optionally among them; exactly one other person is required.
pub fn other_person(caller: i64, user_ids: &[i64]) -> Result<i64, FieldErrors> {
    let mut others: Vec<i64> = user_ids.iter().copied().filter(|id| *id != caller).collect();
    others.sort_unstable();
    others.dedup();
    match others.as_slice() {
        [one] => Ok(*one),
        [] if !user_ids.is_empty() => Err(one("user_ids", MSG_WITH_SELF)),
        _ => Err(one("user_ids", MSG_ONE_PERSON)),
    }
}

/// A message ready to store: its type and value (html sanitised).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedMessage {
    pub message_type: &'static str,
    pub value: String,
}

/// Checks one message part: type text (default), hyperlink (an http or https URL) or html
/// (sanitised with the rich-text allow-list); not blank; at most 4000 characters.
pub fn check_message(kind: Option<&str>, value: Option<&str>) -> Result<CheckedMessage, FieldErrors> {
    let message_type = match kind.map(str::trim).filter(|k| !k.is_empty()) {
        None | Some(TYPE_TEXT) => TYPE_TEXT,
        Some(TYPE_HYPERLINK) => TYPE_HYPERLINK,
        Some(TYPE_HTML) => TYPE_HTML,
        Some(other) => return Err(one("type", format!("\"{other}\" is not a valid choice."))),
    };
    let raw = value.unwrap_or("");
    if raw.trim().is_empty() {
        return Err(one("value", MSG_BLANK));
    }
    if raw.chars().count() > MAX_LENGTH {
        return Err(one("value", MSG_TOO_LONG));
    }
    let value = match message_type {
        TYPE_HTML => {
            let clean = rich_text::sanitize_html(raw);
            if rich_text::plain_text(&clean).trim().is_empty() {
                return Err(one("value", MSG_BLANK));
            }
            clean
        }
        TYPE_HYPERLINK => {
            let link = raw.trim();
            let lower = link.to_ascii_lowercase();
            let has_scheme = lower.starts_with("https://") || lower.starts_with("http://");
            if !has_scheme || link.len() <= "https://".len() || link.chars().any(char::is_whitespace) {
                return Err(one("value", MSG_BAD_LINK));
            }
            link.to_string()
        }
        _ => raw.to_string(),
    };
    Ok(CheckedMessage { message_type, value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_room_per_pair_whatever_the_order() {
        assert_eq!(pair_key(7, 3), "3:7");
        assert_eq!(pair_key(3, 7), "3:7");
    }

    #[test]
    fn the_other_person_is_required_and_not_oneself() {
        assert_eq!(other_person(1, &[1, 2]).unwrap(), 2);
        assert_eq!(other_person(1, &[2, 2]).unwrap(), 2);
        assert_eq!(other_person(1, &[1]).unwrap_err().first("user_ids"), Some(MSG_WITH_SELF));
        assert_eq!(other_person(1, &[]).unwrap_err().first("user_ids"), Some(MSG_ONE_PERSON));
        assert_eq!(other_person(1, &[2, 3]).unwrap_err().first("user_ids"), Some(MSG_ONE_PERSON));
    }

    #[test]
    fn messages_are_checked() {
        let ok = check_message(None, Some("  hi  ")).unwrap();
        assert_eq!((ok.message_type, ok.value.as_str()), ("text", "  hi  "));
        assert_eq!(check_message(None, Some("   ")).unwrap_err().first("value"), Some(MSG_BLANK));
        assert_eq!(check_message(Some("text"), None).unwrap_err().first("value"), Some(MSG_BLANK));
        let long = "é".repeat(4001);
        assert_eq!(check_message(None, Some(&long)).unwrap_err().first("value"), Some(MSG_TOO_LONG));
        assert!(check_message(None, Some(&"é".repeat(4000))).is_ok());
        assert_eq!(
            check_message(Some("video"), Some("x")).unwrap_err().first("type"),
            Some("\"video\" is not a valid choice.")
        );
    }

    #[test]
    fn html_is_sanitised_and_links_need_a_web_scheme() {
        let html = check_message(Some("html"), Some("<strong>hi</strong><script>alert(1)</script>")).unwrap();
        assert_eq!(html.value, "<strong>hi</strong>");
        assert_eq!(
            check_message(Some("html"), Some("<script>x</script>")).unwrap_err().first("value"),
            Some(MSG_BLANK)
        );
        assert_eq!(check_message(Some("hyperlink"), Some(" https://a.org/x ")).unwrap().value, "https://a.org/x");
        assert_eq!(
            check_message(Some("hyperlink"), Some("javascript:alert(1)")).unwrap_err().first("value"),
            Some(MSG_BAD_LINK)
        );
    }
}
