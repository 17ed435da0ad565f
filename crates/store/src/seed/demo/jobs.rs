//! The demo's jobs.

use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;

use crate::{
    entities::topics,
    now,
    queries::{tenants::TenantRecord, users as user_q},
    StoreResult,
};

/// A few published jobs of the demo organization, posted by its administrator: one asks a
/// question, one is on site, one is a draft. Idempotent by slug.
pub(super) async fn seed_demo_jobs(txn: &impl sea_orm::ConnectionTrait, demo: &TenantRecord) -> StoreResult<()> {
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
