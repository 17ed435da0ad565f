//! Values a group form may send as JSON or as form text: ids, id lists, text lists and booleans.

use serde::{de::Error as _, Deserialize, Deserializer};
use serde_json::Value;

use super::id_of;

/// One id of the form; a blank text means none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormId {
    Blank,
    Id(i64),
}

impl<'de> Deserialize<'de> for FormId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        if value.as_str().is_some_and(|s| s.trim().is_empty()) {
            return Ok(FormId::Blank);
        }
        id_of(&value).map(FormId::Id).ok_or_else(|| D::Error::custom("not an id"))
    }
}

/// A list of ids: a list (of ids, their texts or `{id}` items), a comma-joined text, or one
/// id; without repeats.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FormIds(pub Vec<i64>);

impl<'de> Deserialize<'de> for FormIds {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items: Vec<Value> = match Value::deserialize(deserializer)? {
            Value::Array(items) => items,
            Value::String(s) => s.split(',').filter(|p| !p.trim().is_empty()).map(|p| Value::from(p.trim())).collect(),
            other => vec![other],
        };
        let mut out = Vec::new();
        for item in &items {
            let id = id_of(item).ok_or_else(|| D::Error::custom("not an id"))?;
            if !out.contains(&id) {
                out.push(id);
            }
        }
        Ok(FormIds(out))
    }
}

/// A list of short texts: a list (of strings, numbers or `{id}`/`{value}` items) or a
/// comma-joined text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FormList(pub Vec<String>);

impl<'de> Deserialize<'de> for FormList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        fn text(value: &Value) -> Option<String> {
            match value {
                Value::String(s) => Some(s.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            }
        }
        match Value::deserialize(deserializer)? {
            Value::String(s) => Ok(FormList(s.split(',').map(str::to_string).collect())),
            Value::Array(items) => items
                .iter()
                .map(|item| match item {
                    Value::Object(o) => o.get("id").or_else(|| o.get("value")).and_then(text),
                    other => text(other),
                })
                .collect::<Option<Vec<_>>>()
                .map(FormList)
                .ok_or_else(|| D::Error::custom("not a list of texts")),
            _ => Err(D::Error::custom("not a list of texts")),
        }
    }
}

/// A yes/no of the form: a boolean, or true/True/1 and false/False/0/blank as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormBool(pub bool);

impl<'de> Deserialize<'de> for FormBool {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::Bool(b) => Ok(FormBool(b)),
            Value::String(s) if matches!(s.as_str(), "true" | "True" | "1") => Ok(FormBool(true)),
            Value::String(s) if matches!(s.as_str(), "false" | "False" | "0" | "") => Ok(FormBool(false)),
            _ => Err(D::Error::custom("not a boolean")),
        }
    }
}
