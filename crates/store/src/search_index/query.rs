//! Text typed by a user, turned into a query of the index. Only letters and digits reach
//! the query language, so nothing a user types (`"`, `*`, `-`, `:`, `&`, `(`, …) can
//! change its meaning or make it fail.
//!
//! A word of two characters or more matches as a prefix of a word in the document ("ana"
//! finds "Anastasia"); a one-character word ("C", an initial) matches that whole word only,
//! which keeps it cheap and still useful. All words must match. A one-character word at the
//! end of a longer text is the start of a word still being typed ("Data A" on the way to
//! "Data Analyst"): it is dropped rather than required whole, and the results narrow when
//! the word reaches two characters. A last digit stays a whole word ("Circle 1", "Level 2").

/// At most this many words are looked up; the rest of the text is ignored.
pub const MAX_TOKENS: usize = 6;
/// A longer word is cut to this many characters (and then matches as a prefix).
pub const MAX_TOKEN_CHARS: usize = 50;

/// Letters with a diacritic that PostgreSQL's `simple` configuration would keep apart from
/// their plain letter, by plain letter; the index folds them on both sides there (SQLite's
/// tokenizer folds them itself).
const FOLD: &[(char, &str)] = &[
    ('a', "àáâãäåāăą"),
    ('c', "çćč"),
    ('d', "ď"),
    ('e', "èéêëēėęě"),
    ('i', "ìíîïīį"),
    ('n', "ñńň"),
    ('o', "òóôõöōő"),
    ('r', "ŕř"),
    ('s', "śšş"),
    ('t', "ť"),
    ('u', "ùúûüūůűų"),
    ('y', "ýÿ"),
    ('z', "źżž"),
];

/// The `from` and `to` arguments of SQL `translate` for [`fold`].
pub(crate) fn fold_table() -> (String, String) {
    let mut from = String::new();
    let mut to = String::new();
    for (plain, marked) in FOLD {
        for c in marked.chars() {
            from.push(c);
            to.push(*plain);
        }
    }
    (from, to)
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Token {
    text: String,
    prefix: bool,
}

/// The searchable words of a user's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextQuery {
    tokens: Vec<Token>,
    /// Any word may match (OR) rather than all of them (AND): the assistant's retrieval.
    any: bool,
}

impl TextQuery {
    /// `None` when the text holds no letter or digit.
    pub fn parse(text: &str) -> Option<Self> {
        let mut tokens: Vec<Token> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|word| !word.is_empty())
            .take(MAX_TOKENS)
            .map(|word| {
                let text: String = word.chars().take(MAX_TOKEN_CHARS).collect::<String>().to_lowercase();
                let prefix = text.chars().count() > 1;
                Token { text, prefix }
            })
            .collect();
        if tokens.len() > 1
            && tokens.last().is_some_and(|last| !last.prefix && !last.text.chars().all(|c| c.is_numeric()))
        {
            tokens.pop();
        }
        (!tokens.is_empty()).then_some(TextQuery { tokens, any: false })
    }

    /// A query matching documents holding any of `prefixes` (each a word prefix, as the
    /// assistant's question plan gives them); the best hold the most, by relevance.
    pub fn any_of(prefixes: &[String]) -> Option<Self> {
        let tokens: Vec<Token> = prefixes
            .iter()
            .flat_map(|p| p.split(|c: char| !c.is_alphanumeric()))
            .filter(|w| !w.is_empty())
            .take(MAX_TOKENS)
            .map(|w| Token { text: w.chars().take(MAX_TOKEN_CHARS).collect::<String>().to_lowercase(), prefix: true })
            .collect();
        (!tokens.is_empty()).then_some(TextQuery { tokens, any: true })
    }

    /// The words, lower-cased.
    pub fn words(&self) -> Vec<String> {
        self.tokens.iter().map(|t| t.text.clone()).collect()
    }

    /// An FTS5 MATCH expression: every word quoted, prefixes starred, all required.
    pub fn fts5(&self) -> String {
        self.fts5_in("")
    }

    /// The same, looking in the `name` column only.
    pub fn fts5_in_names(&self) -> String {
        self.fts5_in("name : ")
    }

    fn fts5_in(&self, column: &str) -> String {
        self.tokens
            .iter()
            .map(|t| format!("{column}\"{}\"{}", t.text, if t.prefix { "*" } else { "" }))
            .collect::<Vec<_>>()
            .join(if self.any { " OR " } else { " AND " })
    }

    /// A `to_tsquery('simple', …)` expression: folded words, prefixes marked, all required.
    pub fn tsquery(&self) -> String {
        self.tsquery_in("")
    }

    /// The same, looking in the name only (weight A).
    pub fn tsquery_in_names(&self) -> String {
        self.tsquery_in("A")
    }

    fn tsquery_in(&self, weight: &str) -> String {
        self.tokens
            .iter()
            .map(|t| {
                let marks = format!("{}{weight}", if t.prefix { "*" } else { "" });
                let word = fold(&t.text);
                if marks.is_empty() {
                    word
                } else {
                    format!("{word}:{marks}")
                }
            })
            .collect::<Vec<_>>()
            .join(if self.any { " | " } else { " & " })
    }
}

