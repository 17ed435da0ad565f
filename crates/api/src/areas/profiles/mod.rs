//! Profiles (spec 000 §3, §5 "Profile and registration", §7 "Profile and identity"; 002 §5
//! "Career entry").
//!
//! - `profile`: `GET /users/profile/{slug}/`, `PATCH /users/profile/`, `PATCH /profiles/{id}/`
//! - `group_profile`: `POST /group-profiles/`, `PATCH /group-profiles/{id}/`
//! - `career_profile`: `POST /career-profiles/`, `PATCH /career-profiles/{id}/`
//! - `career_entries`: work and education entries, `/career-entries/`
//! - `services`: `GET /users/{id}/services/`, `/user-services/`
//! - `me`: `PATCH /profiles/me/` (with a picture), `DELETE /profiles/me/delete-picture/`
//!
//! A profile belongs to the person; the institutions and topics it points at belong to the
//! tenant of the request. Others see a profile only when its owner is a member of the
//! site's organization; emails and specific needs only the owner and staff see.

pub(crate) mod career_entries;
mod career_profile;
mod group_profile;
mod me;
mod profile;
mod services;

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use domain::{
    config::{AppConfig, HostVariant},
    profiles::FormContext,
    FieldErrors,
};
use sea_orm::{ConnectionTrait, DatabaseTransaction};
use serde::Serialize;
use store::{
    entities::{career_entries as entry_e, career_profiles, group_profiles, groups, profiles, topics, users},
    queries::{memberships, profiles as q},
};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::{
    areas::AppState,
    error::{ApiError, ApiResult},
    extract::Tenant,
};

pub fn routes() -> OpenApiRouter<AppState> {
    profile::routes()
        .merge(me::routes())
        .merge(group_profile::routes())
        .merge(career_profile::routes())
        .merge(career_entries::routes())
        .merge(services::routes())
}

