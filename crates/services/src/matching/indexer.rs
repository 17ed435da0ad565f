//! The matching worker (issue 29, "Vectors are written, not computed on reads"): drains the
//! queue of changed source rows in batches, makes their documents, embeds the texts no vector
//! exists for (identical texts once), and writes the items in one transaction per batch,
//! taking each queue row off only at the version it read. It runs beside the job worker in
//! every instance, never blocks serving (embedding runs on the blocking pool, outside any
//! transaction) and resumes after a restart from what is still queued.

use std::{
    collections::{BTreeMap, HashMap, HashSet},
    sync::Arc,
    time::Duration,
};

use domain::{config::AppConfig, matching::GOAL_KIND};
use store::{
    queries::matching::{
        items::{self, ItemRow, SiteChange},
        pending::{self, Pending},
        sources,
    },
    sea_orm::{ConnectionTrait, DbBackend, EntityTrait, Statement},
    Db,
};
use tokio::sync::Notify;

use super::{
    documents::{self, Document, Labels},
    embedder::Embedder,
};

/// Queue rows read per batch.
pub const BATCH: u64 = 256;
/// How long a claimed batch is held before another worker may take it.
const LEASE_MS: i64 = 10 * 60 * 1000;
/// Items written in one burst after which the database's planner statistics are gathered
/// again ([`items::gather_statistics`]): a backfill, not a trickle of edits.
pub const GATHER_STATISTICS_AFTER: usize = 5_000;

/// The item kinds a queue kind feeds (what to retire when its row is gone).
fn kinds_of(queue_kind: &str) -> &'static [&'static str] {
    match queue_kind {
        "group" => &["circle", "event"],
        "job" => &["job"],
        "content" => &["resource", "prompt"],
        "use_case" => &["use_case"],
        "ai_tool" => &["ai_tool"],
        "career_tip" => &["career_tip"],
        "user" => &["user", GOAL_KIND],
        _ => &[],
    }
}

/// The worker: the database and the model (none: items get their facts and words only).
#[derive(Clone)]
pub struct Indexer {
    db: Db,
    embedder: Option<Arc<dyn Embedder>>,
}

/// What one batch did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BatchReport {
    pub claimed: usize,
    pub written: usize,
    pub embedded: usize,
}

impl Indexer {
    pub fn new(db: Db, embedder: Option<Arc<dyn Embedder>>) -> Self {
        Indexer { db, embedder }
    }

    pub fn model(&self) -> Option<&str> {
        self.embedder.as_ref().map(|e| e.model_id())
    }

    /// Runs batches until the queue is empty (tests and tools call this).
    pub async fn run_until_idle(&self) -> anyhow::Result<BatchReport> {
        let mut total = BatchReport::default();
        loop {
            let report = self.run_batch().await?;
            if report.claimed == 0 {
                return Ok(total);
            }
            total.claimed += report.claimed;
            total.written += report.written;
            total.embedded += report.embedded;
        }
    }

    /// Queues again the items whose text has no vector under the current model (a model
    /// configured after they were written, or changed).
    pub async fn queue_missing_vectors(&self) -> anyhow::Result<u64> {
        let Some(model) = self.model() else { return Ok(0) };
        let backend = self.db.get_database_backend();
        let p = if backend == DbBackend::Postgres { "$1" } else { "?" };
        let sql = format!(
            "INSERT INTO match_pending (kind, item_id, version) SELECT DISTINCT CASE i.kind WHEN 'circle' THEN 'group' \
             WHEN 'event' THEN 'group' WHEN 'resource' THEN 'content' WHEN 'prompt' THEN 'content' WHEN '{GOAL_KIND}' \
             THEN 'user' ELSE i.kind END, i.item_id, 1 FROM match_items i WHERE NOT EXISTS (SELECT 1 FROM \
             match_embeddings e WHERE e.model = {p} AND e.text_hash = i.text_hash) ON CONFLICT (kind, item_id) DO NOTHING"
        );
        let result = self.db.execute_raw(Statement::from_sql_and_values(backend, sql, [model.into()])).await?;
        Ok(result.rows_affected())
    }

