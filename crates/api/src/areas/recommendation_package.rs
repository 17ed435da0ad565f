//! The staff recommendation package (spec 002 §2 "Staff recommendation package", §3 "Email
//! package payload", §5, §6 staff, §7 `POST /recommendation-package/{id}/`, §8).
//!
//! - `POST /api/v1/recommendation-package/{id}/`: staff mail member `id` of the site a
//!   hand-picked package (subject, body, footer; up to 5 people, 5 groups, 5 resources and
//!   5 agent reports), through the outbox. Every item must be of the site and one the
//!   member may see; agent reports must be the member's own.
//! - `GET /api/v1/recommendation-package/people/?user_id=&entity_type=&group_from_user_to_be_included=`:
//!   staff fetch people of a chosen group for member `user_id`: `mentor` (further along in
//!   their career than the member), `mentee` (earlier) or `cross_group` (any stage), ranked
//!   by what they share with the member (the assistant's rank, in the database), 16 a page.

use axum::{
    extract::{Path, State},
    Json,
};
use domain::recommendation_package::{self as rules, Package};
use serde::Serialize;
use services::matching::{PeopleFor, PeopleQuery as RankPeople, RankedPerson};
use store::queries::{assistant as q, visibility::Viewer};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use store::queries::group_recommendations as recommend_q;

use crate::{
    areas::AppState,
    areas::{
        config::stored_config,
        person_cards::{self, PersonCard},
    },
    envelope::{Page, RequestUrl},
    error::{ApiError, ApiResult, ErrorBody},
    extract::{page_from_query, ApiJson, ApiQuery, AuthUser, Client, Tenant},
    mailer::{self, PackageSection},
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(send_package)).routes(routes!(package_people))
}

pub const MSG_NO_ACCESS: &str = "Sorry, You do not have access to use this feature";
pub const MSG_SENT: &str = "Email sent successfully";
const MSG_UNAVAILABLE: &str = "Some of the chosen items are not available to this member.";

#[derive(Debug, Serialize, ToSchema)]
pub struct SentAnswer {
    /// 'Email sent successfully'
    pub message: String,
}

fn group_path(kind: &str) -> &'static str {
    match kind {
        "circle" => "circle",
        "event" => "event",
        _ => "org",
    }
}

/// Mails a recommendation package to a member of the site (staff only).
#[utoipa::path(
    post,
    path = "/api/v1/recommendation-package/{id}/",
    tag = "assistant",
    params(("id" = i64, Path, description = "The member's user id")),
    request_body = rules::PackageInput,
    security(("bearer" = [])),
    responses(
        (status = 200, body = SentAnswer),
        (status = 403, body = ErrorBody, description = "Not staff"),
        (status = 404, body = ErrorBody, description = "No such member of the site")
    )
)]
async fn send_package(
    State(state): State<AppState>,
    tenant: Tenant,
    client: Client,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<rules::PackageInput>,
) -> ApiResult<Json<SentAnswer>> {
    if !user.is_staff {
        return Err(ApiError::Forbidden(MSG_NO_ACCESS.into()));
    }
    let not_found = || ApiError::NotFound("Not found.".into());
    let id: i64 = id.trim().parse().ok().filter(|id| *id > 0).ok_or_else(not_found)?;
    let package: Package = rules::parse(body)?;
    let recipient =
        q::package_people(state.read_db(), tenant.id(), &[id]).await?.into_iter().next().ok_or_else(not_found)?;
    let recipient_user =
        store::queries::users::find_by_id(state.read_db(), recipient.id).await?.ok_or_else(not_found)?;
    let items = PackageItems::load(&state, &tenant, &recipient_user, &package).await?;
    let sections = items.sections(&package, &client.origin_for(&tenant.0));
    mailer::queue_recommendation_package(
        &state.db,
        &tenant.0,
        &recipient_user.email,
        &package.subject,
        &package.body,
        &package.footer,
        &sections,
    )
    .await?;
    state.jobs_wake.notify_one();
    Ok(Json(SentAnswer { message: MSG_SENT.into() }))
}

/// What a package links to, as the recipient may see it.
struct PackageItems {
    people: Vec<q::PackageItem>,
    groups: Vec<q::PackageItem>,
    resources: Vec<q::PackageItem>,
    reports: Vec<store::queries::agents::reports::ListedReport>,
}

