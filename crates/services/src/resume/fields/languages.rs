//! The languages a resume lists: known language names, with their levels left out.

use super::{split_items, title_case_if_caps, LEVEL_WORDS};

const LANGUAGES: &[&str] = &[
    "English",
    "German",
    "French",
    "Spanish",
    "Italian",
    "Portuguese",
    "Dutch",
    "Swedish",
    "Norwegian",
    "Danish",
    "Finnish",
    "Icelandic",
    "Polish",
    "Czech",
    "Slovak",
    "Hungarian",
    "Romanian",
    "Bulgarian",
    "Greek",
    "Croatian",
    "Serbian",
    "Slovenian",
    "Bosnian",
    "Albanian",
    "Ukrainian",
    "Russian",
    "Belarusian",
    "Lithuanian",
    "Latvian",
    "Estonian",
    "Turkish",
    "Arabic",
    "Hebrew",
    "Persian",
    "Farsi",
    "Urdu",
    "Hindi",
    "Bengali",
    "Bangla",
    "Punjabi",
    "Gujarati",
    "Marathi",
    "Tamil",
    "Telugu",
    "Kannada",
    "Malayalam",
    "Nepali",
    "Sinhala",
    "Chinese",
    "Mandarin",
    "Cantonese",
    "Japanese",
    "Korean",
    "Vietnamese",
    "Thai",
    "Indonesian",
    "Malay",
    "Tagalog",
    "Filipino",
    "Swahili",
    "Amharic",
    "Yoruba",
    "Igbo",
    "Hausa",
    "Zulu",
    "Xhosa",
    "Afrikaans",
    "Somali",
    "Catalan",
    "Basque",
    "Galician",
    "Irish",
    "Welsh",
    "Latin",
    "Kurdish",
    "Armenian",
    "Georgian",
    "Azerbaijani",
    "Kazakh",
    "Uzbek",
    "Pashto",
    "Dari",
    "Luxembourgish",
    "Maltese",
    "Twi",
    "Wolof",
    "Kinyarwanda",
    "Sign Language",
];

pub fn is_known_language(s: &str) -> bool {
    LANGUAGES.iter().any(|l| l.eq_ignore_ascii_case(s))
}

/// Language names without proficiency ("German (Native or Bilingual)" → "German").
pub fn parse_languages(lines: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    // "Spanish: conversational" is a language and its level; "Mother tongue: Polish" a label.
    let lines: Vec<String> = lines
        .iter()
        .map(|l| match l.split_once(':') {
            Some((a, b)) if a.split_whitespace().next().is_some_and(is_known_language) => format!("{a} - {b}"),
            Some((_, b)) => b.to_string(),
            None => l.clone(),
        })
        .collect();
    for item in split_items(&lines) {
        let mut name = item.as_str();
        if let Some(i) = name.find('(') {
            name = &name[..i];
        }
        for sep in [" - ", " – ", " — ", ":", " / "] {
            if let Some((a, _)) = name.split_once(sep) {
                name = a;
            }
        }
        let words: Vec<&str> = name
            .split_whitespace()
            .filter(|w| !LEVEL_WORDS.contains(&w.to_lowercase().trim_matches(|c: char| !c.is_alphanumeric())))
            .collect();
        if words.is_empty() || words.len() > 3 || words.iter().any(|w| w.chars().any(|c| c.is_ascii_digit())) {
            continue;
        }
        let joined = words.join(" ");
        if let Some(known) = LANGUAGES.iter().find(|l| l.eq_ignore_ascii_case(&joined)) {
            out.push(known.to_string());
        } else if let Some(known) = words.iter().find_map(|w| LANGUAGES.iter().find(|l| l.eq_ignore_ascii_case(w))) {
            out.push(known.to_string());
        } else if words.len() <= 2 && words.iter().all(|w| w.chars().all(|c| c.is_alphabetic() || c == '-')) {
            out.push(title_case_if_caps(&joined));
        }
    }
    out
}

/// "Languages: English, German" lines in an other section.
pub fn inline_languages(lines: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for line in lines {
        if let Some((label, rest)) = line.split_once(':') {
            let k = label.trim().to_lowercase();
            if k == "languages" || k == "language" || k == "spoken languages" {
                out.extend(parse_languages(&[rest.to_string()]));
            }
        }
    }
    out
}
