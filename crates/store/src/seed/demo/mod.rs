//! The demo: a default tenant on localhost and a "star" variant on star.localhost, with
//! topics, members, circles, events, jobs and the catalogue, and the logins printed at start.

use sea_orm::TransactionTrait;
use serde_json::json;

use crate::{
    queries::{
        memberships as member_q,
        tenants::{self, NewTenant, TenantRecord},
        topics as topic_q, users as user_q,
    },
    Db, StoreResult,
};

mod catalogue;
mod jobs;
mod people;
mod plans;
mod programme;

use jobs::seed_demo_jobs;
use people::{give_country, seed_demo_group_profiles, seed_demo_influencers, seed_demo_profiles};
use plans::{seed_demo_membership_plans, seed_demo_paid_member};
use programme::seed_demo_programme;

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