impl PackageItems {
    /// Every item chosen, or a 400 on the field of a kind with one the recipient may not see.
    async fn load(
        state: &AppState,
        tenant: &Tenant,
        recipient: &store::entities::users::Model,
        package: &Package,
    ) -> ApiResult<PackageItems> {
        let db = state.read_db();
        let people = q::package_people(db, tenant.id(), &package.users).await?;
        let viewer = Viewer { user_id: Some(recipient.id), is_staff: recipient.is_staff };
        let groups = q::package_groups(db, tenant.id(), &package.groups, viewer).await?;
        let resources = q::package_resources(db, tenant.id(), &package.internal_resources).await?;
        // Only the member's own reports: the link opens for them whether or not it is shared.
        let reports =
            store::queries::agents::reports::of_owner_by_ids(db, tenant.id(), recipient.id, &package.agent_reports)
                .await?;
        let mut errors = domain::FieldErrors::new();
        for (field, found, asked) in [
            ("users", people.len(), package.users.len()),
            ("groups", groups.len(), package.groups.len()),
            ("internal_resources", resources.len(), package.internal_resources.len()),
            ("agent_reports", reports.len(), package.agent_reports.len()),
        ] {
            if found != asked {
                errors.add(field, MSG_UNAVAILABLE);
            }
        }
        errors.into_result()?;
        Ok(PackageItems { people, groups, resources, reports })
    }

    /// The mail's sections, each a heading and its links on the site's own domain.
    fn sections(&self, package: &Package, origin: &str) -> [PackageSection; 4] {
        let link = |path: String| format!("{origin}{path}");
        [
            PackageSection {
                heading: "People to connect with",
                links: self.people.iter().map(|p| (p.name.clone(), link(format!("/profile/{}", p.slug)))).collect(),
            },
            PackageSection {
                heading: "Groups to join",
                links: self
                    .groups
                    .iter()
                    .map(|g| (g.name.clone(), link(format!("/{}/{}", group_path(&g.kind), g.slug))))
                    .collect(),
            },
            PackageSection {
                heading: "Resources",
                links: self
                    .resources
                    .iter()
                    .map(|r| (r.name.clone(), link(format!("/resource/{}", r.slug))))
                    .chain(package.external_resources.iter().map(|r| (r.title.clone(), r.url.clone())))
                    .collect(),
            },
            PackageSection {
                heading: "Your CareerGPS reports",
                links: self
                    .reports
                    .iter()
                    .map(|r| (format!("{} Report", r.agent_name), link(format!("/careergps-report/{}", r.report.slug))))
                    .collect(),
            },
        ]
    }
}

/// Values are read as text, so a bad one is answered on its own field with the spec's words
/// (a missing one too: required in the document, optional to serde).
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeopleQuery {
    /// The member the package is for.
    #[param(value_type = i64, required = true)]
    pub user_id: Option<String>,
    /// mentor, mentee or cross_group.
    #[param(schema_with = people_kinds, required = true)]
    pub entity_type: Option<String>,
    /// The group of the site the people are taken from (its accepted members).
    #[param(value_type = i64, required = true)]
    pub group_from_user_to_be_included: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 1)]
    pub page: Option<String>,
    #[param(value_type = Option<u64>, minimum = 1, default = 16)]
    pub page_size: Option<String>,
}

fn people_kinds() -> utoipa::openapi::schema::Object {
    crate::openapi::string_enum(&rules::PeopleKind::names())
}

/// A person fetched for a package.
#[derive(Debug, Serialize, ToSchema)]
pub struct PackagePerson {
    #[serde(flatten)]
    pub person: PersonCard,
    /// mentor, mentee or user (cross_group).
    #[serde(rename = "type")]
    pub item_type: String,
    /// The member's topics and skills the person has too.
    pub shared_topics: Vec<String>,
    /// Why: "Could mentor: Advanced (over 15 years); shares Python, SQL".
    pub reason: String,
}

