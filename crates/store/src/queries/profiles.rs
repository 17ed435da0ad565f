//! Profiles, group profiles, career profiles, career entries and user services.
//!
//! Profiles, career entries and services belong to the person (users are global); what
//! they point at (institutions, topics) belongs to a tenant and is resolved in the tenant
//! of the request. Group profiles belong to one organization, career profiles to one site.

use std::collections::HashMap;

use domain::profiles::{CompletionInput, ExtraInfo, GroupFields, GroupRef, ProfileFields, TopicRef};
use sea_orm::{
    sea_query::{Expr, ExprTrait, Func},
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    Set, TryIntoModel,
};

use super::slugs::{self, SlugColumn};
use crate::{
    entities::{career_entries, group_profiles, groups, profile_topics, profiles, topics, users},
    now, StoreError, StoreResult,
};

mod career;

pub use career::{
    career_entries_of, career_entries_page, delete_career_entry, delete_service, entry_skill_names, entry_skills,
    find_career_entry, find_career_profile, find_career_profile_by_id, find_service, group_in_tenant,
    save_career_entry, save_career_profile, save_service, services_of, CareerEntryValues, CareerProfileValues,
};

pub const GROUP_INSTITUTION: &str = "institution";

fn ints(json: &serde_json::Value) -> Vec<i64> {
    json.as_array().map(|a| a.iter().filter_map(|v| v.as_i64()).collect()).unwrap_or_default()
}

// ---------------------------------------------------------------------------------------
// Profiles

pub async fn find_by_user(db: &impl ConnectionTrait, user_id: i64) -> StoreResult<Option<profiles::Model>> {
    Ok(profiles::Entity::find().filter(profiles::Column::UserId.eq(user_id)).one(db).await?)
}

pub async fn find_by_id(db: &impl ConnectionTrait, id: i64) -> StoreResult<Option<profiles::Model>> {
    Ok(profiles::Entity::find_by_id(id).one(db).await?)
}

pub async fn find_by_slug(db: &impl ConnectionTrait, slug: &str) -> StoreResult<Option<profiles::Model>> {
    Ok(profiles::Entity::find().filter(profiles::Column::NameSlug.eq(slug)).one(db).await?)
}

/// The profile at `slug` with its user, in one statement.
pub async fn find_by_slug_with_user(
    db: &impl ConnectionTrait,
    slug: &str,
) -> StoreResult<Option<(profiles::Model, crate::entities::users::Model)>> {
    use crate::entities::users;
    let owner = sea_orm::RelationDef::from(
        profiles::Entity::belongs_to(users::Entity).from(profiles::Column::UserId).to(users::Column::Id),
    );
    let found = profiles::Entity::find()
        .join(sea_orm::JoinType::InnerJoin, owner)
        .select_also(users::Entity)
        .filter(profiles::Column::NameSlug.eq(slug))
        .one(db)
        .await?;
    Ok(found.and_then(|(profile, user)| user.map(|user| (profile, user))))
}

/// A free slug for a name: "ada-lovelace", else "ada-lovelace-N" (see `slugs`).
async fn free_slug(db: &impl ConnectionTrait, base: &str) -> StoreResult<String> {
    slugs::free_slug(db, SlugColumn { table: "profiles", column: "name_slug", tenant_id: None }, base).await
}

/// The user's profile, created (with a readable unique slug) when missing.
pub async fn ensure(db: &impl ConnectionTrait, user: &users::Model) -> StoreResult<profiles::Model> {
    if let Some(profile) = find_by_user(db, user.id).await? {
        return Ok(profile);
    }
    let base = domain::profiles::name_slug_base(&user.first_name, &user.last_name);
    for _ in 0..5 {
        let slug = free_slug(db, &base).await?;
        let at = now();
        let inserted = profiles::ActiveModel {
            user_id: Set(user.id),
            name_slug: Set(slug),
            interested_services: Set(serde_json::json!([])),
            completion_percent: Set(0),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        }
        .insert(db)
        .await;
        match inserted.map_err(StoreError::classify) {
            Ok(model) => {
                // Career entries may have been added before the profile existed.
                let percent = refresh_completion(db, user.id).await?;
                return Ok(profiles::Model { completion_percent: i16::from(percent), ..model });
            }
            // The same user created concurrently, or the slug was just taken: look again.
            Err(StoreError::Conflict(_)) => {
                if let Some(profile) = find_by_user(db, user.id).await? {
                    return Ok(profile);
                }
            }
            Err(err) => return Err(err),
        }
    }
    Err(StoreError::Conflict("could not pick a free profile slug".into()))
}

