//! One field of a request body as the client sent it.
//!
//! Bodies are deserialised into typed structs whose fields are `Sent<T>`: deserialising never
//! fails on a field, so the area's rule sees every field at once and answers each mistake on
//! its own field with the spec's words ('A valid integer is required.' on `amount`, 'This
//! field is required.' on `price_id`), as one 400, instead of serde's first error.
//! The OpenAPI document describes such a field by its `T` (`#[schema(value_type = …)]`).

use serde::{
    de::{DeserializeOwned, Error as _},
    Deserialize, Deserializer,
};

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Sent<T> {
    /// The key was not in the body.
    #[default]
    Absent,
    /// The key was there with `null`.
    Null,
    Value(T),
    /// A value of another JSON type than the field takes (a string or a fraction for an
    /// integer, a number for a text, …).
    WrongType,
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Sent<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        if value.is_null() {
            return Ok(Sent::Null);
        }
        Ok(T::deserialize(value).map_or(Sent::WrongType, Sent::Value))
    }
}

impl<T> Sent<T> {
    pub fn is_absent(&self) -> bool {
        matches!(self, Sent::Absent)
    }

    /// Absent or null: nothing was given.
    pub fn is_missing(&self) -> bool {
        matches!(self, Sent::Absent | Sent::Null)
    }

    pub fn value(self) -> Option<T> {
        match self {
            Sent::Value(value) => Some(value),
            _ => None,
        }
    }

    pub fn as_ref(&self) -> Sent<&T> {
        match self {
            Sent::Absent => Sent::Absent,
            Sent::Null => Sent::Null,
            Sent::Value(value) => Sent::Value(value),
            Sent::WrongType => Sent::WrongType,
        }
    }

    /// A list field: `None` when absent; empty when null, and when it is not a list (told on
    /// `field`: [`MSG_NOT_A_LIST`]).
    pub fn into_list(self, errors: &mut crate::FieldErrors, field: &str) -> Option<T>
    where
        T: Default,
    {
        match self {
            Sent::Absent => None,
            Sent::Null => Some(T::default()),
            Sent::Value(list) => Some(list),
            Sent::WrongType => {
                errors.add(field, MSG_NOT_A_LIST);
                Some(T::default())
            }
        }
    }

    /// [`Sent::into_list`]'s items, borrowed.
    pub fn list_items<I>(&self, errors: &mut crate::FieldErrors, field: &str) -> Option<&[I]>
    where
        T: AsRef<[I]>,
    {
        match self {
            Sent::Absent => None,
            Sent::Null => Some(&[]),
            Sent::Value(list) => Some(list.as_ref()),
            Sent::WrongType => {
                errors.add(field, MSG_NOT_A_LIST);
                Some(&[])
            }
        }
    }
}

/// What a list field sent as another type is told.
pub const MSG_NOT_A_LIST: &str = "Expected a list of items.";

impl Sent<String> {
    /// The trimmed text when a text that is not blank was sent; nothing otherwise (a value of
    /// another type counts as not given, as the forms' optional texts always have).
    pub fn text(&self) -> Option<String> {
        match self {
            Sent::Value(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
            _ => None,
        }
    }
}

/// A text field sent as another JSON type.
pub const MSG_NOT_TEXT: &str = "Not a valid string.";

impl Sent<String> {
    /// A required plain text, as a message or a title is: control characters other than line
    /// breaks and tabs dropped, `\r\n` made `\n`, trimmed. Into `errors` on `field`: `blank`
    /// when missing or blank, 'Not a valid string.' for another type, and the limit of `max`
    /// characters.
    pub fn required_plain_text(&self, errors: &mut crate::FieldErrors, field: &str, blank: &str, max: usize) -> String {
        let text = match self {
            Sent::Absent | Sent::Null => String::new(),
            Sent::Value(s) => s
                .chars()
                .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
                .collect::<String>()
                .replace("\r\n", "\n")
                .trim()
                .to_string(),
            Sent::WrongType => {
                errors.add(field, MSG_NOT_TEXT);
                return String::new();
            }
        };
        if text.is_empty() {
            errors.add(field, blank);
        } else if text.chars().count() > max {
            errors.add(field, format!("Ensure this field has no more than {max} characters."));
        }
        text
    }
}

/// A nested object of a body (an item of a list of prices, …). Anything but a JSON object is
/// the wrong type: serde alone would read an array into a struct by position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Object<T>(pub T);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        if !value.is_object() {
            return Err(D::Error::custom("expected an object"));
        }
        T::deserialize(value).map(Object).map_err(D::Error::custom)
    }
}

