//! List pages kept per tenant write generation (issue 11, "List speed").
//!
//! A list page is two things: which rows it shows (the ids, in order, and the exact count,
//! which depend on the viewer, the whole filter, the page and, for lifecycle filters and
//! orders, the day) and what each row shows that is the same for every viewer (its base
//! view: the row, its parents, topics, SDGs, use cases, counts). Both are kept here, filed
//! under the tenant's write generation (`store::list_counts::generation`, bumped by
//! triggers in the same transaction as every write to a table either of them reads: see
//! migrations m0014, m0015 and m0017), and trusted only at the current generation. A kept
//! page costs one primary-key read (the generation); what depends on the caller (their
//! memberships and follows of the page's groups) is read per request, and what depends on
//! the clock (lifecycle status, expiry) is computed per request from the kept dates.
//!
//! Exactness is the one of `store::list_counts`: the generation is read before the rows, so
//! what is filed under a generation is never older than it, and the first write after it
//! makes every entry of that tenant unreachable (the next request at the new generation
//! drops them).
//!
//! Memory is bounded: at most [`MAX_PAGES`] pages and [`MAX_ITEMS`] base views per tenant
//! and per kind of list (past that, that set is cleared), and at most [`MAX_TENANTS`]
//! tenants (past that, every tenant's entries are dropped).

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use prometheus::IntCounter;
use services::turns::Turns;

/// Kept pages per tenant (a page is a few ids and a count).
pub const MAX_PAGES: usize = 5_000;
/// Kept base views per tenant: a few kilobytes each, rich text included.
pub const MAX_ITEMS: usize = 2_000;
/// Tenants with kept entries.
pub const MAX_TENANTS: usize = 64;

/// The rows a page shows, in order, and the exact count of the whole list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageIds {
    pub ids: Vec<i64>,
    pub count: u64,
}

struct TenantEntries<V, P> {
    generation: i64,
    pages: HashMap<String, Arc<P>>,
    items: HashMap<i64, Arc<V>>,
}

impl<V, P> TenantEntries<V, P> {
    fn new(generation: i64) -> Self {
        TenantEntries { generation, pages: HashMap::new(), items: HashMap::new() }
    }
}

/// The kept pages and base views of one kind of list (cheap to clone; shared by requests).
/// A page is [`PageIds`] for the lists; a search keeps its own kind of page (`P`).
pub struct PageCache<V, P = PageIds> {
    tenants: Arc<Mutex<HashMap<i64, TenantEntries<V, P>>>>,
    /// Pages being read afresh, so that the requests arriving for one missing page (all of
    /// them, right after a write) wait for the first one's answer instead of each reading it.
    turns: Turns<(i64, String)>,
    /// Pages served as kept (`waypoint_page_cache_total{event="hit"}`).
    hits: IntCounter,
    /// Pages read afresh and filed (`waypoint_page_cache_total{event="rebuild"}`).
    rebuilds: IntCounter,
}

impl<V, P> Clone for PageCache<V, P> {
    fn clone(&self) -> Self {
        PageCache {
            tenants: self.tenants.clone(),
            turns: self.turns.clone(),
            hits: self.hits.clone(),
            rebuilds: self.rebuilds.clone(),
        }
    }
}

impl<V, P> Default for PageCache<V, P> {
    fn default() -> Self {
        let detached = |name: &str| IntCounter::new(name, "detached").expect("a valid counter name");
        PageCache {
            tenants: Arc::new(Mutex::new(HashMap::new())),
            turns: Turns::default(),
            hits: detached("page_cache_hits"),
            rebuilds: detached("page_cache_rebuilds"),
        }
    }
}

impl<V, P> PageCache<V, P> {
    /// An empty cache whose hits and rebuilds are counted as `list` in `metrics`.
    pub fn counted(metrics: &services::metrics::Metrics, list: &str) -> Self {
        PageCache {
            hits: metrics.page_cache_counter(list, "hit"),
            rebuilds: metrics.page_cache_counter(list, "rebuild"),
            ..Self::default()
        }
    }
}

/// The right to read one missing page afresh; the next request for it waits until this is
/// dropped, then finds the page kept (see [`PageCache::turn`]).
pub type Turn = services::turns::Turn<(i64, String)>;

