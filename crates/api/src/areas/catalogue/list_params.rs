//! What the AI tool and use-case lists read alike from their query: the statuses the caller may ask for, and the scope
//! ("mine", one organization's items) that decides whether they may ask for any status, and
//! the order (`sort_by=recent`, `sort_order`).

use domain::{
    catalogue::{STATUSES, STATUS_APPROVED},
    FieldErrors,
};

use super::may_moderate;
use crate::extract::Caller;
use crate::{
    areas::AppState,
    error::ApiResult,
    extract::{bool_param, id_param, list_param, text_param, Param, Tenant},
};

/// The order asked for: `sort_by=recent` (the only order named; the admin tables send it)
/// and `sort_order` desc (the default) or asc. `(recent, oldest_first)`.
pub fn recent_order(errors: &mut FieldErrors, sort_by: Param, sort_order: Param) -> (bool, bool) {
    let recent = match text_param(sort_by) {
        None => false,
        Some(sort) if sort == "recent" => true,
        Some(sort) => {
            errors.add("sort_by", format!("\"{sort}\" is not a valid choice."));
            false
        }
    };
    let oldest_first = match text_param(sort_order).map(|o| o.to_ascii_lowercase()).as_deref() {
        None | Some("desc") => false,
        Some("asc") => true,
        Some(other) => {
            errors.add("sort_order", format!("\"{other}\" is not a valid choice."));
            false
        }
    };
    (recent, oldest_first)
}

/// The list's statuses for the caller: what they asked for where they may, approved only
/// otherwise (asking for another status then finds nothing).
pub fn statuses_for(errors: &mut FieldErrors, status: Param, privileged: bool) -> Vec<String> {
    let mut asked = Vec::new();
    for status in list_param(errors, status) {
        if STATUSES.contains(&status.as_str()) {
            asked.push(status);
        } else {
            errors.add("status", format!("\"{status}\" is not a valid choice."));
        }
    }
    if privileged {
        asked
    } else if asked.is_empty() || asked.iter().any(|s| s == STATUS_APPROVED) {
        vec![STATUS_APPROVED.to_string()]
    } else {
        vec!["-".to_string()]
    }
}

/// Whose items and which organization's a list asks for, and whether the caller may then
/// see every status: staff, the creator asking for their own (`created`), an
/// administrator of the organization asked for (`group_id`).
#[derive(Debug, Clone, Copy)]
pub struct Scope {
    pub group_id: Option<i64>,
    /// "Mine": the caller's id (0, nobody, for a guest).
    pub created_by: Option<i64>,
    pub privileged: bool,
    /// Staff, or an administrator of the organization asked for: they also see what the
    /// system agents said about the items.
    pub moderator: bool,
}

/// Reads `group_id` and `created` (errors go to `errors`) and works out the scope.
pub async fn scope_of(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    errors: &mut FieldErrors,
    group_id: Param<'_>,
    created: Param<'_>,
) -> ApiResult<Scope> {
    let group_id = id_param(errors, group_id);
    let created = bool_param(errors, created).unwrap_or(false);
    let moderator = caller.is_staff() || (group_id.is_some() && may_moderate(state, tenant, caller, group_id).await?);
    let privileged = moderator || (created && caller.id().is_some());
    Ok(Scope { group_id, created_by: created.then(|| caller.id().unwrap_or(0)), privileged, moderator })
}
