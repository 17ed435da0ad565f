//! What the engine keeps of members' recommendation lists: the ranked items before their
//! cards are read, within a memory budget.

use std::{collections::HashMap, sync::Arc, time::Instant};

use chrono::NaiveDate;
use domain::matching::ItemKind;
use store::queries::matching::member::Stamps;

/// The memory the kept recommendation lists may take, counted by [`Ranked::bytes`]: an
/// every-kind list of about thirty items is some ten kilobytes, so this keeps about a
/// thousand members' lists (a list not kept is ranked again in a few milliseconds).
pub(super) const KEPT_RECOMMENDATION_BYTES: usize = 12 << 20;

/// A ranked item before its card is read (what the cache keeps).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Ranked {
    pub(super) kind: ItemKind,
    pub(super) id: i64,
    pub(super) score: f64,
    pub(super) reason: String,
    pub(super) topics: Vec<String>,
    pub(super) date: Option<NaiveDate>,
    pub(super) location: Option<String>,
}

impl Ranked {
    /// About what it holds in memory: itself and its texts.
    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of::<Self>()
            + self.reason.capacity()
            + self.topics.capacity() * std::mem::size_of::<String>()
            + self.topics.iter().map(String::capacity).sum::<usize>()
            + self.location.as_ref().map_or(0, String::capacity)
    }
}

#[derive(Clone)]
pub(super) struct KeptRecommendations {
    pub(super) stamps: Stamps,
    pub(super) at: Instant,
    pub(super) items: Arc<Vec<Ranked>>,
}

pub(super) type RecommendationKey = (i64, i64, u32, usize);

/// Members' recommendation lists within [`KEPT_RECOMMENDATION_BYTES`]: when a list would
/// pass it, every list is dropped (each is ranked again when next asked for). A count of
/// lists would not bound the memory: an every-kind list is twenty times a one-kind list.
#[derive(Default)]
pub(super) struct KeptLists {
    pub(super) lists: HashMap<RecommendationKey, (KeptRecommendations, usize)>,
    pub(super) bytes: usize,
}

impl KeptLists {
    pub(super) fn get(&self, key: &RecommendationKey) -> Option<&KeptRecommendations> {
        self.lists.get(key).map(|(kept, _)| kept)
    }

    pub(super) fn insert(&mut self, key: RecommendationKey, kept: KeptRecommendations) {
        let size = kept.items.iter().map(Ranked::bytes).sum::<usize>() + std::mem::size_of_val(&kept);
        if self.bytes + size > KEPT_RECOMMENDATION_BYTES {
            self.lists.clear();
            self.bytes = 0;
        }
        if let Some((_, old)) = self.lists.insert(key, (kept, size)) {
            self.bytes -= old;
        }
        self.bytes += size;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: usize) -> KeptRecommendations {
        let item = Ranked {
            kind: ItemKind::Circle,
            id: 1,
            score: 1.0,
            reason: "Shares your skills SQL and Tableau".repeat(4),
            topics: vec!["Data science".into(), "SQL".into()],
            date: None,
            location: Some("Nairobi".into()),
        };
        KeptRecommendations { stamps: Stamps::default(), at: Instant::now(), items: Arc::new(vec![item; items]) }
    }

    #[test]
    fn kept_lists_stay_within_their_memory() {
        let mut kept = KeptLists::default();
        kept.insert((1, 1, 1, 3), list(30));
        let one = kept.bytes;
        assert!(one > 30 * 200, "a list counts its texts: {one} bytes");
        // The same key again replaces the list and its bytes.
        kept.insert((1, 1, 1, 3), list(30));
        assert_eq!(kept.bytes, one);
        let mut member = 2;
        while kept.lists.len() as i64 == member - 1 {
            kept.insert((1, member, 1, 3), list(30));
            member += 1;
            assert!(kept.bytes <= KEPT_RECOMMENDATION_BYTES);
        }
        // The list that would have passed the budget is the only one left.
        assert_eq!(kept.lists.len(), 1);
        assert!(kept.get(&(1, member - 1, 1, 3)).is_some());
        assert!(kept.get(&(1, 1, 1, 3)).is_none());
        assert!((member - 2) as usize * one <= KEPT_RECOMMENDATION_BYTES);
    }
}
