//! The catalogue (spec 002 §2 "AI Tools", "AI Use Cases", §3 "AI tool", "Vote", §4 "Vote
//! button", "Moderation", §5, §7, issue 14): what AI tools, use cases and votes share.
//!
//! - `ai_tools`: `GET|POST /ai-tools/`, `GET /ai-tools/slug/{slug}/`,
//!   `GET|PATCH /ai-tools/{id}/`, `POST /ai-tools/{id}/approve-reject/`
//! - the use cases' handlers live in `areas::use_cases`, and `POST /vote/` in `areas::votes`
//!   (it votes on items of several areas); both use the helpers here.
//!
//! Items belong to one organization (`group`) of the tenant; they are pending until an
//! administrator of that organization (or staff) approves them, and only approved items
//! show in public lists, pages, votes and bookmarks. Staff or the creator edit an item.

pub mod ai_tools;
pub mod list_params;
pub mod moderation;

use std::collections::HashMap;

use domain::catalogue::{
    Choices, VoteType, MSG_LOGO_SIZE, MSG_MAX_DOCUMENT, MSG_MAX_IMAGE, MSG_NOT_IMAGE, MSG_NOT_PDF,
};
use domain::sent::{NumberOrText, Sent, Texts};
use serde::Serialize;
use serde_json::Value;
use store::{
    entities::{files, groups},
    queries::{catalogue as cat_q, files as file_q, groups as group_q},
};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use super::groups::ensure_visible as group_visible;
use crate::extract::Caller;
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult},
    extract::Tenant,
};

pub fn routes() -> OpenApiRouter<AppState> {
    ai_tools::routes()
}

/// The caller's vote as the client names it.
pub fn vote_name(value: i16) -> String {
    VoteType::of_value(value).as_str().to_string()
}

/// The caller's vote and bookmark on a page of items of `kind`: one query (none for
/// guests).
pub async fn page_flags(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    kind: &str,
    ids: &[i64],
) -> ApiResult<HashMap<i64, cat_q::Flags>> {
    match caller.id() {
        Some(user_id) => Ok(cat_q::flags(state.read_db(), tenant.id(), user_id, kind, ids).await?),
        None => Ok(HashMap::new()),
    }
}

/// The caller's views of a page's `bases` (items of `kind`): their votes and bookmarks
/// read in one query, each base made theirs by `apply`.
pub async fn with_caller_flags<'a, V: 'a>(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    kind: &str,
    bases: impl Iterator<Item = &'a V> + Clone,
    id_of: impl Fn(&V) -> i64,
    apply: impl Fn(&V, cat_q::Flags) -> V,
) -> ApiResult<Vec<V>> {
    let ids: Vec<i64> = bases.clone().map(&id_of).collect();
    let flags = page_flags(state, tenant, caller, kind, &ids).await?;
    Ok(bases.map(|base| apply(base, flags.get(&id_of(base)).copied().unwrap_or_default())).collect())
}

/// A list of texts of a form (or one text); `None` when absent, empty when null.
pub fn strings(errors: &mut domain::FieldErrors, key: &str, value: Sent<Texts>) -> Option<Vec<String>> {
    value.into_list(errors, key).map(|Texts(texts)| texts)
}

/// A list of ids of a form (or one id); `None` when absent.
pub fn ids(errors: &mut domain::FieldErrors, key: &str, value: Sent<Texts>) -> Option<Vec<i64>> {
    let values = strings(errors, key, value)?;
    let mut out = Vec::new();
    for value in values {
        match value.trim().parse::<i64>() {
            Ok(id) if id > 0 => out.push(id),
            _ => {
                errors.add(key, "A valid integer is required.");
                break;
            }
        }
    }
    Some(out)
}

/// A text of a form: `None` absent, `Some(None)` null.
pub fn text(errors: &mut domain::FieldErrors, key: &str, value: Sent<String>) -> Option<Option<String>> {
    match value {
        Sent::Absent => None,
        Sent::Null => Some(None),
        Sent::Value(s) => Some(Some(s)),
        Sent::WrongType => {
            errors.add(key, "Not a valid string.");
            Some(None)
        }
    }
}

/// One id of a form: `None` absent, `Some(None)` null or blank.
pub fn one_id(errors: &mut domain::FieldErrors, key: &str, value: Sent<NumberOrText>) -> Option<Option<i64>> {
    match value {
        Sent::Absent => None,
        Sent::Null => Some(None),
        Sent::Value(number) if number.is_blank_text() => Some(None),
        Sent::Value(NumberOrText::Integer(id)) if id > 0 => Some(Some(id)),
        Sent::Value(NumberOrText::Text(text)) if text.trim().parse::<i64>().is_ok_and(|id| id > 0) => {
            Some(text.trim().parse().ok())
        }
        _ => {
            errors.add(key, "A valid integer is required.");
            Some(None)
        }
    }
}