    /// One batch: claim, read, embed, write.
    pub async fn run_batch(&self) -> anyhow::Result<BatchReport> {
        if !pending::any_due(&self.db).await? {
            return Ok(BatchReport::default());
        }
        let claimed = pending::claim(&self.db, BATCH, LEASE_MS).await?;
        if claimed.is_empty() {
            return Ok(BatchReport::default());
        }
        let documents = self.documents(&claimed).await?;
        let mut report = BatchReport { claimed: claimed.len(), ..Default::default() };

        // What is stored now, to write only what changes.
        let ids: Vec<i64> = claimed.iter().map(|p| p.item_id).collect();
        let all_kinds: Vec<&str> = claimed.iter().flat_map(|p| kinds_of(&p.kind).iter().copied()).collect();
        let stored = items::stored(&self.db, &all_kinds, &ids).await?;
        let model = self.model().map(str::to_string);
        let hashes: Vec<String> =
            documents.values().flatten().filter(|d| !d.text.is_empty()).map(Document::text_hash).collect();
        let known = match &model {
            Some(model) => items::known_texts(&self.db, model, &hashes).await?,
            None => HashSet::new(),
        };

        // Texts to embed, each once.
        let mut to_embed: BTreeMap<String, String> = BTreeMap::new();
        if model.is_some() {
            for doc in documents.values().flatten() {
                let hash = doc.text_hash();
                if !doc.text.is_empty() && !known.contains(&hash) {
                    to_embed.entry(hash).or_insert_with(|| doc.text.clone());
                }
            }
        }
        let mut vectors: Vec<(String, Vec<u8>)> = Vec::new();
        if let (Some(embedder), false) = (&self.embedder, to_embed.is_empty()) {
            let (hashes, texts): (Vec<String>, Vec<String>) = to_embed.into_iter().unzip();
            let embedded = embedder.embed(&texts).await?;
            anyhow::ensure!(
                embedded.len() == texts.len(),
                "the model answered {} vectors for {} texts",
                embedded.len(),
                texts.len()
            );
            report.embedded = embedded.len();
            vectors = hashes.into_iter().zip(embedded.iter().map(|v| domain::matching::vector::to_bytes(v))).collect();
        }
        let fresh: HashSet<&String> = vectors.iter().map(|(h, _)| h).collect();

        // Rows to write per claimed queue row: changed documents, and retirements of stored
        // items its row no longer makes.
        let mut writes: Vec<(&Pending, Vec<ItemRow>)> = Vec::new();
        for row in &claimed {
            let docs = documents.get(&(row.kind.clone(), row.item_id)).cloned().unwrap_or_default();
            let mut rows = Vec::new();
            let mut made: HashSet<(String, i64)> = HashSet::new();
            for doc in docs {
                made.insert((doc.kind.to_string(), doc.tenant_id));
                let hash = doc.text_hash();
                let meta = serde_json::to_string(&doc.meta)?;
                let key = (doc.kind.to_string(), doc.tenant_id, doc.item_id);
                let unchanged = stored
                    .get(&key)
                    .is_some_and(|s| s.eligible == doc.eligible && s.text_hash == hash && s.meta == meta);
                if unchanged && !fresh.contains(&hash) {
                    continue;
                }
                rows.push(ItemRow {
                    kind: doc.kind.to_string(),
                    tenant_id: doc.tenant_id,
                    item_id: doc.item_id,
                    eligible: doc.eligible,
                    text_hash: hash,
                    meta,
                });
            }
            for kind in kinds_of(&row.kind) {
                for ((k, tenant, id), s) in &stored {
                    if k == kind && *id == row.item_id && s.eligible && !made.contains(&(k.clone(), *tenant)) {
                        rows.push(ItemRow {
                            kind: k.clone(),
                            tenant_id: *tenant,
                            item_id: *id,
                            eligible: false,
                            text_hash: s.text_hash.clone(),
                            meta: s.meta.clone(),
                        });
                    }
                }
            }
            writes.push((row, rows));
        }

        let txn = store::begin_write(&self.db).await?;
        if let Some(model) = &model {
            items::insert_vectors(&txn, model, vectors).await?;
        }
        let mut by_site: BTreeMap<i64, Vec<ItemRow>> = BTreeMap::new();
        let mut members: Vec<i64> = Vec::new();
        for (row, rows) in writes {
            // Queued again while this batch read it: what was read is stale.
            if !pending::take(&txn, row).await? {
                continue;
            }
            for item in rows {
                if item.kind == "user" || item.kind == GOAL_KIND {
                    members.push(item.item_id);
                }
                by_site.entry(item.tenant_id).or_default().push(item);
            }
        }
        for (tenant_id, rows) in &by_site {
            let change = SiteChange {
                items: rows.iter().any(|r| r.kind != "user" && r.kind != GOAL_KIND),
                people: rows.iter().any(|r| r.kind == "user"),
            };
            let seq = items::bump(&txn, *tenant_id, change).await?;
            items::upsert(&txn, seq, rows).await?;
            report.written += rows.len();
        }
        members.sort_unstable();
        members.dedup();
        bump_members(&txn, &members).await?;
        txn.commit().await?;
        Ok(report)
    }

