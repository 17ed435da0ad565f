//! The agents store (issue 18) on a real database: SQLite by default, PostgreSQL with
//! WAYPOINT_TEST_DATABASE_URL.

mod common;

use domain::agents::{
    builtin,
    definition::AgentDefinition,
    run::RunStatus,
    system::{self, ApplicantFacts, SystemAgentType},
};
use sea_orm::{sea_query::Expr, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde_json::json;
use store::{
    entities::users,
    queries::agents::{
        self as agent_q,
        reports::{self, NewReport, ReportFilter},
        responses::{self, NewResponse, ResponseFilter},
        runs::{self, NewRun},
        usage, AgentFilter, NewAgent,
    },
    StoreError,
};

#[tokio::test]
async fn built_in_agents_are_added_once_per_site() {
    let t = common::fresh().await;
    let (a, b) = (t.tenant("a.example").await, t.tenant("b.example").await);
    // A new site has them from its creation: nothing is left to add.
    assert_eq!(agent_q::ensure_builtin(&t.db, a.tenant.id).await.unwrap(), 0, "created with the site");
    assert_eq!(agent_q::ensure_builtin(&t.db, b.tenant.id).await.unwrap(), 0, "created with the site");

    let listed = agent_q::page(&t.db, a.tenant.id, &AgentFilter::default(), 0, 10).await.unwrap();
    assert_eq!(listed.count, 3);
    let slugs: Vec<&str> = listed.items.iter().map(|r| r.slug.as_str()).collect();
    assert_eq!(slugs, ["aira", "interest-explorer", "career-assistant"]);
    let stored: AgentDefinition = agent_q::definition_of(&listed.items[0]).unwrap();
    assert_eq!(stored, builtin::aira());
    assert!(listed.items[2].is_premium && listed.items[2].can_chat);

    let system =
        agent_q::page(&t.db, a.tenant.id, &AgentFilter { system: true, ..Default::default() }, 0, 10).await.unwrap();
    assert_eq!(system.count, 3);
    let approval = agent_q::find_system(&t.db, a.tenant.id, SystemAgentType::RegistrationApproval).await.unwrap();
    assert_eq!(approval.unwrap().agent_type, "registration_approval");

    let assistants = AgentFilter { agent_type: Some("career_assistant"), ..Default::default() };
    assert_eq!(agent_q::page(&t.db, a.tenant.id, &assistants, 0, 10).await.unwrap().count, 1);
    // Paged in the database.
    let second = agent_q::page(&t.db, a.tenant.id, &AgentFilter::default(), 1, 1).await.unwrap();
    assert_eq!((second.count, second.items[0].slug.as_str()), (3, "interest-explorer"));

    // Each site has its own rows.
    let in_a = agent_q::find_by_slug(&t.db, a.tenant.id, "aira").await.unwrap().unwrap();
    let in_b = agent_q::find_by_slug(&t.db, b.tenant.id, "aira").await.unwrap().unwrap();
    assert_ne!(in_a.id, in_b.id);
    assert!(agent_q::find(&t.db, b.tenant.id, in_a.id).await.unwrap().is_none());
}

#[tokio::test]
async fn sites_made_before_get_the_built_in_agents_at_start() {
    let t = common::fresh().await;
    let b = t.tenant("b.example").await;
    // A site from before agents came with the site: it has none.
    let a = bare_site(&t, "a.example").await;
    assert_eq!(agent_q::page(&t.db, a.tenant.id, &AgentFilter::default(), 0, 10).await.unwrap().count, 0);
    // The start's migration run gives it the six (and site b keeps its own).
    store::migrations::migrate(&t.db).await.unwrap();
    assert_eq!(agent_q::page(&t.db, a.tenant.id, &AgentFilter::default(), 0, 10).await.unwrap().count, 3);
    let system = AgentFilter { system: true, ..Default::default() };
    assert_eq!(agent_q::page(&t.db, a.tenant.id, &system, 0, 10).await.unwrap().count, 3);
    assert_eq!(agent_q::ensure_builtin_everywhere(&t.db).await.unwrap(), 0, "a second run adds nothing");
    assert_eq!(agent_q::page(&t.db, b.tenant.id, &AgentFilter::default(), 0, 10).await.unwrap().count, 3);
}

#[tokio::test]
async fn the_demo_seed_gives_each_site_its_agents_and_can_run_again() {
    let t = common::fresh().await;
    let sites = store::seed::seed_demo(&t.db, "not-a-real-hash").await.unwrap();
    store::seed::seed_demo(&t.db, "not-a-real-hash").await.unwrap();
    for site in &sites {
        let listed = agent_q::page(&t.db, site.tenant.id, &AgentFilter::default(), 0, 10).await.unwrap();
        assert_eq!(listed.count, 3, "{}", site.tenant.domain);
        let system = AgentFilter { system: true, ..Default::default() };
        assert_eq!(agent_q::page(&t.db, site.tenant.id, &system, 0, 10).await.unwrap().count, 3);
    }
}

/// A site without its built-in agents (as one made before they came with the site).
async fn bare_site(t: &common::TestDb, domain: &str) -> store::queries::tenants::TenantRecord {
    let site = t.tenant(domain).await;
    store::entities::agents::Entity::delete_many()
        .filter(store::entities::agents::Column::TenantId.eq(site.tenant.id))
        .exec(&t.db)
        .await
        .unwrap();
    site
}

#[tokio::test]
async fn slugs_are_unique_per_site_and_definitions_can_change() {
    let t = common::fresh().await;
    let (a, b) = (bare_site(&t, "a.example").await, bare_site(&t, "b.example").await);
    let aira = builtin::aira();
    let first = agent_q::insert(&t.db, a.tenant.id, NewAgent::Careergps(&aira), 1).await.unwrap();
    let again = agent_q::insert(&t.db, a.tenant.id, NewAgent::Careergps(&aira), 2).await;
    assert!(matches!(again, Err(StoreError::Conflict(_))));
    agent_q::insert(&t.db, b.tenant.id, NewAgent::Careergps(&aira), 1).await.unwrap();

    let explorer =
        agent_q::insert(&t.db, a.tenant.id, NewAgent::Careergps(&builtin::interest_explorer()), 2).await.unwrap();
    let mut renamed = builtin::interest_explorer();
    renamed.name = "Interest Explorer Plus".into();
    renamed.is_premium = true;
    renamed.extra_info.prompts[0].prompt = "A new prompt.".into();
    let updated = agent_q::update_definition(&t.db, a.tenant.id, explorer.id, &renamed).await.unwrap();
    assert_eq!((updated.name.as_str(), updated.is_premium), ("Interest Explorer Plus", true));
    assert_eq!(agent_q::definition_of(&updated).unwrap().extra_info.prompts[0].prompt, "A new prompt.");
    renamed.slug = "aira".into();
    let taken = agent_q::update_definition(&t.db, a.tenant.id, explorer.id, &renamed).await;
    assert!(matches!(taken, Err(StoreError::Conflict(_))));
    let elsewhere = agent_q::update_definition(&t.db, b.tenant.id, explorer.id, &renamed).await;
    assert!(matches!(elsewhere, Err(StoreError::NotFound)));

    agent_q::set_active(&t.db, a.tenant.id, first.id, false).await.unwrap();
    let shown = agent_q::page(&t.db, a.tenant.id, &AgentFilter::default(), 0, 10).await.unwrap();
    assert_eq!(shown.count, 1);
    let staff_view = AgentFilter { include_inactive: true, ..Default::default() };
    assert_eq!(agent_q::page(&t.db, a.tenant.id, &staff_view, 0, 10).await.unwrap().count, 2);
    assert!(matches!(agent_q::set_active(&t.db, b.tenant.id, first.id, true).await, Err(StoreError::NotFound)));
}

#[tokio::test]
async fn runs_keep_answers_by_step_and_end_once() {
    let t = common::fresh().await;
    let (a, b) = (t.tenant("a.example").await, t.tenant("b.example").await);
    agent_q::ensure_builtin(&t.db, a.tenant.id).await.unwrap();
    let aira = agent_q::find_by_slug(&t.db, a.tenant.id, "aira").await.unwrap().unwrap();
    let (staff, member) = (t.user("staff@example.com", true).await, t.user("m@example.com", false).await);

    let own =
        runs::start(&t.db, NewRun { tenant_id: a.tenant.id, agent_id: aira.id, user_id: member, beneficiary_id: None })
            .await
            .unwrap();
    let for_member = runs::start(
        &t.db,
        NewRun { tenant_id: a.tenant.id, agent_id: aira.id, user_id: staff, beneficiary_id: Some(member) },
    )
    .await
    .unwrap();
    assert_eq!(own.status, "in_progress");

    runs::save_answers(&t.db, a.tenant.id, own.id, 2, json!({"aw_familiar": 7})).await.unwrap();
    let run = runs::save_answers(&t.db, a.tenant.id, own.id, 1, json!({"career_stage": 3})).await.unwrap();
    assert_eq!(run.current_step, 2);
    assert_eq!(run.answers, json!({"1": {"career_stage": 3}, "2": {"aw_familiar": 7}}));
    let run = runs::save_answers(&t.db, a.tenant.id, own.id, 2, json!({"aw_familiar": 9})).await.unwrap();
    assert_eq!(run.answers["2"], json!({"aw_familiar": 9}), "answering a step again replaces its answers");

    let open = runs::latest_open(&t.db, a.tenant.id, member, aira.id, None).await.unwrap().unwrap();
    assert_eq!(open.id, own.id);
    let staff_open = runs::latest_open(&t.db, a.tenant.id, staff, aira.id, Some(member)).await.unwrap().unwrap();
    assert_eq!(staff_open.id, for_member.id);
    assert!(runs::latest_open(&t.db, a.tenant.id, staff, aira.id, None).await.unwrap().is_none());

    let first: Vec<_> = (0..150).map(|i| json!({"type": "ai", "id": i})).collect();
    runs::append_log(&t.db, a.tenant.id, own.id, first).await.unwrap();
    let more: Vec<_> = (150..250).map(|i| json!({"type": "ai", "id": i})).collect();
    let logged = runs::append_log(&t.db, a.tenant.id, own.id, more).await.unwrap();
    let log = logged.log.as_array().unwrap();
    assert_eq!((log.len(), log[0]["id"].as_i64()), (runs::MAX_LOG_ENTRIES, Some(50)));

    let done = runs::finish(&t.db, a.tenant.id, own.id, RunStatus::Completed).await.unwrap();
    assert!(done.completed_at.is_some());
    let late = runs::save_answers(&t.db, a.tenant.id, own.id, 2, json!({})).await;
    assert!(matches!(late, Err(StoreError::Conflict(_))));
    assert!(runs::latest_open(&t.db, a.tenant.id, member, aira.id, None).await.unwrap().is_none());

    assert!(runs::find(&t.db, b.tenant.id, own.id).await.unwrap().is_none());
    assert!(matches!(runs::finish(&t.db, b.tenant.id, own.id, RunStatus::Failed).await, Err(StoreError::NotFound)));
    let log_page = runs::page_for_agent(&t.db, a.tenant.id, aira.id, 0, 1).await.unwrap();
    assert_eq!((log_page.count, log_page.items[0].id), (2, for_member.id));
}

fn report<'a>(tenant_id: i64, agent_id: i64, owner_id: i64, created_by: i64, slug: &'a str) -> NewReport<'a> {
    NewReport {
        tenant_id,
        slug,
        agent_id,
        run_id: None,
        owner_id,
        created_by: Some(created_by),
        body: json!({"title": "AI Readiness Assessment Report", "sections": []}),
        is_public: false,
        source: "offline",
    }
}

