//! Views of one person kept per person write generation (`store::person_generations`,
//! migration m0042): the identity a member's every page asks for, and their profile page.
//! An entry is trusted only at the pair of generations (the person's and everyone's) and
//! the day it was read at; the generations are read before the rows, so what is filed under
//! them is never older than they are.
//!
//! Memory is bounded: at most [`MAX_PEOPLE`] entries per cache (a few kilobytes each); past
//! that, the set is cleared.

use std::{
    collections::HashMap,
    hash::Hash,
    sync::{Arc, Mutex},
};

use chrono::NaiveDate;
use store::person_generations::PersonGeneration;

/// Entries kept per cache.
pub const MAX_PEOPLE: usize = 10_000;

struct Kept<V> {
    generation: PersonGeneration,
    day: NaiveDate,
    value: Arc<V>,
}

/// Views keyed by `K` (which names the tenant and the person, and what else the view
/// depends on), cheap to clone and shared by requests.
pub struct PersonCache<K, V> {
    kept: Arc<Mutex<HashMap<K, Kept<V>>>>,
}

impl<K, V> Clone for PersonCache<K, V> {
    fn clone(&self) -> Self {
        PersonCache { kept: self.kept.clone() }
    }
}

impl<K, V> Default for PersonCache<K, V> {
    fn default() -> Self {
        PersonCache { kept: Arc::new(Mutex::new(HashMap::new())) }
    }
}

impl<K: Hash + Eq, V> PersonCache<K, V> {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, Kept<V>>> {
        self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The view filed under `key` at these generations and day.
    pub fn get(&self, key: &K, generation: PersonGeneration, day: NaiveDate) -> Option<Arc<V>> {
        let kept = self.lock();
        let entry = kept.get(key)?;
        (entry.generation == generation && entry.day == day).then(|| entry.value.clone())
    }

    /// The view filed under `key` for the person `user_id` at their current generations and
    /// today: as kept, or made by `read` (after the generations are read) and kept.
    pub async fn kept(
        &self,
        generations: &store::generations::Generations,
        db: &impl sea_orm::ConnectionTrait,
        key: K,
        user_id: i64,
        read: impl AsyncFnOnce() -> crate::error::ApiResult<V>,
    ) -> crate::error::ApiResult<Arc<V>> {
        let generation = generations.person(db, user_id).await?;
        let today = chrono::Utc::now().date_naive();
        if let Some(kept) = self.get(&key, generation, today) {
            return Ok(kept);
        }
        let value = Arc::new(read().await?);
        self.remember(key, generation, today, value.clone());
        Ok(value)
    }

    pub fn remember(&self, key: K, generation: PersonGeneration, day: NaiveDate, value: Arc<V>) {
        let mut kept = self.lock();
        if kept.len() >= MAX_PEOPLE && !kept.contains_key(&key) {
            kept.clear();
        }
        kept.insert(key, Kept { generation, day, value });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_view_is_trusted_only_at_its_generations_and_day_and_memory_is_bounded() {
        let cache: PersonCache<(i64, i64), String> = PersonCache::default();
        let day = NaiveDate::from_ymd_opt(2026, 12, 4).unwrap();
        let at = PersonGeneration { person: 3, everyone: 1 };
        cache.remember((1, 7), at, day, Arc::new("ada".into()));
        assert_eq!(cache.get(&(1, 7), at, day).as_deref().map(String::as_str), Some("ada"));
        assert!(cache.get(&(1, 7), PersonGeneration { person: 4, ..at }, day).is_none(), "her write");
        assert!(cache.get(&(1, 7), PersonGeneration { everyone: 2, ..at }, day).is_none(), "everyone's write");
        assert!(cache.get(&(1, 7), at, day.succ_opt().unwrap()).is_none(), "the next day");
        assert!(cache.get(&(2, 7), at, day).is_none(), "another tenant");
        for user in 0..(MAX_PEOPLE as i64 + 5) {
            cache.remember((1, user), at, day, Arc::new(String::new()));
        }
        assert!(cache.lock().len() <= MAX_PEOPLE);
    }
}
