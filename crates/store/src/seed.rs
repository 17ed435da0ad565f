//! Demo and benchmark data. Both are idempotent per tenant domain and run in transactions.

use sea_orm::{
    ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};
use serde_json::json;

use crate::{
    entities::{memberships, topics, users},
    now,
    queries::{
        memberships as member_q,
        tenants::{self, NewTenant, TenantRecord},
        topics as topic_q, users as user_q,
    },
    Db, StoreResult,
};

pub const DEMO_DOMAIN: &str = "localhost";
pub const STAR_DOMAIN: &str = "star.localhost";

/// A login the demo prints.
#[derive(Debug, Clone)]
pub struct DemoLogin {
    pub email: &'static str,
    pub role: &'static str,
    pub tenant: &'static str,
}

pub const DEMO_LOGINS: &[DemoLogin] = &[
    DemoLogin { email: "admin@example.com", role: "organization admin", tenant: DEMO_DOMAIN },
    DemoLogin { email: "maria@example.com", role: "member", tenant: DEMO_DOMAIN },
    DemoLogin { email: "sam@example.com", role: "member", tenant: DEMO_DOMAIN },
    DemoLogin {
        email: "noor@example.com",
        role: "member on the paid Professional plan (assistant, premium agents, chat)",
        tenant: DEMO_DOMAIN,
    },
    DemoLogin { email: "star-admin@example.com", role: "organization admin", tenant: STAR_DOMAIN },
    DemoLogin {
        email: "operator@example.com",
        role: "platform operator (staff: every tenant's groups and members)",
        tenant: DEMO_DOMAIN,
    },
];

const TOPIC_AREAS: &[&str] = &["AI and Data", "Career Growth", "Leadership", "Entrepreneurship", "Communication"];

const SKILLS: &[(&str, usize)] = &[
    ("Python", 0),
    ("Prompt Engineering", 0),
    ("Machine Learning", 0),
    ("Data Analysis", 0),
    ("SQL", 0),
    ("Cloud Computing", 0),
    ("Resume Writing", 1),
    ("Interviewing", 1),
    ("Project Management", 2),
    ("Product Management", 2),
    ("Team Leadership", 2),
    ("Fundraising", 3),
    ("Business Planning", 3),
    ("Public Speaking", 4),
    ("Technical Writing", 4),
    ("Negotiation", 4),
];

const GENERAL_TOPICS: &[(&str, usize)] = &[
    ("Generative AI", 0),
    ("Data Science", 0),
    ("Machine Learning", 0),
    ("Responsible AI", 0),
    ("Career Change", 1),
    ("Remote Work", 1),
    ("Personal Branding", 1),
    ("Mentorship", 2),
    ("Startups", 3),
    ("Networking", 4),
];

/// The demo: a default tenant on localhost and a second, "star" variant tenant on
/// star.localhost, each with topics and users. `password_hash` is used for every user.
pub async fn seed_demo(db: &Db, password_hash: &str) -> StoreResult<Vec<TenantRecord>> {
    let default_config = serde_json::to_value(domain::config::AppConfig::default()).expect("config serialises");
    let mut demo = match tenants::find_by_domain(db, DEMO_DOMAIN).await? {
        Some(existing) => existing,
        None => {
            tenants::create(
                db,
                NewTenant {
                    domain: DEMO_DOMAIN,
                    name: "Waypoint Demo",
                    slug: "waypoint-demo",
                    description: Some("A community for learning AI skills and growing careers together."),
                    logo: None,
                    is_default: true,
                    config: default_config.clone(),
                },
            )
            .await?
        }
    };
    let mut star_config = default_config;
    star_config["ui"]["host_variant"] = json!("star");
    star_config["ui"]["show_job_menu"] = json!(false);
    star_config["ui"]["theme"] = json!({
        "primary_main": "#1D4ED8", "primary_light": "#DBEAFE", "secondary_main": "#0F172A",
        "secondary_light": "#E2E8F0", "background_paper": "#FFFFFF", "background_default": "#F1F5F9"
    });
    star_config["ui"]["landing_page_content"]["title"] = json!("Star Academy: AI skills for every learner");
    let mut star = match tenants::find_by_domain(db, STAR_DOMAIN).await? {
        Some(existing) => existing,
        None => {
            tenants::create(
                db,
                NewTenant {
                    domain: STAR_DOMAIN,
                    name: "Star Academy",
                    slug: "star-academy",
                    description: Some("Hands-on AI tools and use cases for students."),
                    logo: None,
                    is_default: false,
                    config: star_config,
                },
            )
            .await?
        }
    };

    let txn = db.begin().await?;
    for (record, country) in [(&mut demo, "United States"), (&mut star, "India")] {
        give_country(&txn, record, country).await?;
    }
    for record in [&demo, &star] {
        let mut area_ids = Vec::new();
        // Looked up before creating: on PostgreSQL a failed insert would abort the transaction.
        let existing = topic_q::list_areas(&txn, record.tenant.id, 0, 500).await?.items;
        for name in TOPIC_AREAS {
            let area = match existing.iter().find(|a| a.name == *name) {
                Some(area) => area.id,
                None => topic_q::create_area(&txn, record.tenant.id, name).await?.id,
            };
            area_ids.push(area);
        }
        for (kind, list) in [("skill", SKILLS), ("general", GENERAL_TOPICS)] {
            for (name, area) in list {
                let key = name.to_lowercase();
                topic_q::get_or_create(
                    &txn,
                    topic_q::NewTopic {
                        tenant_id: record.tenant.id,
                        name,
                        name_key: &key,
                        topic_type: kind,
                        topic_area_id: area_ids.get(*area).copied().filter(|id| *id > 0),
                        group_id: None,
                        created_by: None,
                    },
                )
                .await?;
            }
        }
    }
    let users = [
        // Tenant admins administer their own organization only; staff is deployment-wide
        // (docs/decisions.md), so it goes to one clearly named operator account.
        ("admin@example.com", "Ada", "Admin", false, &demo, "admin"),
        ("maria@example.com", "Maria", "Lopez", false, &demo, "member"),
        ("sam@example.com", "Sam", "Okafor", false, &demo, "member"),
        ("noor@example.com", "Noor", "Haddad", false, &demo, "member"),
        ("star-admin@example.com", "Stella", "Reyes", false, &star, "admin"),
        ("operator@example.com", "Otto", "Operator", true, &demo, "member"),
        // Influencers of the demo site (`seed_demo_influencers`).
        ("lena@example.com", "Lena", "Fischer", false, &demo, "member"),
        ("kwame@example.com", "Kwame", "Mensah", false, &demo, "member"),
    ];
    for (email, first, last, staff, tenant, role) in users {
        let user = match user_q::find_by_email(&txn, email).await? {
            Some(user) => user,
            None => {
                user_q::create(
                    &txn,
                    user_q::NewUser {
                        email,
                        password_hash: Some(password_hash.to_string()),
                        first_name: first,
                        last_name: last,
                        is_verified: true,
                        is_staff: staff,
                        subscribe_to_newsletter: true,
                    },
                )
                .await?
            }
        };
        member_q::upsert(&txn, tenant.organization.id, user.id, role, member_q::STATUS_ACCEPTED).await?;
    }
    seed_demo_profiles(&txn, demo.tenant.id).await?;
    seed_demo_group_profiles(&txn, demo.organization.id).await?;
    seed_demo_programme(&txn, &demo).await?;
    // Google Classroom: a course of the built-in classroom on the first demo circle.
    crate::queries::classroom::seed_demo(&txn, demo.tenant.id).await?;
    seed_demo_jobs(&txn, &demo).await?;
    seed_demo_influencers(&txn, &demo).await?;
    txn.commit().await?;
    for record in [&demo, &star] {
        seed_demo_membership_plans(db, record.tenant.id).await?;
    }
    seed_demo_paid_member(db, &demo).await?;
    for record in [&demo, &star] {
        // CareerGPS: the built-in agents and the system agents, those the site lacks.
        crate::queries::agents::ensure_builtin(db, record.tenant.id).await?;
    }
    Ok(vec![demo, star])
}

/// The demo's paid member: noor holds the Professional plan (yearly, active), as the local
/// checkout would have left it, so the assistant, premium agents and chat can be tried at once.
async fn seed_demo_paid_member(db: &Db, demo: &TenantRecord) -> StoreResult<()> {
    use crate::queries::payments as pay_q;
    use domain::payments::{
        events::{ProviderEvent, SubscriptionSnapshot},
        status::SubscriptionStatus,
    };
    let Some(noor) = user_q::find_by_email(db, "noor@example.com").await? else { return Ok(()) };
    if pay_q::ever_subscribed(db, demo.tenant.id, noor.id).await? {
        return Ok(());
    }
    let start = now().timestamp();
    let event = ProviderEvent {
        id: format!("evt_demo_{}_{}", demo.tenant.id, noor.id),
        created: start,
        event_type: "customer.subscription.created".into(),
        subscription: SubscriptionSnapshot {
            provider_subscription_id: format!("sub_demo_{}", noor.id),
            tenant_id: demo.tenant.id,
            user_id: noor.id,
            provider_price_id: format!("price_demo_{}_professional_year", demo.tenant.id),
            status: SubscriptionStatus::Active,
            trial_end: None,
            current_period_end: domain::payments::pricing::Recurring::Year.period_end(start),
            cancel_at: None,
            canceled_at: None,
            cancellation_reason: None,
            discount_name: None,
            discount_percent: 0,
            client_secret: None,
        },
    };
    pay_q::apply_event_now(db, &event).await?;
    Ok(())
}

