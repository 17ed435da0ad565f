//! One ranking in flight per kept list: when many requests miss the same kept list at once
//! (a group's administrators opening its recommendations, a member's right panel on several
//! tabs), the first ranks it and the others wait for it and read what it kept. Without this,
//! 32 requests missing a group's list at once ranked it 32 times side by side, each taking
//! 32 times as long on a two-core server.

use std::{
    collections::HashMap,
    hash::Hash,
    sync::{Arc, Mutex},
};

use tokio::sync::OwnedMutexGuard;

/// The keys being ranked now, each with the lock its rankers queue on.
pub struct Turns<K> {
    in_flight: Mutex<HashMap<K, Arc<tokio::sync::Mutex<()>>>>,
}

impl<K> Default for Turns<K> {
    fn default() -> Self {
        Turns { in_flight: Mutex::new(HashMap::new()) }
    }
}

/// A key's turn, held while ranking it: the next waiter goes on when it is dropped (the
/// ranking kept, failed or its request cancelled).
pub struct Turn<'a, K: Hash + Eq + Clone> {
    turns: &'a Turns<K>,
    key: K,
    lock: Arc<tokio::sync::Mutex<()>>,
    held: Option<OwnedMutexGuard<()>>,
}

impl<K: Hash + Eq + Clone> Turns<K> {
    /// Waits for the key's turn. The caller looks for the kept list again once it has it: the
    /// turn before may have kept it.
    pub async fn take(&self, key: K) -> Turn<'_, K> {
        let lock = self.in_flight.lock().unwrap_or_else(|p| p.into_inner()).entry(key.clone()).or_default().clone();
        let held = lock.clone().lock_owned().await;
        Turn { turns: self, key, lock, held: Some(held) }
    }

    /// Keys with a turn taken or awaited.
    pub fn in_flight(&self) -> usize {
        self.in_flight.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

impl<K: Hash + Eq + Clone> Drop for Turn<'_, K> {
    fn drop(&mut self) {
        self.held.take();
        let mut in_flight = self.turns.in_flight.lock().unwrap_or_else(|p| p.into_inner());
        // Only the map and this turn hold the lock: nobody waits, the key is done.
        let idle = in_flight.get(&self.key).is_some_and(|l| Arc::ptr_eq(l, &self.lock) && Arc::strong_count(l) == 2);
        if idle {
            in_flight.remove(&self.key);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::{
        sync::atomic::{AtomicUsize, Ordering::SeqCst},
        time::Duration,
    };

    use super::*;

    /// What a ranking behind turns does: look, take the turn, look again, rank and keep.
    async fn kept_or_ranked(turns: &Turns<&'static str>, kept: &Mutex<Option<u32>>, ranked: &AtomicUsize) -> u32 {
        if let Some(v) = *kept.lock().unwrap() {
            return v;
        }
        let _turn = turns.take("group-1").await;
        if let Some(v) = *kept.lock().unwrap() {
            return v;
        }
        ranked.fetch_add(1, SeqCst);
        tokio::time::sleep(Duration::from_millis(20)).await;
        *kept.lock().unwrap() = Some(7);
        7
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn requests_missing_one_list_at_once_rank_it_once_and_leave_no_turn_behind() {
        let turns = Arc::new(Turns::default());
        let kept = Arc::new(Mutex::new(None));
        let ranked = Arc::new(AtomicUsize::new(0));
        let asks: Vec<_> = (0..16)
            .map(|_| {
                let (turns, kept, ranked) = (turns.clone(), kept.clone(), ranked.clone());
                tokio::spawn(async move { kept_or_ranked(&turns, &kept, &ranked).await })
            })
            .collect();
        for ask in asks {
            assert_eq!(ask.await.unwrap(), 7);
        }
        assert_eq!(ranked.load(SeqCst), 1, "ranked once for sixteen requests");
        assert_eq!(turns.in_flight(), 0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_cancelled_ranking_hands_the_turn_on() {
        let turns = Arc::new(Turns::default());
        let first = {
            let turns = turns.clone();
            tokio::spawn(async move {
                let _turn = turns.take("group-1").await;
                tokio::time::sleep(Duration::from_secs(60)).await;
            })
        };
        while turns.in_flight() == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        first.abort();
        assert!(first.await.unwrap_err().is_cancelled());
        let next = tokio::time::timeout(Duration::from_secs(5), turns.take("group-1")).await;
        assert!(next.is_ok(), "the next request gets the turn");
        drop(next);
        assert_eq!(turns.in_flight(), 0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn different_lists_are_ranked_side_by_side() {
        let turns = Turns::default();
        let one = turns.take("group-1").await;
        let other = tokio::time::timeout(Duration::from_secs(5), turns.take("group-2")).await;
        assert!(other.is_ok(), "one list does not wait for another");
        assert_eq!(turns.in_flight(), 2);
        drop(one);
        drop(other);
        assert_eq!(turns.in_flight(), 0);
    }
}
