//! Items as the matching worker writes them (`match_items`, `match_embeddings`) and as every
//! instance's in-process index reads them back: what changed since the generation it holds,
//! in pages on `(tenant_id, seq)`, and the vectors of the texts it has not seen.
//!
//! A write bumps the site's generations first (an upsert that holds the site's row until
//! commit), so writers of one site are serialised and a reader that sees generation `g`
//! sees every row written at or before it.

use std::collections::{HashMap, HashSet};

use sea_orm::{
    sea_query::{Asterisk, OnConflict, Query, SelectStatement, UnionType},
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QuerySelect, QueryTrait, Set, Statement,
};

use crate::{
    entities::{match_embeddings, match_items},
    generations::{Announced, Generations as KeptGenerations},
    StoreResult,
};

/// One item to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemRow {
    pub kind: String,
    pub tenant_id: i64,
    pub item_id: i64,
    pub eligible: bool,
    pub text_hash: String,
    /// `domain::matching::ItemMeta` as JSON.
    pub meta: String,
}

/// What an item is now, to tell whether a write changes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    pub eligible: bool,
    pub text_hash: String,
    pub meta: String,
}

pub type Key = (String, i64, i64);

/// The stored items of `kinds` with these ids, on any site.
pub async fn stored(db: &impl ConnectionTrait, kinds: &[&str], ids: &[i64]) -> StoreResult<HashMap<Key, Stored>> {
    if ids.is_empty() || kinds.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = match_items::Entity::find()
        .filter(match_items::Column::Kind.is_in(kinds.iter().map(|k| k.to_string())))
        .filter(match_items::Column::ItemId.is_in(ids.to_vec()))
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            ((r.kind, r.tenant_id, r.item_id), Stored { eligible: r.eligible, text_hash: r.text_hash, meta: r.meta })
        })
        .collect())
}

