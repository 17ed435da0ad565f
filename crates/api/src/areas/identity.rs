//! `GET /api/v1/identity/`: the signed-in user as the client needs it (spec 000 §3
//! "Identity (current user)"). The profile, group profile and career entries come from the
//! profiles area (the profile is created on first use); the subscription fields (own and
//! institutional) and tier flags from `areas::payments::flags`.
//!
//! Every signed-in page asks for it, so what it reads is kept per person (`crate::person_cache`)
//! while the person's write generation and everyone's (`store::person_generations`, bumped
//! by triggers, m0042) and the day stay the same: a kept identity costs one primary-key
//! read. Its unread notification count is kept with it (a notification's write bumps its
//! person's generation, m0050); the group posts waiting for the member are told first, so
//! what they write is counted.

use std::sync::Arc;

use axum::{extract::State, Json};
use serde::Serialize;
use store::entities::{groups, memberships, users};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    payments::flags::MemberTier,
    profiles::{CareerEntryView, GroupProfileView, ProfileView},
};
use crate::{
    areas::AppState,
    envelope::Data,
    error::ApiResult,
    extract::{AuthUser, Tenant},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(identity))
}

/// The own profile: the profile as its page shows it, with the private fields.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct IdentityProfile {
    #[serde(flatten)]
    pub profile: ProfileView,
    pub email: String,
    pub alternate_email: Option<String>,
    pub is_alternate_email_verified: bool,
    pub specific_needs: Option<String>,
}

/// The member's tier and what it unlocks (spec 002 §3 "User subscription"), computed on the
/// server by `areas::payments::flags`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserSubscription {
    /// The name of the plan in force (the free plan's without a paid one).
    pub applied_membership_tier: Option<String>,
    /// 0 to 3.
    pub subscription_tier: i16,
    /// pending or confirmed; null without a subscription.
    pub payment_status: Option<String>,
    pub stripe_subscription_id: Option<String>,
    /// month or year.
    pub stripe_membership_recurring_duration: Option<String>,
    /// The member has a subscription of their own (in any state; the free trial is only for
    /// those without one).
    pub individual_subscription: bool,
    /// An institution of the member holds a plan that covers them (spec 002 §1, §4).
    pub institutional_subscription: bool,
    /// The tier of the institution's plan covering the member (its yearly plan gets the
    /// 'Your Institution's Plan' badge); null when none covers them.
    pub institutional_subscription_tier: Option<i16>,
    /// The institution whose plan covers the member.
    pub institution_name: Option<String>,
    pub circle_discount_percent: u8,
    /// The plan in force is the institution's (its tier is above the member's own).
    pub is_institutional_membership: bool,
    pub one_to_one_chat: bool,
    pub use_ama: bool,
    pub can_use_premium_agents: bool,
    pub can_create_membership_card: bool,
    pub can_view_premium_resources: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrganizationRef {
    pub id: i64,
    pub name: String,
    pub name_slug: String,
    pub logo: Option<String>,
    pub domain: String,
    pub membership_status: Option<String>,
    pub membership_role: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Identity {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub is_verified: bool,
    pub is_trial_user: bool,
    pub is_staff: bool,
    pub is_influencer: bool,
    pub followed: bool,
    pub joined_at: String,
    pub unread_notifications_count: u64,
    pub profile: IdentityProfile,
    /// The group profile for this site's organization; null until the registration
    /// wizard stores one.
    pub group_profile: Option<GroupProfileView>,
    pub user_subscription: UserSubscription,
    pub organization: OrganizationRef,
    pub switchable_orgs: Vec<OrganizationRef>,
    pub work_experiences: Vec<CareerEntryView>,
    pub education_background: Vec<CareerEntryView>,
    pub membership_card: Option<String>,
    /// The membership status on the tenant's (default) organization: pending, accepted,
    /// rejected, or null when not a member.
    pub membership_status: Option<String>,
}

/// The signed-in user.
#[utoipa::path(
    get,
    path = "/api/v1/identity/",
    tag = "auth",
    security(("bearer" = [])),
    responses((status = 200, body = Data<Identity>))
)]
async fn identity(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
) -> ApiResult<Json<Data<Identity>>> {
    let generation = super::notifications::told_generation(&state, tenant.id(), user.id).await?;
    let today = chrono::Utc::now().date_naive();
    let key = (tenant.id(), user.id);
    let kept = match state.kept.identities.get(&key, generation, today) {
        Some(kept) => kept,
        None => {
            let read = Arc::new(read_identity(&state, &tenant, &user).await?);
            state.kept.identities.remember(key, generation, today, read.clone());
            read
        }
    };
    let mut identity = Identity::clone(&kept);
    // The site's organization as the host's record says now (it is kept for a second).
    let record = &tenant.0;
    identity.organization = OrganizationRef {
        id: record.organization.id,
        name: record.organization.name.clone(),
        name_slug: record.organization.slug.clone(),
        logo: record.organization.logo.clone(),
        domain: record.tenant.domain.clone(),
        ..identity.organization
    };
    Ok(Json(Data::new(identity)))
}