/// A whole number sent as a JSON number or as its decimal text (`12` or `"12"`), as forms
/// send ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WholeNumber(pub i64);

impl<'de> Deserialize<'de> for WholeNumber {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match serde_json::Value::deserialize(deserializer)? {
            serde_json::Value::Number(n) => n.as_i64().map(WholeNumber).ok_or_else(|| D::Error::custom("not whole")),
            serde_json::Value::String(s) => s.trim().parse().map(WholeNumber).map_err(D::Error::custom),
            _ => Err(D::Error::custom("expected a whole number")),
        }
    }
}

impl Sent<WholeNumber> {
    /// The number, when one was sent.
    pub fn number(&self) -> Option<i64> {
        match self {
            Sent::Value(WholeNumber(n)) => Some(*n),
            _ => None,
        }
    }
}

/// An item of a list of ids: the id (sent as a number or its decimal text), or the text of
/// what was sent instead (a string's own text, other values' JSON), for the message that
/// names it ('Invalid pk "x" - object does not exist.').
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pk {
    Id(i64),
    Invalid(String),
}

impl<'de> Deserialize<'de> for Pk {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        let id = match &value {
            serde_json::Value::Number(n) => n.as_i64(),
            serde_json::Value::String(s) => s.trim().parse().ok(),
            _ => None,
        };
        let shown = || match &value {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        Ok(id.map_or_else(|| Pk::Invalid(shown()), Pk::Id))
    }
}

impl<T> Sent<T> {
    /// This field, or the one sent under its other name when this one is absent.
    pub fn or_alias(self, other: Sent<T>) -> Sent<T> {
        match self {
            Sent::Absent => other,
            given => given,
        }
    }
}

/// A number as a form may send it: a JSON integer, a fraction, or text (checked by the rule
/// that reads it).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum NumberOrText {
    Integer(i64),
    Fraction(f64),
    Text(String),
}

impl NumberOrText {
    /// The whole number it holds: an integer, a fraction without a fractional part, or the
    /// decimal text of an integer.
    pub fn whole(&self) -> Option<i64> {
        match self {
            NumberOrText::Integer(n) => Some(*n),
            NumberOrText::Fraction(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => Some(*f as i64),
            NumberOrText::Fraction(_) => None,
            NumberOrText::Text(s) => s.trim().parse().ok(),
        }
    }

    pub fn is_blank_text(&self) -> bool {
        matches!(self, NumberOrText::Text(s) if s.trim().is_empty())
    }
}

/// What was sent for an id is not one (a fraction, a word, `0`, another type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotAnId;

impl Sent<NumberOrText> {
    /// An optional id: `Ok(None)` when absent, null or blank text, [`NotAnId`] for anything
    /// that is not a positive whole number.
    pub fn optional_id(&self) -> Result<Option<i64>, NotAnId> {
        let id = match self {
            Sent::Absent | Sent::Null => return Ok(None),
            Sent::Value(NumberOrText::Text(s)) if s.trim().is_empty() => return Ok(None),
            Sent::Value(NumberOrText::Integer(n)) => Some(*n),
            Sent::Value(NumberOrText::Text(s)) => s.trim().parse::<i64>().ok(),
            Sent::Value(NumberOrText::Fraction(_)) | Sent::WrongType => None,
        };
        id.filter(|id| *id > 0).map(Some).ok_or(NotAnId)
    }
}

/// A list of texts as a form sends it: a list of strings or numbers, or one alone (`"a"`,
/// `3`, `["a", 3]` are `["a"]`, `["3"]`, `["a", "3"]`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Texts(pub Vec<String>);

impl<'de> Deserialize<'de> for Texts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        fn one(value: serde_json::Value) -> Option<String> {
            match value {
                serde_json::Value::String(s) => Some(s),
                serde_json::Value::Number(n) => Some(n.to_string()),
                _ => None,
            }
        }
        match serde_json::Value::deserialize(deserializer)? {
            serde_json::Value::Array(items) => items
                .into_iter()
                .map(one)
                .collect::<Option<Vec<_>>>()
                .map(Texts)
                .ok_or_else(|| D::Error::custom("expected a list of texts")),
            value => one(value).map(|text| Texts(vec![text])).ok_or_else(|| D::Error::custom("expected a text")),
        }
    }
}