    /// The documents of the claimed rows, by queue key.
    async fn documents(&self, claimed: &[Pending]) -> anyhow::Result<HashMap<(String, i64), Vec<Document>>> {
        let ids_of =
            |kind: &str| -> Vec<i64> { claimed.iter().filter(|p| p.kind == kind).map(|p| p.item_id).collect() };
        let mut out: HashMap<(String, i64), Vec<Document>> = HashMap::new();
        let mut put = |kind: &str, doc: Document| out.entry((kind.to_string(), doc.item_id)).or_default().push(doc);
        let db = &self.db;
        for source in sources::groups(db, &ids_of("group")).await?.values() {
            if let Some(doc) = documents::group(source) {
                put("group", doc);
            }
        }
        for source in sources::jobs(db, &ids_of("job")).await?.values() {
            put("job", documents::job(source));
        }
        for source in sources::contents(db, &ids_of("content")).await?.values() {
            if let Some(doc) = documents::content(source) {
                put("content", doc);
            }
        }
        for source in sources::use_cases(db, &ids_of("use_case")).await?.values() {
            put("use_case", documents::use_case(source));
        }
        for tip in sources::career_tips(db, &ids_of("career_tip")).await?.values() {
            put("career_tip", documents::career_tip(tip));
        }
        let tools = sources::ai_tools(db, &ids_of("ai_tool")).await?;
        let members = sources::members(db, &ids_of("user")).await?;
        let mut tenants: Vec<i64> = tools.values().map(|t| t.tenant_id).collect();
        tenants.extend(members.values().flat_map(|m| m.sites.iter().map(|s| s.tenant_id)));
        let labels = self.labels(&tenants).await?;
        let labels_of = |tenant: i64| labels.get(&tenant).cloned().unwrap_or_default();
        for tool in tools.values() {
            put("ai_tool", documents::ai_tool(tool, &labels_of(tool.tenant_id)));
        }
        for member in members.values() {
            for doc in documents::member(member, labels_of) {
                put("user", doc);
            }
        }
        Ok(out)
    }

    /// The option labels of some sites, from their configuration.
    async fn labels(&self, tenants: &[i64]) -> anyhow::Result<HashMap<i64, Labels>> {
        use store::entities::tenants;
        use store::sea_orm::{ColumnTrait, QueryFilter};
        let mut ids = tenants.to_vec();
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let rows = tenants::Entity::find().filter(tenants::Column::Id.is_in(ids)).all(&self.db).await?;
        Ok(rows
            .into_iter()
            .map(|t| {
                let config: AppConfig = serde_json::from_value(t.config).unwrap_or_default();
                (t.id, Labels::of(&config))
            })
            .collect())
    }

    /// Tidies up once the queue is drained after a burst of `written` items: the memory the
    /// batches freed goes back to the system, and after a backfill the planner's statistics
    /// are gathered again.
    pub async fn after_burst(&self, written: usize) {
        crate::memory::release_freed();
        if written >= GATHER_STATISTICS_AFTER {
            match items::gather_statistics(&self.db).await {
                Ok(()) => tracing::info!(items = written, "matching: planner statistics gathered after a backfill"),
                Err(err) => tracing::warn!(error = %err, "matching: could not gather planner statistics"),
            }
        }
    }

    /// Runs until the process stops: a batch at once when `wake` is notified or work is
    /// queued, otherwise a look every two seconds.
    pub fn spawn(self, wake: Arc<Notify>) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            match self.queue_missing_vectors().await {
                Ok(0) => {}
                Ok(n) => tracing::info!(items = n, "matching: queued items whose text has no vector under this model"),
                Err(err) => tracing::warn!(error = %err, "matching: could not queue the items missing vectors"),
            }
            let mut burst: Option<usize> = None;
            loop {
                match self.run_batch().await {
                    Ok(report) if report.claimed > 0 => {
                        tracing::debug!(?report, "matching batch");
                        *burst.get_or_insert(0) += report.written;
                        continue;
                    }
                    Ok(_) => {}
                    Err(err) => tracing::warn!(error = %format!("{err:#}"), "matching worker error"),
                }
                if let Some(written) = burst.take() {
                    self.after_burst(written).await;
                }
                tokio::select! {
                    _ = wake.notified() => {},
                    _ = tokio::time::sleep(Duration::from_secs(2)) => {},
                }
            }
        })
    }
}

/// Bumps the members' versions: their cached recommendations are read again.
async fn bump_members(db: &impl ConnectionTrait, members: &[i64]) -> anyhow::Result<()> {
    let backend = db.get_database_backend();
    for chunk in members.chunks(300) {
        let values: Vec<String> = chunk.iter().map(|id| format!("({id}, 1)")).collect();
        let sql = format!(
            "INSERT INTO match_members (user_id, version) VALUES {} ON CONFLICT (user_id) DO UPDATE SET version = \
             match_members.version + 1",
            values.join(", ")
        );
        db.execute_raw(Statement::from_string(backend, sql)).await?;
    }
    Ok(())
}
