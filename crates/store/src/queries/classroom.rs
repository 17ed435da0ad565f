//! Google Classroom (issue 19): administrators' consents, the links a sync keeps between a
//! course's members and materials and the group's users and resources, and the embedded
//! provider's own courses (rosters and materials kept in the database).

use std::collections::HashMap;

use sea_orm::{
    sea_query::OnConflict, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::{
    entities::{classroom_grants, classroom_links, classroom_local_materials, classroom_local_members},
    now, StoreResult,
};

pub const LINK_MEMBER: &str = "member";
pub const LINK_MATERIAL: &str = "material";
/// Ids per `IN (…)` list.
const CHUNK: usize = 500;

// --- Consents ---------------------------------------------------------------------------

/// The user's sealed refresh token on the site, if they gave consent.
pub async fn grant_of(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64) -> StoreResult<Option<String>> {
    Ok(classroom_grants::Entity::find()
        .filter(classroom_grants::Column::TenantId.eq(tenant_id))
        .filter(classroom_grants::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .map(|g| g.sealed_refresh_token))
}

/// Keeps (or replaces) the user's sealed refresh token on the site.
pub async fn save_grant(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64, sealed: &str) -> StoreResult<()> {
    let at = now();
    classroom_grants::Entity::insert(classroom_grants::ActiveModel {
        tenant_id: Set(tenant_id),
        user_id: Set(user_id),
        sealed_refresh_token: Set(sealed.to_string()),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([classroom_grants::Column::TenantId, classroom_grants::Column::UserId])
            .update_columns([classroom_grants::Column::SealedRefreshToken, classroom_grants::Column::UpdatedAt])
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// Forgets the user's consent (Google refused the token: revoked or expired).
pub async fn delete_grant(db: &impl ConnectionTrait, tenant_id: i64, user_id: i64) -> StoreResult<()> {
    classroom_grants::Entity::delete_many()
        .filter(classroom_grants::Column::TenantId.eq(tenant_id))
        .filter(classroom_grants::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

// --- Links --------------------------------------------------------------------------------

/// The group's links of `kind` for these external ids: external id → target id.
pub async fn links_of(
    db: &impl ConnectionTrait,
    group_id: i64,
    kind: &str,
    external_ids: &[String],
) -> StoreResult<HashMap<String, i64>> {
    let mut out = HashMap::new();
    for chunk in external_ids.chunks(CHUNK) {
        let rows = classroom_links::Entity::find()
            .filter(classroom_links::Column::GroupId.eq(group_id))
            .filter(classroom_links::Column::Kind.eq(kind))
            .filter(classroom_links::Column::ExternalId.is_in(chunk.to_vec()))
            .all(db)
            .await?;
        out.extend(rows.into_iter().map(|l| (l.external_id, l.target_id)));
    }
    Ok(out)
}

/// Records (or moves) the link of an external id to its target.
pub async fn link(
    db: &impl ConnectionTrait,
    group_id: i64,
    kind: &str,
    external_id: &str,
    target_id: i64,
) -> StoreResult<()> {
    let at = now();
    classroom_links::Entity::insert(classroom_links::ActiveModel {
        group_id: Set(group_id),
        kind: Set(kind.to_string()),
        external_id: Set(external_id.to_string()),
        target_id: Set(target_id),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([
            classroom_links::Column::GroupId,
            classroom_links::Column::Kind,
            classroom_links::Column::ExternalId,
        ])
        .update_columns([classroom_links::Column::TargetId, classroom_links::Column::UpdatedAt])
        .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(())
}

// --- The embedded provider's courses --------------------------------------------------

/// A person of a course, as the embedded provider keeps it.
#[derive(Debug, Clone)]
pub struct LocalMember<'a> {
    pub course_id: &'a str,
    /// student or teacher.
    pub role: &'a str,
    pub external_id: &'a str,
    pub email: &'a str,
    pub full_name: &'a str,
}

/// A material of a course, as the embedded provider keeps it.
#[derive(Debug, Clone)]
pub struct LocalMaterial<'a> {
    pub course_id: &'a str,
    pub external_id: &'a str,
    pub title: &'a str,
    pub description: &'a str,
    pub url: Option<&'a str>,
}

/// Adds a person to a course (or updates them).
pub async fn add_local_member(db: &impl ConnectionTrait, tenant_id: i64, m: LocalMember<'_>) -> StoreResult<()> {
    classroom_local_members::Entity::insert(classroom_local_members::ActiveModel {
        tenant_id: Set(tenant_id),
        course_id: Set(m.course_id.to_string()),
        role: Set(m.role.to_string()),
        external_id: Set(m.external_id.to_string()),
        email: Set(m.email.trim().to_lowercase()),
        full_name: Set(m.full_name.to_string()),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([
            classroom_local_members::Column::TenantId,
            classroom_local_members::Column::CourseId,
            classroom_local_members::Column::Role,
            classroom_local_members::Column::ExternalId,
        ])
        .update_columns([classroom_local_members::Column::Email, classroom_local_members::Column::FullName])
        .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// Adds a material to a course (or updates it).
pub async fn add_local_material(db: &impl ConnectionTrait, tenant_id: i64, m: LocalMaterial<'_>) -> StoreResult<()> {
    classroom_local_materials::Entity::insert(classroom_local_materials::ActiveModel {
        tenant_id: Set(tenant_id),
        course_id: Set(m.course_id.to_string()),
        external_id: Set(m.external_id.to_string()),
        title: Set(m.title.to_string()),
        description: Set(m.description.to_string()),
        url: Set(m.url.map(str::to_string)),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([
            classroom_local_materials::Column::TenantId,
            classroom_local_materials::Column::CourseId,
            classroom_local_materials::Column::ExternalId,
        ])
        .update_columns([
            classroom_local_materials::Column::Title,
            classroom_local_materials::Column::Description,
            classroom_local_materials::Column::Url,
        ])
        .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// The people of a course with a role, in the order they were added (at most `limit`).
pub async fn local_members(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    course_id: &str,
    role: &str,
    limit: u64,
) -> StoreResult<Vec<classroom_local_members::Model>> {
    Ok(classroom_local_members::Entity::find()
        .filter(classroom_local_members::Column::TenantId.eq(tenant_id))
        .filter(classroom_local_members::Column::CourseId.eq(course_id))
        .filter(classroom_local_members::Column::Role.eq(role))
        .order_by_asc(classroom_local_members::Column::Id)
        .limit(limit)
        .all(db)
        .await?)
}

/// The materials of a course, in the order they were added (at most `limit`).
pub async fn local_materials(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    course_id: &str,
    limit: u64,
) -> StoreResult<Vec<classroom_local_materials::Model>> {
    Ok(classroom_local_materials::Entity::find()
        .filter(classroom_local_materials::Column::TenantId.eq(tenant_id))
        .filter(classroom_local_materials::Column::CourseId.eq(course_id))
        .order_by_asc(classroom_local_materials::Column::Id)
        .limit(limit)
        .all(db)
        .await?)
}

/// Whether the embedded provider knows the course (it has people or materials).
pub async fn local_course_exists(db: &impl ConnectionTrait, tenant_id: i64, course_id: &str) -> StoreResult<bool> {
    let member = classroom_local_members::Entity::find()
        .filter(classroom_local_members::Column::TenantId.eq(tenant_id))
        .filter(classroom_local_members::Column::CourseId.eq(course_id))
        .one(db)
        .await?;
    if member.is_some() {
        return Ok(true);
    }
    Ok(classroom_local_materials::Entity::find()
        .filter(classroom_local_materials::Column::TenantId.eq(tenant_id))
        .filter(classroom_local_materials::Column::CourseId.eq(course_id))
        .one(db)
        .await?
        .is_some())
}

/// Rewrites what a sync brings to a resource made from a material (title, text and link);
/// its topics, files, status and visibility stay as they are.
pub async fn refresh_resource(
    db: &impl ConnectionTrait,
    item: crate::entities::contents::Model,
    title: &str,
    content: &str,
    raw_text: &str,
    source: Option<&str>,
) -> StoreResult<()> {
    use sea_orm::ActiveModelTrait;
    let mut active: crate::entities::contents::ActiveModel = item.into();
    active.title = Set(title.to_string());
    active.content = Set(content.to_string());
    active.raw_text = Set(raw_text.to_string());
    active.source = Set(source.map(str::to_string));
    let at = now();
    active.updated_at = Set(at);
    active.last_edited_at = Set(Some(at));
    active.update(db).await?;
    Ok(())
}

/// The demo: the circle "Generative AI for Career Changers" gets the built-in classroom's
/// course `demo-course` (a roster with two of the site's members, a teacher and two people
/// without an account; three materials), so its administrator can try the syncs without
/// Google. Seeding again changes nothing.
pub async fn seed_demo(db: &impl ConnectionTrait, tenant_id: i64) -> StoreResult<()> {
    use sea_orm::ActiveModelTrait;
    const COURSE: &str = "demo-course";
    let Some(circle) = super::groups::find_by_slug(db, tenant_id, "generative-ai-for-career-changers").await? else {
        return Ok(());
    };
    if circle.google_classroom_id.is_none() {
        let mut active: crate::entities::groups::ActiveModel = circle.into();
        active.google_classroom_id = Set(Some(COURSE.into()));
        active.update(db).await?;
    }
    let people = [
        ("student", "demo-s1", "maria@example.com", "Maria Lopez"),
        ("student", "demo-s2", "sam@example.com", "Sam Okafor"),
        ("student", "demo-s3", "jo.student@school.example", "Jo Student"),
        ("student", "demo-s4", "ali.student@school.example", "Ali Student"),
        ("teacher", "demo-t1", "lena@example.com", "Lena Fischer"),
    ];
    for (role, external_id, email, full_name) in people {
        add_local_member(db, tenant_id, LocalMember { course_id: COURSE, role, external_id, email, full_name }).await?;
    }
    let materials = [
        (
            "demo-m1",
            "Week 1: What generative AI can and cannot do",
            "Read the overview before our first session.\n\nBring one task from your job you would like to try.",
            Some("https://developers.google.com/machine-learning/resources/intro-llms"),
        ),
        ("demo-m2", "Prompt practice sheet", "Ten prompts to rewrite together in session two.", None),
        (
            "demo-m3",
            "Career change workbook",
            "A worksheet for mapping your skills to new roles.",
            Some("https://example.com/career-change-workbook"),
        ),
    ];
    for (external_id, title, description, url) in materials {
        add_local_material(db, tenant_id, LocalMaterial { course_id: COURSE, external_id, title, description, url })
            .await?;
    }
    Ok(())
}