pub const MSG_USER_NOT_FOUND: &str = "User not found.";

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TopicRefView {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GroupRefView {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub logo: Option<String>,
    pub group_type: String,
}

impl From<&groups::Model> for GroupRefView {
    fn from(g: &groups::Model) -> Self {
        GroupRefView {
            id: g.id,
            name: g.name.clone(),
            slug: g.slug.clone(),
            logo: g.logo.clone(),
            group_type: g.group_type.clone(),
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CareerProfileView {
    pub id: i64,
    pub user: i64,
    pub group: Option<i64>,
    pub institution: Option<i64>,
    pub institution_name: Option<String>,
    /// YYYY-MM-DD.
    pub start_date: Option<String>,
    pub batch: Option<String>,
    pub title: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProfileView {
    pub id: i64,
    pub user: i64,
    pub name_slug: String,
    pub picture: Option<String>,
    pub country: Option<String>,
    pub location: Option<String>,
    pub title: Option<String>,
    pub batch: Option<String>,
    pub prefered_language: Option<String>,
    pub resume: Option<String>,
    pub video: Option<String>,
    pub social_linkedin: Option<String>,
    pub social_twitter: Option<String>,
    pub social_google_scholar: Option<String>,
    pub social_research_gate: Option<String>,
    pub social_orcid: Option<String>,
    pub social_facebook: Option<String>,
    /// Sanitised HTML.
    pub short_bio: Option<String>,
    /// Sanitised HTML.
    pub career_story: Option<String>,
    /// Sanitised HTML.
    pub career_advice: Option<String>,
    pub calendy_url: Option<String>,
    pub discipline: Option<String>,
    pub additional_career_information: Option<String>,
    pub institution: Option<i64>,
    pub institution_detailed: Option<GroupRefView>,
    pub institution_name: Option<String>,
    pub interested_services: Vec<i64>,
    /// Language names (the import's Languages section, or the profile form).
    pub languages: Vec<String>,
    pub topics: Vec<i64>,
    pub skills: Vec<i64>,
    pub topics_detailed: Vec<TopicRefView>,
    pub skills_detailed: Vec<TopicRefView>,
    pub completion_percent: u8,
    /// The person's circle-leader certification on this site (null when not certified here).
    pub leadership_certification_details: Option<crate::areas::programme::LeaderCertificationView>,
    pub career_profile: Option<CareerProfileView>,
    /// Present for the owner and staff only (as are the three fields below).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub alternate_email: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_alternate_email_verified: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub specific_needs: Option<Option<String>>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GroupProfileView {
    pub id: i64,
    /// The organization this group profile belongs to.
    pub group: i64,
    pub user: i64,
    pub current_role: Option<i64>,
    pub job_function: Option<i64>,
    pub career_stage: Option<i64>,
    pub reason_to_join: Vec<i64>,
    pub professional_field: Option<i64>,
    /// The profile's topic ids.
    pub topics: Vec<i64>,
    /// The profile's skill ids.
    pub skills: Vec<i64>,
    pub is_certified: bool,
    pub extra_info: domain::profiles::ExtraInfo,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CareerEntryView {
    pub id: i64,
    pub user: i64,
    /// work or education.
    #[serde(rename = "type")]
    pub entry_type: String,
    /// The job title, or the degree for education.
    pub title: String,
    /// Sanitised HTML.
    pub description: String,
    pub group: Option<i64>,
    pub group_detailed: Option<GroupRefView>,
    pub skills: Vec<i64>,
    pub skills_detailed: Vec<TopicRefView>,
    pub is_currently_working: bool,
    pub start_date: String,
    pub end_date: Option<String>,
    pub show_gps: bool,
}

/// A person's profile page: the user, the profile, the group profile on this site and
/// the career entries.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserProfileView {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub is_staff: bool,
    pub is_influencer: bool,
    /// Whether the viewer follows this person (false for guests and on one's own page).
    pub followed: bool,
    /// How many people follow this person.
    pub followers_count: u64,
    /// How many people, and groups of this site, this person follows.
    pub following_count: u64,
    pub profile: ProfileView,
    pub group_profile: Option<GroupProfileView>,
    pub work_experiences: Vec<CareerEntryView>,
    pub education_background: Vec<CareerEntryView>,
}

pub(crate) fn form_context(tenant: &Tenant) -> (AppConfig, bool, bool) {
    let config: AppConfig = serde_json::from_value(tenant.0.tenant.config.clone()).unwrap_or_default();
    let institutional = config.ui.show_institutional_registration_screen;
    let diaspora = config.ui.host_variant == HostVariant::Diaspora;
    (config, institutional, diaspora)
}

pub(crate) fn context(config: &AppConfig, institutional: bool, diaspora: bool) -> FormContext<'_> {
    FormContext { options: &config.options, institutional, diaspora }
}

/// The owner, or staff.
pub(crate) fn can_edit(actor: &users::Model, owner_id: i64) -> bool {
    actor.id == owner_id || actor.is_staff
}

/// Whether `viewer` may see the profile of `owner` on this site: their own, staff, or an
/// owner who is a member of the site's organization.
pub(crate) async fn visible(
    db: &impl ConnectionTrait,
    tenant: &Tenant,
    viewer: Option<&users::Model>,
    owner: &users::Model,
) -> ApiResult<bool> {
    if !owner.is_active {
        return Ok(false);
    }
    if viewer.is_some_and(|v| v.id == owner.id || v.is_staff) {
        return Ok(true);
    }
    Ok(memberships::find(db, tenant.organization_id(), owner.id).await?.is_some())
}

/// A profile page as kept per person generation (`crate::person_cache`): the view every
/// viewer of its kind sees (`followed` left false), and whether its owner is a member of
/// the site's organization (who may see it).
pub struct KeptProfile {
    pub site_member: bool,
    pub view: UserProfileView,
}

/// Which person each profile link named when it was last read: a hint for the kept profile
/// pages (`profile::kept_by_link` says when it is trusted). Bounded as the person caches are.
#[derive(Clone, Default)]
pub struct ProfileLinks(Arc<Mutex<HashMap<String, i64>>>);

impl ProfileLinks {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, i64>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn owner(&self, slug: &str) -> Option<i64> {
        self.lock().get(slug).copied()
    }

    pub fn remember(&self, slug: String, owner_id: i64) {
        let mut links = self.lock();
        if links.len() >= crate::person_cache::MAX_PEOPLE && !links.contains_key(&slug) {
            links.clear();
        }
        links.insert(slug, owner_id);
    }
}

pub(crate) fn invalid_pk(id: i64) -> String {
    format!("Invalid pk \"{id}\" - object does not exist.")
}

/// Ends a write transaction: committed when `result` is a success, rolled back otherwise.
pub(crate) async fn finish<T>(txn: DatabaseTransaction, result: ApiResult<T>) -> ApiResult<T> {
    match result {
        Ok(value) => {
            txn.commit().await?;
            Ok(value)
        }
        Err(err) => {
            txn.rollback().await.ok();
            Err(err)
        }
    }
}

/// Resolves skill or topic references in the tenant; an unknown id is a field error.
pub(crate) async fn resolve_topics(
    db: &impl ConnectionTrait,
    errors: &mut FieldErrors,
    tenant_id: i64,
    field: &str,
    topic_type: &str,
    refs: &[domain::profiles::TopicRef],
    actor_id: i64,
) -> ApiResult<Vec<i64>> {
    match q::resolve_topics(db, tenant_id, topic_type, refs, actor_id).await? {
        Ok(ids) => Ok(ids),
        Err(id) => {
            errors.add(field, invalid_pk(id));
            Ok(Vec::new())
        }
    }
}

/// Resolves an institution reference in the tenant (a new name creates the institution).
pub(crate) async fn resolve_group(
    db: &impl ConnectionTrait,
    errors: &mut FieldErrors,
    tenant_id: i64,
    field: &str,
    reference: &domain::profiles::GroupRef,
) -> ApiResult<Option<i64>> {
    match q::resolve_institution(db, tenant_id, reference).await? {
        Ok(group) => Ok(Some(group.id)),
        Err(id) => {
            errors.add(field, invalid_pk(id));
            Ok(None)
        }
    }
}

fn date(d: chrono::NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

pub(crate) fn career_profile_view(
    model: &career_profiles::Model,
    groups: &HashMap<i64, groups::Model>,
) -> CareerProfileView {
    CareerProfileView {
        id: model.id,
        user: model.user_id,
        group: model.group_id,
        institution: model.institution_id,
        institution_name: model.institution_id.and_then(|id| groups.get(&id)).map(|g| g.name.clone()),
        start_date: model.start_date.map(date),
        batch: model.batch.clone(),
        title: model.title.clone(),
    }
}

pub(crate) async fn load_career_profile_view(
    db: &impl ConnectionTrait,
    model: &career_profiles::Model,
) -> ApiResult<CareerProfileView> {
    let groups = q::groups_by_ids(db, &model.institution_id.into_iter().collect::<Vec<_>>()).await?;
    Ok(career_profile_view(model, &groups))
}

fn topic_view(t: &topics::Model) -> TopicRefView {
    TopicRefView { id: t.id, name: t.name.clone() }
}

/// The profile as others (or, with `private`, its owner) see it.
pub(crate) async fn profile_view(
    db: &impl ConnectionTrait,
    tenant: &Tenant,
    user: &users::Model,
    profile: &profiles::Model,
    private: bool,
) -> ApiResult<ProfileView> {
    let chosen = q::topics_of(db, profile.id).await?;
    let (skills, topics): (Vec<&topics::Model>, Vec<&topics::Model>) =
        chosen.iter().partition(|t| t.topic_type == "skill");
    let career = q::find_career_profile(db, tenant.id(), user.id).await?;
    let mut group_ids: Vec<i64> = profile.institution_id.into_iter().collect();
    group_ids.extend(career.as_ref().and_then(|c| c.institution_id));
    let groups = q::groups_by_ids(db, &group_ids).await?;
    let institution = profile.institution_id.and_then(|id| groups.get(&id));
    Ok(ProfileView {
        id: profile.id,
        user: user.id,
        name_slug: profile.name_slug.clone(),
        picture: profile.picture.clone(),
        country: profile.country.clone(),
        location: profile.location.clone(),
        title: profile.title.clone(),
        batch: profile.batch.clone(),
        prefered_language: profile.prefered_language.clone(),
        resume: profile.resume.clone(),
        video: profile.video.clone(),
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
        discipline: profile.discipline.clone(),
        additional_career_information: profile.additional_career_information.clone(),
        institution: profile.institution_id,
        institution_detailed: institution.map(GroupRefView::from),
        institution_name: institution.map(|g| g.name.clone()),
        interested_services: q::fields_of(profile).interested_services,
        languages: q::languages_of(profile),
        topics: topics.iter().map(|t| t.id).collect(),
        skills: skills.iter().map(|t| t.id).collect(),
        topics_detailed: topics.iter().map(|t| topic_view(t)).collect(),
        skills_detailed: skills.iter().map(|t| topic_view(t)).collect(),
        completion_percent: profile.completion_percent.clamp(0, 100) as u8,
        leadership_certification_details: crate::areas::programme::certification_on(db, tenant, user.id).await?,
        career_profile: career.as_ref().map(|c| career_profile_view(c, &groups)),
        email: private.then(|| user.email.clone()),
        alternate_email: private.then(|| user.alternate_email.clone()),
        is_alternate_email_verified: private.then_some(user.is_alternate_email_verified),
        specific_needs: private.then(|| profile.specific_needs.clone()),
    })
}

pub(crate) fn group_profile_view(model: &group_profiles::Model, profile: Option<&ProfileView>) -> GroupProfileView {
    let fields = q::group_fields_of(model);
    GroupProfileView {
        id: model.id,
        group: model.group_id,
        user: model.user_id,
        current_role: fields.current_role,
        job_function: fields.job_function,
        career_stage: fields.career_stage,
        reason_to_join: fields.reason_to_join,
        professional_field: fields.professional_field,
        topics: profile.map(|p| p.topics.clone()).unwrap_or_default(),
        skills: profile.map(|p| p.skills.clone()).unwrap_or_default(),
        is_certified: model.is_certified,
        extra_info: fields.extra,
    }
}

pub(crate) async fn load_group_profile_view(
    db: &impl ConnectionTrait,
    model: &group_profiles::Model,
) -> ApiResult<GroupProfileView> {
    let chosen = match q::find_by_user(db, model.user_id).await? {
        Some(profile) => q::topics_of(db, profile.id).await?,
        None => Vec::new(),
    };
    let mut view = group_profile_view(model, None);
    view.skills = chosen.iter().filter(|t| t.topic_type == "skill").map(|t| t.id).collect();
    view.topics = chosen.iter().filter(|t| t.topic_type != "skill").map(|t| t.id).collect();
    Ok(view)
}

/// Views of career entries, with their groups and skills.
pub(crate) async fn entry_views(
    db: &impl ConnectionTrait,
    entries: &[entry_e::Model],
) -> ApiResult<Vec<CareerEntryView>> {
    let ids: Vec<i64> = entries.iter().map(|e| e.id).collect();
    let skills = q::entry_skill_names(db, &ids).await?;
    let group_ids: Vec<i64> = entries.iter().filter_map(|e| e.group_id).collect();
    let groups = q::groups_by_ids(db, &group_ids).await?;
    Ok(entries
        .iter()
        .map(|e| {
            let named = skills.get(&e.id).map(Vec::as_slice).unwrap_or_default();
            CareerEntryView {
                id: e.id,
                user: e.user_id,
                entry_type: e.entry_type.clone(),
                title: e.title.clone(),
                description: e.description.clone(),
                group: e.group_id,
                group_detailed: e.group_id.and_then(|id| groups.get(&id)).map(GroupRefView::from),
                skills_detailed: named.iter().map(|(id, name)| TopicRefView { id: *id, name: name.clone() }).collect(),
                skills: named.iter().map(|(id, _)| *id).collect(),
                is_currently_working: e.is_currently_working,
                start_date: date(e.start_date),
                end_date: e.end_date.map(date),
                show_gps: e.show_gps,
            }
        })
        .collect())
}

/// The work experiences and the education background of a user.
pub(crate) async fn career_history(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> ApiResult<(Vec<CareerEntryView>, Vec<CareerEntryView>)> {
    let entries = q::career_entries_of(db, user_id, None).await?;
    let views = entry_views(db, &entries).await?;
    Ok(views.into_iter().partition(|v| v.entry_type == domain::profiles::ENTRY_WORK))
}

/// Everything the profile page (and the identity) shows of a user on this site, as
/// `viewer` sees it.
pub(crate) async fn user_profile_view(
    db: &impl ConnectionTrait,
    tenant: &Tenant,
    viewer: Option<&users::Model>,
    user: &users::Model,
    profile: &profiles::Model,
    private: bool,
    site_membership: Option<Option<&store::entities::memberships::Model>>,
) -> ApiResult<UserProfileView> {
    use store::queries::follows;
    let view = profile_view(db, tenant, user, profile, private).await?;
    let follow_counts = follows::person_follows(db, user.id, tenant.id(), viewer.map(|v| v.id)).await?;
    let group = q::find_group_profile(db, tenant.organization_id(), user.id).await?;
    let group_profile = group.as_ref().map(|g| group_profile_view(g, Some(&view)));
    let (work_experiences, education_background) = career_history(db, user.id).await?;
    Ok(UserProfileView {
        id: user.id,
        first_name: user.first_name.clone(),
        last_name: user.last_name.clone(),
        is_staff: user.is_staff,
        is_influencer: match site_membership {
            Some(found) => found.as_ref().is_some_and(|m| m.is_influencer && m.status == memberships::STATUS_ACCEPTED),
            None => store::queries::influencers::is_influencer(db, tenant.organization_id(), user.id).await?,
        },
        followed: follow_counts.followed_by_viewer,
        followers_count: follow_counts.followers,
        following_count: follow_counts.following,
        profile: view,
        group_profile,
        work_experiences,
        education_background,
    })
}

/// The user's own profile page data (the profile is created when missing), for identity.
pub async fn own_profile(state: &AppState, tenant: &Tenant, user: &users::Model) -> ApiResult<UserProfileView> {
    // Read first: the profile is created (on the writer) only on the user's first visit.
    let profile = match q::find_by_user(state.read_db(), user.id).await? {
        Some(profile) => profile,
        None => q::ensure(&state.db, user).await?,
    };
    user_profile_view(state.read_db(), tenant, Some(user), user, &profile, true, None).await
}

pub(crate) fn not_found_user() -> ApiError {
    ApiError::NotFound(MSG_USER_NOT_FOUND.into())
}