impl<V, P> PageCache<V, P> {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, TenantEntries<V, P>>> {
        self.tenants.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The tenant's entries at `generation`, made current (older ones dropped), or `None`
    /// when this process already saw a newer generation (then nothing is filed).
    fn current(
        tenants: &mut HashMap<i64, TenantEntries<V, P>>,
        tenant_id: i64,
        generation: i64,
    ) -> Option<&mut TenantEntries<V, P>> {
        if !tenants.contains_key(&tenant_id) && tenants.len() >= MAX_TENANTS {
            tenants.clear();
        }
        let entry = tenants.entry(tenant_id).or_insert_with(|| TenantEntries::new(generation));
        if entry.generation > generation {
            return None;
        }
        if entry.generation < generation {
            *entry = TenantEntries::new(generation);
        }
        Some(entry)
    }

    /// Waits for the turn to read the page `key` afresh: the caller checks [`Self::page`]
    /// again once it has it, since the request before it has usually just filed the page.
    pub async fn turn(&self, tenant_id: i64, key: &str) -> Turn {
        self.turns.take((tenant_id, key.to_string())).await
    }

    /// The page filed under `key` at the tenant's `generation`.
    pub fn page(&self, tenant_id: i64, generation: i64, key: &str) -> Option<Arc<P>> {
        let tenants = self.lock();
        let page =
            tenants.get(&tenant_id).filter(|t| t.generation == generation).and_then(|t| t.pages.get(key).cloned());
        if page.is_some() {
            self.hits.inc();
        }
        page
    }

    pub fn remember_page(&self, tenant_id: i64, generation: i64, key: String, page: P) {
        self.file_page(tenant_id, generation, key, Arc::new(page));
    }

    fn file_page(&self, tenant_id: i64, generation: i64, key: String, page: Arc<P>) {
        self.rebuilds.inc();
        let mut tenants = self.lock();
        let Some(entry) = Self::current(&mut tenants, tenant_id, generation) else { return };
        if entry.pages.len() >= MAX_PAGES {
            entry.pages.clear();
        }
        entry.pages.insert(key, page);
    }

    /// The base views of `ids` kept at the tenant's `generation`, in the same order (`None`
    /// where one is not kept).
    pub fn items(&self, tenant_id: i64, generation: i64, ids: &[i64]) -> Vec<Option<Arc<V>>> {
        let tenants = self.lock();
        match tenants.get(&tenant_id).filter(|t| t.generation == generation) {
            Some(entry) => ids.iter().map(|id| entry.items.get(id).cloned()).collect(),
            None => vec![None; ids.len()],
        }
    }

    pub fn remember_items(&self, tenant_id: i64, generation: i64, items: impl IntoIterator<Item = (i64, Arc<V>)>) {
        let mut tenants = self.lock();
        let Some(entry) = Self::current(&mut tenants, tenant_id, generation) else { return };
        for (id, item) in items {
            if entry.items.len() >= MAX_ITEMS {
                entry.items.clear();
            }
            entry.items.insert(id, item);
        }
    }
}

/// A page as served: the exact count of the whole list and the base views of its rows, in
/// order.
pub struct KeptPage<V> {
    pub count: u64,
    pub items: Vec<Arc<V>>,
}

impl<V, P> PageCache<V, P> {
    /// The page `key` at the tenant's `generation`: as kept, or read with `read_page` by one
    /// request while the others asking for it wait for its answer.
    pub async fn kept<E>(
        &self,
        tenant_id: i64,
        generation: i64,
        key: String,
        read_page: impl AsyncFnOnce() -> Result<P, E>,
    ) -> Result<Arc<P>, E> {
        self.kept_when(tenant_id, generation, key, read_page, |_| true).await
    }