pub fn fields_of(profile: &profiles::Model) -> ProfileFields {
    ProfileFields {
        picture: profile.picture.clone(),
        country: profile.country.clone(),
        location: profile.location.clone(),
        title: profile.title.clone(),
        batch: profile.batch.clone(),
        prefered_language: profile.prefered_language.clone(),
        social_linkedin: profile.social_linkedin.clone(),
        social_twitter: profile.social_twitter.clone(),
        social_google_scholar: profile.social_google_scholar.clone(),
        social_research_gate: profile.social_research_gate.clone(),
        social_orcid: profile.social_orcid.clone(),
        social_facebook: profile.social_facebook.clone(),
        short_bio: profile.short_bio.clone(),
        career_story: profile.career_story.clone(),
        career_advice: profile.career_advice.clone(),
        calendy_url: profile.calendy_url.clone(),
        specific_needs: profile.specific_needs.clone(),
        discipline: profile.discipline.clone(),
        additional_career_information: profile.additional_career_information.clone(),
        interested_services: ints(&profile.interested_services),
        languages: languages_of(profile),
    }
}

/// The profile's language names (none on profiles from before the list existed).
pub fn languages_of(profile: &profiles::Model) -> Vec<String> {
    profile
        .languages
        .as_ref()
        .and_then(|v| v.as_array())
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

/// Stores the profile fields (and the institution when `institution` is `Some`).
pub async fn save_fields(
    db: &impl ConnectionTrait,
    profile: profiles::Model,
    fields: ProfileFields,
    institution: Option<Option<i64>>,
) -> StoreResult<profiles::Model> {
    let mut active: profiles::ActiveModel = profile.into();
    active.picture = Set(fields.picture);
    active.country = Set(fields.country);
    active.location = Set(fields.location);
    active.title = Set(fields.title);
    active.batch = Set(fields.batch);
    active.prefered_language = Set(fields.prefered_language);
    active.social_linkedin = Set(fields.social_linkedin);
    active.social_twitter = Set(fields.social_twitter);
    active.social_google_scholar = Set(fields.social_google_scholar);
    active.social_research_gate = Set(fields.social_research_gate);
    active.social_orcid = Set(fields.social_orcid);
    active.social_facebook = Set(fields.social_facebook);
    active.short_bio = Set(fields.short_bio);
    active.career_story = Set(fields.career_story);
    active.career_advice = Set(fields.career_advice);
    active.calendy_url = Set(fields.calendy_url);
    active.specific_needs = Set(fields.specific_needs);
    active.discipline = Set(fields.discipline);
    active.additional_career_information = Set(fields.additional_career_information);
    active.interested_services = Set(serde_json::json!(fields.interested_services));
    active.languages = Set(Some(serde_json::json!(fields.languages)));
    if let Some(institution) = institution {
        active.institution_id = Set(institution);
    }
    active.updated_at = Set(now());
    Ok(active.update(db).await?)
}

/// Which uploaded file a profile points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProfileMedia {
    Picture,
    Resume,
    Video,
}

