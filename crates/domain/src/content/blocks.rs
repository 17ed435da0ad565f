//! `data.blocks` of a post or resource (spec 001 §3: block types text, hyperlink, image,
//! newline, html), validated per type and cleaned: unknown types and fields are refused,
//! links must be http(s), html is sanitised like every rich text.

use serde_json::{json, Map, Value};
use url::Url;

use crate::{rich_text::sanitize_html, FieldErrors};

pub const MAX_BLOCKS: usize = 200;
const MAX_TEXT_CHARS: usize = 10_000;

fn http_url(raw: &str) -> Option<String> {
    let url = Url::parse(raw.trim()).ok()?;
    matches!(url.scheme(), "http" | "https").then(|| url.to_string())
}

fn text_field(block: &Map<String, Value>, key: &str) -> Result<Option<String>, String> {
    match block.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.chars().count() <= MAX_TEXT_CHARS => Ok(Some(text.clone())),
        Some(Value::String(_)) => Err(format!("Ensure {key} has no more than {MAX_TEXT_CHARS} characters.")),
        Some(_) => Err(format!("{key} must be text.")),
    }
}

fn one(block: &Value) -> Result<Value, String> {
    let Some(block) = block.as_object() else { return Err("Each block must be an object.".into()) };
    let kind = block.get("type").and_then(Value::as_str).unwrap_or_default();
    let allowed: &[&str] = match kind {
        "text" => &["type", "text"],
        "hyperlink" => &["type", "url", "text"],
        "image" => &["type", "url", "file_id", "alt"],
        "newline" => &["type"],
        "html" => &["type", "html"],
        _ => return Err("Block type must be one of text, hyperlink, image, newline, html.".into()),
    };
    if let Some(extra) = block.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(format!("Unknown field {extra} in a {kind} block."));
    }
    match kind {
        "text" => {
            let text = text_field(block, "text")?.ok_or("A text block needs text.")?;
            Ok(json!({"type": "text", "text": text}))
        }
        "hyperlink" => {
            let raw = text_field(block, "url")?.ok_or("A hyperlink block needs a url.")?;
            let url = http_url(&raw).ok_or("Enter a valid http or https URL.")?;
            let text = text_field(block, "text")?;
            Ok(json!({"type": "hyperlink", "url": url, "text": text}))
        }
        "image" => {
            let url = match text_field(block, "url")? {
                Some(raw) => Some(http_url(&raw).ok_or("Enter a valid http or https URL.")?),
                None => None,
            };
            let file_id = match block.get("file_id") {
                None | Some(Value::Null) => None,
                Some(v) => Some(v.as_i64().ok_or("file_id must be a number.")?),
            };
            if url.is_none() && file_id.is_none() {
                return Err("An image block needs a url or a file_id.".into());
            }
            let alt = text_field(block, "alt")?;
            Ok(json!({"type": "image", "url": url, "file_id": file_id, "alt": alt}))
        }
        "newline" => Ok(json!({"type": "newline"})),
        _ => {
            let html = text_field(block, "html")?.ok_or("An html block needs html.")?;
            Ok(json!({"type": "html", "html": sanitize_html(&html)}))
        }
    }
}

/// Validates `data` (`{"blocks": [...]}` or null) and returns its clean form; errors are on
/// `data.blocks` or `data.blocks.{index}`.
pub fn clean(data: &Value) -> Result<Option<Value>, FieldErrors> {
    let mut errors = FieldErrors::new();
    let blocks = match data {
        Value::Null => return Ok(None),
        Value::Object(map) => match map.get("blocks") {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::Array(items)) => items,
            Some(_) => {
                errors.add("data.blocks", "Blocks must be a list.");
                return Err(errors);
            }
        },
        _ => {
            errors.add("data", "data must be an object with blocks.");
            return Err(errors);
        }
    };
    if blocks.len() > MAX_BLOCKS {
        errors.add("data.blocks", format!("Ensure there are no more than {MAX_BLOCKS} blocks."));
        return Err(errors);
    }
    let mut clean = Vec::with_capacity(blocks.len());
    for (index, block) in blocks.iter().enumerate() {
        match one(block) {
            Ok(value) => clean.push(value),
            Err(message) => errors.add(format!("data.blocks.{index}"), message),
        }
    }
    errors.into_result()?;
    Ok(Some(json!({ "blocks": clean })))
}

/// The file ids image blocks point at (they must be the author's files).
pub fn file_ids(data: &Value) -> Vec<i64> {
    data.get("blocks")
        .and_then(Value::as_array)
        .map(|blocks| blocks.iter().filter_map(|b| b.get("file_id").and_then(Value::as_i64)).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_checked_per_type() {
        let data = json!({"blocks": [
            {"type": "text", "text": "Hi"},
            {"type": "hyperlink", "url": "https://example.org/a", "text": "A"},
            {"type": "image", "file_id": 3},
            {"type": "newline"},
            {"type": "html", "html": "<p>ok</p><script>alert(1)</script>"},
        ]});
        let clean = clean(&data).unwrap().unwrap();
        assert_eq!(clean["blocks"][4]["html"], "<p>ok</p>");
        assert_eq!(file_ids(&clean), vec![3]);
    }

    #[test]
    fn bad_blocks_are_refused_on_their_index() {
        let data = json!({"blocks": [
            {"type": "hyperlink", "url": "javascript:alert(1)"},
            {"type": "video"},
            {"type": "text", "text": "x", "onclick": "y"},
            {"type": "image"},
        ]});
        let errors = clean(&data).unwrap_err();
        for i in 0..4 {
            assert!(errors.first(&format!("data.blocks.{i}")).is_some(), "{i}");
        }
        assert!(clean(&json!({"blocks": "x"})).is_err());
        assert_eq!(clean(&Value::Null).unwrap(), None);
    }
}