/// The membership plans of a demo site (payments): a free tier and three paid tiers with
/// monthly and yearly prices (cents), a 14-day trial on the first paid tier, and a student
/// discount. Seeding again adds none.
async fn seed_demo_membership_plans(db: &Db, tenant_id: i64) -> StoreResult<()> {
    use crate::queries::payments as pay_q;
    use domain::payments::{
        input::{PlanInput, PriceInput},
        pricing::Recurring,
    };
    if !pay_q::plans(db, tenant_id).await?.is_empty() {
        return Ok(());
    }
    let features = |items: &[&str]| items.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let plans = [
        (
            "Free",
            "Join the community and explore.",
            0,
            0,
            [0, 0],
            0,
            features(&["Community circles and events", "Resource Hub", "Job board"]),
            features(&["AI assistant (AMA)", "Premium CareerGPS agents", "Membership card"]),
        ),
        (
            "Explorer",
            "The AI assistant and one-to-one chat.",
            1,
            14,
            [900, 9000],
            10,
            features(&["Everything in Free", "AI assistant (AMA)", "One-to-one chat", "10% off paid circles"]),
            features(&["Premium CareerGPS agents", "Membership card"]),
        ),
        (
            "Professional",
            "Premium agents and resources.",
            2,
            0,
            [1900, 19000],
            20,
            features(&[
                "Everything in Explorer",
                "Premium CareerGPS agents",
                "Premium resources",
                "20% off paid circles",
            ]),
            features(&["Membership card"]),
        ),
        (
            "Leader",
            "Everything, with a membership card.",
            3,
            0,
            [2900, 29000],
            30,
            features(&["Everything in Professional", "Membership card", "30% off paid circles"]),
            Vec::new(),
        ),
    ];
    for (name, description, tier, trial_days, [monthly, yearly], discount, included, excluded) in plans {
        let input = PlanInput {
            name: name.to_string(),
            description: description.to_string(),
            subscription_tier: tier,
            trial_days,
            included_features: included,
            excluded_features: excluded,
            use_ama: tier >= 1,
            one_to_one_chat: tier >= 1,
            can_use_premium_agents: tier >= 2,
            can_create_membership_card: tier >= 3,
            can_view_premium_resources: tier >= 2,
            circle_discount_percent: discount,
            prices: vec![
                PriceInput { unit_amount: monthly, recurring: Recurring::Month, provider_price_id: None },
                PriceInput { unit_amount: yearly, recurring: Recurring::Year, provider_price_id: None },
            ],
        };
        pay_q::save_plan(db, tenant_id, None, &input, |recurring| {
            format!("price_demo_{tenant_id}_{}_{recurring}", name.to_lowercase())
        })
        .await?;
    }
    pay_q::add_discount(
        db,
        tenant_id,
        "Student",
        "<p>For students enrolled full time at a college or university.</p>",
        25,
        &[1, 2, 3],
    )
    .await?;
    Ok(())
}

/// The demo site's influential people (with a bio and career advice, so their 'Learn from'
/// tab has something to show) and an influential organization. Texts already written are kept.
async fn seed_demo_influencers(txn: &impl sea_orm::ConnectionTrait, demo: &TenantRecord) -> StoreResult<()> {
    use domain::groups::form::GroupForm;

    use crate::queries::{groups as group_q, influencers, profiles as profile_q};

    let people = [
        (
            "lena@example.com",
            "Germany",
            "<p>Machine learning engineer and teacher. I help people without a computer science degree ship \
             their first AI project.</p>",
            "<p>Start with a problem you have every week, not with a model. Automate one small step, measure the \
             time saved, and show it to someone.</p>",
        ),
        (
            "kwame@example.com",
            "Ghana",
            "<p>Founder of a community of data practitioners across West Africa, and a mentor of career \
             changers.</p>",
            "<p>Write in public about what you learn. Every project you explain is a portfolio piece and an \
             introduction to your next colleague.</p>",
        ),
    ];
    for (email, country, bio, advice) in people {
        let Some(user) = user_q::find_by_email(txn, email).await? else { continue };
        let profile = profile_q::ensure(txn, &user).await?;
        if profile.career_advice.is_none() {
            let mut fields = profile_q::fields_of(&profile);
            fields.country = Some(country.into());
            fields.short_bio = Some(bio.split_whitespace().collect::<Vec<_>>().join(" "));
            fields.career_advice = Some(advice.split_whitespace().collect::<Vec<_>>().join(" "));
            profile_q::save_fields(txn, profile, fields, None).await?;
        }
        influencers::set(txn, demo.organization.id, user.id, true).await?;
    }
    let name = "Open AI Literacy Foundation";
    if group_q::find_by_slug(txn, demo.tenant.id, &domain::slug::slugify(name)).await?.is_none() {
        let Some(admin) = user_q::find_by_email(txn, "admin@example.com").await? else { return Ok(()) };
        let form = GroupForm {
            name: name.to_string(),
            group_type: "organization".into(),
            parent_group: Some(demo.organization.id),
            description: Some(
                "<p>A non-profit that brings free AI literacy courses to schools and libraries.</p>".into(),
            ),
            impact: Some("<p>120,000 learners in 14 countries took their first AI course with us.</p>".into()),
            country: Some("United States".into()),
            countries: vec!["United States".into()],
            is_influencer: true,
            publicity: Some("open".into()),
            ..Default::default()
        };
        group_q::insert(txn, demo.tenant.id, &form, 0, admin.id).await?;
    }
    Ok(())
}

/// An organization's form requires a country: a demo organization without one could not be
/// saved through its own edit form. Sets it when missing (older demo databases included).
async fn give_country(
    txn: &impl sea_orm::ConnectionTrait,
    record: &mut TenantRecord,
    country: &str,
) -> StoreResult<()> {
    use crate::entities::groups;
    if record.organization.country.as_deref().is_some_and(|c| !c.trim().is_empty()) {
        return Ok(());
    }
    groups::Entity::update_many()
        .col_expr(groups::Column::Country, sea_orm::sea_query::Expr::value(country))
        .filter(groups::Column::Id.eq(record.organization.id))
        .exec(txn)
        .await?;
    record.organization.country = Some(country.to_string());
    Ok(())
}

/// A demo person's profile: enough that the profile page has something in every section.
struct DemoProfile {
    email: &'static str,
    title: &'static str,
    country: &'static str,
    location: &'static str,
    institution: &'static str,
    short_bio: &'static str,
    career_story: &'static str,
    languages: &'static [&'static str],
    skills: &'static [&'static str],
    topics: &'static [&'static str],
    /// Where they want to go (the profile's additional career information).
    goal: Option<&'static str>,
    /// (type, title, institution, description, start, end, skills)
    entries: &'static [DemoEntry],
}

type DemoEntry = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
    &'static [&'static str],
);

const DEMO_PROFILES: &[DemoProfile] = &[
    DemoProfile {
        email: "maria@example.com",
        title: "Senior Data Analyst",
        country: "Spain",
        location: "Madrid",
        institution: "Universidad Carlos III de Madrid",
        short_bio: "<p>Data analyst who turns messy spreadsheets into decisions. Learning machine learning to \
                    automate the forecasts I still build by hand.</p>",
        career_story: "<p>I started in a bank's risk team, reconciling reports nobody trusted. Rebuilding them \
                       in SQL taught me that clear data changes conversations.</p><p>Today I lead analytics for a \
                       retail chain and mentor two junior analysts. Next, I want to move into applied machine \
                       learning for demand planning.</p>",
        languages: &["Spanish", "English"],
        skills: &["Data Analysis", "SQL", "Python"],
        topics: &["Generative AI", "Career Change"],
        goal: Some("Move from data analysis into data science: build forecasting models instead of reports."),
        entries: &[
            (
                "work",
                "Senior Data Analyst",
                "Northwind Retail",
                "<p>Own the weekly sales and stock dashboards for 120 stores; cut report preparation from two days to two hours.</p>",
                "2021-03-01",
                None,
                &["Data Analysis", "SQL"],
            ),
            (
                "work",
                "Business Analyst",
                "Contoso Bank",
                "<p>Rebuilt the credit-risk reports in SQL and documented every metric with the risk team.</p>",
                "2017-09-01",
                Some("2021-02-28"),
                &["SQL"],
            ),
            (
                "education",
                "BSc Statistics",
                "Universidad Carlos III de Madrid",
                "<p>Final project on forecasting tourist arrivals with time-series models.</p>",
                "2013-09-01",
                Some("2017-06-30"),
                &["Python", "Data Analysis"],
            ),
        ],
    },
    DemoProfile {
        email: "sam@example.com",
        title: "Product Manager",
        country: "Nigeria",
        location: "Lagos",
        institution: "University of Lagos",
        short_bio: "<p>Product manager building payment tools for small businesses across West Africa.</p>",
        career_story: "<p>I wrote code for three years before I noticed I enjoyed the customer calls more than \
                       the pull requests.</p><p>Moving into product let me do both: I now run discovery with \
                       merchants and ship with a team of six. I mentor first-time product managers on the side.</p>",
        languages: &["English", "Yoruba"],
        skills: &["Product Management", "Team Leadership", "Public Speaking"],
        topics: &["Startups", "Mentorship"],
        goal: None,
        entries: &[
            (
                "work",
                "Product Manager",
                "Lumen Payments",
                "<p>Lead the merchant dashboard; launched instant settlements used by 40,000 shops.</p>",
                "2020-06-01",
                None,
                &["Product Management", "Team Leadership"],
            ),
            (
                "work",
                "Associate Product Manager",
                "Harbor Logistics",
                "<p>Shipped the driver app's offline mode after interviewing forty drivers.</p>",
                "2018-01-15",
                Some("2020-05-31"),
                &["Product Management"],
            ),
            (
                "education",
                "BSc Computer Science",
                "University of Lagos",
                "<p>President of the campus developer club; organised two hackathons.</p>",
                "2012-10-01",
                Some("2016-07-31"),
                &["Public Speaking"],
            ),
        ],
    },
    // The demo's paid member (Professional plan): the assistant, premium agents and chat can be
    // tried at once; her goal is what the guidance journey shows (issue 29).
    DemoProfile {
        email: "noor@example.com",
        title: "Business Analyst",
        country: "Kenya",
        location: "Nairobi",
        institution: "University of Nairobi",
        short_bio: "<p>Business analyst at a Nairobi insurer: requirements, process maps and the monthly \
                    board pack.</p>",
        career_story: "<p>I joined the claims team as a graduate trainee and became the person who could turn \
                       a messy spreadsheet into a clear page for the board.</p>",
        languages: &["English", "Swahili"],
        skills: &["Data Analysis", "SQL"],
        topics: &["Career Change"],
        goal: Some("Move from business analysis into data science."),
        entries: &[(
            "work",
            "Business Analyst",
            "Jubilee Mutual",
            "<p>Map claims processes and write the requirements for the new policy system.</p>",
            "2020-02-01",
            None,
            &["Data Analysis"],
        )],
    },
];

fn demo_date(text: &str) -> chrono::NaiveDate {
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").expect("demo dates are valid")
}