/// Points the user's profile at an uploaded file's URL (or clears it with `None`) and
/// recomputes the completion percent. For the uploads area.
pub async fn set_media(
    db: &impl ConnectionTrait,
    user: &users::Model,
    media: ProfileMedia,
    url: Option<String>,
) -> StoreResult<profiles::Model> {
    let profile = ensure(db, user).await?;
    let mut active: profiles::ActiveModel = profile.into();
    match media {
        ProfileMedia::Picture => active.picture = Set(url),
        ProfileMedia::Resume => active.resume = Set(url),
        ProfileMedia::Video => active.video = Set(url),
    }
    active.updated_at = Set(now());
    let profile = active.update(db).await?;
    let percent = refresh_completion(db, user.id).await?;
    Ok(profiles::Model { completion_percent: i16::from(percent), ..profile })
}

pub async fn set_names(
    db: &impl ConnectionTrait,
    user_id: i64,
    first: Option<&str>,
    last: Option<&str>,
) -> StoreResult<()> {
    if first.is_none() && last.is_none() {
        return Ok(());
    }
    let mut update = users::Entity::update_many().col_expr(users::Column::UpdatedAt, Expr::value(now()));
    if let Some(first) = first {
        update = update.col_expr(users::Column::FirstName, Expr::value(first));
    }
    if let Some(last) = last {
        update = update.col_expr(users::Column::LastName, Expr::value(last));
    }
    update.filter(users::Column::Id.eq(user_id)).exec(db).await?;
    Ok(())
}

/// The profile's skills and topics, in the order they were chosen.
pub async fn topics_of(db: &impl ConnectionTrait, profile_id: i64) -> StoreResult<Vec<topics::Model>> {
    // One statement: the links, in their order, joined to their topics.
    let link = sea_orm::RelationDef::from(
        profile_topics::Entity::belongs_to(topics::Entity).from(profile_topics::Column::TopicId).to(topics::Column::Id),
    )
    .rev();
    Ok(topics::Entity::find()
        .join(sea_orm::JoinType::InnerJoin, link)
        .filter(profile_topics::Column::ProfileId.eq(profile_id))
        .order_by_asc(profile_topics::Column::Position)
        .order_by_asc(profile_topics::Column::Id)
        .all(db)
        .await?)
}

/// Replaces the profile's topics of one type (skill or general) with `ids`, in order.
pub async fn set_topics(db: &impl ConnectionTrait, profile_id: i64, topic_type: &str, ids: &[i64]) -> StoreResult<()> {
    let current = topics_of(db, profile_id).await?;
    let drop: Vec<i64> = current.iter().filter(|t| t.topic_type == topic_type).map(|t| t.id).collect();
    if !drop.is_empty() {
        profile_topics::Entity::delete_many()
            .filter(profile_topics::Column::ProfileId.eq(profile_id))
            .filter(profile_topics::Column::TopicId.is_in(drop))
            .exec(db)
            .await?;
    }
    if ids.is_empty() {
        return Ok(());
    }
    let rows = ids.iter().enumerate().map(|(position, id)| profile_topics::ActiveModel {
        profile_id: Set(profile_id),
        topic_id: Set(*id),
        position: Set(position as i32),
        ..Default::default()
    });
    profile_topics::Entity::insert_many(rows).exec_without_returning(db).await.map_err(StoreError::classify)?;
    Ok(())
}

