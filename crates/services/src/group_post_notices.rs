//! "A post in their group" (issue 16): a new approved post or newsletter tells the group's
//! accepted members. A group can be the whole site, so the request that stores the post
//! writes one fan-out job in its own transaction (the notifications exist exactly when the
//! post does) and each run of the job writes the next batch of notifications, by user id,
//! with the job of the batch after it, in one transaction; then it pushes them to the
//! members' open sockets.

use serde_json::{json, Value};
use store::queries::{mail as mail_q, notifications as notification_q};

use crate::job_context::JobContext;

pub const JOB_KIND: &str = "group_post_notices";
/// Members told per run of the job.
pub const BATCH: u64 = 200;

/// Queues the fan-out of `notice` to the members of `group_id` (call in the transaction
/// that stores the post). The author is never told of their own post.
pub async fn queue(
    db: &impl store::sea_orm::ConnectionTrait,
    tenant_id: i64,
    group_id: i64,
    author_id: i64,
    notice: &domain::notifications::Notice,
) -> store::StoreResult<()> {
    let payload = json!({
        "tenant_id": tenant_id,
        "group_id": group_id,
        "author_id": author_id,
        "kind": notice.kind,
        "notification_type": notice.notification_type,
        "message": notice.message,
        "data": notice.data,
        "after": 0,
    });
    mail_q::enqueue_job(db, JOB_KIND, payload, store::now()).await?;
    Ok(())
}

/// The socket event of a stored notification: the shape the web layer's
/// `NotificationEvent` documents.
pub fn event_json(row: &store::entities::notifications::Model) -> Value {
    json!({
        "type": "notification",
        "notification": {
            "id": row.id,
            "type": row.kind,
            "notification_type": row.notification_type,
            "message": row.message,
            "created_at": row.created_at.to_rfc3339(),
            "is_read": row.is_read,
            "data": row.data.clone().unwrap_or_else(|| json!({})),
        }
    })
}

/// Runs one batch of the fan-out.
pub async fn run(ctx: &JobContext, job: &store::entities::jobs::Model) -> anyhow::Result<()> {
    let p = &job.payload;
    let number = |key: &str| p[key].as_i64().ok_or_else(|| anyhow::anyhow!("payload lacks {key}"));
    let text = |key: &str| p[key].as_str().map(str::to_string).ok_or_else(|| anyhow::anyhow!("payload lacks {key}"));
    let (tenant_id, group_id, author_id) = (number("tenant_id")?, number("group_id")?, number("author_id")?);
    let after = p["after"].as_i64().unwrap_or(0);
    let (kind, notification_type, message) = (text("kind")?, text("notification_type")?, text("message")?);
    let txn = store::begin_write(&ctx.db).await?;
    let members = notification_q::group_members_after(&txn, group_id, after, BATCH).await?;
    let new = members
        .iter()
        .filter(|id| **id != author_id)
        .map(|user_id| notification_q::NewNotification {
            tenant_id,
            user_id: *user_id,
            actor_id: Some(author_id),
            kind: kind.clone(),
            notification_type: notification_type.clone(),
            message: message.clone(),
            data: p["data"].clone(),
        })
        .collect();
    let written = notification_q::create(&txn, new).await?;
    if members.len() as u64 == BATCH {
        let mut next = p.clone();
        next["after"] = json!(members.last().copied().unwrap_or(after));
        mail_q::enqueue_job(&txn, JOB_KIND, next, store::now()).await?;
    }
    txn.commit().await?;
    if let Some(realtime) = &ctx.realtime {
        for row in &written {
            realtime.publish(tenant_id, &[row.user_id], event_json(row).to_string().into()).await;
        }
    }
    Ok(())
}
