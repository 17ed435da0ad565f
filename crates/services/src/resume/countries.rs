//! Country names, common aliases, US states and a few metro areas, to turn a location line
//! ("Berlin, Germany", "Austin, TX", "San Francisco Bay Area") into a country name.

/// (country name, aliases in lower case).
const COUNTRIES: &[(&str, &[&str])] = &[
    ("United States", &["united states", "united states of america", "usa", "us", "u.s.", "u.s.a.", "america"]),
    (
        "United Kingdom",
        &[
            "united kingdom",
            "uk",
            "u.k.",
            "great britain",
            "britain",
            "england",
            "scotland",
            "wales",
            "northern ireland",
            "gb",
        ],
    ),
    ("Germany", &["germany", "deutschland"]),
    ("France", &["france"]),
    ("Spain", &["spain", "españa", "espana"]),
    ("Italy", &["italy", "italia"]),
    ("Portugal", &["portugal"]),
    ("Netherlands", &["netherlands", "the netherlands", "holland", "nederland"]),
    ("Belgium", &["belgium"]),
    ("Switzerland", &["switzerland", "schweiz", "suisse"]),
    ("Austria", &["austria", "österreich"]),
    ("Ireland", &["ireland", "republic of ireland"]),
    ("Sweden", &["sweden"]),
    ("Norway", &["norway"]),
    ("Denmark", &["denmark"]),
    ("Finland", &["finland"]),
    ("Iceland", &["iceland"]),
    ("Poland", &["poland", "polska"]),
    ("Czech Republic", &["czech republic", "czechia"]),
    ("Slovakia", &["slovakia"]),
    ("Hungary", &["hungary"]),
    ("Romania", &["romania"]),
    ("Bulgaria", &["bulgaria"]),
    ("Greece", &["greece"]),
    ("Croatia", &["croatia"]),
    ("Serbia", &["serbia"]),
    ("Slovenia", &["slovenia"]),
    ("Ukraine", &["ukraine"]),
    ("Russia", &["russia", "russian federation"]),
    ("Turkey", &["turkey", "türkiye", "turkiye"]),
    ("Estonia", &["estonia"]),
    ("Latvia", &["latvia"]),
    ("Lithuania", &["lithuania"]),
    ("Luxembourg", &["luxembourg"]),
    ("Malta", &["malta"]),
    ("Cyprus", &["cyprus"]),
    ("Canada", &["canada"]),
    ("Mexico", &["mexico", "méxico"]),
    ("Brazil", &["brazil", "brasil"]),
    ("Argentina", &["argentina"]),
    ("Chile", &["chile"]),
    ("Colombia", &["colombia"]),
    ("Peru", &["peru", "perú"]),
    ("Venezuela", &["venezuela"]),
    ("Ecuador", &["ecuador"]),
    ("Uruguay", &["uruguay"]),
    ("Costa Rica", &["costa rica"]),
    ("Guatemala", &["guatemala"]),
    ("Jamaica", &["jamaica"]),
    ("India", &["india"]),
    ("Pakistan", &["pakistan"]),
    ("Bangladesh", &["bangladesh"]),
    ("Sri Lanka", &["sri lanka"]),
    ("Nepal", &["nepal"]),
    ("China", &["china", "prc", "people's republic of china"]),
    ("Hong Kong", &["hong kong", "hong kong sar"]),
    ("Taiwan", &["taiwan"]),
    ("Japan", &["japan"]),
    ("South Korea", &["south korea", "korea", "republic of korea"]),
    ("Singapore", &["singapore"]),
    ("Malaysia", &["malaysia"]),
    ("Indonesia", &["indonesia"]),
    ("Philippines", &["philippines", "the philippines"]),
    ("Thailand", &["thailand"]),
    ("Vietnam", &["vietnam", "viet nam"]),
    ("Australia", &["australia"]),
    ("New Zealand", &["new zealand", "nz"]),
    ("United Arab Emirates", &["united arab emirates", "uae", "u.a.e."]),
    ("Saudi Arabia", &["saudi arabia", "ksa"]),
    ("Qatar", &["qatar"]),
    ("Kuwait", &["kuwait"]),
    ("Bahrain", &["bahrain"]),
    ("Oman", &["oman"]),
    ("Israel", &["israel"]),
    ("Jordan", &["jordan"]),
    ("Lebanon", &["lebanon"]),
    ("Iran", &["iran"]),
    ("Iraq", &["iraq"]),
    ("Egypt", &["egypt"]),
    ("Morocco", &["morocco"]),
    ("Tunisia", &["tunisia"]),
    ("Algeria", &["algeria"]),
    ("Nigeria", &["nigeria"]),
    ("Ghana", &["ghana"]),
    ("Kenya", &["kenya"]),
    ("Ethiopia", &["ethiopia"]),
    ("Uganda", &["uganda"]),
    ("Tanzania", &["tanzania"]),
    ("Rwanda", &["rwanda"]),
    ("Senegal", &["senegal"]),
    ("Cameroon", &["cameroon"]),
    ("Zimbabwe", &["zimbabwe"]),
    ("Zambia", &["zambia"]),
    ("South Africa", &["south africa"]),
];