/// People of a group for a member's package: mentors, mentees or anyone (staff only).
#[utoipa::path(
    get,
    path = "/api/v1/recommendation-package/people/",
    tag = "assistant",
    params(PeopleQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Page<PackagePerson>),
        (status = 403, body = ErrorBody, description = "Not staff"),
        (status = 404, body = ErrorBody, description = "No such member of the site")
    )
)]
async fn package_people(
    State(state): State<AppState>,
    tenant: Tenant,
    AuthUser(user): AuthUser,
    url: RequestUrl,
    ApiQuery(query): ApiQuery<PeopleQuery>,
) -> ApiResult<Json<Page<PackagePerson>>> {
    // The query is checked first: a malformed request is the same 400 for anyone.
    let page = page_from_query(&query.page, &query.page_size, rules::PEOPLE_PAGE_SIZE)?;
    let request = rules::PeopleRequest::parse(
        query.user_id.as_deref(),
        query.entity_type.as_deref(),
        query.group_from_user_to_be_included.as_deref(),
    )?;
    if !user.is_staff {
        return Err(ApiError::Forbidden(MSG_NO_ACCESS.into()));
    }
    let db = state.read_db();
    let (member, group) = member_and_group(db, &tenant, &request).await?;
    let asker = q::asker(db, tenant.organization_id(), &member, services::resume::country_spellings).await?;
    let config = stored_config(&tenant.0);
    let last_stage = config.options.career_stages.iter().map(|o| o.value).max().unwrap_or(0);
    let stage_between = match request.kind.stages(asker.career_stage, last_stage) {
        None => None,
        Some(Some(bounds)) => Some(bounds),
        // Nobody can be a mentor (mentee) of this member.
        Some(None) => return Ok(Json(Page::new(Vec::new(), 0, &page, &url))),
    };
    // Mentors and mentees are at another stage by definition: only cross_group ranks by it.
    let stages: Vec<i64> = match request.kind {
        rules::PeopleKind::CrossGroup => asker.career_stage.into_iter().collect(),
        _ => Vec::new(),
    };
    let fields: Vec<i64> = asker.professional_field.into_iter().collect();
    let what = recommend_q::Recommend {
        tenant_id: tenant.id(),
        organization_id: tenant.organization_id(),
        group_id: None,
        source: recommend_q::Source::Group(group.id),
        topic_keys: &asker.topics,
        countries: &asker.country_spellings,
        stages: &stages,
        fields: &fields,
        exclude_user: Some(member.id),
        stage_between,
    };
    let ranked = ranked_pool(&state, &tenant, member.id, &what).await?;
    let count = ranked.len() as u64;
    let rows: Vec<&RankedPerson> = ranked.iter().skip(page.offset() as usize).take(page.page_size as usize).collect();
    let items = people_items(db, &tenant, config, request.kind, &group.name, &rows).await?;
    Ok(Json(Page::new(items, count, &page, &url)))
}

/// The page's people as cards, each with why they are listed.
async fn people_items(
    db: &store::Db,
    tenant: &Tenant,
    config: &domain::config::AppConfig,
    kind: rules::PeopleKind,
    group_name: &str,
    rows: &[&RankedPerson],
) -> ApiResult<Vec<PackagePerson>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.user_id).collect();
    let (cards, _) = person_cards::load(db, &ids).await?;
    let person_stages = store::queries::profiles::career_stages_on(db, tenant.organization_id(), &ids).await?;
    let stage_label = |id: i64| config.options.career_stages.iter().find(|o| o.value == id).map(|o| o.label.clone());
    Ok(rows
        .iter()
        .filter_map(|row| {
            let shared = row.fit.shared_topics.clone();
            let stage = person_stages.get(&row.user_id).copied().and_then(stage_label);
            Some(PackagePerson {
                person: cards.get(&row.user_id)?.clone(),
                item_type: kind.item_type().to_string(),
                reason: rules::people_reason(kind, &shared, stage.as_deref(), group_name),
                shared_topics: shared,
            })
        })
        .collect())
}

/// The member the package is for (a person of the site) and the group the people are taken
/// from (a group of the site); a 400 on the field of the one that does not exist.
async fn member_and_group(
    db: &store::Db,
    tenant: &Tenant,
    request: &rules::PeopleRequest,
) -> ApiResult<(store::entities::users::Model, store::entities::groups::Model)> {
    let invalid =
        |field: &str, id: i64| ApiError::field(field, format!("Invalid pk \"{id}\" - object does not exist."));
    let member = match q::package_people(db, tenant.id(), &[request.user_id]).await?.into_iter().next() {
        Some(found) => store::queries::users::find_by_id(db, found.id).await?,
        None => None,
    }
    .ok_or_else(|| invalid(rules::USER_FIELD, request.user_id))?;
    let group = store::queries::groups::find(db, tenant.id(), request.group_id)
        .await?
        .ok_or_else(|| invalid(rules::GROUP_FIELD, request.group_id))?;
    Ok((member, group))
}

/// The group's members at the stages asked (a bounded pool), ranked by the matching engine
/// for the member: how close their profiles are in meaning, then what they share.
async fn ranked_pool(
    state: &AppState,
    tenant: &Tenant,
    member_id: i64,
    what: &recommend_q::Recommend<'_>,
) -> ApiResult<Vec<RankedPerson>> {
    let db = state.read_db();
    let pool = recommend_q::pool(db, what).await?;
    let query = RankPeople {
        tenant_id: tenant.id(),
        target: PeopleFor::Member(member_id),
        pool: Some(&pool),
        exclude: &std::collections::HashSet::from([member_id]),
        stages: None,
        limit: pool.len(),
    };
    Ok(state.matching.rank_people(db, query).await?)
}
