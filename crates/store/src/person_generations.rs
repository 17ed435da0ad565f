//! A person's write generation (migration m0042): bumped by triggers in the transaction of
//! every write to what the API keeps of them (their identity), and row 0's generation by the
//! rare writes every identity may show (a group's or topic's name, plans, prices,
//! institutions' subscriptions, the tenants). What is kept of a person is trusted only at
//! the pair of generations it was read at; reading them first, before the rows, makes what
//! is filed under them never older than they are (as `crate::list_counts`).

use sea_orm::{ConnectionTrait, FromQueryResult, Statement};

use crate::{
    generations::{Announced, Generations as KeptGenerations},
    StoreResult,
};

/// The generations what is kept of a person is filed under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PersonGeneration {
    /// The person's own rows.
    pub person: i64,
    /// What every person's view may name (row 0).
    pub everyone: i64,
}

#[derive(FromQueryResult)]
struct Row {
    user_id: i64,
    generation: i64,
}

/// The person's generation and everyone's, in one primary-key read (0 until a first write);
/// for `user_id` 0, everyone's twice.
pub async fn of(db: &impl ConnectionTrait, user_id: i64) -> StoreResult<PersonGeneration> {
    let backend = db.get_database_backend();
    let sql = match backend {
        sea_orm::DbBackend::Postgres => {
            r#"SELECT "user_id", "generation" FROM "person_generations" WHERE "user_id" IN (0, $1)"#
        }
        _ => r#"SELECT "user_id", "generation" FROM "person_generations" WHERE "user_id" IN (0, ?)"#,
    };
    let rows = Row::find_by_statement(Statement::from_sql_and_values(backend, sql, [user_id.into()])).all(db).await?;
    let mut out = PersonGeneration::default();
    for row in rows {
        if row.user_id == 0 {
            out.everyone = row.generation;
        } else {
            out.person = row.generation;
        }
    }
    if user_id == 0 {
        // Everyone's own pair (what is kept for no one person): the same row twice, as
        // `Generations::person` remembers it.
        out.person = out.everyone;
    }
    Ok(out)
}

/// A person's generations and their site's list generation (`crate::list_counts`), in one
/// statement: what a signed-in member's own pages (their identity, their notifications) are
/// trusted at.
pub async fn of_person_and_site(
    db: &impl ConnectionTrait,
    user_id: i64,
    tenant_id: i64,
) -> StoreResult<(PersonGeneration, i64)> {
    let backend = db.get_database_backend();
    let sql = match backend {
        sea_orm::DbBackend::Postgres => {
            r#"SELECT "user_id", "generation" FROM "person_generations" WHERE "user_id" IN (0, $1)
               UNION ALL SELECT -1, "generation" FROM "list_generations" WHERE "tenant_id" = $2"#
        }
        _ => {
            r#"SELECT "user_id", "generation" FROM "person_generations" WHERE "user_id" IN (0, ?)
               UNION ALL SELECT -1, "generation" FROM "list_generations" WHERE "tenant_id" = ?"#
        }
    };
    let values = [user_id.into(), tenant_id.into()];
    let rows = Row::find_by_statement(Statement::from_sql_and_values(backend, sql, values)).all(db).await?;
    let (mut person, mut site) = (PersonGeneration::default(), 0);
    for row in rows {
        match row.user_id {
            -1 => site = row.generation,
            0 => person.everyone = row.generation,
            _ => person.person = row.generation,
        }
    }
    if user_id == 0 {
        person.person = person.everyone;
    }
    Ok((person, site))
}

impl KeptGenerations {
    /// A person's generations and their site's ([`of_person_and_site`]), from memory on
    /// PostgreSQL.
    pub async fn person_and_site(
        &self,
        db: &impl ConnectionTrait,
        user_id: i64,
        tenant_id: i64,
    ) -> StoreResult<(PersonGeneration, i64)> {
        self.recall(
            [(Announced::Person, user_id), (Announced::Person, 0), (Announced::Site, tenant_id)],
            of_person_and_site(db, user_id, tenant_id),
            |(generation, site)| [[generation.person, 0, 0], [generation.everyone, 0, 0], [*site, 0, 0]],
            |[[person, ..], [everyone, ..], [site, ..]]| (PersonGeneration { person, everyone }, site),
        )
        .await
    }

    /// A person's generations ([`of`]), from memory on PostgreSQL.
    pub async fn person(&self, db: &impl ConnectionTrait, user_id: i64) -> StoreResult<PersonGeneration> {
        self.recall(
            [(Announced::Person, user_id), (Announced::Person, 0)],
            of(db, user_id),
            |generation| [[generation.person, 0, 0], [generation.everyone, 0, 0]],
            |[[person, ..], [everyone, ..]]| PersonGeneration { person, everyone },
        )
        .await
    }

    /// A person's generations if this instance holds them in memory now (PostgreSQL with the
    /// notices heard), without reading anything.
    pub fn known_person(&self, user_id: i64) -> Option<PersonGeneration> {
        self.known([(Announced::Person, user_id), (Announced::Person, 0)])
            .map(|[[person, ..], [everyone, ..]]| PersonGeneration { person, everyone })
    }
}
