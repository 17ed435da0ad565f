//! The in-process index of a site's items (issue 29: "an in-process index built from the
//! stored vectors and kept current by generation, so several instances agree").
//!
//! Each instance holds, per site, every item the worker wrote (`match_items`) with its facts
//! and its vector quantised to bytes. A request reads the site's generation (one primary-key
//! read) and, when the index is behind, the one request that gets the site's refresh turn
//! reads the rows written since (`(tenant_id, seq)`), in pages, and the vectors of texts the
//! index has not seen; the others wait for it. Identical texts share one vector.
//!
//! Scans: a kind of up to [`EXACT_SCAN_MAX`] items is compared exactly (bytes, dot product);
//! a larger one (the members of a big site) first by one bit per dimension (Hamming distance,
//! a few hundred kilobytes per hundred thousand people), and the nearest few hundred of those
//! exactly. Memory: about a quarter of a kilobyte per item ([`Entry`]) and 384 bytes per distinct text.
//!
//! Words (topic keys and term stems) are held as numbers of the site's vocabulary
//! ([`Words`]): a request compares every member of a big site by their topics, and comparing
//! numbers costs no hashing.

use std::{collections::HashMap, sync::Arc};

use chrono::NaiveDate;
use domain::matching::{lexical, vector, ItemKind, ItemMeta};
use store::queries::matching::items::Loaded;

mod arena;
mod scan;
mod sites;

use arena::Arena;
use scan::nearest_rows;
pub use sites::{Indexes, Site};

/// Kinds up to this size are scanned exactly.
pub const EXACT_SCAN_MAX: usize = 2_000;
/// Candidates kept by the bit pass before the exact comparison, for an answer or ranked
/// people ([`SiteIndex::candidates`] takes the size).
pub const PREFILTER: usize = 600;
/// How many prefilters' worth of the nearest the bit pass looks at for those a ranking
/// wants beyond the prefilter (sharing a topic): the first is the prefilter itself.
const BAND: usize = 4;
/// Rows read per page when catching up.
const PAGE: u64 = 5_000;
const NO_SLOT: u32 = u32::MAX;

/// A word the site's vocabulary does not hold (matches nothing).
const NO_WORD: u32 = u32::MAX;

/// What ranking compares of every candidate (the rest of an item's meta is read for the
/// few that are ranked: [`Entry::meta`]).
///
/// Its lists are packed into two boxes (option values; word numbers) rather than one box
/// each: an item of a big site has one country, one stage, one field, two topics and a few
/// terms, and five separate allocations of a few bytes cost ~170 bytes an item in the
/// allocator's smallest chunks (about 28 MB of a 100k-member site's 204k items).
#[derive(Debug, Clone, Default)]
pub struct Facts {
    /// Career stages, then professional fields.
    options: Box<[i64]>,
    stage_count: u16,
    /// Countries (canonical names lower-cased), then topics (lower-cased, in the meta's
    /// order), then terms (sorted), as the vocabulary numbers them ([`SiteIndex::word_id`]).
    words: Box<[u32]>,
    country_count: u16,
    topic_count: u16,
    pub starts_on: Option<NaiveDate>,
    pub ends_on: Option<NaiveDate>,
    pub closes_on: Option<NaiveDate>,
    pub online: bool,
}

/// At most this many of each list are held (a longer one is cut: no real item comes near).
const MOST_OF_A_LIST: usize = u16::MAX as usize;

impl Facts {
    /// `number` numbers countries and topics (lower-cased) as the vocabulary does; `terms`
    /// are the item's term numbers, sorted and without repeats.
    fn of(meta: &ItemMeta, mut number: impl FnMut(&str) -> u32, terms: Vec<u32>) -> Self {
        let countries: Vec<u32> = meta.countries.iter().take(MOST_OF_A_LIST).map(|c| number(c)).collect();
        let topics: Vec<u32> = meta.topics.iter().take(MOST_OF_A_LIST).map(|t| number(&t.to_lowercase())).collect();
        let stages = &meta.stages[..meta.stages.len().min(MOST_OF_A_LIST)];
        let fields = &meta.fields[..meta.fields.len().min(MOST_OF_A_LIST)];
        let terms = &terms[..terms.len().min(MOST_OF_A_LIST)];
        Facts {
            options: stages.iter().chain(fields).copied().collect(),
            stage_count: stages.len() as u16,
            words: countries.iter().chain(&topics).chain(terms).copied().collect(),
            country_count: countries.len() as u16,
            topic_count: topics.len() as u16,
            starts_on: meta.starts_on,
            ends_on: meta.ends_on,
            closes_on: meta.closes_on,
            online: meta.online,
        }
    }

