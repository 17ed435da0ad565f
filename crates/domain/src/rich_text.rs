//! Rich text from the editor: an allow-list HTML sanitiser and plain-text measures.
//!
//! Kept: `p`, `br`, `strong`, `em`, `ul`, `ol`, `li` and `a` with an `http`, `https` or
//! `mailto` `href` (no other attribute survives). Other tags are dropped but their text is
//! kept, except for elements whose content is never text (`script`, `style`, …), which go
//! with everything inside them. Comments are removed; stray `<`, `>` and `&` are escaped.

const ALLOWED: [&str; 8] = ["p", "br", "strong", "em", "ul", "ol", "li", "a"];
const DROP_WITH_CONTENT: [&str; 13] = [
    "script", "style", "iframe", "object", "embed", "template", "noscript", "textarea", "title", "svg", "math", "head",
    "select",
];

struct Tag {
    name: String,
    closing: bool,
    href: Option<String>,
    /// Byte index just after the tag's `>`.
    end: usize,
}

/// Parses a tag starting at `start` (which holds `<`); `None` when this `<` opens no tag.
fn parse_tag(s: &str, start: usize) -> Option<Tag> {
    let bytes = s.as_bytes();
    let mut i = start + 1;
    let closing = bytes.get(i) == Some(&b'/');
    if closing {
        i += 1;
    }
    let name_start = i;
    while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
        i += 1;
    }
    if i == name_start || !bytes[name_start].is_ascii_alphabetic() {
        return None;
    }
    let name = s[name_start..i].to_ascii_lowercase();
    let mut href = None;
    loop {
        while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b'/') {
            i += 1;
        }
        if i >= bytes.len() {
            // An unterminated tag swallows the rest of the input.
            return Some(Tag { name, closing, href, end: bytes.len() });
        }
        if bytes[i] == b'>' {
            return Some(Tag { name, closing, href, end: i + 1 });
        }
        let attr_start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() && !matches!(bytes[i], b'=' | b'>' | b'/') {
            i += 1;
        }
        let attr = s[attr_start..i].to_ascii_lowercase();
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let mut value = String::new();
        if bytes.get(i) == Some(&b'=') {
            i += 1;
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            match bytes.get(i) {
                Some(&q) if q == b'"' || q == b'\'' => {
                    let value_start = i + 1;
                    let close = s[value_start..].find(q as char).map(|p| value_start + p).unwrap_or(bytes.len());
                    value = s[value_start..close].to_string();
                    i = (close + 1).min(bytes.len());
                }
                _ => {
                    let value_start = i;
                    while i < bytes.len() && !bytes[i].is_ascii_whitespace() && bytes[i] != b'>' {
                        i += 1;
                    }
                    value = s[value_start..i].to_string();
                }
            }
        }
        if attr == "href" && href.is_none() {
            href = Some(value);
        }
        if attr_start == i {
            i += 1;
        }
    }
}

