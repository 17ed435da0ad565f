//! Profile import in the background (the `profile_import` job): read the source (a stored
//! resume PDF, or a LinkedIn profile through [`crate::profile_data`]), keep the chosen
//! sections ([`plan`]) and write them ([`write`]), then mark the import done or failed.
//!
//! A source that cannot be read (a damaged PDF, a profile the provider does not know) fails
//! the import at once with a message for the user. A dependency that is down (file storage,
//! the provider, the database) makes the job try again a few times before the import fails.

pub mod plan;
pub mod write;

use std::time::Duration;

use anyhow::Context;
use domain::imports::{MSG_LINKEDIN_FETCH, SOURCE_LINKEDIN, SOURCE_RESUME};
use store::{
    entities::{jobs, profile_imports},
    queries::{files, imports, profiles, users},
};

use crate::{
    job_context::JobContext,
    resume::{self, ParsedResume, ResumeError},
};

/// The longest an import may take: reading a large PDF and the optional AI refinement.
pub const TIMEOUT: Duration = Duration::from_secs(180);

pub const MSG_RESUME_GONE: &str = "The resume file is no longer available. Please upload it again.";
pub const MSG_RESUME_EMPTY: &str = "No profile information could be found in this resume.";
pub const MSG_RESUME_LATER: &str = "The resume could not be imported at the moment. Please try again later.";
pub const MSG_USER_GONE: &str = "This account no longer exists.";

/// Why a source gave nothing.
enum FetchError {
    /// For good: the import fails with this message.
    Failed(String),
    /// For now: the job tries again.
    Retry(anyhow::Error),
}

/// Runs the import of a `profile_import` job.
pub async fn run(ctx: &JobContext, job: &jobs::Model) -> anyhow::Result<()> {
    let id = job.payload["import_id"].as_i64().context("payload lacks import_id")?;
    let Some(import) = imports::find(&ctx.db, id).await? else {
        return Ok(());
    };
    if import.status == imports::STATUS_DONE || import.status == imports::STATUS_FAILED {
        return Ok(());
    }
    imports::mark_running(&ctx.db, id).await?;
    let parsed = match fetch(ctx, &import).await {
        Ok(parsed) => parsed,
        Err(FetchError::Failed(message)) => {
            tracing::info!(import = id, source = %import.source, %message, "profile import failed");
            imports::finish(&ctx.db, id, Some(&message)).await?;
            return Ok(());
        }
        Err(FetchError::Retry(err)) => return Err(err),
    };
    let Some(user) = users::find_by_id(&ctx.db, import.user_id).await?.filter(|u| u.is_active) else {
        imports::finish(&ctx.db, id, Some(MSG_USER_GONE)).await?;
        return Ok(());
    };
    // Created outside the transaction (see `profiles::ensure`).
    profiles::ensure(&ctx.db, &user).await?;
    let plan = plan::build(&parsed, &imports::fields_of(&import));
    let target = write::Target {
        tenant_id: import.tenant_id,
        user_id: user.id,
        actor_id: import.requested_by.unwrap_or(user.id),
    };
    let txn = store::begin_write(&ctx.db).await?;
    let written = async {
        write::apply(&txn, &target, &plan).await?;
        imports::finish(&txn, id, None).await
    }
    .await;
    match written {
        Ok(()) => txn.commit().await?,
        Err(err) => {
            txn.rollback().await.ok();
            return Err(err.into());
        }
    }
    tracing::info!(import = id, source = %import.source, skipped_entries = plan.skipped_entries, "profile imported");
    Ok(())
}

/// The job gave up after its retries: the import fails with a message for its source.
pub async fn give_up(ctx: &JobContext, job: &jobs::Model) -> anyhow::Result<()> {
    let Some(id) = job.payload["import_id"].as_i64() else { return Ok(()) };
    let Some(import) = imports::find(&ctx.db, id).await? else { return Ok(()) };
    let message = if import.source == SOURCE_LINKEDIN { MSG_LINKEDIN_FETCH } else { MSG_RESUME_LATER };
    imports::finish(&ctx.db, id, Some(message)).await?;
    Ok(())
}

/// Whether a parse found anything an import can write.
fn has_sections(parsed: &ParsedResume) -> bool {
    parsed.title.is_some()
        || parsed.country.is_some()
        || !parsed.languages.is_empty()
        || !parsed.skills.is_empty()
        || !parsed.topics.is_empty()
        || parsed.short_bio.is_some()
        || parsed.career_story.is_some()
        || !parsed.experiences.is_empty()
        || !parsed.education.is_empty()
}

async fn fetch(ctx: &JobContext, import: &profile_imports::Model) -> Result<ParsedResume, FetchError> {
    match import.source.as_str() {
        SOURCE_RESUME => fetch_resume(ctx, import).await,
        SOURCE_LINKEDIN => fetch_linkedin(ctx, import).await,
        other => Err(FetchError::Failed(format!("Unknown import source {other}."))),
    }
}

async fn fetch_resume(ctx: &JobContext, import: &profile_imports::Model) -> Result<ParsedResume, FetchError> {
    let retry = |err: anyhow::Error| FetchError::Retry(err);
    let gone = || FetchError::Failed(MSG_RESUME_GONE.into());
    let file_id = import.file_id.ok_or_else(gone)?;
    let file = files::find(&ctx.db, file_id).await.map_err(|e| retry(e.into()))?.ok_or_else(gone)?;
    let object = ctx.storage.get(&file.storage_key).await.map_err(|e| retry(e.into()))?.ok_or_else(gone)?;
    // PDF reading is CPU work; a panic inside the PDF library ends up here as an error.
    let read = tokio::task::spawn_blocking(move || resume::parse_pdf_with_text(&object.bytes)).await;
    let (text, draft) = match read {
        Ok(Ok(parsed)) => parsed,
        Ok(Err(err)) => return Err(FetchError::Failed(err.to_string())),
        Err(_) => return Err(FetchError::Failed(ResumeError::Corrupt.to_string())),
    };
    let parsed = resume::refine_or_draft(ctx.resume_refiner.as_deref(), &text, draft).await;
    if !has_sections(&parsed) {
        return Err(FetchError::Failed(MSG_RESUME_EMPTY.into()));
    }
    Ok(parsed)
}

async fn fetch_linkedin(ctx: &JobContext, import: &profile_imports::Model) -> Result<ParsedResume, FetchError> {
    let failed = || FetchError::Failed(MSG_LINKEDIN_FETCH.into());
    let (Some(source), Some(url)) = (ctx.linkedin.as_ref(), import.url.as_deref()) else {
        return Err(failed());
    };
    match source.fetch(url).await {
        Ok(parsed) if has_sections(&parsed) => Ok(parsed),
        Ok(_) => Err(failed()),
        Err(err) if err.is_transient() => Err(FetchError::Retry(err.into())),
        Err(err) => {
            tracing::warn!(error = %err, "LinkedIn profile data could not be fetched");
            Err(failed())
        }
    }
}
