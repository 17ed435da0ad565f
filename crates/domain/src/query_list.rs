//! Comma lists in query strings (`?countries=Kenya,Ghana&role=admin,leader`): one rule for
//! every list filter of the API, so that no filter can ask the database for thousands of
//! values (each one a bound variable).

use std::collections::HashSet;

/// Distinct items a list filter takes.
pub const MAX_ITEMS: usize = 50;
/// Longer items are cut: no value a filter matches is that long.
pub const MAX_ITEM_CHARS: usize = 100;
pub const MSG_TOO_MANY: &str = "Ensure this list has no more than 50 items.";

/// Splits a comma list: items are trimmed, blanks and `all` (which means every value) are
/// dropped, each item is cut at [`MAX_ITEM_CHARS`] characters (no value a filter matches is
/// longer), and the rest go through [`distinct`].
pub fn parse(raw: &str) -> Result<Vec<String>, &'static str> {
    let items: Vec<String> = raw
        .split(',')
        .map(str::trim)
        .filter(|v| !v.is_empty() && *v != "all")
        .map(|v| v.chars().take(MAX_ITEM_CHARS).collect())
        .collect();
    distinct(items.iter().map(String::as_str))
}

/// The items without repeats (the first is kept); more than [`MAX_ITEMS`] distinct items is
/// refused with [`MSG_TOO_MANY`].
pub fn distinct<'a>(items: impl IntoIterator<Item = &'a str>) -> Result<Vec<String>, &'static str> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for item in items {
        if seen.insert(item) {
            if out.len() == MAX_ITEMS {
                return Err(MSG_TOO_MANY);
            }
            out.push(item.to_string());
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_trimmed_deduplicated_and_all_is_dropped() {
        assert_eq!(parse(" a, b,,all, a ,c").unwrap(), vec!["a", "b", "c"]);
        assert!(parse("").unwrap().is_empty());
        assert_eq!(parse(&"x".repeat(150)).unwrap()[0].len(), MAX_ITEM_CHARS);
    }

    #[test]
    fn at_most_fifty_distinct_items() {
        let fifty: Vec<String> = (0..50).map(|i| i.to_string()).collect();
        assert_eq!(parse(&fifty.join(",")).unwrap().len(), 50);
        // Repeats do not count.
        assert_eq!(parse(&format!("{},1,2,3", fifty.join(","))).unwrap().len(), 50);
        let many: Vec<String> = (0..16_000).map(|i| i.to_string()).collect();
        assert_eq!(parse(&many.join(",")), Err(MSG_TOO_MANY));
    }
}