    /// Countries as the vocabulary numbers them.
    pub fn countries(&self) -> &[u32] {
        &self.words[..self.country_count as usize]
    }

    pub fn stages(&self) -> &[i64] {
        &self.options[..self.stage_count as usize]
    }

    pub fn fields(&self) -> &[i64] {
        &self.options[self.stage_count as usize..]
    }

    /// The vocabulary's numbers of its topics lower-cased, in the meta's order.
    fn topic_ids(&self) -> &[u32] {
        let from = self.country_count as usize;
        &self.words[from..from + self.topic_count as usize]
    }

    /// The vocabulary's numbers of its terms, sorted.
    fn term_ids(&self) -> &[u32] {
        &self.words[self.country_count as usize + self.topic_count as usize..]
    }

    /// An event's first day, a job's close date.
    pub fn date(&self, kind: ItemKind) -> Option<NaiveDate> {
        match kind {
            ItemKind::Job => self.closes_on,
            _ => self.starts_on,
        }
    }
}

/// One item as the index holds it: what ranking compares (its facts and its words as
/// numbers). The rest of its meta (name, location, what it is about) stays in the database
/// and is read for the few ranked (`store::queries::matching::items::metas`). On a site of
/// 100,000 members this holds each in under 200 bytes.
#[derive(Debug)]
pub struct Entry {
    pub id: i64,
    pub eligible: bool,
    pub facts: Facts,
    slot: u32,
}

impl Entry {
    fn new(id: i64, eligible: bool, meta: &ItemMeta, words: &mut Words, slot: u32) -> Self {
        for topic in &meta.topics {
            words.intern_topic(topic);
        }
        let mut term_ids: Vec<u32> = meta.terms.iter().map(|t| words.intern(t)).collect();
        term_ids.sort_unstable();
        term_ids.dedup();
        Entry { id, eligible, facts: Facts::of(meta, |w| words.intern(w), term_ids), slot }
    }

    /// How many of its topics `has` holds.
    pub fn shared_topic_count(&self, has: impl Fn(u32) -> bool) -> usize {
        self.facts.topic_ids().iter().filter(|id| **id != NO_WORD && has(**id)).count()
    }

    /// Whether one of its topics is among `sorted` (topic numbers, sorted).
    pub fn shares_topic(&self, sorted: &[u32]) -> bool {
        self.facts.topic_ids().iter().any(|id| sorted.binary_search(id).is_ok())
    }

    /// Whether it holds topic number `id`.
    pub fn has_topic(&self, id: u32) -> bool {
        self.facts.topic_ids().contains(&id)
    }

    /// Whether it holds one of `sorted` (term numbers, sorted).
    pub fn has_any_term(&self, sorted: &[u32]) -> bool {
        let terms = self.facts.term_ids();
        // Both are sorted: look the shorter up in the longer (a question has a few words, an
        // item dozens).
        if sorted.len() <= terms.len() {
            sorted.iter().any(|id| terms.binary_search(id).is_ok())
        } else {
            terms.iter().any(|id| sorted.binary_search(id).is_ok())
        }
    }

    fn has_term(&self, id: u32) -> bool {
        self.facts.term_ids().binary_search(&id).is_ok()
    }

    pub fn has_vector(&self) -> bool {
        self.slot != NO_SLOT
    }
}

/// The site's words, numbered; a topic's number names it as the site shows it.
#[derive(Default)]
struct Words {
    ids: HashMap<String, u32>,
    names: Vec<String>,
    /// A topic's display name by number (the first spelling seen).
    display: HashMap<u32, String>,
}

