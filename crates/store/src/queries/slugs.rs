//! Free slugs for every table that names its rows by one: readable first (`title`,
//! `title-2`, … `title-10`), then a random suffix (`title-k3x9q2`). Each step is one probe of
//! the table's unique slug index, so a write costs the same whether two items share a title or
//! twenty thousand do (reading every `title-%` slug grew with each same-titled post).

use rand::Rng;
use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, Query},
    ConnectionTrait,
};

use crate::{StoreError, StoreResult};

/// How many numbered slugs are tried before the random ones.
const READABLE: u32 = 10;
/// Random suffixes tried per probe, and probes before giving up (32^6 suffixes to draw from).
const RANDOM_PER_PROBE: usize = 4;
const RANDOM_PROBES: usize = 3;
const SUFFIX_LEN: usize = 6;

/// Where slugs live: the table, its slug column, and the tenant the slug is unique on
/// (`None` for a column unique across the deployment, as a profile's name slug is).
#[derive(Debug, Clone, Copy)]
pub struct SlugColumn {
    pub table: &'static str,
    pub column: &'static str,
    pub tenant_id: Option<i64>,
}

impl SlugColumn {
    pub fn of_tenant(table: &'static str, tenant_id: i64) -> Self {
        Self { table, column: "slug", tenant_id: Some(tenant_id) }
    }
}

/// The first slug built on `base` that no row of `at` uses.
pub async fn free_slug(db: &impl ConnectionTrait, at: SlugColumn, base: &str) -> StoreResult<String> {
    let readable: Vec<String> = (1..=READABLE).map(|n| domain::profiles::name_slug_candidate(base, n)).collect();
    if let Some(free) = first_unused(db, at, readable).await? {
        return Ok(free);
    }
    for _ in 0..RANDOM_PROBES {
        let random: Vec<String> = (0..RANDOM_PER_PROBE).map(|_| format!("{base}-{}", random_suffix())).collect();
        if let Some(free) = first_unused(db, at, random).await? {
            return Ok(free);
        }
    }
    Err(StoreError::Conflict(format!("no free slug for {base}")))
}

async fn first_unused(
    db: &impl ConnectionTrait,
    at: SlugColumn,
    candidates: Vec<String>,
) -> StoreResult<Option<String>> {
    let column = Alias::new(at.column);
    let mut select = Query::select();
    select
        .column(column.clone())
        .from(Alias::new(at.table))
        .and_where(Expr::col(column).is_in(candidates.iter().map(String::as_str)));
    if let Some(tenant_id) = at.tenant_id {
        select.and_where(Expr::col(Alias::new("tenant_id")).eq(tenant_id));
    }
    let mut taken = Vec::with_capacity(candidates.len());
    for row in db.query_all(&select).await? {
        taken.push(row.try_get_by_index::<String>(0)?);
    }
    Ok(candidates.into_iter().find(|candidate| !taken.contains(candidate)))
}

fn random_suffix() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::rng();
    (0..SUFFIX_LEN).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect()
}
