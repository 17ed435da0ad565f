//! SQL helpers every query module may use: `LIKE` escaping and comparisons that ignore case
//! the same way on SQLite and PostgreSQL.

use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, Func, LikeExpr},
    Condition,
};

/// `"table"."tenant_id" = tenant_id`, kept from every index (SQLite's unary `+`), for a
/// query driven by a few ids: without table statistics SQLite would otherwise read the
/// site's rows through a `(tenant_id, …)` index, all of them, rather than the ids by their
/// key.
pub fn on_site_by_key(table: impl sea_orm::EntityName, tenant_id: i64) -> sea_orm::sea_query::SimpleExpr {
    Expr::cust(format!("+\"{}\".\"tenant_id\"", table.table_name())).eq(tenant_id)
}

/// The rows of the site among `ids` (any order): the ids drive the read, by key, and the
/// tenant is checked on each row ([`on_site_by_key`]).
pub async fn site_rows_by_ids<E: sea_orm::EntityTrait>(
    db: &impl sea_orm::ConnectionTrait,
    tenant_id: i64,
    ids: &[i64],
) -> crate::StoreResult<Vec<E::Model>> {
    use sea_orm::QueryFilter;
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(E::find()
        .filter(on_site_by_key(E::default(), tenant_id))
        .filter(Expr::col((E::default(), Alias::new("id"))).is_in(ids.iter().copied()))
        .all(db)
        .await?)
}

pub(crate) fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

/// The lower-case forms of `values` a database may compare with `LOWER(column)`: Unicode
/// lower case (PostgreSQL's LOWER) and ASCII lower case (SQLite's), without repeats.
fn lowered(values: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for value in values {
        for form in [value.to_lowercase(), value.to_ascii_lowercase()] {
            if !out.contains(&form) {
                out.push(form);
            }
        }
    }
    out
}

/// "`expr` equals one of `values`, ignoring case" (country filters: profiles and the web
/// store country names as typed, e.g. "Kenya"). An index on `LOWER(column)` serves it.
pub fn equals_any_ignoring_case(expr: impl Into<sea_orm::sea_query::SimpleExpr>, values: &[String]) -> Condition {
    Condition::all().add(Expr::expr(Func::lower(expr.into())).is_in(lowered(values)))
}

/// "The JSON array in `column` holds one of `values`, ignoring case": the array's text is
/// searched for the quoted value.
pub fn json_array_has_any_ignoring_case(
    column: impl Into<sea_orm::sea_query::SimpleExpr>,
    values: &[String],
) -> Condition {
    let column: sea_orm::sea_query::SimpleExpr = column.into();
    let mut any = Condition::any();
    for value in lowered(values) {
        let quoted = serde_json::to_string(&value).unwrap_or_default();
        let pattern = format!("%{}%", escape_like(&quoted));
        let text = Func::lower(column.clone().cast_as(Alias::new("TEXT")));
        any = any.add(Expr::expr(text).like(LikeExpr::new(pattern).escape('\\')));
    }
    any
}

/// Replaces an owner's rows in a link table (a group's topics, a job's skills, …): deletes
/// the rows `owner` selects, then writes one row per distinct id of `ids`, in the order given,
/// in one statement. A link to a missing row fails as the database classifies it. Run it in
/// the owner's transaction.
pub async fn replace_links<A>(
    db: &impl sea_orm::ConnectionTrait,
    owner: impl sea_orm::sea_query::IntoCondition,
    ids: &[i64],
    row: impl Fn(i64) -> A,
) -> crate::StoreResult<()>
where
    A: sea_orm::ActiveModelTrait + Send,
{
    use sea_orm::{EntityTrait, QueryFilter};
    <A::Entity as EntityTrait>::delete_many().filter(owner).exec(db).await?;
    let mut distinct: Vec<i64> = Vec::with_capacity(ids.len());
    for id in ids {
        if !distinct.contains(id) {
            distinct.push(*id);
        }
    }
    if distinct.is_empty() {
        return Ok(());
    }
    <A::Entity as EntityTrait>::insert_many(distinct.into_iter().map(row))
        .exec_without_returning(db)
        .await
        .map_err(crate::StoreError::classify)?;
    Ok(())
}