/// How a form names a group or a topic it links to: its id (a number, or the number's text),
/// the name of a new one, or an object carrying either (`{"id": 5}`, `{"name": "MIT"}`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Reference {
    Number(i64),
    Text(String),
    Object(Object<ReferenceObject>),
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(default)]
pub struct ReferenceObject {
    pub id: Sent<Box<Reference>>,
    pub name: Sent<String>,
}

/// What a [`Reference`] names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Named {
    Id(i64),
    /// A new one, by its name with its white space folded.
    Name(String),
    /// Blank text: nothing named.
    Blank,
    /// Neither an id nor a name.
    Invalid,
}

impl Reference {
    /// An object's id wins over its name when it is one; its name counts otherwise.
    pub fn named(&self) -> Named {
        match self {
            Reference::Number(n) => Named::Id(*n),
            Reference::Text(s) if s.trim().is_empty() => Named::Blank,
            Reference::Text(s) => s.trim().parse().map_or_else(|_| Named::Name(fold_spaces(s)), Named::Id),
            Reference::Object(Object(object)) => {
                let by_id = match &object.id {
                    Sent::Value(id) => id.named(),
                    _ => Named::Invalid,
                };
                match (by_id, object.name.text()) {
                    (Named::Id(id), _) => Named::Id(id),
                    (_, Some(name)) => Named::Name(fold_spaces(&name)),
                    (Named::Invalid, None) => Named::Invalid,
                    (by_id, None) => by_id,
                }
            }
        }
    }
}

impl Sent<Reference> {
    /// What was sent names: absent and null name nothing ([`Named::Blank`]), another JSON
    /// type is [`Named::Invalid`].
    pub fn named(&self) -> Named {
        match self {
            Sent::Absent | Sent::Null => Named::Blank,
            Sent::Value(reference) => reference.named(),
            Sent::WrongType => Named::Invalid,
        }
    }
}

