//! Leader certifications per site. A certification used to sit on the global profile row
//! (`profiles.leadership_certification_details`), so a reviewer of one site certified a
//! person on every site. Each row here is one person's certification on one tenant; the
//! profile column is moved over and dropped.
//!
//! Moving the data: a certification names the application it came from, and that
//! application's tenant is the certification's. One without a known application goes to
//! the only site whose organization the person is an accepted member of; when there are
//! several (or none) it cannot be placed and is dropped: the person applies again.

use sea_orm::ConnectionTrait;
use sea_orm_migration::{prelude::*, schema::*};
use serde_json::Value as Json;

use super::{fk, index, timestamps};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0010_leader_certifications"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

const DETAILS: &str = "leadership_certification_details";

fn level_name(level: i64) -> &'static str {
    match level {
        2 => "Intermediate",
        3 => "Advanced",
        _ => "Basic",
    }
}

/// The tenant a legacy certification belongs to, when it can be told.
async fn tenant_of(db: &impl ConnectionTrait, user_id: i64, application_id: Option<i64>) -> Result<Option<i64>, DbErr> {
    if let Some(application_id) = application_id {
        let found = db
            .query_one(
                &Query::select()
                    .column(col("tenant_id"))
                    .from(col("leader_applications"))
                    .and_where(Expr::col(col("id")).eq(application_id))
                    .and_where(Expr::col(col("user_id")).eq(user_id))
                    .to_owned(),
            )
            .await?;
        if let Some(row) = found {
            return Ok(Some(row.try_get::<i64>("", "tenant_id")?));
        }
    }
    let rows = db
        .query_all(
            &Query::select()
                .column((col("groups"), col("tenant_id")))
                .from(col("memberships"))
                .inner_join(
                    col("groups"),
                    Expr::col((col("groups"), col("id"))).equals((col("memberships"), col("group_id"))),
                )
                .and_where(Expr::col((col("memberships"), col("user_id"))).eq(user_id))
                .and_where(Expr::col((col("memberships"), col("status"))).eq("accepted"))
                .and_where(Expr::col((col("groups"), col("is_tenant_root"))).eq(true))
                .to_owned(),
        )
        .await?;
    let mut tenants = Vec::new();
    for row in rows {
        let tenant: i64 = row.try_get("", "tenant_id")?;
        if !tenants.contains(&tenant) {
            tenants.push(tenant);
        }
    }
    Ok(if tenants.len() == 1 { tenants.pop() } else { None })
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col("leader_certifications"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(big_integer(col("user_id")))
                        .col(integer(col("level")))
                        .col(string_len(col("level_name"), 20))
                        .col(json_binary(col("topic_areas")))
                        .col(timestamp_with_time_zone(col("certified_at")))
                        .col(big_integer_null(col("application_id"))),
                )
                .foreign_key(&mut fk(
                    "fk_leader_certifications_tenant",
                    (col("leader_certifications"), col("tenant_id")),
                    (col("tenants"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_leader_certifications_user",
                    (col("leader_certifications"), col("user_id")),
                    (col("users"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_leader_certifications_application",
                    (col("leader_certifications"), col("application_id")),
                    (col("leader_applications"), col("id")),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_leader_certifications_tenant_user",
                col("leader_certifications"),
                &["tenant_id", "user_id"],
                true,
            ))
            .await?;
        manager
            .create_index(index("ix_leader_certifications_user", col("leader_certifications"), &["user_id"], false))
            .await?;

        let db = manager.get_connection();
        let rows = db
            .query_all(
                &Query::select()
                    .columns([col("user_id"), col(DETAILS)])
                    .from(col("profiles"))
                    .and_where(Expr::col(col(DETAILS)).is_not_null())
                    .to_owned(),
            )
            .await?;
        let at = crate::now();
        for row in rows {
            let user_id: i64 = row.try_get("", "user_id")?;
            let details: Option<Json> = row.try_get("", DETAILS)?;
            let Some(details) = details.filter(|d| d.is_object()) else { continue };
            let application_id = details.get("application_id").and_then(Json::as_i64);
            let Some(tenant_id) = tenant_of(db, user_id, application_id).await? else { continue };
            let level = details.get("level").and_then(Json::as_i64).filter(|l| (1..=3).contains(l)).unwrap_or(1);
            let areas: Vec<i64> = details
                .get("topic_areas")
                .and_then(Json::as_array)
                .map(|a| a.iter().filter_map(Json::as_i64).collect())
                .unwrap_or_default();
            let certified_at = details
                .get("certified_at")
                .and_then(Json::as_str)
                .and_then(|s| chrono::DateTime::parse_from_rfc3339(s).ok())
                .map(|d| d.with_timezone(&chrono::Utc))
                .unwrap_or(at);
            // The application may have been deleted since; keep the link only when it exists.
            let application_id = match application_id {
                Some(id) => db
                    .query_one(
                        &Query::select()
                            .column(col("id"))
                            .from(col("leader_applications"))
                            .and_where(Expr::col(col("id")).eq(id))
                            .to_owned(),
                    )
                    .await?
                    .map(|_| id),
                None => None,
            };
            db.execute(
                &Query::insert()
                    .into_table(col("leader_certifications"))
                    .columns([
                        col("tenant_id"),
                        col("user_id"),
                        col("level"),
                        col("level_name"),
                        col("topic_areas"),
                        col("certified_at"),
                        col("application_id"),
                        col("created_at"),
                        col("updated_at"),
                    ])
                    .values_panic([
                        tenant_id.into(),
                        user_id.into(),
                        (level as i32).into(),
                        level_name(level).into(),
                        serde_json::json!(areas).into(),
                        certified_at.into(),
                        application_id.into(),
                        at.into(),
                        at.into(),
                    ])
                    .to_owned(),
            )
            .await?;
        }
        manager.alter_table(Table::alter().table(col("profiles")).drop_column(col(DETAILS)).to_owned()).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(col("profiles")).add_column(json_binary_null(col(DETAILS))).to_owned())
            .await?;
        // Back on the profile: the most recent certification of each person.
        let db = manager.get_connection();
        let rows = db
            .query_all(
                &Query::select()
                    .columns([
                        col("user_id"),
                        col("level"),
                        col("level_name"),
                        col("topic_areas"),
                        col("certified_at"),
                        col("application_id"),
                    ])
                    .from(col("leader_certifications"))
                    .order_by(col("certified_at"), Order::Asc)
                    .to_owned(),
            )
            .await?;
        for row in rows {
            let certified_at: chrono::DateTime<chrono::Utc> = row.try_get("", "certified_at")?;
            let details = serde_json::json!({
                "level": row.try_get::<i32>("", "level")?,
                "level_name": row.try_get::<String>("", "level_name")?,
                "topic_areas": row.try_get::<Json>("", "topic_areas")?,
                "certified_at": certified_at.to_rfc3339(),
                "application_id": row.try_get::<Option<i64>>("", "application_id")?,
            });
            let user_id: i64 = row.try_get("", "user_id")?;
            db.execute(
                &Query::update()
                    .table(col("profiles"))
                    .value(col(DETAILS), details)
                    .and_where(Expr::col(col("user_id")).eq(user_id))
                    .to_owned(),
            )
            .await?;
        }
        manager.drop_table(Table::drop().table(col("leader_certifications")).to_owned()).await?;
        Ok(())
    }
}