/// Turns topic references into ids of the tenant's topics of `topic_type`, creating the new
/// names. `Err(id)` names the first id that is not such a topic.
pub async fn resolve_topics(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    topic_type: &str,
    refs: &[TopicRef],
    created_by: i64,
) -> StoreResult<Result<Vec<i64>, i64>> {
    let wanted: Vec<i64> =
        refs.iter().filter_map(|r| if let TopicRef::Id(id) = r { Some(*id) } else { None }).collect();
    let found: Vec<i64> = topics::Entity::find()
        .select_only()
        .column(topics::Column::Id)
        .filter(crate::queries::sql::on_site_by_key(topics::Entity, tenant_id))
        .filter(topics::Column::TopicType.eq(topic_type))
        .filter(topics::Column::Id.is_in(wanted.clone()))
        .into_tuple()
        .all(db)
        .await?;
    if let Some(missing) = wanted.iter().find(|id| !found.contains(id)) {
        return Ok(Err(*missing));
    }
    let mut ids = Vec::with_capacity(refs.len());
    for r in refs {
        let id = match r {
            TopicRef::Id(id) => *id,
            TopicRef::New(name) => {
                let key = name.to_lowercase();
                let (topic, _) = super::topics::get_or_create(
                    db,
                    super::topics::NewTopic {
                        tenant_id,
                        name,
                        name_key: &key,
                        topic_type,
                        topic_area_id: None,
                        group_id: None,
                        created_by: Some(created_by),
                    },
                )
                .await?;
                topic.id
            }
        };
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(Ok(ids))
}

/// An institution (or organization) of the tenant by id, or one by name, created as a new
/// institution when no group of the tenant has that name. `Err(id)` for an unknown id.
pub async fn resolve_institution(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    reference: &GroupRef,
) -> StoreResult<Result<groups::Model, i64>> {
    match reference {
        GroupRef::Id(id) => Ok(groups::Entity::find_by_id(*id)
            .filter(groups::Column::TenantId.eq(tenant_id))
            .filter(groups::Column::GroupType.is_in([GROUP_INSTITUTION, "organization"]))
            .one(db)
            .await?
            .ok_or(*id)),
        GroupRef::New(name) => {
            let existing = groups::Entity::find()
                .filter(groups::Column::TenantId.eq(tenant_id))
                .filter(groups::Column::GroupType.eq(GROUP_INSTITUTION))
                .filter(ExprTrait::eq(Expr::expr(Func::lower(Expr::col(groups::Column::Name))), name.to_lowercase()))
                .one(db)
                .await?;
            if let Some(group) = existing {
                return Ok(Ok(group));
            }
            let slug = super::groups::free_slug(db, tenant_id, name).await?;
            let at = now();
            let group = groups::ActiveModel {
                tenant_id: Set(tenant_id),
                parent_id: Set(None),
                group_type: Set(GROUP_INSTITUTION.into()),
                name: Set(name.clone()),
                slug: Set(slug),
                description: Set(None),
                logo: Set(None),
                cover_image: Set(None),
                privacy: Set(0),
                join_mode: Set("open".into()),
                membership_type: Set(None),
                is_tenant_root: Set(false),
                created_at: Set(at),
                updated_at: Set(at),
                ..Default::default()
            }
            .insert(db)
            .await
            .map_err(StoreError::classify)?;
            Ok(Ok(group))
        }
    }
}

pub async fn groups_by_ids(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, groups::Model>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(groups::Entity::find()
        .filter(groups::Column::Id.is_in(ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|g| (g.id, g))
        .collect())
}

pub async fn topics_by_ids(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, topics::Model>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(topics::Entity::find()
        .filter(topics::Column::Id.is_in(ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|t| (t.id, t))
        .collect())
}

/// Recomputes and stores the completion percent of the user's profile.
pub async fn refresh_completion(db: &impl ConnectionTrait, user_id: i64) -> StoreResult<u8> {
    let Some(profile) = find_by_user(db, user_id).await? else {
        return Ok(0);
    };
    let chosen = topics_of(db, profile.id).await?;
    let entries = career_entries::Entity::find().filter(career_entries::Column::UserId.eq(user_id)).count(db).await?;
    let percent = domain::profiles::completion_percent(&CompletionInput {
        picture: profile.picture.is_some(),
        title: profile.title.is_some(),
        country: profile.country.is_some(),
        short_bio: profile.short_bio.is_some(),
        career_story: profile.career_story.is_some(),
        institution: profile.institution_id.is_some(),
        skills: chosen.iter().any(|t| t.topic_type == "skill"),
        topics: chosen.iter().any(|t| t.topic_type == "general"),
        career_history: entries > 0,
        resume_or_linkedin: profile.resume.is_some() || profile.social_linkedin.is_some(),
    });
    if profile.completion_percent != i16::from(percent) {
        profiles::Entity::update_many()
            .col_expr(profiles::Column::CompletionPercent, Expr::value(i16::from(percent)))
            .filter(profiles::Column::Id.eq(profile.id))
            .exec(db)
            .await?;
    }
    Ok(percent)
}

// ---------------------------------------------------------------------------------------
// Group profiles

pub async fn find_group_profile(
    db: &impl ConnectionTrait,
    group_id: i64,
    user_id: i64,
) -> StoreResult<Option<group_profiles::Model>> {
    Ok(group_profiles::Entity::find()
        .filter(group_profiles::Column::GroupId.eq(group_id))
        .filter(group_profiles::Column::UserId.eq(user_id))
        .one(db)
        .await?)
}

/// The career stages people gave on a group (its organization's answers), by user id; one
/// query on the `(group_id, user_id)` index for a page of people.
pub async fn career_stages_on(
    db: &impl ConnectionTrait,
    group_id: i64,
    user_ids: &[i64],
) -> StoreResult<HashMap<i64, i64>> {
    if user_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, Option<i64>)> = group_profiles::Entity::find()
        .select_only()
        .column(group_profiles::Column::UserId)
        .column(group_profiles::Column::CareerStage)
        .filter(group_profiles::Column::GroupId.eq(group_id))
        .filter(group_profiles::Column::UserId.is_in(user_ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().filter_map(|(user, stage)| Some((user, stage?))).collect())
}

pub async fn find_group_profile_by_id(
    db: &impl ConnectionTrait,
    id: i64,
) -> StoreResult<Option<group_profiles::Model>> {
    Ok(group_profiles::Entity::find_by_id(id).one(db).await?)
}

pub fn group_fields_of(model: &group_profiles::Model) -> GroupFields {
    GroupFields {
        current_role: model.current_role,
        job_function: model.job_function,
        career_stage: model.career_stage,
        professional_field: model.professional_field,
        reason_to_join: ints(&model.reason_to_join),
        extra: extra_info_of(model),
    }
}

pub fn extra_info_of(model: &group_profiles::Model) -> ExtraInfo {
    serde_json::from_value(model.extra_info.clone()).unwrap_or_default()
}

/// Creates the group profile, or stores new values into `existing`.
pub async fn save_group_profile(
    db: &impl ConnectionTrait,
    existing: Option<group_profiles::Model>,
    group_id: i64,
    user_id: i64,
    fields: GroupFields,
) -> StoreResult<group_profiles::Model> {
    let at = now();
    let mut active: group_profiles::ActiveModel = match existing {
        Some(model) => model.into(),
        None => group_profiles::ActiveModel {
            group_id: Set(group_id),
            user_id: Set(user_id),
            is_certified: Set(false),
            created_at: Set(at),
            ..Default::default()
        },
    };
    active.current_role = Set(fields.current_role);
    active.job_function = Set(fields.job_function);
    active.career_stage = Set(fields.career_stage);
    active.professional_field = Set(fields.professional_field);
    active.reason_to_join = Set(serde_json::json!(fields.reason_to_join));
    active.extra_info = Set(serde_json::to_value(&fields.extra).unwrap_or_else(|_| serde_json::json!({})));
    active.updated_at = Set(at);
    active.save(db).await.map_err(StoreError::classify)?.try_into_model().map_err(StoreError::Db)
}

/// The profiles of several users (by user id), in one query.
pub async fn find_by_users(db: &impl ConnectionTrait, user_ids: &[i64]) -> StoreResult<HashMap<i64, profiles::Model>> {
    if user_ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(profiles::Entity::find()
        .filter(profiles::Column::UserId.is_in(user_ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.user_id, p))
        .collect())
}

/// A group of the tenant by id.
pub async fn find_group_in_tenant(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    group_id: i64,
) -> StoreResult<Option<groups::Model>> {
    Ok(groups::Entity::find_by_id(group_id).filter(groups::Column::TenantId.eq(tenant_id)).one(db).await?)
}