impl Words {
    fn intern_topic(&mut self, name: &str) -> u32 {
        let id = self.intern(&name.to_lowercase());
        self.display.entry(id).or_insert_with(|| name.to_string());
        id
    }

    fn intern(&mut self, word: &str) -> u32 {
        if let Some(id) = self.ids.get(word) {
            return *id;
        }
        let id = self.names.len() as u32;
        self.names.push(word.to_string());
        self.ids.insert(word.to_string(), id);
        id
    }

    fn id(&self, word: &str) -> u32 {
        self.ids.get(word).copied().unwrap_or(NO_WORD)
    }
}

/// Query terms with their weight among one kind's items: what [`lexical::coverage`]
/// computes, with the weights looked up once per request rather than once per item.
pub struct Weighted {
    terms: Vec<(u32, f32)>,
    total: f32,
}

impl Weighted {
    /// How much of the query the entry's terms cover (0 to 1).
    pub fn coverage(&self, entry: &Entry) -> f32 {
        if self.total <= 0.0 {
            return 0.0;
        }
        let found: f32 = self.terms.iter().filter(|(id, _)| entry.has_term(*id)).map(|(_, w)| w).sum();
        found / self.total
    }
}

/// What the bit pass reads of an entry, next to its neighbours' (no pointer to follow).
#[derive(Clone, Copy)]
struct Row {
    slot: u32,
    eligible: bool,
}

#[derive(Default)]
struct KindIndex {
    entries: Vec<Arc<Entry>>,
    /// `entries`' slots and eligibility, in the same order.
    rows: Vec<Row>,
    /// The rows' sign bits, `words` to a row in the rows' order (zeros for a row without a
    /// vector): the bit pass reads them front to back instead of following each row's slot
    /// into the arena, where a big site's distinct texts lie in no order.
    bits: Vec<u64>,
    words: usize,
    pos: HashMap<i64, usize>,
    /// How many eligible entries hold each term, by term number (weights of the lexical
    /// similarity).
    df: Vec<u32>,
    eligible: usize,
}

impl KindIndex {
    fn count(&mut self, entry: &Entry, sign: i64) {
        if !entry.eligible {
            return;
        }
        self.eligible = (self.eligible as i64 + sign).max(0) as usize;
        for id in entry.facts.term_ids() {
            let at = *id as usize;
            if self.df.len() <= at {
                self.df.resize(at + 1, 0);
            }
            self.df[at] = (self.df[at] as i64 + sign).max(0) as u32;
        }
    }

    /// Sets row `at`'s bits (`None`: no vector). The first vector fixes the width; rows
    /// set before it hold zeros.
    fn set_bits(&mut self, at: usize, bits: Option<&[u64]>) {
        if let Some(b) = bits {
            if self.words == 0 {
                self.words = b.len();
            }
        }
        let words = self.words;
        if words == 0 {
            return;
        }
        self.bits.resize(self.rows.len() * words, 0);
        let row = &mut self.bits[at * words..(at + 1) * words];
        match bits {
            Some(b) if b.len() == words => row.copy_from_slice(b),
            _ => row.fill(0),
        }
    }

    fn idf(&self, id: u32) -> f32 {
        lexical::idf(self.df.get(id as usize).copied().unwrap_or(0) as usize, self.eligible)
    }
}

/// A query vector, quantised like the stored ones.
pub struct Query {
    values: Vec<i8>,
    scale: f32,
    bits: Vec<u64>,
}

impl Query {
    pub fn new(v: &[f32]) -> Self {
        let q = vector::quantize(v);
        Query { bits: vector::sign_bits(v), values: q.values, scale: q.scale }
    }
}

/// One site's items.
#[derive(Default)]
pub struct SiteIndex {
    pub generation: i64,
    kinds: HashMap<String, KindIndex>,
    arena: Arena,
    words: Words,
}