    /// As [`Self::kept`], but a page read is filed only when `worth_keeping` says so: a lookup
    /// that found nothing is not kept, so asking for many keys that name nothing takes none of
    /// the slots the real pages use.
    pub async fn kept_when<E>(
        &self,
        tenant_id: i64,
        generation: i64,
        key: String,
        read_page: impl AsyncFnOnce() -> Result<P, E>,
        worth_keeping: impl FnOnce(&P) -> bool,
    ) -> Result<Arc<P>, E> {
        if let Some(page) = self.page(tenant_id, generation, &key) {
            return Ok(page);
        }
        let _turn = self.turn(tenant_id, &key).await;
        if let Some(page) = self.page(tenant_id, generation, &key) {
            return Ok(page);
        }
        let page = Arc::new(read_page().await?);
        if worth_keeping(&page) {
            self.file_page(tenant_id, generation, key, page.clone());
        }
        Ok(page)
    }
}

impl<V> PageCache<V> {
    /// The page `key` at the tenant's `generation`, with its rows' base views: as kept, or
    /// read with `read_page` (the count, and the page's rows as `(id, base view)` in order)
    /// by one request while the others asking for it wait for its answer. Base views that
    /// were dropped since the page was filed are read again with `read_items` (the ids of
    /// the missing ones, any order); a row gone since is left out of the page.
    pub async fn kept_page<E>(
        &self,
        tenant_id: i64,
        generation: i64,
        key: String,
        read_page: impl AsyncFnOnce() -> Result<(u64, Vec<(i64, V)>), E>,
        read_items: impl AsyncFnOnce(Vec<i64>) -> Result<Vec<(i64, V)>, E>,
    ) -> Result<KeptPage<V>, E> {
        let mut page = self.page(tenant_id, generation, &key);
        let _turn = match page {
            Some(_) => None,
            None => {
                let turn = self.turn(tenant_id, &key).await;
                page = self.page(tenant_id, generation, &key);
                Some(turn)
            }
        };
        let Some(page) = page else {
            let (count, rows) = read_page().await?;
            let rows: Vec<(i64, Arc<V>)> = rows.into_iter().map(|(id, view)| (id, Arc::new(view))).collect();
            let ids = rows.iter().map(|(id, _)| *id).collect();
            self.remember_items(tenant_id, generation, rows.iter().cloned());
            self.remember_page(tenant_id, generation, key, PageIds { ids, count });
            return Ok(KeptPage { count, items: rows.into_iter().map(|(_, view)| view).collect() });
        };
        let mut kept = self.items(tenant_id, generation, &page.ids);
        let missing: Vec<i64> = page.ids.iter().zip(&kept).filter(|(_, k)| k.is_none()).map(|(id, _)| *id).collect();
        if !missing.is_empty() {
            let read: HashMap<i64, Arc<V>> =
                read_items(missing).await?.into_iter().map(|(id, view)| (id, Arc::new(view))).collect();
            self.remember_items(tenant_id, generation, read.iter().map(|(id, view)| (*id, view.clone())));
            for (slot, id) in kept.iter_mut().zip(&page.ids) {
                if slot.is_none() {
                    *slot = read.get(id).cloned();
                }
            }
        }
        Ok(KeptPage { count: page.count, items: kept.into_iter().flatten().collect() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_trusted_only_at_their_generation_and_an_older_one_is_not_filed() {
        let cache: PageCache<String> = PageCache::default();
        let page = PageIds { ids: vec![3, 2], count: 2 };
        cache.remember_page(1, 5, "a".into(), page.clone());
        cache.remember_items(1, 5, [(3, Arc::new("three".to_string()))]);
        assert_eq!(cache.page(1, 5, "a").as_deref(), Some(&page));
        assert_eq!(cache.items(1, 5, &[3, 2]).iter().map(Option::is_some).collect::<Vec<_>>(), [true, false]);
        assert!(cache.page(1, 6, "a").is_none(), "a newer generation does not see it");
        assert!(cache.page(2, 5, "a").is_none(), "another tenant does not see it");
        cache.remember_page(1, 6, "b".into(), page.clone());
        assert!(cache.page(1, 5, "a").is_none(), "the newer generation dropped the older entries");
        assert!(cache.items(1, 5, &[3])[0].is_none());
        cache.remember_page(1, 5, "a".into(), page.clone());
        assert!(cache.page(1, 6, "a").is_none(), "what was read before a seen write is not filed");
    }

    #[test]
    fn hits_and_rebuilds_are_counted() {
        let metrics = services::metrics::Metrics::new();
        let cache: PageCache<u8> = PageCache::counted(&metrics, "circles");
        assert!(cache.page(1, 1, "a").is_none());
        cache.remember_page(1, 1, "a".into(), PageIds { ids: vec![1], count: 1 });
        assert!(cache.page(1, 1, "a").is_some());
        assert!(cache.page(1, 1, "a").is_some());
        let text = metrics.render();
        assert!(text.contains(r#"waypoint_page_cache_total{event="hit",list="circles"} 2"#), "{text}");
        assert!(text.contains(r#"waypoint_page_cache_total{event="rebuild",list="circles"} 1"#), "{text}");
    }

    #[tokio::test]
    async fn a_missing_page_is_read_by_one_request_while_the_others_wait_for_it() {
        let cache: PageCache<u8> = PageCache::default();
        let first = cache.turn(1, "a").await;
        let waiting = {
            let cache = cache.clone();
            tokio::spawn(async move {
                let _turn = cache.turn(1, "a").await;
                cache.page(1, 7, "a")
            })
        };
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished(), "the second request waits for the first");
        let other_key = cache.turn(1, "b").await;
        drop(other_key);
        cache.remember_page(1, 7, "a".into(), PageIds { ids: vec![1], count: 1 });
        drop(first);
        let seen = waiting.await.unwrap();
        assert_eq!(seen.as_deref(), Some(&PageIds { ids: vec![1], count: 1 }), "it finds the page filed");
        assert_eq!(cache.turns.in_flight(), 0, "finished turns leave nothing behind");
    }

    #[test]
    fn memory_is_bounded() {
        let cache: PageCache<u8> = PageCache::default();
        for i in 0..(MAX_ITEMS as i64 + 10) {
            cache.remember_items(1, 1, [(i, Arc::new(0))]);
        }
        for i in 0..(MAX_PAGES + 10) {
            cache.remember_page(1, 1, format!("{i}"), PageIds { ids: vec![], count: 0 });
        }
        let tenants = cache.lock();
        assert!(tenants[&1].items.len() <= MAX_ITEMS && tenants[&1].pages.len() <= MAX_PAGES);
        drop(tenants);
        for tenant in 0..(MAX_TENANTS as i64 + 3) {
            cache.remember_page(tenant, 1, "x".into(), PageIds { ids: vec![], count: 0 });
        }
        assert!(cache.lock().len() <= MAX_TENANTS);
    }

    #[tokio::test]
    async fn a_kept_page_is_read_once_per_generation_and_its_dropped_views_are_read_again() {
        let cache: PageCache<String> = PageCache::default();
        let reads = std::sync::atomic::AtomicUsize::new(0);
        let read_page = async || -> Result<(u64, Vec<(i64, String)>), ()> {
            reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok((7, vec![(3, "three".into()), (1, "one".into())]))
        };
        let no_items = async |_: Vec<i64>| -> Result<Vec<(i64, String)>, ()> { panic!("every view is kept") };
        let first = cache.kept_page(1, 4, "p".into(), read_page, no_items).await.unwrap();
        let second = cache.kept_page(1, 4, "p".into(), read_page, no_items).await.unwrap();
        assert_eq!(reads.load(std::sync::atomic::Ordering::SeqCst), 1, "the second request is served as kept");
        for page in [&first, &second] {
            assert_eq!(page.count, 7);
            assert_eq!(page.items.iter().map(|v| v.as_str()).collect::<Vec<_>>(), ["three", "one"]);
        }
        cache.kept_page(1, 5, "p".into(), read_page, no_items).await.unwrap();
        assert_eq!(reads.load(std::sync::atomic::Ordering::SeqCst), 2, "a newer generation reads the page again");

        cache.lock().get_mut(&1).unwrap().items.remove(&1);
        let asked = std::sync::Mutex::new(Vec::new());
        let read_items = async |ids: Vec<i64>| -> Result<Vec<(i64, String)>, ()> {
            asked.lock().unwrap().extend(ids);
            Ok(vec![(1, "one again".into())])
        };
        let page = cache.kept_page(1, 5, "p".into(), read_page, read_items).await.unwrap();
        assert_eq!(*asked.lock().unwrap(), [1], "only the dropped view is read");
        assert_eq!(page.items.iter().map(|v| v.as_str()).collect::<Vec<_>>(), ["three", "one again"]);
        assert_eq!(reads.load(std::sync::atomic::Ordering::SeqCst), 2);
    }
}
