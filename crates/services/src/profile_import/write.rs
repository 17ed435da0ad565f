//! The one writer of imported sections, whatever their source: scalar fields replace the
//! profile's values, languages, skills and topics are merged with what the profile has, and
//! career entries are added unless the profile already has them.

use domain::{
    imports::merge_names,
    profiles::{GroupRef, TopicRef, ENTRY_EDUCATION, ENTRY_WORK, MAX_LANGUAGES, MAX_SKILLS, MAX_TOPICS},
};
use store::{
    entities::profiles as profile_e,
    now,
    queries::profiles as q,
    sea_orm::{ActiveModelTrait, ConnectionTrait, Set},
    StoreError, StoreResult,
};

use super::plan::{Plan, PlannedEntry};

/// Who is written and on which site (institutions and topics are the tenant's).
pub struct Target {
    pub tenant_id: i64,
    pub user_id: i64,
    /// Recorded as the creator of new topics.
    pub actor_id: i64,
}

/// Writes `plan` to the user's profile (which must exist); run it in a transaction.
pub async fn apply(db: &impl ConnectionTrait, target: &Target, plan: &Plan) -> StoreResult<()> {
    let profile = q::find_by_user(db, target.user_id).await?.ok_or(StoreError::NotFound)?;
    write_fields(db, &profile, plan).await?;
    for (topic_type, names, max) in [("skill", &plan.skills, MAX_SKILLS), ("general", &plan.topics, MAX_TOPICS)] {
        if let Some(names) = names {
            merge_topics(db, target, profile.id, topic_type, names, max).await?;
        }
    }
    for (entry_type, entries) in [(ENTRY_WORK, &plan.work), (ENTRY_EDUCATION, &plan.education)] {
        if let Some(entries) = entries {
            add_entries(db, target, entry_type, entries).await?;
        }
    }
    q::refresh_completion(db, target.user_id).await?;
    Ok(())
}

async fn write_fields(db: &impl ConnectionTrait, profile: &profile_e::Model, plan: &Plan) -> StoreResult<()> {
    let mut active: profile_e::ActiveModel = profile.clone().into();
    let mut changed = false;
    for (value, column) in [
        (&plan.title, &mut active.title),
        (&plan.country, &mut active.country),
        (&plan.short_bio, &mut active.short_bio),
        (&plan.career_story, &mut active.career_story),
    ] {
        if let Some(value) = value {
            *column = Set(Some(value.clone()));
            changed = true;
        }
    }
    if let Some(languages) = &plan.languages {
        let merged = merge_names(&q::languages_of(profile), languages, MAX_LANGUAGES);
        active.languages = Set(Some(serde_json::json!(merged)));
        changed = true;
    }
    if changed {
        active.updated_at = Set(now());
        active.update(db).await?;
    }
    Ok(())
}

/// Adds topics by name (created in the tenant when new) after the profile's own, up to `max`.
async fn merge_topics(
    db: &impl ConnectionTrait,
    target: &Target,
    profile_id: i64,
    topic_type: &str,
    names: &[String],
    max: usize,
) -> StoreResult<()> {
    let current: Vec<_> =
        q::topics_of(db, profile_id).await?.into_iter().filter(|t| t.topic_type == topic_type).collect();
    let room = max.saturating_sub(current.len());
    let new: Vec<TopicRef> = names
        .iter()
        .filter(|name| !current.iter().any(|t| t.name.to_lowercase() == name.to_lowercase()))
        .take(room)
        .map(|name| TopicRef::New(name.clone()))
        .collect();
    if new.is_empty() {
        return Ok(());
    }
    let created = q::resolve_topics(db, target.tenant_id, topic_type, &new, target.actor_id)
        .await?
        .map_err(|_| StoreError::NotFound)?;
    let mut ids: Vec<i64> = current.iter().map(|t| t.id).collect();
    for id in created {
        if !ids.contains(&id) && ids.len() < max {
            ids.push(id);
        }
    }
    q::set_topics(db, profile_id, topic_type, &ids).await
}

/// Adds entries the user does not have yet (same type, title, institution name and start).
async fn add_entries(
    db: &impl ConnectionTrait,
    target: &Target,
    entry_type: &str,
    entries: &[PlannedEntry],
) -> StoreResult<()> {
    let existing = q::career_entries_of(db, target.user_id, Some(entry_type)).await?;
    let group_ids: Vec<i64> = existing.iter().filter_map(|e| e.group_id).collect();
    let groups = q::groups_by_ids(db, &group_ids).await?;
    let mut known: Vec<PlannedEntry> = existing
        .iter()
        .map(|e| PlannedEntry {
            title: e.title.clone(),
            institution: e.group_id.and_then(|id| groups.get(&id)).map(|g| g.name.clone()),
            description: String::new(),
            start_date: e.start_date,
            end_date: e.end_date,
            current: e.is_currently_working,
        })
        .collect();
    for entry in entries {
        let institution = entry.institution.as_deref();
        if known.iter().any(|k| super::plan::same_entry(k, &entry.title, institution, entry.start_date)) {
            continue;
        }
        let group_id = match institution {
            Some(name) => Some(
                q::resolve_institution(db, target.tenant_id, &GroupRef::New(name.to_string()))
                    .await?
                    .map_err(|_| StoreError::NotFound)?
                    .id,
            ),
            None => None,
        };
        q::save_career_entry(
            db,
            None,
            target.user_id,
            q::CareerEntryValues {
                entry_type: entry_type.to_string(),
                title: entry.title.clone(),
                description: entry.description.clone(),
                group_id,
                is_currently_working: entry.current,
                start_date: entry.start_date,
                end_date: entry.end_date,
                show_gps: true,
                skills: Vec::new(),
            },
        )
        .await?;
        known.push(entry.clone());
    }
    Ok(())
}