fn fold_spaces(raw: &str) -> String {
    raw.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Reads a typed body from a JSON value, as the HTTP layer does (for rules' unit tests).
pub fn body<T: DeserializeOwned>(value: serde_json::Value) -> T {
    serde_json::from_value(value).expect("every field of a body type is a Sent, so any object reads")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[derive(Debug, Default, Deserialize)]
    #[serde(default)]
    struct Example {
        amount: Sent<i64>,
        name: Sent<String>,
        ids: Sent<Vec<Sent<i64>>>,
    }

    #[test]
    fn every_field_reads_whatever_was_sent() {
        let all: Example = body(json!({"amount": 3, "name": " Ana ", "ids": [1, "x", null]}));
        assert_eq!(all.amount, Sent::Value(3));
        assert_eq!(all.name.text().as_deref(), Some("Ana"));
        assert_eq!(all.ids, Sent::Value(vec![Sent::Value(1), Sent::WrongType, Sent::Null]));

        let wrong: Example = body(json!({"amount": 2.5, "name": 7, "ids": {}}));
        assert_eq!(wrong.amount, Sent::WrongType);
        assert_eq!(wrong.name, Sent::WrongType);
        assert_eq!(wrong.name.text(), None);
        assert_eq!(wrong.ids, Sent::WrongType);

        let none: Example = body(json!({"amount": null}));
        assert_eq!(none.amount, Sent::Null);
        assert!(none.amount.is_missing());
        assert_eq!(none.name, Sent::Absent);
        assert!(none.ids.is_missing());
    }

    #[derive(Debug, Default, Deserialize, PartialEq)]
    #[serde(default)]
    struct Item {
        amount: Sent<i64>,
    }

    #[test]
    fn a_nested_object_must_be_an_object() {
        let items: Sent<Vec<Sent<Object<Item>>>> = body(json!([{"amount": 1}, [1], 3]));
        assert_eq!(
            items,
            Sent::Value(vec![Sent::Value(Object(Item { amount: Sent::Value(1) })), Sent::WrongType, Sent::WrongType])
        );
    }

    #[test]
    fn a_whole_number_may_come_as_its_text() {
        let read = |v| body::<Sent<WholeNumber>>(v).number();
        assert_eq!(read(json!(12)), Some(12));
        assert_eq!(read(json!(" 12 ")), Some(12));
        assert_eq!(read(json!("12a")), None);
        assert_eq!(read(json!(1.5)), None);
        assert_eq!(read(json!(null)), None);
    }

    #[test]
    fn a_pk_keeps_what_was_sent_instead() {
        let pks: Vec<Pk> = body(json!([3, " 4 ", "x", 1.5, {"id": 1}]));
        assert_eq!(
            pks,
            vec![
                Pk::Id(3),
                Pk::Id(4),
                Pk::Invalid("x".into()),
                Pk::Invalid("1.5".into()),
                Pk::Invalid("{\"id\":1}".into())
            ]
        );
    }

    #[test]
    fn a_number_may_come_as_a_whole_fraction_or_text() {
        let read = |v| body::<NumberOrText>(v);
        assert_eq!(read(json!(3)).whole(), Some(3));
        assert_eq!(read(json!(3.0)).whole(), Some(3));
        assert_eq!(read(json!(3.5)).whole(), None);
        assert_eq!(read(json!(" 4 ")).whole(), Some(4));
        assert!(read(json!("  ")).is_blank_text());
    }

    #[test]
    fn texts_are_a_list_or_one() {
        let read = |v| body::<Sent<Texts>>(v);
        assert_eq!(read(json!(["a", 3])), Sent::Value(Texts(vec!["a".into(), "3".into()])));
        assert_eq!(read(json!("a")), Sent::Value(Texts(vec!["a".into()])));
        assert_eq!(read(json!([true])), Sent::WrongType);
        assert_eq!(read(json!({})), Sent::WrongType);
    }

    #[test]
    fn a_reference_names_an_id_or_a_new_name() {
        let named = |v| body::<Sent<Reference>>(v).named();
        assert_eq!(named(json!(5)), Named::Id(5));
        assert_eq!(named(json!(" 7 ")), Named::Id(7));
        assert_eq!(named(json!("  Data   Science ")), Named::Name("Data Science".into()));
        assert_eq!(named(json!({"id": 3, "name": "ignored"})), Named::Id(3));
        assert_eq!(named(json!({"id": "4"})), Named::Id(4));
        assert_eq!(named(json!({"id": null, "name": " MIT "})), Named::Name("MIT".into()));
        assert_eq!(
            named(json!({"id": 1.5, "name": "MIT"})),
            Named::Name("MIT".into()),
            "a bad id falls back to the name"
        );
        assert_eq!(named(json!("  ")), Named::Blank);
        assert_eq!(named(json!(null)), Named::Blank);
        for bad in [json!(1.5), json!(true), json!([1]), json!({}), json!({"name": 3}), json!({"id": true})] {
            assert_eq!(named(bad.clone()), Named::Invalid, "{bad}");
        }
    }

    #[test]
    fn a_number_too_large_for_the_field_is_the_wrong_type() {
        let big: Example = body(json!({"amount": u64::MAX}));
        assert_eq!(big.amount, Sent::WrongType);
    }

    #[test]
    fn an_optional_id_is_a_positive_whole_number_or_nothing() {
        #[derive(Debug, Default, Deserialize)]
        #[serde(default)]
        struct WithId {
            id: Sent<NumberOrText>,
        }
        let id = |sent: serde_json::Value| body::<WithId>(json!({ "id": sent })).id.optional_id();
        assert_eq!(id(json!(12)), Ok(Some(12)));
        assert_eq!(id(json!(" 12 ")), Ok(Some(12)));
        assert_eq!(id(json!(null)), Ok(None));
        assert_eq!(id(json!("  ")), Ok(None));
        assert_eq!(WithId::default().id.optional_id(), Ok(None), "absent");
        for bad in [json!(0), json!(-3), json!(1.5), json!("x"), json!(true), json!([1])] {
            assert_eq!(id(bad.clone()), Err(NotAnId), "{bad}");
        }
    }
}