#[tokio::test]
async fn reports_are_listed_newest_first_per_site_and_rated_once_per_person() {
    let t = common::fresh().await;
    let (a, b) = (t.tenant("a.example").await, t.tenant("b.example").await);
    agent_q::ensure_builtin(&t.db, a.tenant.id).await.unwrap();
    agent_q::ensure_builtin(&t.db, b.tenant.id).await.unwrap();
    let aira = agent_q::find_by_slug(&t.db, a.tenant.id, "aira").await.unwrap().unwrap();
    let aira_b = agent_q::find_by_slug(&t.db, b.tenant.id, "aira").await.unwrap().unwrap();
    let (staff, member, other) = (
        t.user("staff@example.com", true).await,
        t.user("m@example.com", false).await,
        t.user("o@example.com", false).await,
    );
    let r1 = reports::insert(&t.db, report(a.tenant.id, aira.id, member, member, "aira-1")).await.unwrap();
    let r2 = reports::insert(&t.db, report(a.tenant.id, aira.id, member, staff, "aira-2")).await.unwrap();
    let r3 = reports::insert(&t.db, report(a.tenant.id, aira.id, member, member, "aira-3")).await.unwrap();
    reports::insert(&t.db, report(a.tenant.id, aira.id, other, other, "aira-4")).await.unwrap();
    let twin = reports::insert(&t.db, report(a.tenant.id, aira.id, other, other, "aira-1")).await;
    assert!(matches!(twin, Err(StoreError::Conflict(_))), "slugs are unique on a site");
    reports::insert(&t.db, report(b.tenant.id, aira_b.id, member, member, "aira-1")).await.unwrap();

    let mine = ReportFilter { owner_id: Some(member), created_by: None };
    let page = reports::page(&t.db, a.tenant.id, mine, 0, 2).await.unwrap();
    assert_eq!(page.count, 3);
    let ids: Vec<i64> = page.items.iter().map(|r| r.report.id).collect();
    assert_eq!(ids, [r3.id, r2.id]);
    assert_eq!(page.items[0].agent_name, "AI Readiness Assessment");
    let rest = reports::page(&t.db, a.tenant.id, mine, 2, 2).await.unwrap();
    assert_eq!(rest.items.iter().map(|r| r.report.id).collect::<Vec<_>>(), [r1.id]);
    let by_staff = ReportFilter { owner_id: None, created_by: Some(staff) };
    assert_eq!(reports::page(&t.db, a.tenant.id, by_staff, 0, 10).await.unwrap().count, 1);
    assert_eq!(reports::page(&t.db, a.tenant.id, ReportFilter::default(), 0, 10).await.unwrap().count, 4);
    assert_eq!(reports::page(&t.db, b.tenant.id, ReportFilter::default(), 0, 10).await.unwrap().count, 1);

    let found = reports::find_by_slug(&t.db, a.tenant.id, "aira-1").await.unwrap().unwrap();
    assert_eq!(found.id, r1.id);
    assert_ne!(reports::find_by_slug(&t.db, b.tenant.id, "aira-1").await.unwrap().unwrap().id, r1.id);
    assert_eq!(reports::latest_of(&t.db, a.tenant.id, member, aira.id).await.unwrap().unwrap().id, r3.id);

    let not_owner = reports::set_public(&t.db, a.tenant.id, r1.id, other, true).await;
    assert!(matches!(not_owner, Err(StoreError::NotFound)));
    reports::set_public(&t.db, a.tenant.id, r1.id, member, true).await.unwrap();
    assert!(reports::find(&t.db, a.tenant.id, r1.id).await.unwrap().unwrap().is_public);

    reports::rate(&t.db, a.tenant.id, r1.id, member, 4, "Useful").await.unwrap();
    let again = reports::rate(&t.db, a.tenant.id, r1.id, member, 2, "Changed my mind").await.unwrap();
    assert_eq!((again.rating, again.feedback.as_str()), (2, "Changed my mind"));
    reports::rate(&t.db, a.tenant.id, r1.id, other, 5, "").await.unwrap();
    let mine = reports::feedback_of(&t.db, a.tenant.id, r1.id, member).await.unwrap().unwrap();
    assert_eq!(mine.id, again.id, "one feedback per person and report");
    assert!(reports::feedback_of(&t.db, b.tenant.id, r1.id, member).await.unwrap().is_none());
}