impl SiteIndex {
    fn apply(&mut self, row: Loaded, vector: Option<&[f32]>) {
        let meta: ItemMeta = serde_json::from_str(&row.meta).unwrap_or_default();
        let slot = match self.arena.slot_of.get(&row.text_hash) {
            Some(slot) => *slot,
            None => vector.and_then(|v| self.arena.insert(&row.text_hash, v)).unwrap_or(NO_SLOT),
        };
        self.arena.hold(slot);
        let entry = Arc::new(Entry::new(row.item_id, row.eligible, &meta, &mut self.words, slot));
        let kind = self.kinds.entry(row.kind).or_default();
        kind.count(&entry, 1);
        let scan_row = Row { slot, eligible: entry.eligible };
        let at = match kind.pos.get(&row.item_id) {
            Some(&at) => {
                kind.rows[at] = scan_row;
                let old = std::mem::replace(&mut kind.entries[at], entry);
                kind.count(&old, -1);
                self.arena.release(old.slot);
                at
            }
            None => {
                kind.pos.insert(row.item_id, kind.entries.len());
                kind.entries.push(entry);
                kind.rows.push(scan_row);
                kind.rows.len() - 1
            }
        };
        kind.set_bits(at, (slot != NO_SLOT).then(|| self.arena.bits(slot)));
    }

    pub fn entry(&self, kind: &str, id: i64) -> Option<Arc<Entry>> {
        let k = self.kinds.get(kind)?;
        k.pos.get(&id).map(|at| k.entries[*at].clone())
    }

    /// The entry's vector as `f32`s (quantised and back: within 1% of the model's).
    pub fn vector_of(&self, entry: &Entry) -> Option<Vec<f32>> {
        entry.has_vector().then(|| self.arena.f32s(entry.slot))
    }

    /// The cosine of an entry with a query (none without a vector).
    pub fn similarity(&self, entry: &Entry, query: &Query) -> Option<f32> {
        if !entry.has_vector() || query.values.len() != self.arena.dims {
            return None;
        }
        let (values, scale) = self.arena.values(entry.slot);
        Some(vector::cosine(values, scale, &query.values, query.scale))
    }

    /// An entry of facts alone (no vector, not in the index): what people are ranked for
    /// when the index does not hold it.
    pub fn facts(&self, meta: &ItemMeta) -> Entry {
        let mut term_ids: Vec<u32> = meta.terms.iter().map(|t| self.words.id(t)).filter(|id| *id != NO_WORD).collect();
        term_ids.sort_unstable();
        term_ids.dedup();
        Entry { id: 0, eligible: false, facts: Facts::of(meta, |w| self.words.id(w), term_ids), slot: NO_SLOT }
    }

    /// How many of the entry's topics and skills `has` holds (no name read: what a
    /// candidate's score needs).
    pub fn topics_in_common(&self, entry: &Entry, has: impl Fn(u32) -> bool) -> usize {
        entry.facts.topic_ids().iter().filter(|id| **id != NO_WORD && has(**id)).count()
    }

    /// The display names of the entry's topics and skills whose number `has` holds.
    pub fn shared_topics(&self, entry: &Entry, has: impl Fn(u32) -> bool) -> Vec<String> {
        entry
            .facts
            .topic_ids()
            .iter()
            .filter(|id| **id != NO_WORD && has(**id))
            .filter_map(|id| self.words.display.get(id).cloned())
            .collect()
    }

    /// A word's number (a country, a topic key, a term); one the site does not hold matches
    /// nothing.
    pub fn word_id(&self, word: &str) -> u32 {
        self.words.id(word)
    }

    /// The entry's terms as words (the index holds them as numbers).
    pub fn terms_of(&self, entry: &Entry) -> Vec<String> {
        entry.facts.term_ids().iter().filter_map(|id| self.words.names.get(*id as usize).cloned()).collect()
    }