fn safe_href(raw: &str) -> Option<String> {
    let href = raw.trim();
    let lower = href.to_ascii_lowercase();
    let allowed = ["http://", "https://", "mailto:"].iter().any(|p| lower.starts_with(p));
    if !allowed || href.chars().any(|c| c.is_control()) {
        return None;
    }
    Some(href.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;"))
}

fn is_entity(rest: &str) -> bool {
    let Some(end) = rest.find(';') else { return false };
    let body = &rest[1..end];
    if end > 33 || body.is_empty() {
        return false;
    }
    if let Some(num) = body.strip_prefix('#') {
        if let Some(hex) = num.strip_prefix('x').or_else(|| num.strip_prefix('X')) {
            return !hex.is_empty() && hex.len() <= 6 && hex.chars().all(|c| c.is_ascii_hexdigit());
        }
        return !num.is_empty() && num.len() <= 7 && num.chars().all(|c| c.is_ascii_digit());
    }
    body.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) && body.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The allow-listed HTML of `input`.
pub fn sanitize_html(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        let rest = &input[i..];
        let ch = rest.chars().next().expect("in bounds");
        match ch {
            '<' if rest.starts_with("<!--") => {
                i = rest.find("-->").map(|p| i + p + 3).unwrap_or(input.len());
            }
            '<' if rest.starts_with("<!") || rest.starts_with("<?") => {
                i = rest.find('>').map(|p| i + p + 1).unwrap_or(input.len());
            }
            '<' => match parse_tag(input, i) {
                None => {
                    out.push_str("&lt;");
                    i += 1;
                }
                Some(tag) => {
                    i = tag.end;
                    if DROP_WITH_CONTENT.contains(&tag.name.as_str()) {
                        if !tag.closing {
                            let lower = input[i..].to_ascii_lowercase();
                            let close = format!("</{}", tag.name);
                            i = match lower.find(&close) {
                                Some(p) => input[i + p..].find('>').map(|q| i + p + q + 1).unwrap_or(input.len()),
                                None => input.len(),
                            };
                        }
                    } else if ALLOWED.contains(&tag.name.as_str()) {
                        match (tag.name.as_str(), tag.closing) {
                            ("br", true) => {}
                            ("br", false) => out.push_str("<br>"),
                            ("a", false) => match tag.href.as_deref().and_then(safe_href) {
                                Some(href) => {
                                    out.push_str(&format!("<a href=\"{href}\" rel=\"nofollow noopener noreferrer\">"))
                                }
                                None => out.push_str("<a>"),
                            },
                            (name, true) => out.push_str(&format!("</{name}>")),
                            (name, false) => out.push_str(&format!("<{name}>")),
                        }
                    }
                }
            },
            '>' => {
                out.push_str("&gt;");
                i += 1;
            }
            '&' => {
                out.push_str(if is_entity(rest) { "&" } else { "&amp;" });
                i += 1;
            }
            '\0' => i += 1,
            c => {
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out.trim().to_string()
}

/// The text of some HTML: tags removed, common entities decoded, whitespace collapsed.
pub fn plain_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for ch in html.chars() {
        match ch {
            '<' => {
                in_tag = true;
                text.push(' ');
            }
            '>' if in_tag => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let decoded = text
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub fn word_count(html: &str) -> usize {
    plain_text(html).split_whitespace().count()
}

pub fn char_count(html: &str) -> usize {
    plain_text(html).chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_allowed_tags() {
        assert_eq!(
            sanitize_html("<p>Hi <strong>there</strong><br/><em>you</em></p><ul><li>a</li></ul><ol><li>b</li></ol>"),
            "<p>Hi <strong>there</strong><br><em>you</em></p><ul><li>a</li></ul><ol><li>b</li></ol>"
        );
    }

    #[test]
    fn strips_scripts_handlers_and_bad_links() {
        assert_eq!(sanitize_html("<p onclick=\"x()\">a<script>alert(1)</script>b</p>"), "<p>ab</p>");
        assert_eq!(sanitize_html("<img src=x onerror=alert(1)>ok"), "ok");
        assert_eq!(sanitize_html("<a href=\"javascript:alert(1)\">x</a>"), "<a>x</a>");
        assert_eq!(sanitize_html("<a href='java&#115;cript:x'>x</a>"), "<a>x</a>");
        assert_eq!(
            sanitize_html("<a href=\"https://e.com/?a=1&b=2\" onmouseover=\"x\">x</a>"),
            "<a href=\"https://e.com/?a=1&amp;b=2\" rel=\"nofollow noopener noreferrer\">x</a>"
        );
        assert_eq!(sanitize_html("<SCRIPT>bad()</SCRIPT >fine"), "fine");
        assert_eq!(sanitize_html("<style>p{}</style><!-- c -->t"), "t");
        assert_eq!(sanitize_html("1 < 2 && 3 > 2 &amp; ok"), "1 &lt; 2 &amp;&amp; 3 &gt; 2 &amp; ok");
        assert_eq!(sanitize_html("<div><span>x</span></div>"), "x");
        assert_eq!(sanitize_html("<script>never closed"), "");
        assert_eq!(
            sanitize_html("<a href=\"mailto:a@b.c\">m</a>"),
            "<a href=\"mailto:a@b.c\" rel=\"nofollow noopener noreferrer\">m</a>"
        );
    }

    #[test]
    fn counts_words_and_characters_of_the_text() {
        assert_eq!(word_count("<p>one two</p><p>three&nbsp;four</p>"), 4);
        assert_eq!(word_count("<p><br></p>"), 0);
        assert_eq!(char_count("<p>a &amp; b</p>"), 5);
    }
}