const US_STATES: &[(&str, &str)] = &[
    ("al", "alabama"),
    ("ak", "alaska"),
    ("az", "arizona"),
    ("ar", "arkansas"),
    ("ca", "california"),
    ("co", "colorado"),
    ("ct", "connecticut"),
    ("de", "delaware"),
    ("fl", "florida"),
    ("ga", "georgia"),
    ("hi", "hawaii"),
    ("id", "idaho"),
    ("il", "illinois"),
    ("in", "indiana"),
    ("ia", "iowa"),
    ("ks", "kansas"),
    ("ky", "kentucky"),
    ("la", "louisiana"),
    ("me", "maine"),
    ("md", "maryland"),
    ("ma", "massachusetts"),
    ("mi", "michigan"),
    ("mn", "minnesota"),
    ("ms", "mississippi"),
    ("mo", "missouri"),
    ("mt", "montana"),
    ("ne", "nebraska"),
    ("nv", "nevada"),
    ("nh", "new hampshire"),
    ("nj", "new jersey"),
    ("nm", "new mexico"),
    ("ny", "new york"),
    ("nc", "north carolina"),
    ("nd", "north dakota"),
    ("oh", "ohio"),
    ("ok", "oklahoma"),
    ("or", "oregon"),
    ("pa", "pennsylvania"),
    ("ri", "rhode island"),
    ("sc", "south carolina"),
    ("sd", "south dakota"),
    ("tn", "tennessee"),
    ("tx", "texas"),
    ("ut", "utah"),
    ("vt", "vermont"),
    ("va", "virginia"),
    ("wa", "washington"),
    ("wv", "west virginia"),
    ("wi", "wisconsin"),
    ("wy", "wyoming"),
    ("dc", "district of columbia"),
];

const CA_PROVINCES: &[(&str, &str)] = &[
    ("on", "ontario"),
    ("qc", "quebec"),
    ("bc", "british columbia"),
    ("ab", "alberta"),
    ("mb", "manitoba"),
    ("sk", "saskatchewan"),
    ("ns", "nova scotia"),
    ("nb", "new brunswick"),
    ("nl", "newfoundland and labrador"),
    ("pe", "prince edward island"),
];

fn ca_province(s: &str) -> bool {
    let k = clean(s);
    let code_ok = s.trim().chars().take(2).filter(|c| c.is_ascii_uppercase()).count() == 2;
    let first = k.split_whitespace().next().unwrap_or("");
    CA_PROVINCES.iter().any(|(code, name)| (*code == first && code_ok && k.len() <= 10) || *name == k)
}