/// Which of `hashes` have a vector under `model`.
pub async fn known_texts(db: &impl ConnectionTrait, model: &str, hashes: &[String]) -> StoreResult<HashSet<String>> {
    if hashes.is_empty() {
        return Ok(HashSet::new());
    }
    let rows: Vec<String> = match_embeddings::Entity::find()
        .select_only()
        .column(match_embeddings::Column::TextHash)
        .filter(match_embeddings::Column::Model.eq(model))
        .filter(match_embeddings::Column::TextHash.is_in(hashes.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// The vectors (stored bytes) of `hashes` under `model`.
pub async fn vectors(
    db: &impl ConnectionTrait,
    model: &str,
    hashes: &[String],
) -> StoreResult<HashMap<String, Vec<u8>>> {
    if hashes.is_empty() {
        return Ok(HashMap::new());
    }
    let mut out = HashMap::new();
    for chunk in hashes.chunks(500) {
        let rows: Vec<(String, Vec<u8>)> = match_embeddings::Entity::find()
            .select_only()
            .column(match_embeddings::Column::TextHash)
            .column(match_embeddings::Column::Vector)
            .filter(match_embeddings::Column::Model.eq(model))
            .filter(match_embeddings::Column::TextHash.is_in(chunk.to_vec()))
            .into_tuple()
            .all(db)
            .await?;
        out.extend(rows);
    }
    Ok(out)
}

/// Stores vectors of new texts (a text already stored keeps its vector).
pub async fn insert_vectors(
    db: &impl ConnectionTrait,
    model: &str,
    vectors: Vec<(String, Vec<u8>)>,
) -> StoreResult<()> {
    for chunk in vectors.chunks(200) {
        let rows = chunk.iter().map(|(hash, bytes)| match_embeddings::ActiveModel {
            model: Set(model.to_string()),
            text_hash: Set(hash.clone()),
            vector: Set(bytes.clone()),
        });
        match_embeddings::Entity::insert_many(rows)
            .on_conflict(
                OnConflict::columns([match_embeddings::Column::Model, match_embeddings::Column::TextHash])
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// What one site's write changes: the generation its rows are written at.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SiteChange {
    pub items: bool,
    pub people: bool,
}

/// Bumps the site's generations and returns the new `generation`.
pub async fn bump(db: &impl ConnectionTrait, tenant_id: i64, change: SiteChange) -> StoreResult<i64> {
    let backend = db.get_database_backend();
    let (items, people) = (i64::from(change.items), i64::from(change.people));
    let sql = match backend {
        DbBackend::Postgres => {
            "INSERT INTO match_generations (tenant_id, generation, items_generation, people_generation) \
             VALUES ($1, 1, $2, $3) ON CONFLICT (tenant_id) DO UPDATE SET generation = match_generations.generation + 1, \
             items_generation = match_generations.items_generation + excluded.items_generation, \
             people_generation = match_generations.people_generation + excluded.people_generation RETURNING generation"
        }
        _ => {
            "INSERT INTO match_generations (tenant_id, generation, items_generation, people_generation) \
             VALUES (?, 1, ?, ?) ON CONFLICT (tenant_id) DO UPDATE SET generation = match_generations.generation + 1, \
             items_generation = match_generations.items_generation + excluded.items_generation, \
             people_generation = match_generations.people_generation + excluded.people_generation RETURNING generation"
        }
    };
    let row = db
        .query_one_raw(Statement::from_sql_and_values(backend, sql, [tenant_id.into(), items.into(), people.into()]))
        .await?
        .ok_or(crate::StoreError::NotFound)?;
    Ok(row.try_get("", "generation")?)
}

/// Gathers PostgreSQL's planner statistics of the items and their vectors, after a backfill
/// has changed their sizes by orders of magnitude: a server running without autovacuum would
/// otherwise plan the engine's reads by key as scans of whole kinds. SQLite's lookups here
/// are by primary key and need none.
pub async fn gather_statistics(db: &impl ConnectionTrait) -> StoreResult<()> {
    if db.get_database_backend() == DbBackend::Postgres {
        db.execute_unprepared("ANALYZE match_items, match_embeddings").await?;
    }
    Ok(())
}

/// Writes items of one site at `seq` (its generation after [`bump`]).
pub async fn upsert(db: &impl ConnectionTrait, seq: i64, rows: &[ItemRow]) -> StoreResult<()> {
    for chunk in rows.chunks(300) {
        let models = chunk.iter().map(|r| match_items::ActiveModel {
            kind: Set(r.kind.clone()),
            tenant_id: Set(r.tenant_id),
            item_id: Set(r.item_id),
            eligible: Set(r.eligible),
            text_hash: Set(r.text_hash.clone()),
            meta: Set(r.meta.clone()),
            seq: Set(seq),
        });
        match_items::Entity::insert_many(models)
            .on_conflict(
                OnConflict::columns([
                    match_items::Column::Kind,
                    match_items::Column::TenantId,
                    match_items::Column::ItemId,
                ])
                .update_columns([
                    match_items::Column::Eligible,
                    match_items::Column::TextHash,
                    match_items::Column::Meta,
                    match_items::Column::Seq,
                ])
                .to_owned(),
            )
            .exec(db)
            .await?;
    }
    Ok(())
}

/// The stored metas (`domain::matching::ItemMeta` as JSON) of the site's items `keys`
/// (kind, item id), by key; keys with no row are left out. One statement, each kind on the
/// primary key (an `OR` of kinds would scan the site's rows): the index holds what ranking
/// compares, and ranked items' metas are read here.
pub async fn metas(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    keys: &[(&str, i64)],
) -> StoreResult<HashMap<(String, i64), String>> {
    let mut by_kind: Vec<(&str, Vec<i64>)> = Vec::new();
    for (kind, id) in keys {
        match by_kind.iter_mut().find(|(k, _)| k == kind) {
            Some((_, ids)) => ids.push(*id),
            None => by_kind.push((kind, vec![*id])),
        }
    }
    let mut union: Option<SelectStatement> = None;
    for (n, (kind, ids)) in by_kind.into_iter().enumerate() {
        let of_kind = match_items::Entity::find()
            .select_only()
            .column(match_items::Column::Kind)
            .column(match_items::Column::ItemId)
            .column(match_items::Column::Meta)
            .filter(match_items::Column::Kind.eq(kind))
            .filter(match_items::Column::TenantId.eq(tenant_id))
            .filter(match_items::Column::ItemId.is_in(ids))
            .into_query();
        // A derived table each: SQLite takes no parentheses around a compound's parts.
        let part = Query::select().column(Asterisk).from_subquery(of_kind, format!("kind_{n}")).to_owned();
        match union.as_mut() {
            None => union = Some(part),
            Some(first) => {
                first.union(UnionType::All, part);
            }
        }
    }
    let Some(statement) = union else { return Ok(HashMap::new()) };
    let backend = db.get_database_backend();
    let mut out = HashMap::new();
    for row in db.query_all_raw(backend.build(&statement)).await? {
        out.insert((row.try_get("", "kind")?, row.try_get("", "item_id")?), row.try_get("", "meta")?);
    }
    Ok(out)
}

/// The site's generations.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Generations {
    pub generation: i64,
    pub items_generation: i64,
    pub people_generation: i64,
}

pub async fn generations(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<Generations> {
    use crate::entities::match_generations;
    Ok(match_generations::Entity::find_by_id(tenant_id)
        .one(db)
        .await?
        .map(|g| Generations {
            generation: g.generation,
            items_generation: g.items_generation,
            people_generation: g.people_generation,
        })
        .unwrap_or_default())
}

impl KeptGenerations {
    /// The matching index's generations of a site ([`generations`]), from memory on PostgreSQL.
    pub async fn matching_site(&self, db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<Generations> {
        self.recall(
            [(Announced::MatchSite, tenant_id)],
            generations(db, tenant_id),
            |g| [[g.generation, g.items_generation, g.people_generation]],
            |[[generation, items_generation, people_generation]]| Generations {
                generation,
                items_generation,
                people_generation,
            },
        )
        .await
    }
}

/// The sites the matching worker has written items for.
pub async fn sites(db: &impl ConnectionTrait) -> StoreResult<Vec<i64>> {
    use crate::entities::match_generations;
    Ok(match_generations::Entity::find()
        .select_only()
        .column(match_generations::Column::TenantId)
        .into_tuple()
        .all(db)
        .await?)
}

/// One item as the index loads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    pub kind: String,
    pub item_id: i64,
    pub eligible: bool,
    pub text_hash: String,
    pub meta: String,
    pub seq: i64,
}

/// Where a page of [`since`] ends: the next page starts after it.
pub type Cursor = (i64, String, i64);

/// The site's items written after generation `after` (and after `cursor` within the pages of
/// one read), oldest first, at most `limit`.
pub async fn since(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    after: i64,
    cursor: Option<&Cursor>,
    limit: u64,
) -> StoreResult<Vec<Loaded>> {
    let backend = db.get_database_backend();
    let p = |n: usize| match backend {
        DbBackend::Postgres => format!("${n}"),
        _ => "?".to_string(),
    };
    let mut values: Vec<sea_orm::Value> = vec![tenant_id.into()];
    let mut sql = format!(
        "SELECT kind, item_id, eligible, text_hash, meta, seq FROM match_items WHERE tenant_id = {} AND ",
        p(1)
    );
    match cursor {
        None => {
            sql.push_str(&format!("seq > {}", p(2)));
            values.push(after.into());
        }
        Some((seq, kind, item_id)) => {
            sql.push_str(&format!(
                "(seq > {} OR (seq = {} AND (kind > {} OR (kind = {} AND item_id > {}))))",
                p(2),
                p(3),
                p(4),
                p(5),
                p(6)
            ));
            values.extend([(*seq).into(), (*seq).into(), kind.clone().into(), kind.clone().into(), (*item_id).into()]);
        }
    }
    sql.push_str(&format!(" ORDER BY seq, kind, item_id LIMIT {limit}"));
    let rows = db.query_all_raw(Statement::from_sql_and_values(backend, sql, values)).await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        out.push(Loaded {
            kind: row.try_get("", "kind")?,
            item_id: row.try_get("", "item_id")?,
            eligible: row.try_get("", "eligible")?,
            text_hash: row.try_get("", "text_hash")?,
            meta: row.try_get("", "meta")?,
            seq: row.try_get("", "seq")?,
        });
    }
    Ok(out)
}
