//! The background worker: claims due jobs from the `jobs` table and runs them, with
//! retries and back-off. Every instance may run one; a claim is exclusive.

use std::{sync::Arc, time::Duration};

use store::queries::{imports as import_q, mail as mail_q};
use tokio::sync::Notify;

use crate::{job_context::JobContext, mail::OutgoingMail, profile_import};

fn timeout_for(ctx: &JobContext, kind: &str) -> Duration {
    if kind == import_q::JOB_KIND {
        profile_import::TIMEOUT
    } else {
        ctx.job_timeout
    }
}

/// Runs every job that is due now; returns how many ran. Tests call this directly.
pub async fn run_due(ctx: &JobContext) -> anyhow::Result<usize> {
    let mut ran = 0;
    // The lease outlasts the longest job of any kind, so no job is claimed twice while it runs.
    let longest = ctx.job_timeout.max(profile_import::TIMEOUT);
    let lease = chrono::Duration::from_std(longest * 2).unwrap_or(chrono::Duration::minutes(10));
    while let Some(job) = mail_q::claim_job(&ctx.db, lease).await? {
        ran += 1;
        let outcome = tokio::time::timeout(timeout_for(ctx, &job.kind), run_one(ctx, &job)).await;
        let error = match outcome {
            Ok(Ok(())) => None,
            Ok(Err(err)) => Some(format!("{err:#}")),
            Err(_) => Some("timed out".to_string()),
        };
        match error {
            None => mail_q::finish_job(&ctx.db, job.id).await?,
            Some(error) => {
                let gave_up = mail_q::fail_job(&ctx.db, &job, &error).await?;
                let outcome = if gave_up { "gave_up" } else { "retried" };
                ctx.metrics.jobs_failed.with_label_values(&[outcome]).inc();
                if job.kind == mail_q::SEND_EMAIL {
                    let mail_outcome = if gave_up { "failed" } else { "retried" };
                    ctx.metrics.mail.with_label_values(&[mail_outcome]).inc();
                }
                tracing::warn!(job = job.id, kind = %job.kind, attempts = job.attempts, gave_up, %error, "job failed");
                if gave_up {
                    mark_given_up(ctx, &job).await?;
                }
            }
        }
    }
    if ran > 0 {
        ctx.generations.forget();
    }
    Ok(ran)
}

async fn run_one(ctx: &JobContext, job: &store::entities::jobs::Model) -> anyhow::Result<()> {
    match job.kind.as_str() {
        mail_q::SEND_EMAIL => {
            let id = job.payload["email_id"].as_i64().ok_or_else(|| anyhow::anyhow!("payload lacks email_id"))?;
            let Some(email) = mail_q::find(&ctx.db, id).await? else {
                return Ok(());
            };
            if email.status == "sent" {
                return Ok(());
            }
            let mail = OutgoingMail {
                from: ctx.mail_from.clone(),
                to: email.to_address.clone(),
                subject: email.subject.clone(),
                text_body: email.text_body.clone(),
                html_body: email.html_body.clone(),
            };
            ctx.mail.deliver(&mail).await?;
            ctx.metrics.mail.with_label_values(&["delivered"]).inc();
            mail_q::mark(&ctx.db, id, "sent").await?;
            Ok(())
        }
        import_q::JOB_KIND => profile_import::run(ctx, job).await,
        crate::newsletter::JOB_KIND => crate::newsletter::run(ctx, job).await,
        crate::system_agents::JOB_KIND => crate::system_agents::run(ctx, job).await,
        crate::analytics::JOB_KIND => crate::analytics::run(ctx, job).await,
        other => anyhow::bail!("unknown job kind {other}"),
    }
}

async fn mark_given_up(ctx: &JobContext, job: &store::entities::jobs::Model) -> anyhow::Result<()> {
    if job.kind == mail_q::SEND_EMAIL {
        if let Some(id) = job.payload["email_id"].as_i64() {
            mail_q::mark(&ctx.db, id, "failed").await?;
        }
    }
    if job.kind == import_q::JOB_KIND {
        profile_import::give_up(ctx, job).await?;
    }
    if job.kind == crate::analytics::JOB_KIND {
        // The roll-up keeps going after a run that failed for good.
        crate::analytics::schedule_next(ctx, job).await?;
    }
    Ok(())
}

/// Runs jobs until the process stops: at once when `wake` is notified (a request queued
/// work), otherwise every second.
pub fn spawn_worker(ctx: JobContext, wake: Arc<Notify>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if let Err(err) = run_due(&ctx).await {
                tracing::error!(error = %err, "job worker error");
            }
            tokio::select! {
                _ = wake.notified() => {},
                _ = tokio::time::sleep(Duration::from_secs(1)) => {},
            }
        }
    })
}
