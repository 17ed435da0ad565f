//! Mails and the jobs that deliver them.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    sea_query::{Expr, ExprTrait},
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde_json::json;

use crate::{
    entities::{emails, jobs},
    now, StoreResult,
};

pub const SEND_EMAIL: &str = "send_email";
/// `emails.subject` is varchar(300); a subject built from long names is cut to fit.
pub const MAX_SUBJECT_CHARS: usize = 300;

fn fitted_subject(subject: &str) -> String {
    if subject.chars().count() <= MAX_SUBJECT_CHARS {
        subject.to_string()
    } else {
        let mut cut: String = subject.chars().take(MAX_SUBJECT_CHARS - 1).collect();
        cut.push('…');
        cut
    }
}

pub struct NewEmail<'a> {
    pub tenant_id: Option<i64>,
    pub to: &'a str,
    pub subject: &'a str,
    pub text_body: &'a str,
    pub html_body: &'a str,
}

/// Stores the mail and queues its delivery; call inside the transaction of the change
/// that caused it, so that a mail is never lost nor sent for a change that was rolled back.
pub async fn queue(db: &impl ConnectionTrait, mail: NewEmail<'_>) -> StoreResult<emails::Model> {
    let at = now();
    let email = emails::ActiveModel {
        tenant_id: Set(mail.tenant_id),
        to_address: Set(mail.to.to_string()),
        subject: Set(fitted_subject(mail.subject)),
        text_body: Set(mail.text_body.to_string()),
        html_body: Set(mail.html_body.to_string()),
        status: Set("queued".into()),
        sent_at: Set(None),
        created_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await?;
    enqueue_job(db, SEND_EMAIL, json!({ "email_id": email.id }), at).await?;
    Ok(email)
}

pub async fn find(db: &impl ConnectionTrait, id: i64) -> StoreResult<Option<emails::Model>> {
    Ok(emails::Entity::find_by_id(id).one(db).await?)
}

pub async fn mark(db: &impl ConnectionTrait, id: i64, status: &str) -> StoreResult<()> {
    let sent_at = (status == "sent").then(now);
    emails::Entity::update_many()
        .col_expr(emails::Column::Status, Expr::value(status))
        .col_expr(emails::Column::SentAt, Expr::value(sent_at))
        .filter(emails::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Newest first, for the dev mailbox.
pub async fn latest(db: &impl ConnectionTrait, limit: u64) -> StoreResult<Vec<emails::Model>> {
    Ok(emails::Entity::find().order_by_desc(emails::Column::Id).limit(limit).all(db).await?)
}

pub async fn enqueue_job(
    db: &impl ConnectionTrait,
    kind: &str,
    payload: serde_json::Value,
    run_at: DateTime<Utc>,
) -> StoreResult<jobs::Model> {
    enqueue_job_with_attempts(db, kind, payload, run_at, 8).await
}

/// Like [`enqueue_job`], giving up after `max_attempts` runs (for work a user waits on).
pub async fn enqueue_job_with_attempts(
    db: &impl ConnectionTrait,
    kind: &str,
    payload: serde_json::Value,
    run_at: DateTime<Utc>,
    max_attempts: i32,
) -> StoreResult<jobs::Model> {
    let at = now();
    Ok(jobs::ActiveModel {
        kind: Set(kind.to_string()),
        payload: Set(payload),
        status: Set("pending".into()),
        attempts: Set(0),
        max_attempts: Set(max_attempts),
        run_at: Set(run_at),
        locked_until: Set(None),
        last_error: Set(None),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

/// Claims one due job for `lease`: pending, due, and not held by another worker. The claim
/// is a conditional update, so two workers (or instances) never run the same job.
pub async fn claim_job(db: &impl ConnectionTrait, lease: Duration) -> StoreResult<Option<jobs::Model>> {
    let at = now();
    let candidates = jobs::Entity::find()
        .filter(jobs::Column::Status.eq("pending"))
        .filter(jobs::Column::RunAt.lte(at))
        .filter(jobs::Column::LockedUntil.is_null().or(jobs::Column::LockedUntil.lt(at)))
        .order_by_asc(jobs::Column::RunAt)
        .limit(5)
        .all(db)
        .await?;
    for job in candidates {
        let claimed = jobs::Entity::update_many()
            .col_expr(jobs::Column::LockedUntil, Expr::value(at + lease))
            .col_expr(jobs::Column::Attempts, Expr::col(jobs::Column::Attempts).add(1))
            .filter(jobs::Column::Id.eq(job.id))
            .filter(jobs::Column::Attempts.eq(job.attempts))
            .exec(db)
            .await?;
        if claimed.rows_affected == 1 {
            return Ok(Some(jobs::Model { attempts: job.attempts + 1, locked_until: Some(at + lease), ..job }));
        }
    }
    Ok(None)
}

pub async fn finish_job(db: &impl ConnectionTrait, id: i64) -> StoreResult<()> {
    jobs::Entity::update_many()
        .col_expr(jobs::Column::Status, Expr::value("done"))
        .col_expr(jobs::Column::LockedUntil, Expr::value(Option::<DateTime<Utc>>::None))
        .col_expr(jobs::Column::UpdatedAt, Expr::value(now()))
        .filter(jobs::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// The job queue as `/metrics` shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueueStats {
    /// Jobs waiting to run, due or scheduled (retries wait out their back-off).
    pub pending: i64,
    /// When the earliest pending job was (or is) due.
    pub oldest_run_at: Option<DateTime<Utc>>,
}

/// [`QueueStats`] in one statement on the `(status, run_at)` index: its cost is the number
/// of pending jobs, never the history of done ones.
pub async fn queue_stats(db: &impl ConnectionTrait) -> StoreResult<QueueStats> {
    let (pending, oldest_run_at) = jobs::Entity::find()
        .select_only()
        .column_as(Expr::col(jobs::Column::Id).count(), "pending")
        .column_as(Expr::col(jobs::Column::RunAt).min(), "oldest")
        .filter(jobs::Column::Status.eq("pending"))
        .into_tuple::<(i64, Option<DateTime<Utc>>)>()
        .one(db)
        .await?
        .unwrap_or((0, None));
    Ok(QueueStats { pending, oldest_run_at })
}

/// Records a failure: retried later with exponential back-off, or failed for good after
/// `max_attempts`. Returns true when the job gave up.
pub async fn fail_job(db: &impl ConnectionTrait, job: &jobs::Model, error: &str) -> StoreResult<bool> {
    let gave_up = job.attempts >= job.max_attempts;
    let backoff = Duration::seconds(5 * 2i64.pow(job.attempts.clamp(0, 10) as u32));
    let mut active: jobs::ActiveModel = job.clone().into();
    active.status = Set(if gave_up { "failed".into() } else { "pending".into() });
    active.run_at = Set(now() + backoff);
    active.locked_until = Set(None);
    active.last_error = Set(Some(error.chars().take(2000).collect()));
    active.updated_at = Set(now());
    active.update(db).await?;
    Ok(gave_up)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_subjects_are_cut_to_the_column() {
        assert_eq!(fitted_subject("Hello"), "Hello");
        let cut = fitted_subject(&"é".repeat(400));
        assert_eq!(cut.chars().count(), MAX_SUBJECT_CHARS);
        assert!(cut.ends_with('…'));
    }
}