    /// The numbers of the words the vocabulary holds (lower-cased topic keys or terms),
    /// sorted; the others match nothing and are left out.
    pub fn word_ids<S: AsRef<str>>(&self, words: impl IntoIterator<Item = S>) -> Vec<u32> {
        let mut ids: Vec<u32> =
            words.into_iter().map(|w| self.words.id(w.as_ref())).filter(|id| *id != NO_WORD).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// Query terms weighted by how rare each is among a kind's items (a term no item holds
    /// weighs the most and is found nowhere), as [`lexical::coverage`] weighs them.
    pub fn weigh(&self, kind: &str, terms: &[String]) -> Weighted {
        let mut weighted = Weighted { terms: Vec::with_capacity(terms.len()), total: 0.0 };
        for term in terms {
            let id = self.words.id(term);
            let weight = match self.kinds.get(kind) {
                Some(k) => k.idf(id),
                None => 1.0,
            };
            weighted.total += weight;
            if id != NO_WORD {
                weighted.terms.push((id, weight));
            }
        }
        weighted
    }

    /// How many items of a kind may be offered.
    pub fn offered(&self, kind: &str) -> usize {
        self.kinds.get(kind).map_or(0, |k| k.eligible)
    }

    /// The eligible entries of a kind a ranking should look at for `query`: all of them for
    /// a small kind; for a large one, the `prefilter` closest by sign bits, plus up to as
    /// many of the next closest (within [`BAND`] prefilters) that `extra` keeps (found
    /// another way, such as by shared topics), and those without a vector that `extra` keeps.
    /// The bit pass reads only the kind's rows and the vectors' bits: on a big site most
    /// members share some topic with anyone, and following every entry would make a
    /// request's cost the site's size many times over.
    pub fn candidates(
        &self,
        kind: &str,
        query: Option<&Query>,
        prefilter: usize,
        extra: impl Fn(&Entry) -> bool,
    ) -> Vec<Arc<Entry>> {
        let Some(k) = self.kinds.get(kind) else { return Vec::new() };
        let wide = prefilter * BAND;
        if k.entries.len() <= EXACT_SCAN_MAX {
            return k.entries.iter().filter(|e| e.eligible).cloned().collect();
        }
        let query = match query {
            Some(q) if q.bits.len() == k.words => q,
            _ => return without_query(k, prefilter, wide, extra),
        };
        let mut kept: Vec<Arc<Entry>> = Vec::new();
        let mut scored = nearest_rows(k, &query.bits, wide, |at| {
            if extra(&k.entries[at]) {
                kept.push(k.entries[at].clone());
            }
        });
        if scored.len() > prefilter {
            scored.select_nth_unstable(prefilter);
        }
        let best_len = prefilter.min(scored.len());
        let (best, rest) = scored.split_at_mut(best_len);
        kept.extend(best.iter().map(|(_, at)| k.entries[*at as usize].clone()));
        rest.sort_unstable();
        kept.extend(rest.iter().map(|(_, at)| &k.entries[*at as usize]).filter(|e| extra(e)).take(prefilter).cloned());
        kept
    }
}

/// A big kind's candidates when there is no vector to compare (no model, or a member with
/// nothing to embed): up to `wide` eligible entries that `extra` keeps, newest first, then the
/// newest others until there are `prefilter`. The ranking that follows reads each candidate's
/// facts, so handing it the whole kind made a request's cost the site's size (seconds on a site
/// of a million members).
fn without_query(k: &KindIndex, prefilter: usize, wide: usize, extra: impl Fn(&Entry) -> bool) -> Vec<Arc<Entry>> {
    let mut kept: Vec<Arc<Entry>> = Vec::new();
    let mut others: Vec<&Arc<Entry>> = Vec::new();
    for entry in k.entries.iter().rev().filter(|e| e.eligible) {
        if extra(entry) {
            kept.push(entry.clone());
            if kept.len() == wide {
                break;
            }
        } else if others.len() < prefilter {
            others.push(entry);
        }
    }
    let missing = prefilter.saturating_sub(kept.len());
    kept.extend(others.into_iter().take(missing).cloned());
    kept
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn an_entry_packs_its_lists_and_reads_each_back() {
        let mut words = Words::default();
        let meta = ItemMeta {
            countries: vec!["kenya".into(), "uganda".into()],
            stages: vec![2],
            fields: vec![7, 9],
            topics: vec!["Data Science".into(), "SQL".into()],
            terms: vec!["python".into(), "analyst".into(), "python".into()],
            ..Default::default()
        };
        let entry = Entry::new(5, true, &meta, &mut words, NO_SLOT);
        assert_eq!(entry.facts.countries(), &[words.id("kenya"), words.id("uganda")]);
        assert_eq!((entry.facts.stages(), entry.facts.fields()), (&[2][..], &[7, 9][..]));
        let sql = words.id("sql");
        assert!(entry.has_topic(sql) && entry.has_topic(words.id("data science")));
        assert!(!entry.has_topic(words.id("python")), "a term is not a topic");
        assert_eq!(entry.shared_topic_count(|id| id == sql), 1);
        let mut terms = [words.id("python"), words.id("analyst")];
        terms.sort_unstable();
        assert_eq!(entry.facts.term_ids(), &terms[..], "sorted, without repeats");
        assert!(entry.has_any_term(&[words.id("analyst")]) && !entry.has_any_term(&[sql]));

        let bare = Entry::new(6, true, &ItemMeta::default(), &mut words, NO_SLOT);
        assert!(bare.facts.countries().is_empty() && bare.facts.stages().is_empty() && bare.facts.fields().is_empty());
        assert!(bare.facts.term_ids().is_empty() && !bare.has_topic(sql));
    }

    /// A deterministic unit vector of 384 numbers for item `n`.
    fn vector_of(n: u64) -> Vec<f32> {
        let mut state = n.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mut v: Vec<f32> = (0..384)
            .map(|_| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                ((state >> 33) as f32 / (1u64 << 31) as f32) - 0.5
            })
            .collect();
        let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        v.iter_mut().for_each(|x| *x /= norm);
        v
    }