/// Profiles for the demo members maria and sam (on the demo tenant), and maria following
/// sam. A profile that already has a title, or a person with career entries, is left as is.
async fn seed_demo_profiles(txn: &impl sea_orm::ConnectionTrait, tenant_id: i64) -> StoreResult<()> {
    use crate::queries::{follows, profiles as profile_q};
    use domain::profiles::{GroupRef, TopicRef};

    let mut ids = Vec::new();
    for demo in DEMO_PROFILES {
        let Some(user) = user_q::find_by_email(txn, demo.email).await? else { continue };
        ids.push(user.id);
        let profile = profile_q::ensure(txn, &user).await?;
        let institution = |name: &str| GroupRef::New(name.to_string());
        let names = |list: &[&str]| list.iter().map(|n| TopicRef::New(n.to_string())).collect::<Vec<_>>();
        let resolve = |kind: &'static str, list: &'static [&'static str]| {
            let refs = names(list);
            async move {
                profile_q::resolve_topics(txn, tenant_id, kind, &refs, user.id)
                    .await?
                    .map_err(|_| crate::StoreError::NotFound)
            }
        };
        if profile.title.is_none() {
            let school = profile_q::resolve_institution(txn, tenant_id, &institution(demo.institution))
                .await?
                .map_err(|_| crate::StoreError::NotFound)?;
            let mut fields = profile_q::fields_of(&profile);
            fields.title = Some(demo.title.into());
            fields.country = Some(demo.country.into());
            fields.location = Some(demo.location.into());
            fields.short_bio = Some(demo.short_bio.split_whitespace().collect::<Vec<_>>().join(" "));
            fields.career_story = Some(demo.career_story.split_whitespace().collect::<Vec<_>>().join(" "));
            fields.languages = demo.languages.iter().map(|l| l.to_string()).collect();
            fields.additional_career_information = demo.goal.map(str::to_string);
            let profile_id = profile.id;
            profile_q::save_fields(txn, profile, fields, Some(Some(school.id))).await?;
            let skills = resolve("skill", demo.skills).await?;
            profile_q::set_topics(txn, profile_id, "skill", &skills).await?;
            let topics = resolve("general", demo.topics).await?;
            profile_q::set_topics(txn, profile_id, "general", &topics).await?;
        }
        if profile_q::career_entries_of(txn, user.id, None).await?.is_empty() {
            for (kind, title, place, description, start, end, skills) in demo.entries {
                let group = profile_q::resolve_institution(txn, tenant_id, &institution(place))
                    .await?
                    .map_err(|_| crate::StoreError::NotFound)?;
                let skills = resolve("skill", skills).await?;
                profile_q::save_career_entry(
                    txn,
                    None,
                    user.id,
                    profile_q::CareerEntryValues {
                        entry_type: kind.to_string(),
                        title: title.to_string(),
                        description: description.to_string(),
                        group_id: Some(group.id),
                        is_currently_working: end.is_none(),
                        start_date: demo_date(start),
                        end_date: end.map(demo_date),
                        show_gps: true,
                        skills,
                    },
                )
                .await?;
            }
        }
        profile_q::refresh_completion(txn, user.id).await?;
    }
    if let [maria, sam, ..] = ids[..] {
        follows::follow(txn, maria, follows::Target::User(sam)).await?;
    }
    Ok(())
}

/// The registration answers of the demo tenant's people (role, stage, field, reasons,
/// services, graduation year), so signing in as them goes straight home rather than into
/// the registration wizard. Answers already given are kept.
async fn seed_demo_group_profiles(txn: &impl sea_orm::ConnectionTrait, organization_id: i64) -> StoreResult<()> {
    use crate::queries::profiles as profile_q;
    use domain::profiles::GroupFields;

    // (email, current_role, career_stage, professional_field, batch)
    let answers = [
        ("admin@example.com", 5, 5, 5, "2004"),
        ("maria@example.com", 3, 4, 2, "2012"),
        ("sam@example.com", 3, 3, 1, "2017"),
        ("noor@example.com", 3, 3, 3, "2019"),
    ];
    for (email, role, stage, field, batch) in answers {
        let Some(user) = user_q::find_by_email(txn, email).await? else { continue };
        let profile = profile_q::ensure(txn, &user).await?;
        if profile.batch.is_none() || profile_q::fields_of(&profile).interested_services.is_empty() {
            let mut fields = profile_q::fields_of(&profile);
            fields.batch.get_or_insert_with(|| batch.to_string());
            if fields.interested_services.is_empty() {
                fields.interested_services = vec![1, 2, 5];
            }
            profile_q::save_fields(txn, profile, fields, None).await?;
        }
        if profile_q::find_group_profile(txn, organization_id, user.id).await?.is_none() {
            let fields = GroupFields {
                current_role: Some(role),
                career_stage: Some(stage),
                professional_field: Some(field),
                reason_to_join: vec![1, 3],
                ..Default::default()
            };
            let saved = profile_q::save_group_profile(txn, None, organization_id, user.id, fields).await?;
            // The organization's admin is certified on the site, so the demo can run events
            // without a staff account (staff is for platform operators only).
            // Sam is a certified member too: he contributes resources to the Resource Hub.
            if email == "admin@example.com" || email == "sam@example.com" {
                let mut certified: crate::entities::group_profiles::ActiveModel = saved.into();
                certified.is_certified = sea_orm::Set(true);
                sea_orm::ActiveModelTrait::update(certified, txn).await?;
            }
        }
        profile_q::refresh_completion(txn, user.id).await?;
    }
    Ok(())
}

/// One demo circle or event: name, type, lifecycle dates as days from today (application
/// open, application close, start, end), topics, SDGs, circle type, weeks, countries.
struct DemoGroup {
    name: &'static str,
    kind: &'static str,
    event_type: Option<&'static str>,
    description: &'static str,
    days: [i64; 4],
    topics: &'static [&'static str],
    sdgs: &'static [i64],
    circle_type: Option<&'static str>,
    weeks: i32,
    countries: &'static [&'static str],
    modality: &'static str,
    complexity: &'static str,
    maximum_size: Option<i64>,
    /// A paid circle's price (USD cents), with a 10 % discount of its own.
    price_cents: Option<i64>,
}

const DEMO_GROUPS: &[DemoGroup] = &[
    DemoGroup {
        name: "Generative AI for Career Changers",
        kind: "circle",
        event_type: None,
        description:
            "<p>Four weeks of hands-on practice with generative AI tools, for people moving into a new field.</p>",
        days: [-5, 14, 21, 77],
        topics: &["Generative AI", "Career Change"],
        sdgs: &[4, 8],
        circle_type: Some("Learning Circle"),
        weeks: 8,
        countries: &["US", "KE", "IN"],
        modality: "online",
        complexity: "beginner",
        maximum_size: Some(3),
        price_cents: None,
    },
    DemoGroup {
        name: "Responsible AI Leadership",
        kind: "circle",
        event_type: None,
        description: "<p>How to lead a team through adopting AI fairly and safely.</p>",
        days: [10, 30, 40, 96],
        topics: &["Responsible AI", "Mentorship"],
        sdgs: &[5, 10],
        circle_type: Some("Leadership Circle"),
        weeks: 8,
        countries: &["GB", "DE"],
        modality: "online",
        complexity: "intermediate",
        maximum_size: Some(20),
        price_cents: None,
    },
    DemoGroup {
        name: "Data Analysis Study Group",
        kind: "circle",
        event_type: None,
        description: "<p>Weekly practice analysing real public data sets together.</p>",
        days: [-40, -20, -14, 42],
        topics: &["Generative AI", "Remote Work"],
        sdgs: &[4, 9],
        circle_type: Some("Use Case Circle"),
        weeks: 8,
        countries: &["NG", "GH"],
        modality: "online",
        complexity: "intermediate",
        maximum_size: Some(15),
        price_cents: None,
    },
    DemoGroup {
        name: "Startup Founders Circle",
        kind: "circle",
        event_type: None,
        description: "<p>Founders sharing what worked while building their first product.</p>",
        days: [-120, -100, -90, -30],
        topics: &["Startups", "Networking"],
        sdgs: &[8, 9],
        circle_type: Some("Research Circle"),
        weeks: 8,
        countries: &["US"],
        modality: "in_person",
        complexity: "advanced",
        maximum_size: None,
        price_cents: None,
    },
    DemoGroup {
        name: "Prompt Engineering Workshop",
        kind: "event",
        event_type: Some("workshop"),
        description: "<p>A two-hour workshop on writing prompts that get useful answers.</p>",
        days: [-3, 10, 12, 12],
        topics: &["Generative AI"],
        sdgs: &[],
        circle_type: None,
        weeks: 1,
        countries: &["US"],
        modality: "online",
        complexity: "beginner",
        maximum_size: Some(100),
        price_cents: None,
    },
    DemoGroup {
        name: "Future of Work Conference",
        kind: "event",
        event_type: Some("conference"),
        description: "<p>Talks and panels on careers, AI and the changing workplace.</p>",
        days: [-10, 25, 30, 31],
        topics: &["Remote Work", "Personal Branding"],
        sdgs: &[],
        circle_type: None,
        weeks: 1,
        countries: &["KE"],
        modality: "in_person",
        complexity: "beginner",
        maximum_size: Some(500),
        price_cents: None,
    },
    DemoGroup {
        name: "AI Career Accelerator",
        kind: "circle",
        event_type: None,
        description: "<p>A paid six-week cohort: weekly coaching, portfolio reviews and mock interviews.</p>",
        days: [-2, 20, 27, 69],
        topics: &["Generative AI", "Career Change"],
        sdgs: &[4, 8],
        circle_type: Some("Learning Circle"),
        weeks: 6,
        countries: &["US", "GB"],
        modality: "online",
        complexity: "intermediate",
        maximum_size: Some(25),
        price_cents: Some(4900),
    },
    // The assistant's "which circles can teach me prompt engineering?" (issue 17).
    DemoGroup {
        name: "Prompt Engineering Practice Circle",
        kind: "circle",
        event_type: None,
        description: "<p>Six weeks of weekly prompt engineering challenges: write, test and improve prompts for \
                      real work tasks with peers and a coach.</p>",
        days: [-2, 20, 28, 70],
        topics: &["Generative AI"],
        sdgs: &[4],
        circle_type: Some("Learning Circle"),
        weeks: 6,
        countries: &["KE", "US"],
        modality: "online",
        complexity: "beginner",
        maximum_size: Some(25),
        price_cents: None,
    },
    // Guidance (issue 29): what maria's goal (data analysis into data science) is met by,
    // in other words than hers, and an event coming up in her country.
    DemoGroup {
        name: "Predictive Modelling Lab",
        kind: "circle",
        event_type: None,
        description: "<p>Eight weeks for analysts ready to go beyond dashboards: Python notebooks, statistics, \
                      regression and classification models, and a portfolio project built on real data.</p>",
        days: [-3, 18, 25, 81],
        topics: &["Data Science", "Machine Learning"],
        sdgs: &[4, 8],
        circle_type: Some("Learning Circle"),
        weeks: 8,
        countries: &["ES", "US", "KE"],
        modality: "online",
        complexity: "intermediate",
        maximum_size: Some(30),
        price_cents: None,
    },
    DemoGroup {
        name: "Madrid Tech Careers Meetup",
        kind: "event",
        event_type: Some("workshop"),
        description: "<p>An evening of short talks from people who changed roles in tech, then open networking \
                      with hiring teams from Madrid companies.</p>",
        days: [-4, 8, 9, 9],
        topics: &["Networking", "Career Change"],
        sdgs: &[],
        circle_type: None,
        weeks: 1,
        countries: &["ES"],
        modality: "in_person",
        complexity: "beginner",
        maximum_size: Some(120),
        price_cents: None,
    },
];

