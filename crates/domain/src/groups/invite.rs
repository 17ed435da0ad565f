//! The Invite People dialog's checks (spec 001 §5 "Invite").

use crate::{
    accounts::{is_valid_email, normalize_email},
    sent::{Sent, Texts},
    FieldErrors,
};

pub const MSG_EMAIL: &str = "Please enter a valid email address";
pub const MSG_DUPLICATE: &str = "Email already added";
pub const MSG_NOBODY: &str = "Please add at least one email address or select a user";
/// Recipients of one invite call, users and e-mails together.
pub const MAX_RECIPIENTS: usize = 50;

/// The e-mail addresses of an invite: a comma-joined string or a list (of addresses, or of
/// comma-joined ones). Blanks are skipped; addresses are normalised (lower case) and must be
/// unique in the request.
pub fn emails(sent: &Sent<Texts>) -> Result<Vec<String>, FieldErrors> {
    let raw: Vec<&str> = match sent {
        Sent::Absent | Sent::Null => Vec::new(),
        Sent::Value(Texts(items)) => items.iter().flat_map(|item| item.split([',', ';', '\n'])).collect(),
        Sent::WrongType => {
            let mut errors = FieldErrors::new();
            errors.add("emails", MSG_EMAIL);
            return Err(errors);
        }
    };
    let mut errors = FieldErrors::new();
    let mut out: Vec<String> = Vec::new();
    for item in raw.into_iter().map(str::trim).filter(|e| !e.is_empty()) {
        let email = normalize_email(item);
        if !is_valid_email(&email) {
            errors.add("emails", MSG_EMAIL);
        } else if out.contains(&email) {
            errors.add("emails", MSG_DUPLICATE);
        } else {
            out.push(email);
        }
    }
    errors.into_result().map(|_| out)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::sent::body;

    #[derive(Debug, Default, serde::Deserialize)]
    #[serde(default)]
    struct Invite {
        emails: Sent<Texts>,
    }

    fn sent(emails: serde_json::Value) -> Sent<Texts> {
        body::<Invite>(json!({ "emails": emails })).emails
    }

    #[test]
    fn comma_strings_and_lists_are_read() {
        assert_eq!(emails(&sent(json!(" A@x.io, b@y.org ,"))).unwrap(), vec!["a@x.io", "b@y.org"]);
        assert_eq!(emails(&sent(json!(["c@z.com"]))).unwrap(), vec!["c@z.com"]);
        assert!(emails(&Sent::Absent).unwrap().is_empty());
    }

    #[test]
    fn bad_and_duplicate_addresses_are_refused() {
        assert_eq!(emails(&sent(json!("a@x.io,nope"))).unwrap_err().first("emails"), Some(MSG_EMAIL));
        assert_eq!(emails(&sent(json!("a@x.io,A@x.io"))).unwrap_err().first("emails"), Some(MSG_DUPLICATE));
        assert_eq!(emails(&sent(json!({"a": 1}))).unwrap_err().first("emails"), Some(MSG_EMAIL));
        assert_eq!(emails(&sent(json!([5]))).unwrap_err().first("emails"), Some(MSG_EMAIL), "a number is no address");
    }
}