    fn person(id: i64, eligible: bool, topics: &[&str]) -> Loaded {
        let meta = ItemMeta { topics: topics.iter().map(|t| t.to_string()).collect(), ..Default::default() };
        Loaded {
            kind: "user".into(),
            item_id: id,
            eligible,
            text_hash: format!("text-{id}"),
            meta: serde_json::to_string(&meta).unwrap(),
            seq: id,
        }
    }

    #[test]
    fn a_big_kind_gives_the_nearest_and_those_sharing_a_topic_among_the_next_nearest() {
        let asker = vector_of(424_242);
        // Five people close to the asker in meaning (ids 1 to 5), the rest anywhere.
        let near = |id: u64| {
            let noise = vector_of(id);
            let mut v: Vec<f32> = asker.iter().zip(&noise).map(|(a, b)| a + 0.5 * b).collect();
            let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
            v.iter_mut().for_each(|x| *x /= norm);
            v
        };
        let vector = |id: i64| if id <= 5 { near(id as u64) } else { vector_of(id as u64) };
        let mut site = SiteIndex::default();
        let n = 3 * EXACT_SCAN_MAX as i64;
        for id in 1..=n {
            let topics: &[&str] = if id % 50 == 0 { &["Kubernetes"] } else { &["Cooking"] };
            site.apply(person(id, id % 97 != 0, topics), Some(&vector(id)));
        }
        let query = Query::new(&asker);
        let wanted = site.word_ids(["kubernetes"]);
        let prefilter = 100;
        let found = site.candidates("user", Some(&query), prefilter, |e| e.shares_topic(&wanted));

        let ids: HashSet<i64> = found.iter().map(|e| e.id).collect();
        assert_eq!(ids.len(), found.len(), "no entry twice");
        assert!(found.iter().all(|e| e.eligible), "never an ineligible entry");
        assert!(found.len() > prefilter && found.len() <= 2 * prefilter);
        // The exact nearest eligible ones are among them.
        let mut exact: Vec<(f32, i64)> = (1..=n)
            .filter(|id| id % 97 != 0)
            .map(|id| (domain::matching::vector::cosine_f32(&vector(id), &asker), id))
            .collect();
        exact.sort_by(|a, b| b.0.total_cmp(&a.0));
        assert!(exact.iter().take(5).all(|(_, id)| ids.contains(id)), "the five nearest are candidates");
        // Beyond the prefilter, only those sharing the topic.
        let extra = found.iter().skip(prefilter).filter(|e| !e.shares_topic(&wanted)).count();
        assert_eq!(extra, 0);
        assert!(found.iter().skip(prefilter).count() > 0, "some sharing the topic among the next nearest");
        // A small kind is given whole.
        let mut small = SiteIndex::default();
        for id in 1..=10 {
            small.apply(person(id, id != 3, &[]), Some(&vector_of(id as u64)));
        }
        assert_eq!(small.candidates("user", Some(&query), prefilter, |_| false).len(), 9);
    }