/// The demo site's programme: the admin is a certified circle leader; four circles in
/// each lifecycle state (open for applications, upcoming, running, closed) and two events
/// under the organization; sam in the running circle, maria's pending application to the
/// open one, which is the organization's training circle. Existing groups are kept.
async fn seed_demo_programme(txn: &impl sea_orm::ConnectionTrait, demo: &TenantRecord) -> StoreResult<()> {
    use chrono::{Days, Utc};
    use domain::groups::form::GroupForm;

    use crate::{
        entities::groups,
        queries::{groups as group_q, profiles as profile_q, programme},
    };

    let Some(admin) = user_q::find_by_email(txn, "admin@example.com").await? else { return Ok(()) };
    let tenant_id = demo.tenant.id;
    let topic_ids = |names: &'static [&'static str]| async move {
        let keys: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
        let found: Vec<i64> = topics::Entity::find()
            .select_only()
            .column(topics::Column::Id)
            .filter(topics::Column::TenantId.eq(tenant_id))
            .filter(topics::Column::TopicType.eq("general"))
            .filter(topics::Column::NameKey.is_in(keys))
            .order_by_asc(topics::Column::Id)
            .into_tuple()
            .all(txn)
            .await?;
        StoreResult::Ok(found)
    };

    // The admin leads circles: an Advanced certification in AI and Data on the demo site.
    profile_q::ensure(txn, &admin).await?;
    if programme::certification_of(txn, tenant_id, admin.id).await?.is_none() {
        let areas = topic_q::list_areas(txn, tenant_id, 0, 500).await?.items;
        let area: Vec<i64> = areas.iter().filter(|a| a.name == "AI and Data").map(|a| a.id).collect();
        let certification =
            programme::NewCertification { level: 3, level_name: "Advanced", topic_areas: &area, application_id: None };
        programme::set_certification(txn, tenant_id, admin.id, certification).await?;
    }

    let kinds = group_q::circle_types(txn, tenant_id).await?;
    let today = Utc::now().date_naive();
    let day = |offset: i64| {
        if offset >= 0 {
            today.checked_add_days(Days::new(offset as u64))
        } else {
            today.checked_sub_days(Days::new(offset.unsigned_abs()))
        }
    };
    let mut ids = Vec::new();
    for demo_group in DEMO_GROUPS {
        let slug = domain::slug::slugify(demo_group.name);
        if let Some(existing) = group_q::find_by_slug(txn, tenant_id, &slug).await? {
            ids.push(existing.id);
            continue;
        }
        let [open, close, start, end] = demo_group.days;
        let extra = if ids.is_empty() {
            json!({"questions": [
                {"id": "textarea101", "label": "What do you hope to learn in this circle?", "type": "textarea",
                 "required": true, "options": []},
                {"id": "radio102", "label": "How much have you used AI tools so far?", "type": "radio",
                 "required": true, "options": ["Never", "A few times", "Every week"]}
            ]})
        } else {
            json!({})
        };
        let form = GroupForm {
            name: demo_group.name.to_string(),
            group_type: demo_group.kind.to_string(),
            parent_group: Some(demo.organization.id),
            description: Some(demo_group.description.to_string()),
            countries: demo_group.countries.iter().map(|c| (*c).to_string()).collect(),
            country: demo_group.countries.first().map(|c| (*c).to_string()),
            topics: topic_ids(demo_group.topics).await?,
            career_stages: vec!["3".into(), "4".into()],
            relevant_sdgs: demo_group.sdgs.to_vec(),
            group_duration: "time_limited".into(),
            maximum_size: demo_group.maximum_size,
            start_date: day(start),
            end_date: day(end),
            application_open_date: day(open),
            application_close_date: day(close),
            publicity: Some("open".into()),
            circle_type: demo_group.circle_type.and_then(|name| kinds.iter().find(|k| k.name == name)).map(|k| k.id),
            event_type: demo_group.event_type.map(str::to_string),
            commitment_time: Some(demo_group.weeks),
            complexity_level: Some(demo_group.complexity.to_string()),
            learning_modality: Some(demo_group.modality.to_string()),
            extra_info: extra,
            is_paid: demo_group.price_cents.is_some(),
            price_cents: demo_group.price_cents,
            discount: demo_group.price_cents.map(|_| 10),
            paid_features: if demo_group.price_cents.is_some() {
                vec!["Weekly coaching".into(), "Portfolio reviews".into(), "Mock interviews".into()]
            } else {
                Vec::new()
            },
            ..Default::default()
        };
        let group = group_q::insert(txn, tenant_id, &form, 0, admin.id).await?;
        let role = if demo_group.kind == "circle" { "leader" } else { "admin" };
        member_q::upsert(txn, group.id, admin.id, role, member_q::STATUS_ACCEPTED).await?;
        ids.push(group.id);
    }
    let (open_circle, running_circle) = (ids[0], ids[2]);
    if let Some(sam) = user_q::find_by_email(txn, "sam@example.com").await? {
        programme::join_once(txn, running_circle, sam.id, member_q::STATUS_ACCEPTED).await?;
    }
    if let Some(maria) = user_q::find_by_email(txn, "maria@example.com").await? {
        programme::join_once(txn, open_circle, maria.id, "pending").await?;
    }
    if let Some(org) = groups::Entity::find_by_id(demo.organization.id).one(txn).await? {
        let mut extra = org.extra_info.clone().and_then(|e| e.as_object().cloned()).unwrap_or_default();
        let has_donations = org.donation_details.as_ref().and_then(|d| d.as_array()).is_some_and(|d| !d.is_empty());
        if !has_donations {
            // Donations on the demo organization (its Donate tab and card).
            let options = json!([
                {"name": "Scholarship fund", "description": "Pays a seat in a paid circle for someone who cannot.",
                 "stripe_price_id": null},
                {"name": "General support", "description": "Keeps the community's circles and events running.",
                 "stripe_price_id": null}
            ]);
            let mut active: groups::ActiveModel = org.clone().into();
            active.donation_details = sea_orm::Set(Some(options));
            sea_orm::ActiveModelTrait::update(active, txn).await?;
        }
        if extra.get("training_circle").and_then(|v| v.as_i64()) != Some(open_circle) {
            extra.insert("training_circle".into(), json!(open_circle));
            group_q::set_extra_info(txn, org, serde_json::Value::Object(extra)).await?;
        }
    }
    seed_demo_use_cases(txn, tenant_id, admin.id, &ids).await?;
    seed_demo_ai_tools(txn, tenant_id, demo.organization.id, admin.id).await?;
    seed_demo_content(txn, tenant_id, demo.organization.id, admin.id).await?;
    Ok(())
}

/// Approved resources and a prompt of the demo organization in the Resource Hub, so a new
/// visitor finds something there; items found by slug are kept as they are.
async fn seed_demo_content(
    txn: &impl sea_orm::ConnectionTrait,
    tenant_id: i64,
    organization_id: i64,
    author_id: i64,
) -> StoreResult<()> {
    use crate::entities::{contents, topic_areas};
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
    const ITEMS: &[(&str, &str, &str, &str)] = &[
        (
            "resource",
            "A first-week guide to prompt writing",
            "demo-prompt-writing-guide",
            "How to ask an assistant for what you need: context, an example, and the shape of the answer.",
        ),
        (
            "resource",
            "Reading a data job description",
            "demo-data-job-descriptions",
            "Which skills a data role really asks for, and how to show them in your profile.",
        ),
        // What the site's suggested questions ask (issue 29): a raise or promotion, a network
        // from scratch, a mentor, a first leadership role.
        (
            "resource",
            "Making the case for your next step",
            "demo-making-the-case",
            "Before you talk pay or title with your manager: collect evidence of impact, learn the market range for \
             the role, and rehearse the conversation so the number comes from you.",
        ),
        (
            "resource",
            "Building a network when you know nobody",
            "demo-network-from-scratch",
            "Start with five short conversations a month: former classmates, speakers you admired, people one step \
             ahead in the job you want. Follow up with something useful, not a request.",
        ),
        (
            "resource",
            "How to find and keep a mentor",
            "demo-finding-a-mentor",
            "Ask someone a few years ahead for one specific half hour, arrive with a question, and tell them later \
             what you did with their advice.",
        ),
        (
            "resource",
            "Your first ninety days leading a team",
            "demo-first-team-lead",
            "Moving from doing the work to leading it: one-to-ones, clear expectations, and the habits that earn a \
             new manager trust.",
        ),
        (
            "prompt",
            "Summarise a meeting in five bullet points",
            "demo-meeting-summary-prompt",
            "Summarise the notes below in five bullet points, each starting with who does what by when.",
        ),
    ];
    let area = topic_areas::Entity::find()
        .filter(topic_areas::Column::TenantId.eq(tenant_id))
        .order_by_asc(topic_areas::Column::Id)
        .one(txn)
        .await?
        .map(|a| a.id);
    let at = crate::now();
    for (kind, title, slug, text) in ITEMS {
        let exists = contents::Entity::find()
            .filter(contents::Column::TenantId.eq(tenant_id))
            .filter(contents::Column::Slug.eq(*slug))
            .one(txn)
            .await?
            .is_some();
        if exists {
            continue;
        }
        contents::Entity::insert(contents::ActiveModel {
            tenant_id: Set(tenant_id),
            group_id: Set(organization_id),
            created_by: Set(author_id),
            content_type: Set(kind.to_string()),
            is_newsletter: Set(false),
            sub_type: Set(None),
            title: Set(title.to_string()),
            slug: Set(slug.to_string()),
            content: Set(format!("<p>{text}</p>")),
            raw_text: Set(text.to_string()),
            data: Set(None),
            thumbnail_file_id: Set(None),
            topics: Set(Some(json!([]))),
            topic_area_id: Set(area),
            career_stages: Set(Some(json!(["1", "2"]))),
            career_goals: Set(Some(json!([]))),
            professional_fields: Set(Some(json!([]))),
            roles: Set(Some(json!([]))),
            country: Set(None),
            security_level: Set(0),
            publish_to_khub: Set(true),
            is_premium: Set(false),
            is_trending: Set(false),
            is_pinned: Set(false),
            status: Set("approved".into()),
            source: Set(None),
            send_email: Set(false),
            created_at: Set(at),
            updated_at: Set(at),
            last_edited_at: Set(None),
            ..Default::default()
        })
        .exec(txn)
        .await?;
    }
    Ok(())
}

