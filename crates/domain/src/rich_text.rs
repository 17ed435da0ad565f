//! Rich text from the editor: an allow-list HTML sanitiser (ammonia, which parses with
//! html5ever as a browser would) and plain-text measures.
//!
//! Kept: `p`, `br`, `strong`, `em`, `ul`, `ol`, `li` and `a` with an `http`, `https` or
//! `mailto` `href` (no other attribute survives; a kept link gets `rel="nofollow noopener
//! noreferrer"`). Other tags are dropped but their text is kept, except for elements whose
//! content is never text (`script`, `style`, `svg`, `math`, …), which go with everything
//! inside them. Comments are removed; unclosed tags are closed; stray `<`, `>` and `&` are
//! escaped.

use std::{
    collections::{HashMap, HashSet},
    sync::LazyLock,
};

use ammonia::{Builder, UrlRelative};

const ALLOWED: [&str; 8] = ["p", "br", "strong", "em", "ul", "ol", "li", "a"];
const DROP_WITH_CONTENT: [&str; 13] = [
    "script", "style", "iframe", "object", "embed", "template", "noscript", "textarea", "title", "svg", "math", "head",
    "select",
];
const LINK_SCHEMES: [&str; 3] = ["http", "https", "mailto"];
const LINK_REL: &str = "nofollow noopener noreferrer";

static SANITIZER: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let mut builder = Builder::empty();
    builder
        .tags(HashSet::from(ALLOWED))
        .clean_content_tags(HashSet::from(DROP_WITH_CONTENT))
        .tag_attributes(HashMap::from([("a", HashSet::from(["href"]))]))
        .generic_attributes(HashSet::new())
        .url_schemes(HashSet::from(LINK_SCHEMES))
        .url_relative(UrlRelative::Deny)
        .strip_comments(true)
        // ammonia's own `link_rel` would also mark a link whose href it removed.
        .link_rel(None);
    builder
});

/// The allow-listed HTML of `input`.
pub fn sanitize_html(input: &str) -> String {
    let clean = SANITIZER.clean(input).to_string();
    mark_links(clean.trim())
}

/// Adds `rel` to every link that kept its `href`. The serialiser writes such a link as
/// exactly `<a href="…">`: `href` is the only attribute left, a `"` inside it is written
/// `&quot;` and a `<` in text `&lt;`, so the first `"` after the opening one ends the value.
fn mark_links(html: &str) -> String {
    const OPEN: &str = "<a href=\"";
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(OPEN) {
        let value_start = at + OPEN.len();
        let Some(value_len) = rest[value_start..].find('"') else { break };
        let value_end = value_start + value_len + 1;
        out.push_str(&rest[..value_end]);
        out.push_str(" rel=\"");
        out.push_str(LINK_REL);
        out.push('"');
        rest = &rest[value_end..];
    }
    out.push_str(rest);
    out
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

    /// Sanitising `input` gives `expected`, which is stable when parsed again (no mutation
    /// into something else on the browser's side) and carries nothing that runs.
    fn assert_clean(input: &str, expected: &str) {
        let clean = sanitize_html(input);
        assert_eq!(clean, expected, "input: {input:?}");
        assert_eq!(sanitize_html(&clean), clean, "not stable when parsed again: {input:?}");
        let lower = clean.to_ascii_lowercase();
        for bad in [
            "<script",
            "<img",
            "<svg",
            "<math",
            "<style",
            "<iframe",
            "<noscript",
            "<template",
            "onerror",
            "javascript:",
            "data:",
            "<!--",
        ] {
            assert!(!lower.contains(bad), "{bad} survived in {clean:?} from {input:?}");
        }
    }

    #[test]
    fn classic_xss_vectors_come_out_inert() {
        assert_clean("<img src=x onerror=alert(1)>", "");
        assert_clean("<p onmouseover=alert(1)", "");
        assert_clean("<p style=\"background:url(javascript:alert(1))\">s</p>", "<p>s</p>");
        assert_clean("<iframe src=\"javascript:alert(1)\">", "");
        assert_clean("<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)");
        assert_clean("x\0y", "xy");
    }

    #[test]
    fn script_urls_are_found_through_entities_whitespace_and_case() {
        for href in [
            "jav&#x09;ascript:alert(1)",
            "jav\nascript:alert(1)",
            "jav\tascript:alert(1)",
            "  JaVaScRiPt:alert(1)",
            "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
            "&#x6A;avascript&colon;alert(1)",
            "\u{1}javascript:alert(1)",
            "vbscript:msgbox(1)",
            "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
            "//evil.example/",
            "/relative",
        ] {
            assert_clean(&format!("<a href=\"{href}\">x</a>"), "<a>x</a>");
        }
        assert_clean(
            "<a href=\"https://e.com/\" target=\"_blank\" rel=\"opener\" style=\"x\">t</a>",
            "<a href=\"https://e.com/\" rel=\"nofollow noopener noreferrer\">t</a>",
        );
        assert_clean(
            "<a href=\"https://e.com/\"q\">z</a>",
            "<a href=\"https://e.com/\" rel=\"nofollow noopener noreferrer\">z</a>",
        );
    }

    #[test]
    fn foreign_content_and_raw_text_elements_go_with_their_content() {
        assert_clean("<svg><script>alert(1)</script></svg>ok", "ok");
        assert_clean("<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", "");
        assert_clean("<math><mi><svg><mtext><p>x</p></mtext></svg></mi></math>t", "t");
        // `<p>` breaks out of `<svg>` into HTML, where `<style>` holds only text.
        assert_clean("<svg><p><style><img src=x onerror=alert(1)></style></p></svg>", "<p></p>");
        assert_clean("<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">", "\"&gt;");
        assert_clean("<template><img src=x onerror=alert(1)></template>t", "t");
        assert_clean("<textarea><img src=x onerror=alert(1)></textarea>", "");
        assert_clean("<title><img src=x onerror=alert(1)></title>", "");
        assert_clean("<select><option><img src=x onerror=alert(1)></select>", "");
    }

    #[test]
    fn comments_and_unclosed_tags() {
        assert_clean("<!--><img src=x onerror=alert(1)>-->", "--&gt;");
        assert_clean("<!--<img src=x onerror=alert(1)>-->after", "after");
        assert_clean("<p>open <strong>bold <em>both", "<p>open <strong>bold <em>both</em></strong></p>");
        assert_clean("<ul><li>one<li>two</ul>", "<ul><li>one</li><li>two</li></ul>");
    }

    #[test]
    fn counts_words_and_characters_of_the_text() {
        assert_eq!(word_count("<p>one two</p><p>three&nbsp;four</p>"), 4);
        assert_eq!(word_count("<p><br></p>"), 0);
        assert_eq!(char_count("<p>a &amp; b</p>"), 5);
    }
}