    #[test]
    fn a_big_kind_without_a_vector_to_compare_gives_those_sharing_a_topic_then_the_newest() {
        let mut site = SiteIndex::default();
        let n = 3 * EXACT_SCAN_MAX as i64;
        for id in 1..=n {
            let topics: &[&str] = if id % 50 == 0 { &["Kubernetes"] } else { &["Cooking"] };
            site.apply(person(id, id % 97 != 0, topics), None);
        }
        let wanted = site.word_ids(["kubernetes"]);
        let sharing = (1..=n).filter(|id| id % 50 == 0 && id % 97 != 0).count();

        // Fewer share the topic than the prefilter: all of them, then the newest others.
        let prefilter = 200;
        let found = site.candidates("user", None, prefilter, |e| e.shares_topic(&wanted));
        assert_eq!(found.len(), prefilter);
        assert!(found.iter().all(|e| e.eligible), "never an ineligible entry");
        let ids: HashSet<i64> = found.iter().map(|e| e.id).collect();
        assert_eq!(ids.len(), found.len(), "no entry twice");
        assert!(found[..sharing].iter().all(|e| e.shares_topic(&wanted)));
        let newest_others: Vec<i64> =
            (1..=n).rev().filter(|id| id % 50 != 0 && id % 97 != 0).take(prefilter - sharing).collect();
        assert_eq!(found[sharing..].iter().map(|e| e.id).collect::<Vec<_>>(), newest_others);

        // More share it than the band holds: the newest of them, and nothing else.
        let found = site.candidates("user", None, 20, |e| e.shares_topic(&wanted));
        assert_eq!(found.len(), 20 * BAND);
        assert!(found.iter().all(|e| e.shares_topic(&wanted) && e.eligible));
        assert_eq!(found[0].id, (1..=n).rev().find(|id| id % 50 == 0 && id % 97 != 0).unwrap());
    }

    #[test]
    fn words_are_numbered_once_and_weighted_like_lexical_coverage() {
        let mut site = SiteIndex::default();
        let meta = |terms: &[&str]| ItemMeta {
            topics: vec!["SQL".into()],
            terms: terms.iter().map(|t| t.to_string()).collect(),
            ..Default::default()
        };
        for (id, terms) in [(1, &["sql", "data"][..]), (2, &["sql"][..]), (3, &["cook"][..])] {
            let row = Loaded {
                kind: "circle".into(),
                item_id: id,
                eligible: true,
                text_hash: format!("t{id}"),
                meta: serde_json::to_string(&meta(terms)).unwrap(),
                seq: id,
            };
            site.apply(row, None);
        }
        let first = site.entry("circle", 1).unwrap();
        assert_eq!(site.terms_of(&first), vec!["sql".to_string(), "data".to_string()]);
        assert_eq!(site.shared_topics(&first, |_| true), vec!["SQL".to_string()]);
        assert_eq!(site.topics_in_common(&first, |_| true), 1);
        assert_eq!(site.topics_in_common(&first, |_| false), 0);
        let query: Vec<String> = ["data", "sql", "unknown"].iter().map(|t| t.to_string()).collect();
        let weighted = site.weigh("circle", &query);
        let expected = lexical::coverage(&query, &["sql".to_string(), "data".to_string()], |t| {
            let df = match t {
                "sql" => 2,
                "data" => 1,
                _ => 0,
            };
            lexical::idf(df, 3)
        });
        assert!((weighted.coverage(&first) - expected).abs() < 1e-6);
    }
}