/// Approved AI tools of the demo site (name, description, categories); tools found by slug
/// are kept as they are. The demo use cases belong to the demo organization and are
/// classified, so the catalogue's filters find them.
async fn seed_demo_ai_tools(
    txn: &impl sea_orm::ConnectionTrait,
    tenant_id: i64,
    organization_id: i64,
    admin_id: i64,
) -> StoreResult<()> {
    use crate::queries::{ai_tools as tool_q, use_cases as use_case_q};
    use domain::catalogue::{AiToolForm, UseCaseForm, STATUS_APPROVED, STATUS_PENDING};
    const TOOLS: &[(&str, &str, &str, &[&str])] = &[
        (
            "Draft Assistant",
            "draft-assistant",
            "Writes first drafts of letters, posts and summaries.",
            &["writing", "productivity"],
        ),
        ("Code Companion", "code-companion", "Suggests code, explains errors and writes tests.", &["coding"]),
        (
            "Research Reader",
            "research-reader",
            "Reads papers and answers questions about them.",
            &["research", "writing"],
        ),
        (
            "Sheet Analyst",
            "sheet-analyst",
            "Cleans spreadsheets and explains the numbers.",
            &["data-analysis", "productivity"],
        ),
    ];
    for (name, slug, description, categories) in TOOLS {
        if tool_q::find_by_slug(txn, tenant_id, slug).await?.is_some() {
            continue;
        }
        let form = AiToolForm {
            name: name.to_string(),
            description: Some(format!("<p>{description}</p>")),
            group: Some(organization_id),
            categories: categories.iter().map(|c| c.to_string()).collect(),
            website: Some(format!("https://{slug}.example.com")),
            roles: Vec::new(),
        };
        let tool = tool_q::insert(txn, tenant_id, organization_id, &form, None, admin_id).await?;
        tool_q::set_status(txn, tool.id, STATUS_PENDING, STATUS_APPROVED).await?;
    }
    let classes = [
        ("high", "low", "incremental", "1"),
        ("medium", "medium", "substantial", "3"),
        ("high", "high", "transformational", "2"),
    ];
    for (n, (slug, ..)) in DEMO_USE_CASES.iter().enumerate() {
        let Some(use_case) = use_case_q::find_by_slug(txn, tenant_id, slug, &[]).await? else { continue };
        if use_case.group_id.is_some() {
            continue;
        }
        let (value, complexity, innovation, function) = classes[n % classes.len()];
        let form = UseCaseForm {
            title: use_case.title.clone(),
            description: use_case.description.clone(),
            group: Some(organization_id),
            business_value: Some(value.into()),
            complexity: Some(complexity.into()),
            innovation_category: Some(innovation.into()),
            job_functions: vec![function.into()],
            categories: vec!["productivity".into()],
            ..Default::default()
        };
        use_case_q::update_form(txn, use_case, &form, &use_case_q::Files::default()).await?;
    }
    Ok(())
}

/// One demo use case: slug, title, description, and the demo circles (by their index in
/// [`DEMO_GROUPS`]) it is linked to.
type DemoUseCase = (&'static str, &'static str, &'static str, &'static [usize]);

const DEMO_USE_CASES: &[DemoUseCase] = &[
    (
        "drafting-job-descriptions-with-ai",
        "Drafting job descriptions with AI",
        "<p>Turn a hiring manager's notes into a clear, inclusive job description. Ask a chat assistant for a \
         first draft from the role's responsibilities and must-have skills, then have it flag jargon, biased \
         wording and missing facts such as salary range, location and working hours.</p><p>A person reviews \
         the final text: the assistant drafts, it does not decide who the role is for.</p>",
        &[0, 3],
    ),
    (
        "summarising-research-papers-with-ai",
        "Summarising research papers with AI",
        "<p>Get through papers faster: give an assistant a paper's sections and ask for a plain-language \
         summary, the main findings with their limits, and the questions you would ask the authors.</p>\
         <p>Check every number and claim against the paper itself before you quote it; assistants can \
         invent citations.</p>",
        &[1],
    ),
    (
        "cleaning-and-analysing-spreadsheets-with-ai",
        "Cleaning and analysing spreadsheet data with AI",
        "<p>Describe a messy spreadsheet to an assistant and have it write the formulas or Python (pandas) \
         code that removes duplicates, fixes dates and totals by month, then explain each step so you can \
         check it.</p><p>Share column names and a few made-up rows, never customers' personal data.</p>",
        &[2],
    ),
    (
        "preparing-for-job-interviews-with-ai",
        "Preparing for job interviews with AI",
        "<p>Give an assistant the job description and your CV, and practise: it asks likely interview \
         questions, gives feedback on your answers using the STAR method (situation, task, action, result) \
         and suggests questions to ask the interviewer.</p>",
        &[0],
    ),
];

/// Four approved use cases of the demo site, linked to the demo circles. Use cases found by
/// slug are kept as they are; links are added when missing.
async fn seed_demo_use_cases(
    txn: &impl sea_orm::ConnectionTrait,
    tenant_id: i64,
    admin_id: i64,
    group_ids: &[i64],
) -> StoreResult<()> {
    use crate::queries::use_cases as use_case_q;

    for (slug, title, description, circles) in DEMO_USE_CASES {
        let use_case = match use_case_q::find_by_slug(txn, tenant_id, slug, &[]).await? {
            Some(existing) => existing,
            None => {
                let description = description.split_whitespace().collect::<Vec<_>>().join(" ");
                use_case_q::insert(
                    txn,
                    use_case_q::NewUseCase {
                        tenant_id,
                        slug,
                        title,
                        description: Some(&description),
                        thumbnail_image: None,
                        status: use_case_q::STATUS_APPROVED,
                        created_by: Some(admin_id),
                    },
                )
                .await?
            }
        };
        for index in *circles {
            if let Some(group_id) = group_ids.get(*index) {
                use_case_q::link(txn, *group_id, use_case.id).await?;
            }
        }
    }
    Ok(())
}

const FIRST_NAMES: &[&str] = &[
    "Amara", "Ben", "Chen", "Dalia", "Emeka", "Fatima", "Goran", "Hana", "Ivan", "Jia", "Kofi", "Lena", "Mateo",
    "Nadia", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tariq", "Uma", "Victor", "Wen", "Ximena", "Yusuf", "Zara",
];
const LAST_NAMES: &[&str] = &[
    "Adeyemi", "Bauer", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Haddad", "Ito", "Jensen", "Kim", "Larsen",
    "Mensah", "Novak", "Okoro", "Patel", "Quispe", "Rossi", "Singh", "Tanaka", "Usman", "Valdez",
];
const SCALE_SKILL_WORDS: &[&str] = &[
    "Data",
    "Cloud",
    "Product",
    "Design",
    "Security",
    "Marketing",
    "Finance",
    "Research",
    "Sales",
    "Operations",
    "Mobile",
    "Web",
    "AI",
    "Analytics",
    "Strategy",
    "Content",
    "Health",
    "Policy",
    "Education",
    "Robotics",
];
/// The scale seed's names are drawn from these (with the skill words), never numbered, so the
/// matching worker embeds each distinct text once.
const TOOL_STYLES: &[&str] = &["Studio", "Assistant", "Copilot", "Lite", "Pro"];
const USE_CASE_VERBS: &[&str] = &["Drafting", "Automating", "Reviewing", "Planning", "Summarising"];
const GROUP_LEVELS: &[&str] = &["for Beginners", "for Practitioners", "for Leaders"];
/// Job titles of the scale members' profiles, with the field (option id) each is in.
const SCALE_TITLES: &[(&str, i64)] = &[
    ("Data Analyst", 2),
    ("Software Engineer", 1),
    ("Product Manager", 3),
    ("UX Designer", 6),
    ("Marketing Specialist", 3),
    ("Financial Analyst", 3),
    ("Research Assistant", 5),
    ("Nurse", 4),
    ("Teacher", 5),
    ("Policy Officer", 7),
    ("Cloud Engineer", 1),
    ("Data Scientist", 2),
    ("Sales Associate", 3),
    ("HR Coordinator", 3),
    ("Legal Assistant", 8),
    ("Graphic Designer", 6),
    ("Operations Manager", 3),
    ("Security Analyst", 1),
    ("Student", 5),
    ("Content Writer", 6),
];

const SCALE_SKILL_SUFFIXES: &[&str] = &[
    "Engineering",
    "Management",
    "Analysis",
    "Writing",
    "Leadership",
    "Automation",
    "Modelling",
    "Testing",
    "Architecture",
    "Ethics",
    "Coaching",
    "Planning",
];

