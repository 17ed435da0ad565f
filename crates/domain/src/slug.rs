//! Readable URL slugs.

/// Lower-case ASCII words joined by hyphens; empty input gives "item".
pub fn slugify(input: &str) -> String {
    let mut slug = String::with_capacity(input.len());
    let mut pending_dash = false;
    for ch in input.chars() {
        if ch.is_ascii_alphanumeric() {
            if pending_dash && !slug.is_empty() {
                slug.push('-');
            }
            pending_dash = false;
            slug.push(ch.to_ascii_lowercase());
        } else {
            pending_dash = true;
        }
        if slug.len() >= 80 {
            break;
        }
    }
    if slug.is_empty() {
        "item".to_string()
    } else {
        slug
    }
}

#[cfg(test)]
mod tests {
    use super::slugify;

    #[test]
    fn slugs() {
        assert_eq!(slugify("Waypoint Demo"), "waypoint-demo");
        assert_eq!(slugify("  AI & Data -- Science! "), "ai-data-science");
        assert_eq!(slugify("Ünïcode"), "n-code");
        assert_eq!(slugify("!!!"), "item");
    }
}
