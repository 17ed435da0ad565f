//! Newsletters (spec 002 §2 "create/newsletter"): a post with `send_email` is mailed to the
//! group's accepted members whose newsletter opt-in is on. The request queues one
//! fan-out job; each run of it takes the next batch of recipients (by user id), queues
//! their mails in the outbox (each delivered by its own `send_email` job, with retries)
//! and the job of the next batch, all in one transaction. Every mail carries its own
//! unsubscribe link: a token signed with the server secret, which turns the opt-in off
//! without signing in.

use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use store::queries::{contents as content_q, mail as mail_q};

use crate::job_context::JobContext;

pub const JOB_KIND: &str = "newsletter_batch";
/// Recipients per fan-out job.
pub const BATCH: u64 = 100;
/// Where the unsubscribe URL goes in the mail's bodies.
pub const UNSUBSCRIBE_PLACEHOLDER: &str = "{{unsubscribe_url}}";

fn signature(secret: &[u8], user_id: i64) -> String {
    let mut hasher = Sha256::new();
    hasher.update(secret);
    hasher.update([0u8]);
    hasher.update(b"newsletter-unsubscribe");
    hasher.update([0u8]);
    hasher.update(user_id.to_string().as_bytes());
    hasher.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The token of a user's unsubscribe link: `{user id}.{signature}`.
pub fn unsubscribe_token(secret: &[u8], user_id: i64) -> String {
    format!("{user_id}.{}", signature(secret, user_id))
}

/// The user a token names, if its signature is right.
pub fn verify_unsubscribe_token(secret: &[u8], token: &str) -> Option<i64> {
    let (id, sig) = token.trim().split_once('.')?;
    let user_id: i64 = id.parse().ok()?;
    let expected = signature(secret, user_id);
    let same =
        expected.len() == sig.len() && expected.bytes().zip(sig.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0;
    same.then_some(user_id)
}

/// What the fan-out job carries: the mail (with the placeholder) and where it stopped.
pub struct Batch<'a> {
    pub tenant_id: i64,
    pub group_id: i64,
    pub subject: &'a str,
    pub html: &'a str,
    pub text: &'a str,
    /// The web origin, e.g. `https://site.example`.
    pub origin: &'a str,
}

pub fn payload(batch: &Batch<'_>, after: i64) -> Value {
    json!({
        "tenant_id": batch.tenant_id,
        "group_id": batch.group_id,
        "subject": batch.subject,
        "html": batch.html,
        "text": batch.text,
        "origin": batch.origin,
        "after": after,
    })
}

/// Queues the first fan-out job (call in the transaction that stores the newsletter).
pub async fn queue(db: &impl store::sea_orm::ConnectionTrait, batch: &Batch<'_>) -> store::StoreResult<()> {
    mail_q::enqueue_job(db, JOB_KIND, payload(batch, 0), store::now()).await?;
    Ok(())
}

/// Runs one fan-out job: the next batch of recipients.
pub async fn run(ctx: &JobContext, job: &store::entities::jobs::Model) -> anyhow::Result<()> {
    let p = &job.payload;
    let text = |key: &str| p[key].as_str().map(str::to_string).ok_or_else(|| anyhow::anyhow!("payload lacks {key}"));
    let group_id = p["group_id"].as_i64().ok_or_else(|| anyhow::anyhow!("payload lacks group_id"))?;
    let tenant_id = p["tenant_id"].as_i64();
    let after = p["after"].as_i64().unwrap_or(0);
    let (subject, html, body, origin) = (text("subject")?, text("html")?, text("text")?, text("origin")?);
    let txn = store::begin_write(&ctx.db).await?;
    let recipients = content_q::newsletter_recipients(&txn, group_id, after, BATCH).await?;
    for (user_id, email) in &recipients {
        let token = unsubscribe_token(&ctx.link_secret, *user_id);
        let url = format!("{origin}/newsletter/unsubscribe?token={token}");
        mail_q::queue(
            &txn,
            mail_q::NewEmail {
                tenant_id,
                to: email,
                subject: &subject,
                text_body: &body.replace(UNSUBSCRIBE_PLACEHOLDER, &url),
                html_body: &html.replace(UNSUBSCRIBE_PLACEHOLDER, &url),
            },
        )
        .await?;
    }
    if recipients.len() as u64 == BATCH {
        let last = recipients.last().map(|r| r.0).unwrap_or(after);
        let mut next = p.clone();
        next["after"] = json!(last);
        mail_q::enqueue_job(&txn, JOB_KIND, next, store::now()).await?;
    }
    txn.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_signed() {
        let token = unsubscribe_token(b"secret", 42);
        assert_eq!(verify_unsubscribe_token(b"secret", &token), Some(42));
        assert_eq!(verify_unsubscribe_token(b"other", &token), None);
        let forged = token.replacen("42.", "43.", 1);
        assert_eq!(verify_unsubscribe_token(b"secret", &forged), None);
        assert_eq!(verify_unsubscribe_token(b"secret", "nonsense"), None);
    }
}