/// Benchmark data on the default tenant: `thousands` × 1000 users who are members of the
/// default organization, and a few hundred topics. Inserted in chunks inside one transaction.
pub async fn seed_scale(db: &Db, thousands: u64, password_hash: &str) -> StoreResult<u64> {
    let demo = tenants::default_tenant(db).await?;
    let txn = db.begin().await?;
    let at = now();
    let mut topic_rows = Vec::new();
    for (i, word) in SCALE_SKILL_WORDS.iter().enumerate() {
        for (j, suffix) in SCALE_SKILL_SUFFIXES.iter().enumerate() {
            let name = format!("{word} {suffix}");
            let kind = if (i + j) % 3 == 0 { "general" } else { "skill" };
            topic_rows.push(topics::ActiveModel {
                tenant_id: Set(demo.tenant.id),
                name_key: Set(format!("{} (scale)", name.to_lowercase())),
                name: Set(format!("{name} (scale)")),
                topic_type: Set(kind.into()),
                topic_area_id: Set(None),
                group_id: Set(None),
                created_by: Set(None),
                created_at: Set(at),
                ..Default::default()
            });
        }
    }
    // Idempotence: a rerun skips topics that exist.
    for row in topic_rows {
        let _ = topics::Entity::insert(row).on_conflict_do_nothing().exec(&txn).await?;
    }

    // The scale topics in a fixed order: each scale member lists two of them.
    let scale_topics: Vec<i64> = topics::Entity::find()
        .select_only()
        .column(topics::Column::Id)
        .filter(topics::Column::TenantId.eq(demo.tenant.id))
        .filter(topics::Column::NameKey.like("% (scale)"))
        .order_by_asc(topics::Column::Id)
        .into_tuple()
        .all(&txn)
        .await?;

    let start = users::Entity::find().count(&txn).await?;
    let total = thousands * 1000;
    let mut created = 0u64;
    while created < total {
        let batch = (total - created).min(500);
        let mut rows = Vec::with_capacity(batch as usize);
        for k in 0..batch {
            let n = start + created + k;
            let first = FIRST_NAMES[(n as usize) % FIRST_NAMES.len()];
            let last = LAST_NAMES[(n as usize / FIRST_NAMES.len()) % LAST_NAMES.len()];
            rows.push(users::ActiveModel {
                email: Set(format!("{}.{}.{n}@scale.example.com", first.to_lowercase(), last.to_lowercase())),
                password_hash: Set(Some(password_hash.to_string())),
                first_name: Set(first.into()),
                last_name: Set(last.into()),
                is_verified: Set(!n.is_multiple_of(10)),
                is_trial_user: Set(false),
                is_staff: Set(false),
                is_active: Set(true),
                last_login_at: Set(None),
                subscribe_to_newsletter: Set(true),
                profile_type: Set("individual".into()),
                created_at: Set(at),
                updated_at: Set(at),
                ..Default::default()
            });
        }
        let emails: Vec<String> = rows.iter().map(|r| r.email.clone().unwrap()).collect();
        users::Entity::insert_many(rows).exec(&txn).await?;
        let ids: Vec<i64> = users::Entity::find()
            .select_only()
            .column(users::Column::Id)
            .filter(users::Column::Email.is_in(emails))
            .order_by_asc(users::Column::Id)
            .into_tuple()
            .all(&txn)
            .await?;
        seed_scale_profiles(&txn, demo.organization.id, &ids, start + created, &scale_topics, at).await?;
        let mut member_rows = Vec::with_capacity(ids.len());
        for (k, user_id) in ids.into_iter().enumerate() {
            member_rows.push(memberships::ActiveModel {
                group_id: Set(demo.organization.id),
                user_id: Set(user_id),
                role: Set("member".into()),
                status: Set(if k.is_multiple_of(7) { "pending".into() } else { member_q::STATUS_ACCEPTED.into() }),
                created_at: Set(at),
                updated_at: Set(at),
                ..Default::default()
            });
        }
        memberships::Entity::insert_many(member_rows).exec(&txn).await?;
        created += batch;
    }
    seed_scale_groups(&txn, &demo, thousands, at).await?;
    seed_scale_jobs(&txn, &demo, thousands, at).await?;
    seed_scale_catalogue(&txn, &demo, thousands, at).await?;
    seed_scale_content(&txn, &demo, thousands, at).await?;
    crate::search_index::optimize(&txn).await?;
    txn.commit().await?;
    // PostgreSQL plans from table statistics, which a bulk load leaves empty until autovacuum
    // gets round to it: without them the first minutes of a benchmark measure bad plans.
    if db.get_database_backend() == sea_orm::DbBackend::Postgres {
        sea_orm::ConnectionTrait::execute_unprepared(db, "ANALYZE").await?;
    }
    Ok(created)
}

/// Profiles of a batch of scale members (`ids`, the first numbered `first`): a title, two
/// topics and their stage and field on the organization, all drawn from fixed lists so the
/// members' texts repeat (a few hundred distinct ones, each embedded once).
async fn seed_scale_profiles(
    txn: &impl sea_orm::ConnectionTrait,
    organization_id: i64,
    ids: &[i64],
    first: u64,
    scale_topics: &[i64],
    at: chrono::DateTime<chrono::Utc>,
) -> StoreResult<()> {
    use crate::entities::{group_profiles, profile_topics, profiles};
    let mut profile_rows = Vec::with_capacity(ids.len());
    let mut answer_rows = Vec::with_capacity(ids.len());
    for (k, user_id) in ids.iter().enumerate() {
        let n = first as usize + k;
        let (title, field) = SCALE_TITLES[n % SCALE_TITLES.len()];
        profile_rows.push(profiles::ActiveModel {
            user_id: Set(*user_id),
            name_slug: Set(format!("scale-member-{n}")),
            title: Set(Some(title.to_string())),
            country: Set(Some(["Kenya", "Nigeria", "India", "United States", "Brazil"][n % 5].to_string())),
            interested_services: Set(json!([])),
            completion_percent: Set(40 + (n % 50) as i16),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        });
        answer_rows.push(group_profiles::ActiveModel {
            group_id: Set(organization_id),
            user_id: Set(*user_id),
            career_stage: Set(Some((n / SCALE_TITLES.len() % 5) as i64 + 1)),
            professional_field: Set(Some(field)),
            reason_to_join: Set(json!([])),
            is_certified: Set(false),
            extra_info: Set(json!({})),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        });
    }
    profiles::Entity::insert_many(profile_rows).exec_without_returning(txn).await?;
    group_profiles::Entity::insert_many(answer_rows).exec_without_returning(txn).await?;
    if scale_topics.is_empty() {
        return Ok(());
    }
    let profile_ids: Vec<(i64, i64)> = profiles::Entity::find()
        .select_only()
        .column(profiles::Column::UserId)
        .column(profiles::Column::Id)
        .filter(profiles::Column::UserId.is_in(ids.to_vec()))
        .into_tuple()
        .all(txn)
        .await?;
    let profile_of: std::collections::HashMap<i64, i64> = profile_ids.into_iter().collect();
    let mut topic_rows = Vec::with_capacity(ids.len() * 2);
    for (k, user_id) in ids.iter().enumerate() {
        let n = first as usize + k;
        let Some(profile_id) = profile_of.get(user_id) else { continue };
        // The title picks the topics' row, the member's number one of three pairs in it.
        let base = (n % SCALE_TITLES.len()) * SCALE_SKILL_SUFFIXES.len() + (n / SCALE_TITLES.len() % 3) * 2;
        for (position, offset) in [0usize, 1].into_iter().enumerate() {
            topic_rows.push(profile_topics::ActiveModel {
                profile_id: Set(*profile_id),
                topic_id: Set(scale_topics[(base + offset) % scale_topics.len()]),
                position: Set(position as i32),
                ..Default::default()
            });
        }
    }
    profile_topics::Entity::insert_many(topic_rows).exec_without_returning(txn).await?;
    Ok(())
}

/// 100 approved AI tools and 100 approved use cases per thousand users on the demo
/// organization, with their categories, so the catalogue's lists are measured at scale.
/// Runs once: tools named `scale-tool-…` are not added again.
async fn seed_scale_catalogue(
    txn: &impl sea_orm::ConnectionTrait,
    demo: &TenantRecord,
    thousands: u64,
    at: chrono::DateTime<chrono::Utc>,
) -> StoreResult<()> {
    use crate::entities::{ai_tools, catalogue_tags, use_cases};
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    let existing = ai_tools::Entity::find()
        .filter(ai_tools::Column::TenantId.eq(demo.tenant.id))
        .filter(ai_tools::Column::Slug.starts_with("scale-tool-"))
        .count(txn)
        .await?;
    if existing > 0 {
        return Ok(());
    }
    const CATEGORIES: [&str; 6] = ["writing", "coding", "research", "design", "productivity", "data-analysis"];
    const VALUES: [&str; 3] = ["low", "medium", "high"];
    let total = thousands * 100;
    let mut start = 0;
    while start < total {
        let end = (start + 500).min(total);
        let tools: Vec<ai_tools::ActiveModel> = (start..end)
            .map(|k| {
                let word = SCALE_SKILL_WORDS[k as usize % SCALE_SKILL_WORDS.len()];
                let category = CATEGORIES[k as usize % CATEGORIES.len()];
                ai_tools::ActiveModel {
                    tenant_id: Set(demo.tenant.id),
                    group_id: Set(demo.organization.id),
                    slug: Set(format!("scale-tool-{k}")),
                    // Names and texts from a fixed set (no number): identical texts embed once.
                    name: Set(format!(
                        "{word} {}",
                        TOOL_STYLES[(k as usize / SCALE_SKILL_WORDS.len()) % TOOL_STYLES.len()]
                    )),
                    description: Set(format!("<p>A {word} tool for benchmarks.</p>")),
                    website: Set(Some(format!("https://tool-{k}.example.com"))),
                    categories: Set(Some(json!([category]))),
                    roles: Set(Some(json!([]))),
                    status: Set("approved".into()),
                    vote_score: Set((k % 17) as i64),
                    created_at: Set(at),
                    updated_at: Set(at),
                    ..Default::default()
                }
            })
            .collect();
        ai_tools::Entity::insert_many(tools).exec_without_returning(txn).await?;
        let cases: Vec<use_cases::ActiveModel> = (start..end)
            .map(|k| {
                let word = SCALE_SKILL_WORDS[k as usize % SCALE_SKILL_WORDS.len()];
                use_cases::ActiveModel {
                    tenant_id: Set(demo.tenant.id),
                    group_id: Set(Some(demo.organization.id)),
                    slug: Set(format!("scale-use-case-{k}")),
                    title: Set(format!(
                        "{} {word} work with AI",
                        USE_CASE_VERBS[(k as usize / SCALE_SKILL_WORDS.len()) % USE_CASE_VERBS.len()]
                    )),
                    description: Set(Some(format!("<p>Using AI for {word} work.</p>"))),
                    status: Set("approved".into()),
                    business_value: Set(Some(VALUES[k as usize % 3].into())),
                    complexity: Set(Some(VALUES[(k as usize / 3) % 3].into())),
                    innovation_category: Set(Some("incremental".into())),
                    categories: Set(Some(json!(["productivity"]))),
                    job_functions: Set(Some(json!([((k % 6) + 1).to_string()]))),
                    vote_score: Set((k % 11) as i64),
                    created_at: Set(at),
                    updated_at: Set(at),
                    ..Default::default()
                }
            })
            .collect();
        use_cases::Entity::insert_many(cases).exec_without_returning(txn).await?;
        start = end;
    }
    // The category and job-function rows the filters read.
    let tools: Vec<(i64, String)> = ai_tools::Entity::find()
        .select_only()
        .column(ai_tools::Column::Id)
        .column(ai_tools::Column::Slug)
        .filter(ai_tools::Column::TenantId.eq(demo.tenant.id))
        .filter(ai_tools::Column::Slug.starts_with("scale-tool-"))
        .into_tuple()
        .all(txn)
        .await?;
    for chunk in tools.chunks(500) {
        let rows: Vec<catalogue_tags::ActiveModel> = chunk
            .iter()
            .map(|(id, slug)| {
                let k: usize = slug.trim_start_matches("scale-tool-").parse().unwrap_or_default();
                catalogue_tags::ActiveModel {
                    tenant_id: Set(demo.tenant.id),
                    item_kind: Set("aitool".into()),
                    item_id: Set(*id),
                    tag: Set("category".into()),
                    value: Set(CATEGORIES[k % CATEGORIES.len()].into()),
                    ..Default::default()
                }
            })
            .collect();
        catalogue_tags::Entity::insert_many(rows).exec_without_returning(txn).await?;
    }
    let cases: Vec<(i64, String)> = use_cases::Entity::find()
        .select_only()
        .column(use_cases::Column::Id)
        .column(use_cases::Column::Slug)
        .filter(use_cases::Column::TenantId.eq(demo.tenant.id))
        .filter(use_cases::Column::Slug.starts_with("scale-use-case-"))
        .into_tuple()
        .all(txn)
        .await?;
    for chunk in cases.chunks(250) {
        let rows: Vec<catalogue_tags::ActiveModel> = chunk
            .iter()
            .flat_map(|(id, slug)| {
                let k: u64 = slug.trim_start_matches("scale-use-case-").parse().unwrap_or_default();
                [("category", "productivity".to_string()), ("job_function", ((k % 6) + 1).to_string())].map(
                    |(tag, value)| catalogue_tags::ActiveModel {
                        tenant_id: Set(demo.tenant.id),
                        item_kind: Set("usecase".into()),
                        item_id: Set(*id),
                        tag: Set(tag.into()),
                        value: Set(value),
                        ..Default::default()
                    },
                )
            })
            .collect();
        catalogue_tags::Entity::insert_many(rows).exec_without_returning(txn).await?;
    }
    Ok(())
}

