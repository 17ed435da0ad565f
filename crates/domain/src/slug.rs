//! Readable URL slugs.

/// Lower-case ASCII words joined by hyphens; Latin letters with accents lose them
/// ("München" → "munchen"); empty input gives "item".
pub fn slugify(input: &str) -> String {
    let mut slug = String::with_capacity(input.len());
    let mut pending_dash = false;
    for ch in input.chars() {
        let mut push = |letters: &str| {
            if pending_dash && !slug.is_empty() {
                slug.push('-');
            }
            pending_dash = false;
            slug.extend(letters.chars().map(|c| c.to_ascii_lowercase()));
        };
        if ch.is_ascii_alphanumeric() {
            push(ch.encode_utf8(&mut [0; 4]));
        } else if let Some(base) = latin_base(ch) {
            push(base);
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

/// The plain letters of a Latin letter with a diacritic (or a ligature), if it is one.
fn latin_base(ch: char) -> Option<&'static str> {
    const TABLE: &[(&str, &str)] = &[
        ("àáâãäåāăą", "a"),
        ("ÀÁÂÃÄÅĀĂĄ", "a"),
        ("çćĉċč", "c"),
        ("ÇĆĈĊČ", "c"),
        ("ďđð", "d"),
        ("ĎĐÐ", "d"),
        ("èéêëēĕėęě", "e"),
        ("ÈÉÊËĒĔĖĘĚ", "e"),
        ("ĝğġģ", "g"),
        ("ĜĞĠĢ", "g"),
        ("ĥħ", "h"),
        ("ĤĦ", "h"),
        ("ìíîïĩīĭįı", "i"),
        ("ÌÍÎÏĨĪĬĮİ", "i"),
        ("ĵ", "j"),
        ("Ĵ", "j"),
        ("ķ", "k"),
        ("Ķ", "k"),
        ("ĺļľŀł", "l"),
        ("ĹĻĽĿŁ", "l"),
        ("ñńņňŉ", "n"),
        ("ÑŃŅŇ", "n"),
        ("òóôõöøōŏő", "o"),
        ("ÒÓÔÕÖØŌŎŐ", "o"),
        ("ŕŗř", "r"),
        ("ŔŖŘ", "r"),
        ("śŝşš", "s"),
        ("ŚŜŞŠ", "s"),
        ("ţťŧ", "t"),
        ("ŢŤŦ", "t"),
        ("ùúûüũūŭůűų", "u"),
        ("ÙÚÛÜŨŪŬŮŰŲ", "u"),
        ("ŵ", "w"),
        ("Ŵ", "w"),
        ("ýÿŷ", "y"),
        ("ÝŸŶ", "y"),
        ("źżž", "z"),
        ("ŹŻŽ", "z"),
        ("ß", "ss"),
        ("æ", "ae"),
        ("Æ", "ae"),
        ("œ", "oe"),
        ("Œ", "oe"),
        ("þ", "th"),
        ("Þ", "th"),
    ];
    TABLE.iter().find(|(letters, _)| letters.contains(ch)).map(|(_, base)| *base)
}

#[cfg(test)]
mod tests {
    use super::slugify;

    #[test]
    fn slugs() {
        assert_eq!(slugify("Waypoint Demo"), "waypoint-demo");
        assert_eq!(slugify("  AI & Data -- Science! "), "ai-data-science");
        assert_eq!(slugify("Ünïcode"), "unicode");
        assert_eq!(slugify("Technische Universität München"), "technische-universitat-munchen");
        assert_eq!(slugify("Łódź Straße"), "lodz-strasse");
        assert_eq!(slugify("東京 Tokyo"), "tokyo");
        assert_eq!(slugify("!!!"), "item");
    }
}
