//! The demo's content, AI tools and use cases.

use serde_json::json;

use crate::StoreResult;

/// Approved resources and a prompt of the demo organization in the Resource Hub, so a new
/// visitor finds something there; items found by slug are kept as they are.
pub(super) async fn seed_demo_content(
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
pub(super) async fn seed_demo_ai_tools(
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
        crate::queries::catalogue::set_status(
            txn,
            tenant_id,
            crate::queries::catalogue::AI_TOOL,
            tool.id,
            STATUS_PENDING,
            STATUS_APPROVED,
        )
        .await?;
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
pub(super) type DemoUseCase = (&'static str, &'static str, &'static str, &'static [usize]);

pub(super) const DEMO_USE_CASES: &[DemoUseCase] = &[
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
pub(super) async fn seed_demo_use_cases(
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
