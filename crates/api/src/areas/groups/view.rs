//! How a group is answered (spec 001 §3), with what the caller may see of its counts and
//! their own membership. Views of a page of groups are built with a fixed number of
//! queries, whatever the page size.

use std::{
    collections::{HashMap, HashSet},
    sync::Arc,
};

use chrono::{NaiveDate, Utc};
use domain::bookmarks::{group_type_bookmarkable, EntityType};
use domain::groups::{
    form::{format_price, Donation},
    lifecycle::{GroupDates, Lifecycle},
    permissions::is_admin_role,
};
use serde::Serialize;
use serde_json::{json, Value};
use store::{
    entities::{groups, memberships, use_cases},
    queries::{follows, groups as group_q, memberships as member_q, profiles as profile_q, use_cases as use_case_q},
};
use utoipa::ToSchema;

use crate::extract::Caller;
use crate::{areas::AppState, error::ApiResult};

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GroupRef {
    pub id: i64,
    pub name: String,
    pub name_slug: String,
    pub group_type: String,
    pub logo: Option<String>,
}

impl From<&groups::Model> for GroupRef {
    fn from(g: &groups::Model) -> Self {
        GroupRef {
            id: g.id,
            name: g.name.clone(),
            name_slug: g.slug.clone(),
            group_type: g.group_type.clone(),
            logo: g.logo.clone(),
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NamedRef {
    pub id: i64,
    pub name: String,
}

/// A use case as a group shows it (spec 001 §3 "use_cases_detailed").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UseCaseRef {
    pub id: i64,
    pub slug: String,
    pub title: String,
    /// Rich text.
    pub description: Option<String>,
    pub thumbnail_image: Option<String>,
}

impl From<&use_cases::Model> for UseCaseRef {
    fn from(u: &use_cases::Model) -> Self {
        UseCaseRef {
            id: u.id,
            slug: u.slug.clone(),
            title: u.title.clone(),
            description: u.description.clone(),
            thumbnail_image: u.thumbnail_image.clone(),
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SdgRef {
    pub id: i64,
    pub number: i32,
    pub name: String,
    pub logo: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LifecycleView {
    /// The status filter key, 1 to 6.
    pub key: u8,
    pub status: Lifecycle,
    /// The state's name, e.g. "Application Open".
    pub name: String,
    /// How it is shown, e.g. "Registration Open".
    pub label: String,
    pub accepts_applications: bool,
    pub has_ended: bool,
}

impl LifecycleView {
    pub fn of(group: &groups::Model, today: NaiveDate) -> Self {
        Self::of_dates(&dates_of(group), today)
    }

    pub fn of_dates(dates: &GroupDates, today: NaiveDate) -> Self {
        let state = dates.lifecycle(today);
        LifecycleView {
            key: state.key(),
            status: state,
            name: state.name().into(),
            label: state.label().into(),
            accepts_applications: dates.accepts_applications(today),
            has_ended: dates.has_ended(today),
        }
    }
}

pub fn dates_of(group: &groups::Model) -> GroupDates {
    GroupDates {
        application_open_date: group.application_open_date,
        application_close_date: group.application_close_date,
        start_date: group.start_date,
        end_date: group.end_date,
    }
}

pub fn today() -> NaiveDate {
    Utc::now().date_naive()
}

/// A group as the API answers it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GroupView {
    pub id: i64,
    pub name: String,
    pub name_slug: String,
    /// organization, institution, circle or event.
    pub group_type: String,
    pub parent_group: Option<i64>,
    pub parent_group_detail: Option<GroupRef>,
    pub is_tenant_root: bool,
    /// Rich text.
    pub description: Option<String>,
    pub objective: Option<String>,
    pub member_requirements: Option<String>,
    /// Influencer groups only.
    pub impact: Option<String>,
    pub location: Option<String>,
    pub country: Option<String>,
    pub countries: Vec<String>,
    pub topics: Vec<i64>,
    pub topics_detailed: Vec<NamedRef>,
    pub career_stages: Vec<String>,
    pub professional_fields: Vec<String>,
    /// Target personas.
    pub roles: Vec<String>,
    pub relevant_sdgs: Vec<i64>,
    pub relevant_sdgs_detailed: Vec<SdgRef>,
    pub level: i32,
    pub group_duration: Option<String>,
    pub maximum_size: Option<i64>,
    pub total_members: u64,
    pub total_circles: u64,
    /// Counts by status: administrators only.
    pub pending_members_count: Option<u64>,
    pub rejected_members_count: Option<u64>,
    pub unverified_members_count: Option<u64>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub application_open_date: Option<NaiveDate>,
    pub application_close_date: Option<NaiveDate>,
    /// open (anyone may apply) or closed (invitation only).
    pub publicity: String,
    /// 0 public, 20 private (members only).
    pub privacy: i16,
    pub circle_type: Option<i64>,
    pub circle_type_detail: Option<NamedRef>,
    pub circle_status_priority: Option<i32>,
    pub event_type: Option<String>,
    pub is_paid: bool,
    /// US dollars, e.g. "49.00"; null when free.
    pub price: Option<String>,
    pub paid_features: Vec<String>,
    pub discount: Option<i64>,
    /// Weeks.
    pub commitment_time: Option<i32>,
    pub complexity_level: Option<String>,
    pub learning_modality: Option<String>,
    pub create_google_classroom: bool,
    pub google_classroom_id: Option<String>,
    pub has_classroom_access: bool,
    /// The linked use cases' ids (as text, as the form sends them).
    pub use_cases: Vec<String>,
    pub use_cases_detailed: Vec<UseCaseRef>,
    pub is_influencer: bool,
    pub donation_details: Vec<Donation>,
    /// `questions` for new members; for events `is_external` and `external_link`.
    #[schema(value_type = Object)]
    pub extra_info: Value,
    pub cover_image: Option<String>,
    pub logo: Option<String>,
    pub lifecycle: LifecycleView,
    /// The maximum size is reached: new applicants go on the wait list.
    pub is_full: bool,
    /// The caller's membership: pending, accepted or rejected.
    pub membership_status: Option<String>,
    pub role: Option<String>,
    pub payment_status: Option<String>,
    pub waitlisted: bool,
    pub is_administrator: bool,
    pub is_followed: bool,
    /// The caller bookmarked this circle or event (favourites); false for guests.
    pub is_bookmarked: bool,
    pub followers_count: u64,
    pub created_at: chrono::DateTime<Utc>,
}

fn strings(value: &Option<Value>) -> Vec<String> {
    value
        .as_ref()
        .and_then(Value::as_array)
        .map(|items| items.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

/// The parents of the groups, up to four levels, by id.
pub async fn parent_chain(state: &AppState, models: &[groups::Model]) -> ApiResult<HashMap<i64, groups::Model>> {
    let mut known: HashMap<i64, groups::Model> = HashMap::new();
    let mut wanted: Vec<i64> = models.iter().filter_map(|g| g.parent_id).collect();
    for _ in 0..4 {
        wanted.retain(|id| !known.contains_key(id));
        wanted.sort_unstable();
        wanted.dedup();
        if wanted.is_empty() {
            break;
        }
        let found = profile_q::groups_by_ids(state.read_db(), &wanted).await?;
        wanted = found.values().filter_map(|g| g.parent_id).collect();
        known.extend(found);
    }
    Ok(known)
}

/// Whether the caller administers `group`: staff, or an accepted admin or leader of the
/// group or of a group above it.
pub fn administers(
    caller: &Caller,
    group: &groups::Model,
    parents: &HashMap<i64, groups::Model>,
    admin_of: &HashSet<i64>,
) -> bool {
    if caller.is_staff() {
        return true;
    }
    let mut next = Some(group.id);
    let mut steps = 0;
    while let Some(id) = next {
        if admin_of.contains(&id) {
            return true;
        }
        steps += 1;
        if steps > 5 {
            break;
        }
        next = if id == group.id { group.parent_id } else { parents.get(&id).and_then(|p| p.parent_id) };
    }
    false
}

/// The ids of groups (among `ids`) the caller holds an accepted admin or leader role in.
pub fn admin_ids(memberships: &[memberships::Model]) -> HashSet<i64> {
    memberships
        .iter()
        .filter(|m| m.status == member_q::STATUS_ACCEPTED && is_admin_role(&m.role))
        .map(|m| m.group_id)
        .collect()
}

/// What every viewer sees of a group: its view with the caller's fields blank, plus what
/// the caller's fields are computed from. Kept per tenant write generation by the lists
/// (`crate::page_cache`); the lifecycle is computed per request from the dates.
#[derive(Debug, Clone)]
pub struct BaseView {
    view: GroupView,
    counts: group_q::Counts,
    google_classroom_id: Option<String>,
    tenant_id: i64,
    /// The group's ancestors, nearest first, as far as [`parent_chain`] reads them.
    ancestors: Vec<i64>,
}

impl BaseView {
    pub fn id(&self) -> i64 {
        self.view.id
    }
}

/// The parts of the views of `models` that are the same for every caller, in the same
/// order: a fixed number of queries, whatever the number of groups.
pub async fn base_views(state: &AppState, models: Vec<groups::Model>) -> ApiResult<Vec<BaseView>> {
    if models.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = models.iter().map(|g| g.id).collect();
    let parents = parent_chain(state, &models).await?;
    let topics = group_q::topics_of(state.read_db(), &ids).await?;
    let sdgs = group_q::sdgs_of(state.read_db(), &ids).await?;
    let mut linked = use_case_q::of_groups(state.read_db(), &ids).await?;
    let counts = group_q::counts(state.read_db(), &ids).await?;
    let followers = follows::group_follower_counts(state.read_db(), &ids).await?;
    let type_ids: Vec<i64> = models.iter().filter_map(|g| g.circle_type_id).collect();
    let type_names = group_q::circle_type_names(state.read_db(), &type_ids).await?;
    let today = today();
    Ok(models
        .into_iter()
        .map(|g| {
            let count = counts.get(&g.id).copied().unwrap_or_default();
            let mut ancestors = Vec::new();
            let mut next = g.parent_id;
            while let Some(id) = next.filter(|_| ancestors.len() < store::queries::visibility::HIERARCHY_DEPTH) {
                let Some(parent) = parents.get(&id) else { break };
                ancestors.push(id);
                next = parent.parent_id;
            }
            let group_topics = topics.get(&g.id).cloned().unwrap_or_default();
            let group_sdgs = sdgs.get(&g.id).cloned().unwrap_or_default();
            let group_use_cases = linked.remove(&g.id).unwrap_or_default();
            let is_full = domain::groups::membership::is_full(&g.group_type, g.maximum_size, count.accepted);
            let tenant_id = g.tenant_id;
            let view = GroupView {
                id: g.id,
                parent_group_detail: g.parent_id.and_then(|p| parents.get(&p)).map(GroupRef::from),
                topics: group_topics.iter().map(|(id, _)| *id).collect(),
                topics_detailed: group_topics.into_iter().map(|(id, name)| NamedRef { id, name }).collect(),
                relevant_sdgs: group_sdgs.iter().map(|s| s.id).collect(),
                relevant_sdgs_detailed: group_sdgs
                    .into_iter()
                    .map(|s| SdgRef { id: s.id, number: s.number, name: s.name, logo: s.logo })
                    .collect(),
                total_members: count.accepted,
                total_circles: count.circles,
                pending_members_count: None,
                rejected_members_count: None,
                unverified_members_count: None,
                circle_type_detail: g
                    .circle_type_id
                    .and_then(|id| type_names.get(&id).map(|name| NamedRef { id, name: name.clone() })),
                price: g.price_cents.filter(|_| g.is_paid).map(format_price),
                lifecycle: LifecycleView::of(&g, today),
                is_full,
                membership_status: None,
                role: None,
                payment_status: None,
                waitlisted: false,
                is_administrator: false,
                is_followed: false,
                is_bookmarked: false,
                followers_count: followers.get(&g.id).copied().unwrap_or(0),
                name: g.name,
                name_slug: g.slug,
                group_type: g.group_type,
                parent_group: g.parent_id,
                is_tenant_root: g.is_tenant_root,
                description: g.description,
                objective: g.objective,
                member_requirements: g.member_requirements,
                impact: g.impact,
                location: g.location,
                country: g.country,
                countries: strings(&g.countries),
                career_stages: strings(&g.career_stages),
                professional_fields: strings(&g.professional_fields),
                roles: strings(&g.roles),
                level: g.level,
                group_duration: g.group_duration,
                maximum_size: g.maximum_size,
                start_date: g.start_date,
                end_date: g.end_date,
                application_open_date: g.application_open_date,
                application_close_date: g.application_close_date,
                publicity: g.join_mode,
                privacy: g.privacy,
                circle_type: g.circle_type_id,
                circle_status_priority: g.circle_status_priority,
                event_type: g.event_type,
                is_paid: g.is_paid,
                paid_features: strings(&g.paid_features),
                discount: g.discount,
                commitment_time: g.commitment_time,
                complexity_level: g.complexity_level,
                learning_modality: g.learning_modality,
                create_google_classroom: g.create_google_classroom,
                has_classroom_access: false,
                google_classroom_id: None,
                use_cases: group_use_cases.iter().map(|u| u.id.to_string()).collect(),
                use_cases_detailed: group_use_cases.iter().map(UseCaseRef::from).collect(),
                is_influencer: g.is_influencer,
                donation_details: g.donation_details.and_then(|d| serde_json::from_value(d).ok()).unwrap_or_default(),
                extra_info: g.extra_info.filter(|e| e.is_object()).unwrap_or_else(|| json!({})),
                cover_image: g.cover_image,
                logo: g.logo,
                created_at: g.created_at,
            };
            BaseView { view, counts: count, google_classroom_id: g.google_classroom_id, tenant_id, ancestors }
        })
        .collect())
}

/// The caller's memberships of the groups and their ancestors, the ids of those they
/// manage, which of the groups they follow and which they bookmarked (circles and events),
/// read in one statement; none for a guest.
pub struct CallerRights {
    own: HashMap<i64, member_q::Tie>,
    admin_of: HashSet<i64>,
    followed: HashSet<i64>,
    bookmarked: HashSet<i64>,
}

pub async fn caller_rights<'a>(
    state: &AppState,
    caller: &Caller,
    bases: impl IntoIterator<Item = &'a BaseView>,
) -> ApiResult<CallerRights> {
    let Some(user_id) = caller.id() else {
        return Ok(CallerRights {
            own: HashMap::new(),
            admin_of: HashSet::new(),
            followed: HashSet::new(),
            bookmarked: HashSet::new(),
        });
    };
    let mut ids = Vec::new();
    let mut all_ids = Vec::new();
    let mut bookmarkable: HashMap<i64, Vec<i64>> = HashMap::new();
    for base in bases {
        ids.push(base.view.id);
        if group_type_bookmarkable(&base.view.group_type) {
            bookmarkable.entry(base.tenant_id).or_default().push(base.view.id);
        }
        all_ids.push(base.view.id);
        all_ids.extend(base.ancestors.iter().copied());
    }
    all_ids.sort_unstable();
    all_ids.dedup();
    let mut bookmark_key: Vec<(i64, Vec<i64>)> = bookmarkable.iter().map(|(t, ids)| (*t, ids.clone())).collect();
    bookmark_key.sort_unstable();
    // Kept per the caller's person generation: their memberships, follows and bookmarks
    // bump it (m0042, m0049), and a group's change bumps everyone's.
    let key = TiesKey { user_id, member_of: all_ids.clone(), follow_of: ids.clone(), bookmark_of: bookmark_key };
    let db = state.read_db();
    let found = state
        .kept
        .group_ties
        .kept(&state.generations, db, key, user_id, async || {
            Ok(member_q::caller_ties(db, user_id, &all_ids, &ids, EntityType::Group.as_str(), &bookmarkable).await?)
        })
        .await?;
    let admin_of = found
        .ties
        .iter()
        .filter(|m| m.status == member_q::STATUS_ACCEPTED && is_admin_role(&m.role))
        .map(|m| m.group_id)
        .collect();
    Ok(CallerRights {
        own: found.ties.iter().map(|m| (m.group_id, m.clone())).collect(),
        admin_of,
        followed: found.followed.iter().copied().collect(),
        bookmarked: found.bookmarked.iter().copied().collect(),
    })
}

/// What a caller's ties to a page of groups were read for ([`caller_rights`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TiesKey {
    user_id: i64,
    member_of: Vec<i64>,
    follow_of: Vec<i64>,
    bookmark_of: Vec<(i64, Vec<i64>)>,
}

/// The view of `base` for the caller on `today`.
pub fn finish(caller: &Caller, rights: &CallerRights, base: &BaseView, today: NaiveDate) -> GroupView {
    let mut view = base.view.clone();
    let is_admin = caller.is_staff()
        || std::iter::once(&view.id).chain(base.ancestors.iter()).any(|id| rights.admin_of.contains(id));
    let dates = GroupDates {
        application_open_date: view.application_open_date,
        application_close_date: view.application_close_date,
        start_date: view.start_date,
        end_date: view.end_date,
    };
    view.lifecycle = LifecycleView::of_dates(&dates, today);
    if is_admin {
        view.pending_members_count = Some(base.counts.pending);
        view.rejected_members_count = Some(base.counts.rejected);
        view.unverified_members_count = Some(base.counts.unverified);
        view.has_classroom_access = base.google_classroom_id.is_some();
        view.google_classroom_id = base.google_classroom_id.clone();
    }
    view.is_administrator = is_admin;
    if let Some(mine) = rights.own.get(&view.id) {
        view.membership_status = Some(mine.status.clone());
        view.role = Some(mine.role.clone());
        view.payment_status = mine.payment_status.clone();
        view.waitlisted = mine.waitlisted && mine.status == "pending";
    }
    view.is_followed = rights.followed.contains(&view.id);
    view.is_bookmarked = rights.bookmarked.contains(&view.id);
    view
}

/// Builds the views of `models` for the caller.
pub async fn views(state: &AppState, caller: &Caller, models: Vec<groups::Model>) -> ApiResult<Vec<GroupView>> {
    let bases = base_views(state, models).await?;
    let rights = caller_rights(state, caller, &bases).await?;
    let today = today();
    Ok(bases.iter().map(|base| finish(caller, &rights, base, today)).collect())
}

/// The views of the groups `ids`, in that order, for the caller, from the base views kept
/// at the tenant's `generation` where there are; the others are built (from `models` when
/// given, else read) and kept. A group that no longer exists is left out.
pub async fn kept_views(
    state: &AppState,
    caller: &Caller,
    tenant_id: i64,
    generation: i64,
    ids: &[i64],
    mut models: HashMap<i64, groups::Model>,
) -> ApiResult<Vec<GroupView>> {
    let mut kept = state.kept.group_pages.items(tenant_id, generation, ids);
    let missing: Vec<i64> = ids.iter().zip(&kept).filter(|(_, k)| k.is_none()).map(|(id, _)| *id).collect();
    if !missing.is_empty() {
        let unread: Vec<i64> = missing.iter().filter(|id| !models.contains_key(id)).copied().collect();
        if !unread.is_empty() {
            models.extend(profile_q::groups_by_ids(state.read_db(), &unread).await?);
        }
        let to_build: Vec<groups::Model> = missing.iter().filter_map(|id| models.remove(id)).collect();
        let built: HashMap<i64, Arc<BaseView>> =
            base_views(state, to_build).await?.into_iter().map(|b| (b.id(), Arc::new(b))).collect();
        state.kept.group_pages.remember_items(tenant_id, generation, built.iter().map(|(id, b)| (*id, b.clone())));
        for (slot, id) in kept.iter_mut().zip(ids) {
            if slot.is_none() {
                *slot = built.get(id).cloned();
            }
        }
    }
    let bases: Vec<Arc<BaseView>> = kept.into_iter().flatten().collect();
    let rights = caller_rights(state, caller, bases.iter().map(|b| b.as_ref())).await?;
    let today = today();
    Ok(bases.iter().map(|base| finish(caller, &rights, base, today)).collect())
}

pub async fn view(state: &AppState, caller: &Caller, model: groups::Model) -> ApiResult<GroupView> {
    let mut list = views(state, caller, vec![model]).await?;
    Ok(list.pop().expect("one view per group"))
}