/// Cities and metro areas that often stand alone in a location line.
const CITIES: &[(&str, &str)] = &[
    ("san francisco bay area", "United States"),
    ("bay area", "United States"),
    ("silicon valley", "United States"),
    ("new york city", "United States"),
    ("new york", "United States"),
    ("nyc", "United States"),
    ("san francisco", "United States"),
    ("los angeles", "United States"),
    ("seattle", "United States"),
    ("boston", "United States"),
    ("chicago", "United States"),
    ("austin", "United States"),
    ("atlanta", "United States"),
    ("washington dc", "United States"),
    ("washington d.c.", "United States"),
    ("dallas", "United States"),
    ("denver", "United States"),
    ("miami", "United States"),
    ("london", "United Kingdom"),
    ("manchester", "United Kingdom"),
    ("edinburgh", "United Kingdom"),
    ("paris", "France"),
    ("berlin", "Germany"),
    ("munich", "Germany"),
    ("münchen", "Germany"),
    ("hamburg", "Germany"),
    ("frankfurt", "Germany"),
    ("amsterdam", "Netherlands"),
    ("dublin", "Ireland"),
    ("zurich", "Switzerland"),
    ("zürich", "Switzerland"),
    ("geneva", "Switzerland"),
    ("vienna", "Austria"),
    ("stockholm", "Sweden"),
    ("copenhagen", "Denmark"),
    ("oslo", "Norway"),
    ("helsinki", "Finland"),
    ("madrid", "Spain"),
    ("barcelona", "Spain"),
    ("lisbon", "Portugal"),
    ("milan", "Italy"),
    ("rome", "Italy"),
    ("warsaw", "Poland"),
    ("prague", "Czech Republic"),
    ("toronto", "Canada"),
    ("vancouver", "Canada"),
    ("montreal", "Canada"),
    ("sydney", "Australia"),
    ("melbourne", "Australia"),
    ("bangalore", "India"),
    ("bengaluru", "India"),
    ("mumbai", "India"),
    ("delhi", "India"),
    ("new delhi", "India"),
    ("hyderabad", "India"),
    ("pune", "India"),
    ("chennai", "India"),
    ("tokyo", "Japan"),
    ("seoul", "South Korea"),
    ("beijing", "China"),
    ("shanghai", "China"),
    ("shenzhen", "China"),
    ("dubai", "United Arab Emirates"),
    ("abu dhabi", "United Arab Emirates"),
    ("tel aviv", "Israel"),
    ("cairo", "Egypt"),
    ("lagos", "Nigeria"),
    ("nairobi", "Kenya"),
    ("accra", "Ghana"),
    ("johannesburg", "South Africa"),
    ("cape town", "South Africa"),
    ("são paulo", "Brazil"),
    ("sao paulo", "Brazil"),
    ("mexico city", "Mexico"),
    ("buenos aires", "Argentina"),
    ("bogotá", "Colombia"),
    ("bogota", "Colombia"),
    ("santiago", "Chile"),
    ("lima", "Peru"),
    ("kyiv", "Ukraine"),
    ("istanbul", "Turkey"),
    ("warsaw", "Poland"),
    ("warszawa", "Poland"),
    ("krakow", "Poland"),
    ("kraków", "Poland"),
    ("budapest", "Hungary"),
    ("bucharest", "Romania"),
    ("athens", "Greece"),
    ("brussels", "Belgium"),
    ("rotterdam", "Netherlands"),
    ("lyon", "France"),
    ("porto", "Portugal"),
    ("valencia", "Spain"),
    ("cologne", "Germany"),
    ("stuttgart", "Germany"),
    ("riyadh", "Saudi Arabia"),
    ("doha", "Qatar"),
    ("karachi", "Pakistan"),
    ("lahore", "Pakistan"),
    ("dhaka", "Bangladesh"),
    ("ho chi minh city", "Vietnam"),
    ("hanoi", "Vietnam"),
    ("bangkok", "Thailand"),
    ("auckland", "New Zealand"),
    ("kampala", "Uganda"),
    ("kigali", "Rwanda"),
    ("addis ababa", "Ethiopia"),
    ("casablanca", "Morocco"),
    ("san jose", "United States"),
    ("palo alto", "United States"),
    ("mountain view", "United States"),
    ("houston", "United States"),
    ("philadelphia", "United States"),
    ("san diego", "United States"),
    ("portland", "United States"),
    ("pittsburgh", "United States"),
    ("calgary", "Canada"),
    ("ottawa", "Canada"),
    ("jakarta", "Indonesia"),
    ("manila", "Philippines"),
    ("kuala lumpur", "Malaysia"),
];

fn clean(s: &str) -> String {
    let s = s.trim().trim_matches(|c: char| !c.is_alphanumeric() && c != '.').to_lowercase();
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A country name or alias → the country's name ("USA" → "United States").
pub fn normalize_country(s: &str) -> Option<String> {
    let k = clean(s);
    let k = k.trim_end_matches('.').to_string();
    if k.is_empty() {
        return None;
    }
    COUNTRIES
        .iter()
        .find(|(name, aliases)| name.eq_ignore_ascii_case(&k) || aliases.iter().any(|a| a.trim_end_matches('.') == k))
        .map(|(name, _)| name.to_string())
}

/// Every spelling this table knows of the country `s` names: its name first, then its
/// aliases ("us" → "United States", "united states", "usa", "us", …). Empty when unknown.
/// Country filters use it to match a profile whichever of these it stores.
pub fn country_spellings(s: &str) -> Vec<String> {
    let Some(name) = normalize_country(s) else { return Vec::new() };
    let mut out = vec![name.clone()];
    if let Some((_, aliases)) = COUNTRIES.iter().find(|(n, _)| *n == name) {
        out.extend(aliases.iter().map(|a| a.to_string()));
    }
    out
}

fn us_state(s: &str) -> bool {
    let k = clean(s);
    // "TX 78701" → "tx"
    let first = k.split_whitespace().next().unwrap_or("");
    let rest_is_zip = k.split_whitespace().skip(1).all(|w| w.chars().all(|c| c.is_ascii_digit() || c == '-'));
    let code_ok = s.trim().chars().take(2).filter(|c| c.is_ascii_uppercase()).count() == 2;
    US_STATES.iter().any(|(code, name)| (*code == first && rest_is_zip && code_ok) || *name == k)
}

fn city(s: &str) -> Option<&'static str> {
    let full = clean(s);
    let mut k = full.clone();
    for prefix in ["greater ", "metro "] {
        if let Some(rest) = k.strip_prefix(prefix) {
            k = rest.to_string();
        }
    }
    for suffix in [" metropolitan area", " metro area", " area", " region"] {
        if let Some(rest) = k.strip_suffix(suffix) {
            k = rest.to_string();
        }
    }
    CITIES.iter().find(|(c, _)| *c == full || *c == k).map(|(_, country)| *country)
}