#[tokio::test]
async fn usage_counts_per_person_site_and_month() {
    let t = common::fresh().await;
    let (a, b) = (t.tenant("a.example").await, t.tenant("b.example").await);
    agent_q::ensure_builtin(&t.db, a.tenant.id).await.unwrap();
    agent_q::ensure_builtin(&t.db, b.tenant.id).await.unwrap();
    let aira = agent_q::find_by_slug(&t.db, a.tenant.id, "aira").await.unwrap().unwrap();
    let explorer = agent_q::find_by_slug(&t.db, a.tenant.id, "interest-explorer").await.unwrap().unwrap();
    let aira_b = agent_q::find_by_slug(&t.db, b.tenant.id, "aira").await.unwrap().unwrap();
    let (member, other) = (t.user("m@example.com", false).await, t.user("o@example.com", false).await);

    for _ in 0..3 {
        usage::record(&t.db, a.tenant.id, member, aira.id, "2026-03").await.unwrap();
    }
    usage::record(&t.db, a.tenant.id, member, explorer.id, "2026-03").await.unwrap();
    usage::record(&t.db, a.tenant.id, member, aira.id, "2026-02").await.unwrap();
    usage::record(&t.db, a.tenant.id, other, aira.id, "2026-03").await.unwrap();
    usage::record(&t.db, b.tenant.id, member, aira_b.id, "2026-03").await.unwrap();

    assert_eq!(usage::count_for_user(&t.db, a.tenant.id, member, "2026-03").await.unwrap(), 4);
    assert_eq!(usage::count_for_user(&t.db, a.tenant.id, member, "2026-02").await.unwrap(), 1);
    assert_eq!(usage::count_for_user(&t.db, a.tenant.id, member, "2026-04").await.unwrap(), 0);
    assert_eq!(usage::count_for_user(&t.db, b.tenant.id, member, "2026-03").await.unwrap(), 1);
    let by_agent = usage::user_counts_by_agent(&t.db, a.tenant.id, member, "2026-03").await.unwrap();
    assert_eq!((by_agent[&aira.id], by_agent[&explorer.id]), (3, 1));
    assert_eq!(usage::count_for_agent(&t.db, a.tenant.id, aira.id, "2026-03").await.unwrap(), 4);
}