/// The identity as its rows say now.
async fn read_identity(state: &AppState, tenant: &Tenant, user: &users::Model) -> ApiResult<Identity> {
    let orgs = store::queries::memberships::tenant_organizations_of(state.read_db(), user.id).await?;
    let (organization, own, switchable) = organizations(tenant, orgs);
    let mine = super::profiles::own_profile(state, tenant, user).await?;
    let tier = super::payments::flags::member_tier(state.read_db(), tenant.id(), user.id).await?;
    let mut profile = mine.profile;
    Ok(Identity {
        id: user.id,
        first_name: user.first_name.clone(),
        last_name: user.last_name.clone(),
        is_verified: user.is_verified,
        is_trial_user: user.is_trial_user,
        is_staff: user.is_staff,
        is_influencer: own
            .as_ref()
            .is_some_and(|m| m.is_influencer && m.status == store::queries::memberships::STATUS_ACCEPTED),
        followed: false,
        joined_at: user.created_at.to_rfc3339(),
        unread_notifications_count: store::queries::notifications::unread_count(state.read_db(), tenant.id(), user.id)
            .await?,
        profile: IdentityProfile {
            email: profile.email.take().unwrap_or_default(),
            alternate_email: profile.alternate_email.take().flatten(),
            is_alternate_email_verified: profile.is_alternate_email_verified.take().unwrap_or(false),
            specific_needs: profile.specific_needs.take().flatten(),
            profile,
        },
        group_profile: mine.group_profile,
        user_subscription: user_subscription(tier),
        membership_status: organization.membership_status.clone(),
        organization,
        switchable_orgs: switchable,
        work_experiences: mine.work_experiences,
        education_background: mine.education_background,
        membership_card: super::payments::membership_card::stored_card(state, tenant.id(), user.id).await?,
    })
}

/// The site's organization with the caller's membership of it, that membership, and the
/// organizations of other sites the caller is an accepted member of (to switch to).
fn organizations(
    tenant: &Tenant,
    orgs: Vec<(memberships::Model, groups::Model, String)>,
) -> (OrganizationRef, Option<memberships::Model>, Vec<OrganizationRef>) {
    let mut own = None;
    let mut switchable = Vec::new();
    for (membership, org, domain) in orgs {
        let reference = OrganizationRef {
            id: org.id,
            name: org.name,
            name_slug: org.slug,
            logo: org.logo,
            domain,
            membership_status: Some(membership.status.clone()),
            membership_role: Some(membership.role.clone()),
        };
        if reference.id == tenant.organization_id() {
            own = Some(membership);
        }
        if reference.membership_status.as_deref() == Some(store::queries::memberships::STATUS_ACCEPTED) {
            switchable.push(reference);
        }
    }
    let record = &tenant.0;
    let organization = OrganizationRef {
        id: record.organization.id,
        name: record.organization.name.clone(),
        name_slug: record.organization.slug.clone(),
        logo: record.organization.logo.clone(),
        domain: record.tenant.domain.clone(),
        membership_status: own.as_ref().map(|m| m.status.clone()),
        membership_role: own.as_ref().map(|m| m.role.clone()),
    };
    (organization, own, switchable)
}

fn user_subscription(tier: MemberTier) -> UserSubscription {
    let flags = tier.flags;
    UserSubscription {
        applied_membership_tier: flags.applied_membership_tier,
        subscription_tier: flags.subscription_tier,
        payment_status: flags.payment_status.map(str::to_string),
        stripe_subscription_id: tier.subscription.as_ref().map(|s| s.provider_subscription_id.clone()),
        stripe_membership_recurring_duration: tier.recurring,
        individual_subscription: flags.individual_subscription,
        institutional_subscription: flags.institutional_subscription,
        institutional_subscription_tier: flags.institutional_subscription_tier,
        institution_name: tier.institutional.as_ref().map(|c| c.institution.name.clone()),
        circle_discount_percent: flags.circle_discount_percent,
        is_institutional_membership: flags.is_institutional_membership,
        one_to_one_chat: flags.one_to_one_chat,
        use_ama: flags.use_ama,
        can_use_premium_agents: flags.can_use_premium_agents,
        can_create_membership_card: flags.can_create_membership_card,
        can_view_premium_resources: flags.can_view_premium_resources,
    }
}
