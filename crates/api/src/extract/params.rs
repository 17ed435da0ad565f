//! The values of a list's query, read from its typed query struct. Every field of such a
//! struct is the text the client sent (`Option<String>`), so that a bad value is answered on
//! its own field with the spec's words, together with every other mistake, in one 400;
//! [`Param`] carries the field's name for that answer.

use domain::FieldErrors;

/// One query parameter as sent: its name, which errors are reported on, and its text.
#[derive(Clone, Copy, Debug)]
pub struct Param<'a> {
    pub key: &'static str,
    pub raw: Option<&'a str>,
}

impl<'a> Param<'a> {
    pub fn new(key: &'static str, raw: &'a Option<String>) -> Self {
        Param { key, raw: raw.as_deref() }
    }

    /// This parameter when it was sent, else `other` (an older spelling of the same filter).
    pub fn or(self, other: Param<'a>) -> Param<'a> {
        if self.raw.is_some() {
            self
        } else {
            other
        }
    }

    pub fn is_sent(self) -> bool {
        self.raw.is_some()
    }
}

/// `param!(query.field)`: the field of a query struct as a [`Param`] named like the field.
#[macro_export]
macro_rules! param {
    ($query:ident . $field:ident) => {
        $crate::extract::Param::new(stringify!($field), &$query.$field)
    };
}

/// A comma list by the one rule of every list filter ([`domain::query_list::parse`]: trimmed,
/// without blanks, `all` and repeats, at most 50 items); a longer list is reported on the
/// parameter.
pub fn list_param(errors: &mut FieldErrors, param: Param) -> Vec<String> {
    match param.raw.map(domain::query_list::parse) {
        None => Vec::new(),
        Some(Ok(items)) => items,
        Some(Err(message)) => {
            errors.add(param.key, message);
            Vec::new()
        }
    }
}

/// The first of several spellings of one list filter (a name and its aliases) that holds a
/// list, each read as [`list_param`].
pub fn first_list(errors: &mut FieldErrors, params: &[Param]) -> Vec<String> {
    for param in params {
        let values = list_param(errors, *param);
        if !values.is_empty() {
            return values;
        }
    }
    Vec::new()
}

/// A boolean: true/false or 1/0 (any case); blank means not given, anything else is reported.
pub fn bool_param(errors: &mut FieldErrors, param: Param) -> Option<bool> {
    let raw = param.raw.map(str::trim).filter(|v| !v.is_empty())?;
    match raw.to_ascii_lowercase().as_str() {
        "true" | "1" => Some(true),
        "false" | "0" => Some(false),
        _ => {
            errors.add(param.key, "Must be a valid boolean.");
            None
        }
    }
}

/// Free text, trimmed and cut at 200 characters; blank and `all` mean not given.
pub fn text_param(param: Param) -> Option<String> {
    param.raw.map(str::trim).filter(|v| !v.is_empty() && *v != "all").map(|v| v.chars().take(200).collect())
}

/// A positive id; anything else is reported on the parameter.
pub fn id_param(errors: &mut FieldErrors, param: Param) -> Option<i64> {
    let raw = text_param(param)?;
    match raw.parse::<i64>() {
        Ok(id) if id > 0 => Some(id),
        _ => {
            errors.add(param.key, "A valid integer is required.");
            None
        }
    }
}

/// Positive ids of the first spelling that holds a list ([`first_list`]); an item that is
/// not a positive id is reported on the filter's first name.
pub fn first_ids(errors: &mut FieldErrors, params: &[Param]) -> Vec<i64> {
    let mut ids = Vec::new();
    for item in first_list(errors, params) {
        match item.parse::<i64>() {
            Ok(id) if id > 0 => ids.push(id),
            _ => errors.add(params[0].key, "A valid integer is required."),
        }
    }
    ids
}

/// Search text counts from 2 characters on (spec 000 §9); lower-cased, cut at 100.
pub fn search_param(param: Param) -> Option<String> {
    param.raw.map(|s| s.trim().to_lowercase()).filter(|s| s.chars().count() >= 2).map(|s| s.chars().take(100).collect())
}

/// The values a country filter matches, compared without regard to case by the queries:
/// each value as given, plus every spelling of that country the name table of
/// `services::resume` knows ("us" also finds "United States", "United States" finds "USA").
/// Profiles and the web client use country names; older groups may hold codes.
pub fn country_values(values: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for value in values {
        let spellings = services::resume::country_spellings(&value);
        for candidate in std::iter::once(value).chain(spellings) {
            if !out.iter().any(|known| known.eq_ignore_ascii_case(&candidate)) {
                out.push(candidate);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(value: &str) -> Option<String> {
        Some(value.to_string())
    }

    #[test]
    fn lists_drop_blanks_all_and_repeats_and_refuse_more_than_fifty() {
        let mut errors = FieldErrors::new();
        let raw = sent(" a, all,,b,a ");
        assert_eq!(list_param(&mut errors, Param::new("topics", &raw)), vec!["a", "b"]);
        let long = sent(&(0..51).map(|n| n.to_string()).collect::<Vec<_>>().join(","));
        assert!(list_param(&mut errors, Param::new("topics", &long)).is_empty());
        assert!(errors.into_result().is_err());
    }

    #[test]
    fn the_first_spelling_sent_wins() {
        let mut errors = FieldErrors::new();
        let (new, old) = (None, sent("3,x"));
        let ids = first_ids(&mut errors, &[Param::new("topics", &new), Param::new("topic", &old)]);
        assert_eq!(ids, vec![3]);
        let message = format!("{:?}", errors.into_result().unwrap_err());
        assert!(message.contains("topics"), "{message}");
    }

    #[test]
    fn booleans_ids_and_text() {
        let mut errors = FieldErrors::new();
        assert_eq!(bool_param(&mut errors, Param::new("b", &sent("TRUE"))), Some(true));
        assert_eq!(bool_param(&mut errors, Param::new("b", &sent(" "))), None);
        assert_eq!(id_param(&mut errors, Param::new("id", &sent("12"))), Some(12));
        assert_eq!(text_param(Param::new("t", &sent("all"))), None);
        assert!(errors.clone().into_result().is_ok());
        assert_eq!(bool_param(&mut errors, Param::new("b", &sent("yes"))), None);
        assert_eq!(id_param(&mut errors, Param::new("id", &sent("0"))), None);
        assert!(errors.into_result().is_err());
    }

    #[test]
    fn search_needs_two_characters_and_falls_back_to_q() {
        let (search, q) = (None, sent(" Data A "));
        let param = Param::new("search", &search).or(Param::new("q", &q));
        assert_eq!(search_param(param).as_deref(), Some("data a"));
        assert_eq!(search_param(Param::new("search", &sent("d"))), None);
    }
}