/// The country of a location line: "Berlin, Germany", "Austin, TX 78701",
/// "San Francisco Bay Area", "Greater London", "Remote (USA)".
pub fn country_of_location(line: &str) -> Option<String> {
    let line = line.trim();
    if line.is_empty() || line.len() > 80 || line.contains('@') {
        return None;
    }
    let parts: Vec<&str> =
        line.split([',', '|', '·', '•', '/', '(', ')']).map(str::trim).filter(|p| !p.is_empty()).collect();
    for part in parts.iter().rev() {
        if let Some(c) = normalize_country(part) {
            // Only trust two-letter aliases ("US", "UK") when written in capitals.
            if part.len() <= 3 && !part.chars().all(|c| c.is_ascii_uppercase() || c == '.') {
                continue;
            }
            return Some(c);
        }
        if us_state(part) && parts.len() > 1 {
            return Some("United States".into());
        }
        if ca_province(part) && parts.len() > 1 {
            return Some("Canada".into());
        }
        if let Some(c) = city(part) {
            return Some(c.into());
        }
    }
    // LinkedIn names US metro regions without a country ("Raleigh-Durham-Chapel Hill Area",
    // "Dallas-Fort Worth Metroplex"); other countries' regions carry the country name.
    let lower = line.to_lowercase();
    if (lower.ends_with(" area") || lower.ends_with(" metroplex"))
        && line.chars().next().is_some_and(char::is_uppercase)
    {
        return Some("United States".into());
    }
    None
}

/// Whether a line reads like a place ("Berlin, Germany", "Austin, TX", "Remote").
pub fn looks_like_location(line: &str) -> bool {
    let l = line.trim();
    if l.is_empty() || l.len() > 70 || l.chars().any(|c| c.is_ascii_digit() && !l.contains(", ")) {
        return false;
    }
    let lower = l.to_lowercase();
    lower == "remote" || lower.starts_with("remote ") || country_of_location(l).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_a_country() {
        let us = country_spellings("US");
        assert_eq!(us[0], "United States");
        assert!(us.contains(&"usa".to_string()) && us.contains(&"us".to_string()));
        assert_eq!(country_spellings("kenya"), vec!["Kenya", "kenya"]);
        assert!(country_spellings("Atlantis").is_empty());
    }

    #[test]
    fn aliases() {
        assert_eq!(normalize_country("USA").as_deref(), Some("United States"));
        assert_eq!(normalize_country("U.S.").as_deref(), Some("United States"));
        assert_eq!(normalize_country("england").as_deref(), Some("United Kingdom"));
        assert_eq!(normalize_country("Deutschland").as_deref(), Some("Germany"));
        assert_eq!(normalize_country("Atlantis"), None);
    }

    #[test]
    fn locations() {
        let c = |s: &str| country_of_location(s);
        assert_eq!(c("Berlin, Germany").as_deref(), Some("Germany"));
        assert_eq!(c("Munich, Bavaria, Germany").as_deref(), Some("Germany"));
        assert_eq!(c("San Francisco Bay Area").as_deref(), Some("United States"));
        assert_eq!(c("Greater Seattle Area").as_deref(), Some("United States"));
        assert_eq!(c("Austin, TX").as_deref(), Some("United States"));
        assert_eq!(c("Austin, TX 78701").as_deref(), Some("United States"));
        assert_eq!(c("Boston, Massachusetts, United States").as_deref(), Some("United States"));
        assert_eq!(c("London, UK").as_deref(), Some("United Kingdom"));
        assert_eq!(c("Greater London").as_deref(), Some("United Kingdom"));
        assert_eq!(c("Lagos, Nigeria").as_deref(), Some("Nigeria"));
        assert_eq!(c("Bengaluru, Karnataka, India").as_deref(), Some("India"));
        assert_eq!(c("Remote (USA)").as_deref(), Some("United States"));
        assert_eq!(c("Toronto, ON").as_deref(), Some("Canada"));
        assert_eq!(c("Raleigh-Durham-Chapel Hill Area").as_deref(), Some("United States"));
        assert_eq!(c("Buffalo/Niagara, New York Area").as_deref(), Some("United States"));
        assert_eq!(c("Greater Toronto Area, Canada").as_deref(), Some("Canada"));
        assert_eq!(c("Waterloo, Ontario").as_deref(), Some("Canada"));
        assert_eq!(c("Led us to growth"), None);
        assert_eq!(c("jane@example.com"), None);
    }
}