/// Lower-case letters with a diacritic to their plain letter, as the SQL `search_fold` does.
pub(crate) fn fold(text: &str) -> String {
    text.chars().map(|c| FOLD.iter().find(|(_, marked)| marked.contains(c)).map_or(c, |(plain, _)| *plain)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fold_table_pairs_every_character() {
        let (from, to) = fold_table();
        assert_eq!(from.chars().count(), to.chars().count());
        assert!(to.chars().all(|c| c.is_ascii_lowercase()));
        assert_eq!(fold("žluťoučký kůň čeština"), "zlutoucky kun cestina");
    }

    #[test]
    fn words_become_required_prefixes() {
        let q = TextQuery::parse("Ada  LOVE").unwrap();
        assert_eq!(q.fts5(), r#""ada"* AND "love"*"#);
        assert_eq!(q.tsquery(), "ada:* & love:*");
        assert_eq!(q.words(), vec!["ada", "love"]);
    }

    #[test]
    fn any_of_matches_one_word_or_another() {
        let q = TextQuery::any_of(&["prompt".into(), "engin".into(), "x\" OR".into()]).unwrap();
        assert_eq!(q.fts5(), r#""prompt"* OR "engin"* OR "x"* OR "or"*"#);
        assert_eq!(q.tsquery(), "prompt:* | engin:* | x:* | or:*");
        assert_eq!(TextQuery::any_of(&["*".into()]), None);
    }

    #[test]
    fn names_only_restricts_the_column() {
        let q = TextQuery::parse("c ada").unwrap();
        assert_eq!(q.fts5_in_names(), r#"name : "c" AND name : "ada"*"#);
        assert_eq!(q.tsquery_in_names(), "c:A & ada:*A");
    }

    #[test]
    fn one_letter_words_match_whole_words_only() {
        let q = TextQuery::parse("C developer").unwrap();
        assert_eq!(q.fts5(), r#""c" AND "developer"*"#);
        assert_eq!(q.tsquery(), "c & developer:*");
    }

    #[test]
    fn a_last_letter_being_typed_is_dropped_until_it_is_a_prefix() {
        assert_eq!(TextQuery::parse("Data A").unwrap().fts5(), r#""data"*"#);
        assert_eq!(TextQuery::parse("Data A").unwrap().tsquery(), "data:*");
        assert_eq!(TextQuery::parse("Data An").unwrap().fts5(), r#""data"* AND "an"*"#);
        assert_eq!(TextQuery::parse("A").unwrap().fts5(), r#""a""#, "a lone letter is the whole query");
        assert_eq!(TextQuery::parse("C developer").unwrap().words(), ["c", "developer"], "only the last word");
        assert_eq!(TextQuery::parse("Circle 1").unwrap().fts5(), r#""circle"* AND "1""#, "a digit is a whole word");
    }

    #[test]
    fn query_syntax_typed_by_users_is_only_a_separator() {
        for hostile in [
            r#"""#,
            "*",
            "-",
            ":",
            "&",
            "(",
            "')",
            "a:* | !b",
            "NEAR(a b)",
            "name:ada",
            "\\",
            "%_",
            "\u{0}",
            "ana\" OR \"x",
        ] {
            if let Some(q) = TextQuery::parse(hostile) {
                let word = |w: &str| !w.is_empty() && w.chars().all(char::is_alphanumeric);
                for term in q.fts5().split(" AND ") {
                    let inner = term.strip_suffix('*').unwrap_or(term);
                    let inner = inner.strip_prefix('"').and_then(|t| t.strip_suffix('"'));
                    assert!(inner.is_some_and(word), "{hostile:?} gave {term:?}");
                }
                for term in q.tsquery().split(" & ") {
                    assert!(word(term.strip_suffix(":*").unwrap_or(term)), "{hostile:?} gave {term:?}");
                }
            }
        }
        assert_eq!(TextQuery::parse("\"*-:&("), None);
        assert_eq!(TextQuery::parse("ana\" OR \"x").unwrap().fts5(), r#""ana"* AND "or"*"#);
        assert_eq!(TextQuery::parse("o'brien").unwrap().tsquery(), "o & brien:*");
    }

    #[test]
    fn diacritics_fold_for_postgres_and_stay_for_fts5() {
        let q = TextQuery::parse("José Núñez").unwrap();
        assert_eq!(q.tsquery(), "jose:* & nunez:*");
        assert_eq!(q.fts5(), r#""josé"* AND "núñez"*"#);
    }

    #[test]
    fn long_text_is_bounded() {
        let long = "word ".repeat(100);
        assert_eq!(TextQuery::parse(&long).unwrap().words().len(), MAX_TOKENS);
        let word = "x".repeat(500);
        assert_eq!(TextQuery::parse(&word).unwrap().words()[0].chars().count(), MAX_TOKEN_CHARS);
    }
}