/// 100 circles and 30 events per thousand users under the demo organization, spread over
/// every lifecycle state, modality and a few countries, each with a handful of members, so
/// the group lists are measured at scale.
async fn seed_scale_groups(
    db: &impl sea_orm::ConnectionTrait,
    demo: &tenants::TenantRecord,
    thousands: u64,
    at: chrono::DateTime<chrono::Utc>,
) -> StoreResult<()> {
    use chrono::Days;
    use sea_orm::ActiveModelTrait;

    use crate::entities::groups;
    const COUNTRIES: [&str; 5] = ["US", "KE", "NG", "IN", "BR"];
    const MODALITIES: [&str; 3] = ["online", "in_person", "no_preference"];
    let existing = groups::Entity::find()
        .filter(groups::Column::TenantId.eq(demo.tenant.id))
        .filter(groups::Column::Slug.like("scale-%"))
        .count(db)
        .await?;
    let today = at.date_naive();
    let member_ids: Vec<i64> = memberships::Entity::find()
        .select_only()
        .column(memberships::Column::UserId)
        .filter(memberships::Column::GroupId.eq(demo.organization.id))
        .limit(500)
        .into_tuple()
        .all(db)
        .await?;
    let total = thousands * 130;
    for n in existing..total {
        let kind = if n % 13 < 10 { "circle" } else { "event" };
        // Start dates from 200 days ago to 100 days ahead: every lifecycle state occurs.
        let offset = (n % 300) as i64 - 200;
        let shift = |d: i64| {
            if d >= 0 {
                today.checked_add_days(Days::new(d as u64))
            } else {
                today.checked_sub_days(Days::new((-d) as u64))
            }
        };
        let group = groups::ActiveModel {
            tenant_id: Set(demo.tenant.id),
            parent_id: Set(Some(demo.organization.id)),
            group_type: Set(kind.into()),
            name: Set(format!(
                "{} {} {}",
                SCALE_SKILL_WORDS[(n as usize) % SCALE_SKILL_WORDS.len()],
                if kind == "circle" { "Circle" } else { "Meetup" },
                GROUP_LEVELS[(n as usize / SCALE_SKILL_WORDS.len()) % GROUP_LEVELS.len()]
            )),
            slug: Set(format!("scale-{kind}-{n}")),
            description: Set(Some("<p>A group made for load tests.</p>".into())),
            privacy: Set(if n % 17 == 0 { 20 } else { 0 }),
            join_mode: Set("open".into()),
            is_tenant_root: Set(false),
            country: Set(None),
            countries: Set(Some(serde_json::json!([COUNTRIES[(n % 5) as usize], COUNTRIES[((n + 2) % 5) as usize]]))),
            career_stages: Set(Some(serde_json::json!(["1", "2"]))),
            learning_modality: Set(Some(MODALITIES[(n % 3) as usize].into())),
            commitment_time: Set(Some(4)),
            maximum_size: Set(Some(50)),
            event_type: Set((kind == "event").then(|| "workshop".into())),
            application_open_date: Set(shift(offset - 30)),
            application_close_date: Set(shift(offset - 5)),
            start_date: Set(shift(offset)),
            end_date: Set(shift(offset + 40)),
            created_at: Set(at),
            updated_at: Set(at),
            ..Default::default()
        }
        .insert(db)
        .await?;
        let rows: Vec<memberships::ActiveModel> = (0..5)
            .filter_map(|k| member_ids.get(((n * 5 + k) % member_ids.len().max(1) as u64) as usize))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .map(|user_id| memberships::ActiveModel {
                group_id: Set(group.id),
                user_id: Set(*user_id),
                role: Set("member".into()),
                status: Set(member_q::STATUS_ACCEPTED.into()),
                created_at: Set(at),
                updated_at: Set(at),
                ..Default::default()
            })
            .collect();
        if !rows.is_empty() {
            memberships::Entity::insert_many(rows).exec(db).await?;
        }
    }
    Ok(())
}

/// A few published jobs of the demo organization, posted by its administrator: one asks a
/// question, one is on site, one is a draft. Idempotent by slug.
async fn seed_demo_jobs(txn: &impl sea_orm::ConnectionTrait, demo: &TenantRecord) -> StoreResult<()> {
    use domain::jobs::form::JobForm;

    use crate::queries::job_posts as post_q;
    let Some(admin) = user_q::find_by_email(txn, "admin@example.com").await? else { return Ok(()) };
    let skill = |name: &'static str| async move {
        Ok::<_, crate::StoreError>(
            topics::Entity::find()
                .filter(topics::Column::TenantId.eq(demo.tenant.id))
                .filter(topics::Column::TopicType.eq("skill"))
                .filter(topics::Column::NameKey.eq(name.to_lowercase()))
                .one(txn)
                .await?
                .map(|t| t.id),
        )
    };
    let today = now().date_naive();
    let in_days = |d: u64| today.checked_add_days(chrono::Days::new(d));
    let jobs = [
        (
            "data-analyst-ai-adoption",
            "Data Analyst, AI Adoption",
            "<p>Measure how our members use AI tools and turn the numbers into decisions.</p>",
            Some("<ul><li>SQL and Python</li><li>Clear writing</li></ul>"),
            vec!["Data Analysis", "SQL", "Python"],
            "remote",
            "full_time",
            None,
            "approved",
            true,
        ),
        (
            "machine-learning-intern",
            "Machine Learning Intern",
            "<p>Three months with our applied research team, shipping a model to production.</p>",
            Some("<p>Some Python and curiosity.</p>"),
            vec!["Machine Learning", "Python"],
            "hybrid",
            "internship",
            Some("Nairobi Innovation Hub, Ngong Road"),
            "approved",
            false,
        ),
        // The assistant's "jobs for a data analyst in Kenya" (issue 17).
        (
            "junior-data-analyst-nairobi",
            "Junior Data Analyst",
            "<p>Build the dashboards our East African programmes run on, with SQL and spreadsheets.</p>",
            Some("<ul><li>SQL</li><li>Spreadsheets</li></ul>"),
            vec!["Data Analysis", "SQL"],
            "on_site",
            "full_time",
            Some("Westlands, Nairobi, Kenya"),
            "approved",
            false,
        ),
        (
            "community-program-lead",
            "Community Program Lead",
            "<p>Run our learning circles and mentor their leaders.</p>",
            None,
            vec!["Prompt Engineering"],
            "on_site",
            "part_time",
            Some("Lagos Tech Campus"),
            "pending",
            false,
        ),
    ];
    for (slug, title, description, requirements, skills, location, kind, address, status, question) in jobs {
        if post_q::find_by_slug(txn, demo.tenant.id, slug).await?.is_some() {
            continue;
        }
        let mut skill_ids = Vec::new();
        for name in skills {
            if let Some(id) = skill(name).await? {
                skill_ids.push(id);
            }
        }
        let form = JobForm {
            title: title.into(),
            description: Some(description.into()),
            requirements: requirements.map(str::to_string),
            skills: skill_ids,
            countries: vec!["United States".into(), "Kenya".into()],
            career_stages: vec![],
            professional_fields: vec![],
            job_location: location.into(),
            job_type: Some(kind.into()),
            address: address.map(str::to_string),
            application_open_date: Some(today),
            application_close_date: in_days(45),
            job_status: status.into(),
        };
        let extra = if question {
            json!({"questions": [{"id": "textarea1", "label": "Which AI tool do you use most, and for what?",
                "type": "textarea", "required": true, "options": []}]})
        } else {
            json!({})
        };
        let post = post_q::insert(txn, demo.tenant.id, demo.organization.id, &form, extra, admin.id).await?;
        // The seeded slug is fixed, so the demo links stay stable.
        if post.slug != slug {
            let mut active: crate::entities::job_posts::ActiveModel = post.into();
            active.slug = Set(slug.into());
            sea_orm::ActiveModelTrait::update(active, txn).await?;
        }
    }
    Ok(())
}

