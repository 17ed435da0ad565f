//! The demo's members: profiles, influencers and the organisations' group profiles.

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use crate::{
    queries::{tenants::TenantRecord, users as user_q},
    StoreResult,
};

/// The demo site's influential people (with a bio and career advice, so their 'Learn from'
/// tab has something to show) and an influential organization. Texts already written are kept.
pub(super) async fn seed_demo_influencers(txn: &impl sea_orm::ConnectionTrait, demo: &TenantRecord) -> StoreResult<()> {
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
pub(super) async fn give_country(
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
pub(super) struct DemoProfile {
    pub(super) email: &'static str,
    pub(super) title: &'static str,
    pub(super) country: &'static str,
    pub(super) location: &'static str,
    pub(super) institution: &'static str,
    pub(super) short_bio: &'static str,
    pub(super) career_story: &'static str,
    pub(super) languages: &'static [&'static str],
    pub(super) skills: &'static [&'static str],
    pub(super) topics: &'static [&'static str],
    /// Where they want to go (the profile's additional career information).
    pub(super) goal: Option<&'static str>,
    /// (type, title, institution, description, start, end, skills)
    pub(super) entries: &'static [DemoEntry],
}

pub(super) type DemoEntry = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
    &'static [&'static str],
);

pub(super) const DEMO_PROFILES: &[DemoProfile] = &[
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

pub(super) fn demo_date(text: &str) -> chrono::NaiveDate {
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").expect("demo dates are valid")
}

/// Profiles for the demo members maria and sam (on the demo tenant), and maria following
/// sam. A profile that already has a title, or a person with career entries, is left as is.
pub(super) async fn seed_demo_profiles(txn: &impl sea_orm::ConnectionTrait, tenant_id: i64) -> StoreResult<()> {
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
pub(super) async fn seed_demo_group_profiles(
    txn: &impl sea_orm::ConnectionTrait,
    organization_id: i64,
) -> StoreResult<()> {
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