#[tokio::test]
async fn system_answers_are_replaced_on_rerun_and_filter_lists() {
    let t = common::fresh().await;
    let (a, b) = (t.tenant("a.example").await, t.tenant("b.example").await);
    agent_q::ensure_builtin(&t.db, a.tenant.id).await.unwrap();
    let approval =
        agent_q::find_system(&t.db, a.tenant.id, SystemAgentType::RegistrationApproval).await.unwrap().unwrap();
    let ranking =
        agent_q::find_system(&t.db, a.tenant.id, SystemAgentType::AiEnthusiasmRanking).await.unwrap().unwrap();
    let (maria, sam) = (t.user("maria@example.com", false).await, t.user("sam@example.com", false).await);

    let save = |agent: &store::entities::agents::Model, object_id: i64, response: system::SystemResponse| {
        let (db, tenant_id, agent_id, agent_type) = (t.db.clone(), a.tenant.id, agent.id, agent.agent_type.clone());
        async move {
            responses::save(
                &db,
                NewResponse {
                    tenant_id,
                    agent_id,
                    agent_type: &agent_type,
                    content_type: system::CONTENT_USER,
                    object_id,
                    response: &response,
                },
            )
            .await
            .unwrap()
        }
    };
    let bare = ApplicantFacts { first_name: "Maria".into(), last_name: "Lopez".into(), ..Default::default() };
    let first = save(&approval, maria, system::registration_approval(&bare)).await;
    assert_eq!((first.action.as_str(), first.level), ("review", None));
    let complete = ApplicantFacts { email_verified: true, has_linkedin: true, has_resume: true, ..bare.clone() };
    let rerun = save(&approval, maria, system::registration_approval(&complete)).await;
    assert_eq!(rerun.id, first.id, "a rerun replaces the answer");
    assert_eq!(rerun.action, "accept");
    assert_eq!(rerun.response["action"], "accept");
    assert!(rerun.last_run_at >= first.last_run_at);
    save(&approval, sam, system::registration_approval(&bare)).await;
    let keen = ApplicantFacts { aira_readiness: Some(75), ..bare.clone() };
    save(&ranking, maria, system::ai_enthusiasm_ranking(&keen)).await;

    let answers = responses::for_objects(&t.db, a.tenant.id, system::CONTENT_USER, &[maria, sam]).await.unwrap();
    assert_eq!(answers.len(), 3);
    assert!(responses::for_objects(&t.db, b.tenant.id, system::CONTENT_USER, &[maria]).await.unwrap().is_empty());
    assert!(responses::for_objects(&t.db, a.tenant.id, system::CONTENT_USE_CASE, &[maria]).await.unwrap().is_empty());

    // The admin filter as a members list would use it.
    let matching_users = |filter: ResponseFilter<'static>| {
        let db = t.db.clone();
        async move {
            users::Entity::find()
                .select_only()
                .column(users::Column::Id)
                .filter(responses::matching(filter, Expr::col((users::Entity, users::Column::Id))))
                .order_by_asc(users::Column::Id)
                .into_tuple::<i64>()
                .all(&db)
                .await
                .unwrap()
        }
    };
    let base = ResponseFilter {
        tenant_id: a.tenant.id,
        agent_id: approval.id,
        content_type: system::CONTENT_USER,
        action: None,
        level: None,
    };
    assert_eq!(matching_users(base).await, [maria, sam]);
    assert_eq!(matching_users(ResponseFilter { action: Some("accept"), ..base }).await, [maria]);
    let high = ResponseFilter { agent_id: ranking.id, level: Some("high"), ..base };
    assert_eq!(matching_users(high).await, [maria]);
    assert!(matching_users(ResponseFilter { tenant_id: b.tenant.id, ..base }).await.is_empty());
}
