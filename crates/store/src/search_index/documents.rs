//! What each kind's document holds, as SQL shared by both databases: the statements that
//! write one thing's document (run by the triggers with `NEW.id` or `OLD.id`) and those
//! that fill every document (the migration and `rebuild`).
//!
//! - user: name "first last"; body: the profile's title, discipline, location and
//!   country. Only active users have a document.
//! - group (every type; the type is the subkind), scope = tenant: name; body: location and
//!   country.
//! - use case, scope = tenant: title; body: description.
//! - topic (the topic type is the subkind), scope = tenant: name.
//! - job (a job board post; `job_posts`), scope = tenant: title; body: address. Deleted
//!   posts have no document. Its triggers come with the job board's migration (m0013).
//! - AI tool (`ai_tools`), scope = tenant: name; body: website and categories. Its
//!   triggers come with the catalogue's migration (m0020).
//!
//! - resource (a resource or prompt of `contents`; the type is the subkind), scope =
//!   tenant: title; body: the content's text. Posts and newsletters have no document.
//!   Every status is indexed; lists keep only what the caller may see.
//! - career tip, scope = tenant: name: the tip's text. Both come with m0019.
//!
//! Rich-text fields (group descriptions, bios) are HTML and stay out of the body: their
//! tags would be found as words.

use super::TABLE;

const UPSERT_TAIL: &str = "ON CONFLICT (kind, item_id) DO UPDATE SET subkind = excluded.subkind, \
     scope_id = excluded.scope_id, name = excluded.name, body = excluded.body";

fn insert(select: &str, filter: &str) -> String {
    format!("INSERT INTO {TABLE} (kind, subkind, scope_id, item_id, name, body) {select} WHERE {filter} {UPSERT_TAIL}")
}

fn joined(parts: &[&str]) -> String {
    let parts: Vec<String> = parts.iter().map(|p| format!("COALESCE({p}, '')")).collect();
    format!("TRIM({})", parts.join(" || ' ' || "))
}

fn user_select() -> String {
    format!(
        "SELECT 'user', NULL, NULL, u.id, {}, {} FROM \"users\" u LEFT JOIN \"profiles\" p ON p.user_id = u.id",
        joined(&["u.first_name", "u.last_name"]),
        joined(&["p.title", "p.discipline", "p.location", "p.country"])
    )
}

fn group_select() -> String {
    format!(
        "SELECT 'group', g.group_type, g.tenant_id, g.id, g.name, {} FROM \"groups\" g",
        joined(&["g.location", "g.country"])
    )
}

fn use_case_select() -> String {
    format!("SELECT 'use_case', NULL, c.tenant_id, c.id, c.title, {} FROM \"use_cases\" c", joined(&["c.description"]))
}

fn topic_select() -> &'static str {
    "SELECT 'topic', t.topic_type, t.tenant_id, t.id, t.name, '' FROM \"topics\" t"
}

fn job_post_select() -> String {
    format!("SELECT 'job', NULL, j.tenant_id, j.id, j.title, {} FROM \"job_posts\" j", joined(&["j.address"]))
}

fn ai_tool_select() -> String {
    format!(
        "SELECT 'ai_tool', NULL, a.tenant_id, a.id, a.name, {} FROM \"ai_tools\" a",
        joined(&["a.website", "CAST(a.categories AS TEXT)"])
    )
}

fn resource_select() -> String {
    format!(
        "SELECT 'resource', c.content_type, c.tenant_id, c.id, c.title, {} FROM \"contents\" c",
        joined(&["c.raw_text"])
    )
}

fn career_tip_select() -> &'static str {
    "SELECT 'career_tip', NULL, t.tenant_id, t.id, t.raw_text, '' FROM \"career_tips\" t"
}

const RESOURCE_TYPES: &str = "c.content_type IN ('resource', 'prompt')";

pub(super) fn refresh_resource(id: &str) -> Vec<String> {
    vec![remove("resource", id), insert(&resource_select(), &format!("c.id = {id} AND {RESOURCE_TYPES}"))]
}

pub(super) fn remove_resource(id: &str) -> String {
    remove("resource", id)
}

pub(super) fn refresh_career_tip(id: &str) -> Vec<String> {
    vec![insert(career_tip_select(), &format!("t.id = {id}"))]
}

pub(super) fn remove_career_tip(id: &str) -> String {
    remove("career_tip", id)
}

/// The documents of resources and career tips (m0019).
pub(super) fn fill_content() -> Vec<String> {
    vec![insert(&resource_select(), RESOURCE_TYPES), insert(career_tip_select(), "TRUE")]
}

fn remove(kind: &str, id: &str) -> String {
    format!("DELETE FROM {TABLE} WHERE kind = '{kind}' AND item_id = {id}")
}

/// The statements that bring one person's document up to date (`id`: an SQL expression).
pub(super) fn refresh_user(id: &str) -> Vec<String> {
    vec![remove("user", id), insert(&user_select(), &format!("u.id = {id} AND u.is_active = TRUE"))]
}

