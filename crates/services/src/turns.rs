//! One piece of work in flight per key. When many requests miss the same kept thing at once (a
//! list page right after a write, a group's recommended people, a member's right panel on
//! several tabs), the first makes it and the others wait for it and read what it kept. Without
//! this, 32 requests missing a group's list at once ranked it 32 times side by side, each taking
//! 32 times as long on a two-core server. A turn may also hand its outcome to those waiting (a
//! new question's embedding, a failure included), so they need not look anywhere else.

use std::{
    collections::HashMap,
    hash::Hash,
    sync::{Arc, Mutex},
};

use tokio::sync::OwnedMutexGuard;

/// A key's lock, holding the outcome a finished turn handed on, if any.
type Slot<V> = Arc<tokio::sync::Mutex<Option<V>>>;

/// The keys being worked on now, each with the lock its askers queue on (cheap to clone;
/// clones share the keys).
pub struct Turns<K, V = ()> {
    in_flight: Arc<Mutex<HashMap<K, Slot<V>>>>,
}

impl<K, V> Default for Turns<K, V> {
    fn default() -> Self {
        Turns { in_flight: Arc::new(Mutex::new(HashMap::new())) }
    }
}

impl<K, V> Clone for Turns<K, V> {
    fn clone(&self) -> Self {
        Turns { in_flight: self.in_flight.clone() }
    }
}

/// A key's turn, held while working on it: the next waiter goes on when it is dropped (the
/// work kept, failed or its request cancelled).
pub struct Turn<K: Hash + Eq + Clone, V = ()> {
    turns: Turns<K, V>,
    key: K,
    slot: Slot<V>,
    held: Option<OwnedMutexGuard<Option<V>>>,
}

/// What waiting for a key gives: the outcome an earlier turn handed on, or the turn itself.
pub enum Taken<K: Hash + Eq + Clone, V> {
    HandedOn(V),
    Turn(Turn<K, V>),
}

impl<K: Hash + Eq + Clone, V: Clone> Turns<K, V> {
    /// Waits for the key's turn. The caller looks for the kept work again once it has it: the
    /// turn before may have kept it.
    pub async fn take(&self, key: K) -> Turn<K, V> {
        let slot = self.in_flight.lock().unwrap_or_else(|p| p.into_inner()).entry(key.clone()).or_default().clone();
        let held = slot.clone().lock_owned().await;
        Turn { turns: self.clone(), key, slot, held: Some(held) }
    }

    /// Waits for the key's turn, unless a turn that ended meanwhile handed on its outcome.
    pub async fn take_or_handed_on(&self, key: K) -> Taken<K, V> {
        let turn = self.take(key).await;
        match turn.held.as_ref().and_then(|held| held.as_ref()) {
            Some(outcome) => Taken::HandedOn(outcome.clone()),
            None => Taken::Turn(turn),
        }
    }

    #[cfg(test)]
    fn holders(&self, key: &K) -> usize {
        self.in_flight.lock().unwrap().get(key).map_or(0, Arc::strong_count)
    }

    /// Keys with a turn taken or awaited.
    pub fn in_flight(&self) -> usize {
        self.in_flight.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

impl<K: Hash + Eq + Clone, V> Turn<K, V> {
    /// Ends the turn, handing `outcome` to everyone waiting for the key now. It is forgotten
    /// with the key once nobody waits.
    pub fn hand_on(mut self, outcome: V) {
        if let Some(held) = self.held.as_mut() {
            **held = Some(outcome);
        }
    }
}

impl<K: Hash + Eq + Clone, V> Drop for Turn<K, V> {
    fn drop(&mut self) {
        self.held.take();
        let mut in_flight = self.turns.in_flight.lock().unwrap_or_else(|p| p.into_inner());
        // Only the map and this turn hold the lock: nobody waits, the key is done.
        let idle = in_flight.get(&self.key).is_some_and(|l| Arc::ptr_eq(l, &self.slot) && Arc::strong_count(l) == 2);
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
        let turns: Arc<Turns<&'static str>> = Arc::new(Turns::default());
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
        let turns: Arc<Turns<&'static str>> = Arc::new(Turns::default());
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
    async fn a_turn_hands_its_outcome_to_those_waiting_and_then_forgets_it() {
        let turns: Arc<Turns<&'static str, Option<u32>>> = Arc::new(Turns::default());
        let first = match turns.take_or_handed_on("question").await {
            Taken::Turn(turn) => turn,
            Taken::HandedOn(_) => panic!("nobody had the key before"),
        };
        let waiters: Vec<_> = (0..4)
            .map(|_| {
                let turns = turns.clone();
                tokio::spawn(async move {
                    match turns.take_or_handed_on("question").await {
                        Taken::HandedOn(outcome) => outcome,
                        Taken::Turn(_) => panic!("the first turn handed on its outcome"),
                    }
                })
            })
            .collect();
        // The map and the first turn hold the key's lock three times, each waiter twice.
        while turns.holders(&"question") < 3 + 2 * 4 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // A failure (None) is handed on like any outcome.
        first.hand_on(None);
        for waiter in waiters {
            assert_eq!(waiter.await.unwrap(), None);
        }
        assert_eq!(turns.in_flight(), 0, "the outcome went with the last waiter");
        assert!(matches!(turns.take_or_handed_on("question").await, Taken::Turn(_)), "a later asker works again");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn different_lists_are_ranked_side_by_side() {
        let turns: Turns<&'static str> = Turns::default();
        let one = turns.take("group-1").await;
        let other = tokio::time::timeout(Duration::from_secs(5), turns.take("group-2")).await;
        assert!(other.is_ok(), "one list does not wait for another");
        assert_eq!(turns.in_flight(), 2);
        drop(one);
        drop(other);
        assert_eq!(turns.in_flight(), 0);
    }
}