/// 500 job posts per thousand users, from the demo organization and the scale circles,
/// published (every ninth a draft), created over the past months, with skills and a few
/// applications each, so the job board is measured at scale.
async fn seed_scale_jobs(
    db: &impl sea_orm::ConnectionTrait,
    demo: &tenants::TenantRecord,
    thousands: u64,
    at: chrono::DateTime<chrono::Utc>,
) -> StoreResult<()> {
    use crate::entities::{groups, job_applications, job_post_skills, job_posts};
    const LOCATIONS: [&str; 3] = ["remote", "on_site", "hybrid"];
    const TYPES: [&str; 4] = ["project_based", "full_time", "part_time", "internship"];
    const COUNTRIES: [&str; 5] = ["United States", "Kenya", "Nigeria", "India", "Brazil"];
    const ROLES: [&str; 8] =
        ["Analyst", "Engineer", "Designer", "Researcher", "Coordinator", "Writer", "Manager", "Intern"];
    let existing = job_posts::Entity::find()
        .filter(job_posts::Column::TenantId.eq(demo.tenant.id))
        .filter(job_posts::Column::Slug.like("scale-job-%"))
        .count(db)
        .await?;
    let total = thousands * 500;
    if existing >= total {
        return Ok(());
    }
    let mut owners: Vec<i64> = groups::Entity::find()
        .select_only()
        .column(groups::Column::Id)
        .filter(groups::Column::TenantId.eq(demo.tenant.id))
        .filter(groups::Column::Slug.like("scale-circle-%"))
        .filter(groups::Column::Privacy.lt(20))
        .limit(200)
        .into_tuple()
        .all(db)
        .await?;
    owners.push(demo.organization.id);
    let skill_ids: Vec<i64> = topics::Entity::find()
        .select_only()
        .column(topics::Column::Id)
        .filter(topics::Column::TenantId.eq(demo.tenant.id))
        .filter(topics::Column::TopicType.eq("skill"))
        .limit(200)
        .into_tuple()
        .all(db)
        .await?;
    let applicant_ids: Vec<i64> = memberships::Entity::find()
        .select_only()
        .column(memberships::Column::UserId)
        .filter(memberships::Column::GroupId.eq(demo.organization.id))
        .limit(2000)
        .into_tuple()
        .all(db)
        .await?;
    let today = at.date_naive();
    let mut n = existing;
    while n < total {
        let batch: Vec<u64> = (n..(n + 500).min(total)).collect();
        let mut rows = Vec::with_capacity(batch.len());
        for &k in &batch {
            let created = at - chrono::Duration::minutes((total - k) as i64 * 7);
            let location = LOCATIONS[(k % 3) as usize];
            rows.push(job_posts::ActiveModel {
                tenant_id: Set(demo.tenant.id),
                group_id: Set(owners[(k as usize) % owners.len()]),
                slug: Set(format!("scale-job-{k}")),
                title: Set(format!(
                    "{} {}",
                    SCALE_SKILL_WORDS[(k as usize) % SCALE_SKILL_WORDS.len()],
                    ROLES[(k % 8) as usize]
                )),
                description: Set("<p>A job posted for load tests.</p>".into()),
                requirements: Set(None),
                career_stages: Set(Some(json!([(k % 4 + 1).to_string()]))),
                professional_fields: Set(Some(json!([]))),
                countries: Set(Some(json!([COUNTRIES[(k % 5) as usize]]))),
                job_location: Set(location.into()),
                job_type: Set(Some(TYPES[(k % 4) as usize].into())),
                address: Set((location != "remote").then(|| format!("{} office", COUNTRIES[(k % 5) as usize]))),
                application_open_date: Set(today.checked_sub_days(chrono::Days::new(k % 60))),
                application_close_date: Set(today.checked_add_days(chrono::Days::new(k % 90)).filter(|_| k % 10 != 0)),
                job_status: Set(if k % 9 == 0 { "pending".into() } else { "approved".into() }),
                is_featured: Set(false),
                extra_info: Set(Some(json!({}))),
                created_by: Set(None),
                deleted_at: Set(None),
                created_at: Set(created),
                updated_at: Set(created),
                ..Default::default()
            });
        }
        job_posts::Entity::insert_many(rows).exec(db).await?;
        let slugs: Vec<String> = batch.iter().map(|k| format!("scale-job-{k}")).collect();
        let ids: Vec<(i64, String)> = job_posts::Entity::find()
            .select_only()
            .column(job_posts::Column::Id)
            .column(job_posts::Column::Slug)
            .filter(job_posts::Column::TenantId.eq(demo.tenant.id))
            .filter(job_posts::Column::Slug.is_in(slugs))
            .into_tuple()
            .all(db)
            .await?;
        let mut skill_rows = Vec::new();
        let mut application_rows = Vec::new();
        for (id, slug) in ids {
            let k: u64 = slug.trim_start_matches("scale-job-").parse().unwrap_or_default();
            let mut chosen = std::collections::BTreeSet::new();
            for j in 0..2 {
                if let Some(skill) = skill_ids.get(((k * 3 + j * 7) as usize) % skill_ids.len().max(1)) {
                    chosen.insert(*skill);
                }
            }
            for topic_id in chosen {
                skill_rows.push(job_post_skills::ActiveModel {
                    job_post_id: Set(id),
                    topic_id: Set(topic_id),
                    ..Default::default()
                });
            }
            let people: std::collections::BTreeSet<i64> = (0..3)
                .filter_map(|j| applicant_ids.get(((k * 3 + j) as usize) % applicant_ids.len().max(1)).copied())
                .collect();
            for (j, user_id) in people.into_iter().enumerate() {
                let status = ["pending", "accepted", "rejected"][(k as usize + j) % 3];
                application_rows.push(job_applications::ActiveModel {
                    job_post_id: Set(id),
                    user_id: Set(user_id),
                    status: Set(status.into()),
                    answers: Set(Some(json!({}))),
                    resume: Set(None),
                    reviewed_at: Set(None),
                    reviewed_by: Set(None),
                    created_at: Set(at),
                    updated_at: Set(at),
                    ..Default::default()
                });
            }
        }
        if !skill_rows.is_empty() {
            job_post_skills::Entity::insert_many(skill_rows).exec(db).await?;
        }
        if !application_rows.is_empty() {
            job_applications::Entity::insert_many(application_rows).exec(db).await?;
        }
        n += batch.len() as u64;
    }
    Ok(())
}

/// Posts, resources and prompts for load tests: 300 items per thousand users over the scale
/// circles and the organization, by its members; resources mostly approved and published to
/// the hub, with topic areas, countries and career stages spread over them. Idempotent by
/// slug prefix.
async fn seed_scale_content(
    db: &impl sea_orm::ConnectionTrait,
    demo: &tenants::TenantRecord,
    thousands: u64,
    at: chrono::DateTime<chrono::Utc>,
) -> StoreResult<()> {
    use crate::entities::{contents, groups, topic_areas};
    const COUNTRIES: [&str; 5] = ["United States", "Kenya", "Nigeria", "India", "Brazil"];
    const KINDS: [&str; 6] = ["Guide", "Checklist", "Course", "Template", "Playbook", "Reading list"];
    let existing = contents::Entity::find()
        .filter(contents::Column::TenantId.eq(demo.tenant.id))
        .filter(contents::Column::Slug.like("scale-content-%"))
        .count(db)
        .await?;
    let total = thousands * 300;
    if existing >= total {
        return Ok(());
    }
    let mut areas: Vec<i64> = topic_areas::Entity::find()
        .select_only()
        .column(topic_areas::Column::Id)
        .filter(topic_areas::Column::TenantId.eq(demo.tenant.id))
        .into_tuple()
        .all(db)
        .await?;
    if areas.is_empty() {
        for name in ["Technology", "Business", "Health", "Education"] {
            let area = topic_areas::ActiveModel {
                tenant_id: Set(demo.tenant.id),
                name: Set(name.into()),
                created_at: Set(at),
                ..Default::default()
            };
            areas.push(sea_orm::ActiveModelTrait::insert(area, db).await?.id);
        }
    }
    let mut owners: Vec<i64> = groups::Entity::find()
        .select_only()
        .column(groups::Column::Id)
        .filter(groups::Column::TenantId.eq(demo.tenant.id))
        .filter(groups::Column::Slug.like("scale-circle-%"))
        .limit(300)
        .into_tuple()
        .all(db)
        .await?;
    owners.push(demo.organization.id);
    let authors: Vec<i64> = memberships::Entity::find()
        .select_only()
        .column(memberships::Column::UserId)
        .filter(memberships::Column::GroupId.eq(demo.organization.id))
        .filter(memberships::Column::Status.eq(member_q::STATUS_ACCEPTED))
        .limit(1000)
        .into_tuple()
        .all(db)
        .await?;
    if authors.is_empty() {
        return Ok(());
    }
    let mut n = existing;
    while n < total {
        let batch: Vec<u64> = (n..(n + 500).min(total)).collect();
        let rows: Vec<contents::ActiveModel> = batch
            .iter()
            .map(|&k| {
                let created = at - chrono::Duration::minutes((total - k) as i64 * 3);
                // Two in three are resources, one in ten a prompt, the rest posts.
                let kind = match k % 10 {
                    0 => "prompt",
                    1..=6 => "resource",
                    _ => "post",
                };
                let word = SCALE_SKILL_WORDS[(k as usize) % SCALE_SKILL_WORDS.len()];
                let title = if kind == "post" {
                    format!("Thoughts on {word} this week")
                } else {
                    format!("{word} {}", KINDS[(k % 6) as usize])
                };
                let text = format!("A {kind} about {word} made for load tests.");
                contents::ActiveModel {
                    tenant_id: Set(demo.tenant.id),
                    group_id: Set(owners[(k as usize) % owners.len()]),
                    created_by: Set(authors[(k as usize) % authors.len()]),
                    content_type: Set(kind.into()),
                    is_newsletter: Set(false),
                    sub_type: Set(None),
                    title: Set(title),
                    slug: Set(format!("scale-content-{k}")),
                    content: Set(format!("<p>{text}</p>")),
                    raw_text: Set(text),
                    data: Set(None),
                    thumbnail_file_id: Set(None),
                    topics: Set(Some(json!([]))),
                    topic_area_id: Set(Some(areas[(k as usize) % areas.len()])),
                    career_stages: Set(Some(json!([(k % 4 + 1).to_string()]))),
                    career_goals: Set(Some(json!([]))),
                    professional_fields: Set(Some(json!([]))),
                    roles: Set(Some(json!([]))),
                    country: Set(Some(COUNTRIES[(k % 5) as usize].into())),
                    security_level: Set(if kind == "post" && k % 3 == 0 { 20 } else { 0 }),
                    publish_to_khub: Set(kind != "post"),
                    is_premium: Set(kind == "resource" && k % 11 == 0),
                    is_trending: Set(false),
                    is_pinned: Set(false),
                    status: Set(if kind != "post" && k % 8 == 0 { "pending".into() } else { "approved".into() }),
                    source: Set(None),
                    send_email: Set(false),
                    created_at: Set(created),
                    updated_at: Set(created),
                    last_edited_at: Set(None),
                    ..Default::default()
                }
            })
            .collect();
        contents::Entity::insert_many(rows).exec(db).await?;
        n += batch.len() as u64;
    }
    Ok(())
}
