//! A model's answer cites only what retrieval returned (issue 29, "The model path cites only
//! what was retrieved"): every link in its text — a Markdown link, an HTML anchor, a bare URL
//! or a bare path of the app (`/circle/…`) — is kept only when it opens one of the returned
//! items on this site; any other is removed (a Markdown or HTML link keeps its words).

use std::{collections::HashSet, sync::LazyLock};

use regex::Regex;

/// The app's item routes: a bare path starting with one of these is a link.
const ROUTES: &[&str] = &[
    "circle",
    "event",
    "job",
    "profile",
    "resource",
    "ai-tool",
    "usecase",
    "career-tip",
    "org",
    "circles",
    "events",
    "jobs",
    "resourcehub",
    "usecases",
    "ai-tools",
    "prompt-library",
];

static MARKDOWN_LINK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\[([^\]\n]{0,300})\]\(\s*<?([^)\s>]{0,2000})>?(?:\s+[^)]*)?\)").expect("valid regex")
});
static ANCHOR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?is)<a\b[^>]*?href\s*=\s*["']?([^"'\s>]*)["']?[^>]*>(.*?)</a\s*>"#).expect("valid regex")
});
static URL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"(?i)\b(?:https?://|www\.)[^\s<>()\[\]"']+"#).expect("valid regex"));
static PATH: LazyLock<Regex> = LazyLock::new(|| {
    let routes = ROUTES.join("|");
    Regex::new(&format!(r#"(^|[\s(\["'`])(/(?:{routes})(?:/[^\s<>()\[\]"'`]*)?)"#)).expect("valid regex")
});

/// Where links may point: the returned items' paths on this site.
pub struct Allowed<'a> {
    /// App paths of the returned items (`/circle/python-for-analysts`).
    pub paths: &'a HashSet<String>,
    /// This site's host (`example.org`): an absolute link must be to it.
    pub host: &'a str,
}

impl Allowed<'_> {
    /// Whether `target` (relative or absolute) opens one of the returned items.
    pub fn permits(&self, target: &str) -> bool {
        let target = target.trim().trim_end_matches(['.', ',', ';', ':', '!', '?']);
        let path = if let Some(rest) = target.strip_prefix("https://").or_else(|| target.strip_prefix("http://")) {
            let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
            if !host.eq_ignore_ascii_case(self.host) {
                return false;
            }
            format!("/{path}")
        } else if target.starts_with('/') && !target.starts_with("//") {
            target.to_string()
        } else {
            return false;
        };
        let path = path.split(['?', '#']).next().unwrap_or("").trim_end_matches('/');
        self.paths.contains(path)
    }
}

/// `text` with every link that does not open a returned item removed.
pub fn keep_returned(text: &str, allowed: &Allowed<'_>) -> String {
    let text =
        MARKDOWN_LINK.replace_all(
            text,
            |c: &regex::Captures<'_>| {
                if allowed.permits(&c[2]) {
                    c[0].to_string()
                } else {
                    c[1].to_string()
                }
            },
        );
    let text = ANCHOR.replace_all(
        &text,
        |c: &regex::Captures<'_>| {
            if allowed.permits(&c[1]) {
                c[0].to_string()
            } else {
                c[2].to_string()
            }
        },
    );
    // Bare URLs and paths, outside the Markdown links kept above.
    let kept: Vec<(usize, usize)> = MARKDOWN_LINK.find_iter(&text).map(|m| (m.start(), m.end())).collect();
    let inside = |at: usize| kept.iter().any(|(s, e)| at >= *s && at < *e);
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    let mut removals: Vec<(usize, usize)> = Vec::new();
    for m in URL.find_iter(&text) {
        if !inside(m.start()) && !allowed.permits(m.as_str()) && !text[..m.start()].ends_with("href=\"") {
            removals.push((m.start(), m.end()));
        }
    }
    for c in PATH.captures_iter(&text) {
        if let Some(m) = c.get(2) {
            if !inside(m.start())
                && !allowed.permits(m.as_str())
                && !removals.iter().any(|(s, e)| m.start() >= *s && m.start() < *e)
            {
                removals.push((m.start(), m.end()));
            }
        }
    }
    removals.sort();
    for (start, end) in removals {
        if start < last {
            continue;
        }
        out.push_str(&text[last..start]);
        last = end;
    }
    out.push_str(&text[last..]);
    // What removal left: empty brackets and doubled spaces.
    let out = out.replace("()", "").replace("[]", "");
    let mut tidy = String::with_capacity(out.len());
    let mut previous_space = false;
    for ch in out.chars() {
        let space = ch == ' ';
        if !(space && previous_space) {
            tidy.push(ch);
        }
        previous_space = space;
    }
    tidy.lines().map(str::trim_end).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allowed(paths: &[&str]) -> HashSet<String> {
        paths.iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn invented_links_go_and_returned_ones_stay() {
        let paths = allowed(&["/circle/python-for-analysts"]);
        let a = Allowed { paths: &paths, host: "localhost" };
        let text = "Join [Python for Analysts](/circle/python-for-analysts) or [Data Lab](/circle/invented-data-lab). \
                    See /circle/invented-one and https://evil.example.com/phish, or <a href=\"/job/fake\">this job</a>.";
        let out = keep_returned(text, &a);
        assert!(out.contains("[Python for Analysts](/circle/python-for-analysts)"));
        assert!(out.contains("or Data Lab."), "{out}");
        assert!(!out.contains("invented"), "{out}");
        assert!(!out.contains("evil"), "{out}");
        assert!(out.contains("or this job."), "{out}");
        assert!(!out.contains("href"), "{out}");
    }

    #[test]
    fn absolute_links_count_only_on_this_site() {
        let paths = allowed(&["/event/nairobi-fair"]);
        let a = Allowed { paths: &paths, host: "demo.example.org" };
        assert!(a.permits("https://demo.example.org/event/nairobi-fair/"));
        assert!(a.permits("/event/nairobi-fair?ref=ama"));
        assert!(!a.permits("https://other.example.org/event/nairobi-fair"));
        assert!(!a.permits("//other.example.org/event/nairobi-fair"));
        assert!(!a.permits("javascript:alert(1)"));
        let out = keep_returned("Go to https://demo.example.org/event/nairobi-fair now", &a);
        assert_eq!(out, "Go to https://demo.example.org/event/nairobi-fair now");
        assert_eq!(keep_returned("Plain text, no links.", &a), "Plain text, no links.");
    }
}