pub(super) fn refresh_group(id: &str) -> Vec<String> {
    vec![insert(&group_select(), &format!("g.id = {id}"))]
}

pub(super) fn refresh_use_case(id: &str) -> Vec<String> {
    vec![insert(&use_case_select(), &format!("c.id = {id}"))]
}

pub(super) fn refresh_topic(id: &str) -> Vec<String> {
    vec![insert(topic_select(), &format!("t.id = {id}"))]
}

pub(super) fn refresh_job_post(id: &str) -> Vec<String> {
    vec![remove("job", id), insert(&job_post_select(), &format!("j.id = {id} AND j.deleted_at IS NULL"))]
}

pub(super) fn refresh_ai_tool(id: &str) -> Vec<String> {
    vec![insert(&ai_tool_select(), &format!("a.id = {id}"))]
}

pub(super) fn remove_ai_tool(id: &str) -> String {
    remove("ai_tool", id)
}

/// The documents of the AI tools (m0020).
pub(super) fn fill_ai_tools() -> String {
    insert(&ai_tool_select(), "TRUE")
}

pub(super) fn remove_job_post(id: &str) -> String {
    remove("job", id)
}

pub(super) fn remove_user(id: &str) -> String {
    remove("user", id)
}

pub(super) fn remove_group(id: &str) -> String {
    remove("group", id)
}

pub(super) fn remove_use_case(id: &str) -> String {
    remove("use_case", id)
}

pub(super) fn remove_topic(id: &str) -> String {
    remove("topic", id)
}

/// The documents of the tables the index was created with (m0011).
pub(super) fn fill_base() -> Vec<String> {
    vec![
        insert(&user_select(), "u.is_active = TRUE"),
        insert(&group_select(), "TRUE"),
        insert(&use_case_select(), "TRUE"),
        insert(topic_select(), "TRUE"),
    ]
}

/// The documents of the job board's posts.
pub(super) fn fill_job_posts() -> String {
    insert(&job_post_select(), "j.deleted_at IS NULL")
}

/// Every document, from the source tables.
pub(super) fn fill_all() -> Vec<String> {
    let mut all = fill_base();
    all.push(fill_job_posts());
    all.push(fill_ai_tools());
    all.extend(fill_content());
    all
}

/// One source table's triggers: the table, the columns whose change rewrites a document,
/// the refresh statements for a row id expression, and the removal on delete.
pub(super) struct Source {
    pub table: &'static str,
    pub columns: &'static [&'static str],
    /// The id expression of the document to refresh, given `NEW` or `OLD`.
    pub id_column: &'static str,
    pub refresh: fn(&str) -> Vec<String>,
    /// On deleting the source row: remove the document (`None`: refresh it instead, for a
    /// table that only feeds another thing's document).
    pub remove: Option<fn(&str) -> String>,
}

pub(super) const SOURCES: [Source; 5] = [
    Source {
        table: "users",
        columns: &["first_name", "last_name", "is_active"],
        id_column: "id",
        refresh: refresh_user,
        remove: Some(remove_user),
    },
    Source {
        table: "profiles",
        columns: &["user_id", "title", "discipline", "location", "country"],
        id_column: "user_id",
        refresh: refresh_user,
        remove: None,
    },
    Source {
        table: "groups",
        columns: &["name", "group_type", "tenant_id", "location", "country"],
        id_column: "id",
        refresh: refresh_group,
        remove: Some(remove_group),
    },
    Source {
        table: "use_cases",
        columns: &["title", "description", "tenant_id"],
        id_column: "id",
        refresh: refresh_use_case,
        remove: Some(remove_use_case),
    },
    Source {
        table: "topics",
        columns: &["name", "topic_type", "tenant_id"],
        id_column: "id",
        refresh: refresh_topic,
        remove: Some(remove_topic),
    },
];

/// The job board's posts, indexed since the job board's migration (m0013).
pub(super) const JOB_SOURCES: [Source; 1] = [Source {
    table: "job_posts",
    columns: &["title", "address", "tenant_id", "deleted_at"],
    id_column: "id",
    refresh: refresh_job_post,
    remove: Some(remove_job_post),
}];

/// The AI tools, indexed since the catalogue's migration (m0020).
pub(super) const AI_TOOL_SOURCES: [Source; 1] = [Source {
    table: "ai_tools",
    columns: &["name", "website", "categories", "tenant_id"],
    id_column: "id",
    refresh: refresh_ai_tool,
    remove: Some(remove_ai_tool),
}];
/// Resources and career tips, indexed since the content migration (m0019).
pub(super) const CONTENT_SOURCES: [Source; 2] = [
    Source {
        table: "contents",
        columns: &["title", "raw_text", "tenant_id", "content_type"],
        id_column: "id",
        refresh: refresh_resource,
        remove: Some(remove_resource),
    },
    Source {
        table: "career_tips",
        columns: &["raw_text", "tenant_id"],
        id_column: "id",
        refresh: refresh_career_tip,
        remove: Some(remove_career_tip),
    },
];