/// What kind of file a form field takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileField {
    /// An AI tool's logo: one image under 5 MB.
    Logo,
    /// A use case's thumbnail: one image.
    Thumbnail,
    /// A use case's document: one PDF.
    Document,
}

/// A file chosen in a form: one id (or a list of at most one), `None` when absent,
/// `Some(None)` to remove it. The file must be the caller's upload on this site (or the
/// one the item already has), of the right type and size; the upload checked its content.
pub async fn chosen_file(
    state: &AppState,
    tenant: &Tenant,
    user_id: i64,
    key: &str,
    value: Sent<Texts>,
    field: FileField,
    current_id: Option<i64>,
) -> ApiResult<Option<Option<files::Model>>> {
    let mut errors = domain::FieldErrors::new();
    let Some(list) = ids(&mut errors, key, value) else { return Ok(None) };
    errors.into_result()?;
    if list.len() > 1 {
        let message = if field == FileField::Document { MSG_MAX_DOCUMENT } else { MSG_MAX_IMAGE };
        return Err(ApiError::field(key, message));
    }
    let Some(id) = list.first().copied() else { return Ok(Some(None)) };
    let file = if current_id == Some(id) {
        file_q::find(&state.db, id).await?.filter(|f| f.tenant_id == tenant.id())
    } else {
        file_q::find_owned(&state.db, tenant.id(), user_id, id).await?
    };
    let Some(file) = file else {
        return Err(ApiError::field(key, format!("Invalid pk \"{id}\" - object does not exist.")));
    };
    match field {
        FileField::Logo | FileField::Thumbnail if file.kind != file_q::KIND_IMAGE => {
            return Err(ApiError::field(key, MSG_NOT_IMAGE));
        }
        FileField::Logo if file.size >= domain::catalogue::MAX_LOGO_BYTES => {
            return Err(ApiError::field(key, MSG_LOGO_SIZE));
        }
        FileField::Document if file.content_type != "application/pdf" => {
            return Err(ApiError::field(key, MSG_NOT_PDF));
        }
        _ => {}
    }
    Ok(Some(Some(file)))
}

/// The organization an item is submitted for: a group of this site the caller can see
/// (a field error otherwise, as for an id that does not exist).
pub async fn chosen_group(state: &AppState, tenant: &Tenant, caller: &Caller, id: i64) -> ApiResult<groups::Model> {
    let invalid = || ApiError::field("group", format!("Invalid pk \"{id}\" - object does not exist."));
    let group = group_q::find(&state.db, tenant.id(), id).await?.ok_or_else(invalid)?;
    group_visible(state, caller, group).await.map_err(|_| invalid())
}

/// May the caller moderate an item of `group_id`: an administrator of that organization
/// (its administrators and those of the groups above it, and staff).
pub async fn may_moderate(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    group_id: Option<i64>,
) -> ApiResult<bool> {
    let Some(group_id) = group_id else { return Ok(caller.is_staff()) };
    let Some(group) = group_q::find(&state.db, tenant.id(), group_id).await? else { return Ok(caller.is_staff()) };
    if caller.id().is_none() {
        return Ok(false);
    }
    super::groups::is_admin(state, caller, &group).await
}

/// The option values the tenant's forms accept.
pub fn choices(tenant: &Tenant, categories: fn(&domain::config::Options) -> Vec<String>) -> Choices {
    let config = super::config::stored_config(&tenant.0);
    Choices {
        categories: categories(&config.options),
        job_functions: config.options.job_functions.iter().map(|o| o.value.to_string()).collect(),
    }
}

/// The answer of a moderation (`approve-reject`).
#[derive(Debug, Serialize, ToSchema)]
pub struct ModerationAnswer {
    /// The item's status now.
    pub status: String,
    /// 'Successfully approved AI tool', 'Successfully rejected use case', …
    pub message: String,
}

/// A JSON list of strings stored on an item.
pub fn string_list(value: &Option<Value>) -> Vec<String> {
    value
        .as_ref()
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|v| match v {
                    Value::String(s) => Some(s.clone()),
                    Value::Number(n) => Some(n.to_string()),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A JSON list of ids stored on an item.
pub fn id_list(value: &Option<Value>) -> Vec<i64> {
    value
        .as_ref()
        .and_then(Value::as_array)
        .map(|items| items.iter().filter_map(Value::as_i64).collect())
        .unwrap_or_default()
}
