//! Approving and rejecting a catalogue item (`POST /ai-tools/{id}/approve-reject/`,
//! `POST /usecases/{id}/approve-reject/`; spec 002 §4 "Moderation"): who may, which move is
//! offered from which status, the conditional status write and its audit row.

use domain::catalogue::Moderation;
use store::queries::{audit_log, catalogue as cat_q};

use super::{may_moderate, ModerationAnswer};
use crate::extract::Caller;
use crate::{
    areas::AppState,
    error::{ApiError, ApiResult},
    extract::Tenant,
};

/// How a kind is named in the store, the audit log and the answers.
pub struct Kind {
    /// `catalogue::AI_TOOL`, `catalogue::USE_CASE`.
    pub store_kind: &'static str,
    pub audit_entity: &'static str,
    /// In refusals: 'Failed to approve AI Tool'.
    pub refused_as: &'static str,
    /// In the answer: 'Successfully approved AI tool'.
    pub done_as: &'static str,
}

pub const AI_TOOLS: Kind = Kind {
    store_kind: cat_q::AI_TOOL,
    audit_entity: audit_log::ENTITY_AI_TOOL,
    refused_as: "AI Tool",
    done_as: "AI tool",
};

pub const USE_CASES: Kind = Kind {
    store_kind: cat_q::USE_CASE,
    audit_entity: audit_log::ENTITY_USE_CASE,
    refused_as: "use case",
    done_as: "use case",
};

/// An item the caller can see, as found before the moderation.
pub struct Item<'a> {
    pub id: i64,
    pub status: &'a str,
    /// The organization whose administrators moderate it; staff only when `None`.
    pub group_id: Option<i64>,
}

/// The action sent, refused on its field before the item is looked up.
pub fn action(word: &str) -> ApiResult<Moderation> {
    Moderation::parse(word).ok_or_else(|| ApiError::field("action", "\"action\" must be approve or reject."))
}

/// Applies `action` to `item`: 403 to a caller who may not moderate it, 400 when the move is
/// not offered from its status, 409 when another moderator moved it first.
pub async fn apply(
    state: &AppState,
    tenant: &Tenant,
    caller: &Caller,
    kind: &Kind,
    action: Moderation,
    item: Item<'_>,
) -> ApiResult<ModerationAnswer> {
    if !may_moderate(state, tenant, caller, item.group_id).await? {
        return Err(ApiError::Forbidden(action.failure(kind.refused_as)));
    }
    let next = action.next_status(item.status).ok_or_else(|| ApiError::BadRequest(action.failure(kind.refused_as)))?;
    let txn = store::begin_write(&state.db).await?;
    if !cat_q::set_status(&txn, tenant.id(), kind.store_kind, item.id, item.status, next).await? {
        return Err(ApiError::Conflict(action.failure(kind.refused_as)));
    }
    let change = serde_json::json!({ "from": item.status, "status": next });
    audit_log::record(&txn, tenant.id(), caller.id(), action.as_str(), kind.audit_entity, item.id, None, change)
        .await?;
    txn.commit().await?;
    Ok(ModerationAnswer { status: next.into(), message: action.success(kind.done_as) })
}
