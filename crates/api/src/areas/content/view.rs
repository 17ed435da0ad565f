//! What a post, newsletter, resource or prompt looks like to its viewer (spec 001 §3
//! "Resource or post"), built for a whole page with a fixed number of reads: groups,
//! authors and their profiles, files, thumbnails, topics, topic areas and the caller's
//! bookmarks.

use std::collections::{HashMap, HashSet};

use domain::content::{is_moderated, may_open_premium, SECURITY_PRIVATE, STATUS_APPROVED, TYPE_NEWSLETTER, TYPE_POST};
use serde::Serialize;
use serde_json::Value;
use store::{
    entities::{contents, files},
    queries::{
        bookmarks as bookmark_q, contents as content_q, files as file_q, profiles as profile_q, users as user_q,
    },
};
use utoipa::ToSchema;

use crate::extract::Caller;
use crate::{
    areas::AppState,
    areas::{
        groups::view::{GroupRef, NamedRef},
        uploads::file_url,
    },
    envelope::RequestUrl,
    error::ApiResult,
};

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AuthorProfile {
    pub first_name: String,
    pub last_name: String,
    pub name_slug: Option<String>,
}

/// The author, with their picture and profile link (spec 001 §3 "created_by").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Author {
    pub id: i64,
    pub image: Option<String>,
    pub profile: AuthorProfile,
}

/// An attached file. For a premium resource seen by someone who may not open it, `file`
/// is null and `locked` true; the author gets `file` on the API (`protected`: fetch it
/// with the session's token), since `/media/` does not serve premium files.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ContentFile {
    pub id: i64,
    pub file: Option<String>,
    pub mime_type: String,
    pub name: String,
    /// image, video, document or other.
    pub kind: String,
    pub locked: bool,
    pub protected: bool,
    /// A locked PDF's first page (a one-page PDF on the API); null otherwise.
    pub preview: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ContentView {
    pub id: i64,
    pub title: String,
    pub title_slug: String,
    pub slug: String,
    /// Sanitised rich text.
    pub content: String,
    pub raw_text: String,
    #[schema(value_type = Option<Object>)]
    pub data: Option<Value>,
    pub files: Vec<ContentFile>,
    pub thumbnail_image: Option<String>,
    pub topics: Vec<i64>,
    pub topics_detailed: Vec<NamedRef>,
    pub topic_area: Option<NamedRef>,
    pub career_stages: Vec<String>,
    pub career_goals: Vec<String>,
    pub professional_fields: Vec<String>,
    pub roles: Vec<String>,
    pub country: Option<String>,
    /// 0 public, 20 private.
    pub security_level: i16,
    pub publish_to_khub: bool,
    pub is_premium: bool,
    /// Premium and the viewer may not open its files (downloads hidden).
    pub is_locked: bool,
    pub is_trending: bool,
    pub is_pinned: bool,
    /// pending, approved or rejected.
    pub status: String,
    /// post, newsletter, resource or prompt.
    #[serde(rename = "type")]
    pub content_type: String,
    /// post and/or newsletter for posts; the type otherwise.
    pub types: Vec<String>,
    pub sub_type: Option<String>,
    pub source: Option<String>,
    pub vote_score: i64,
    pub user_vote_type: Option<String>,
    pub created_by: Option<Author>,
    pub group_detail: Option<GroupRef>,
    pub send_email: bool,
    pub is_bookmarked: bool,
    /// The caller wrote it: edit and delete are theirs.
    pub can_edit: bool,
    /// The caller may approve or reject it (a moderated item, not approved).
    pub can_moderate: bool,
    /// Not private (posts), or published to the hub (resources).
    pub can_share: bool,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub modified_at: chrono::DateTime<chrono::Utc>,
    pub last_edited_at: Option<chrono::DateTime<chrono::Utc>>,
}

fn strings(value: &Option<Value>) -> Vec<String> {
    value
        .as_ref()
        .and_then(Value::as_array)
        .map(|items| items.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

fn ids(value: &Option<Value>) -> Vec<i64> {
    value
        .as_ref()
        .and_then(Value::as_array)
        .map(|items| items.iter().filter_map(Value::as_i64).collect())
        .unwrap_or_default()
}

pub fn authors_of(
    users: &HashMap<i64, store::entities::users::Model>,
    profiles: &HashMap<i64, store::entities::profiles::Model>,
    id: i64,
) -> Option<Author> {
    let user = users.get(&id)?;
    let profile = profiles.get(&id);
    Some(Author {
        id,
        image: profile.and_then(|p| p.picture.clone()),
        profile: AuthorProfile {
            first_name: user.first_name.clone(),
            last_name: user.last_name.clone(),
            name_slug: profile.map(|p| p.name_slug.clone()),
        },
    })
}

/// The API URL of an attached file (premium files are served only there).
pub fn protected_url(url: &RequestUrl, content_id: i64, file_id: i64) -> String {
    format!("{}://{}/api/v1/contents/{content_id}/files/{file_id}/", url.scheme, url.host)
}

fn file_view(
    state: &AppState,
    url: &RequestUrl,
    item: &contents::Model,
    file: &files::Model,
    may_open: bool,
) -> ContentFile {
    let (link, locked, protected) = if !item.is_premium {
        (Some(file_url(state, url, &file.storage_key)), false, false)
    } else if may_open {
        (Some(protected_url(url, item.id, file.id)), false, true)
    } else {
        (None, true, false)
    };
    let preview = (locked && file.content_type == "application/pdf")
        .then(|| format!("{}preview/", protected_url(url, item.id, file.id)));
    ContentFile {
        id: file.id,
        preview,
        file: link,
        mime_type: file.content_type.clone(),
        name: file.name.clone(),
        kind: file.kind.clone(),
        locked,
        protected,
    }
}

/// Whether the caller may open premium resources: staff (who bypass premium restrictions,
/// spec 002 §6) or a member whose tier has `can_view_premium_resources` (guests never may).
pub async fn can_view_premium(state: &AppState, caller: &Caller, tenant_id: i64) -> ApiResult<bool> {
    if caller.is_staff() {
        return Ok(true);
    }
    let Some(user_id) = caller.id() else { return Ok(false) };
    // Kept per person generation: their subscription, institution and memberships bump it,
    // and the site's plans and institutional subscriptions bump everyone's (m0042).
    let db = state.read_db();
    let may = state
        .premium_readers
        .kept(&state.generations, db, (tenant_id, user_id), user_id, async || {
            let tier = crate::areas::payments::flags::member_tier(db, tenant_id, user_id).await?;
            Ok(tier.flags.can_view_premium_resources)
        })
        .await?;
    Ok(*may)
}

/// An item with what it shows besides itself (group, author, files, thumbnail, topics,
/// topic area): the same for every viewer, so the contents list keeps it per write
/// generation (`crate::page_cache`).
#[derive(Debug, Clone)]
pub struct ContentBase {
    pub item: contents::Model,
    group: Option<GroupRef>,
    author: Option<Author>,
    files: Vec<files::Model>,
    thumbnail_key: Option<String>,
    topics: Vec<NamedRef>,
    area: Option<NamedRef>,
}

/// What the caller already holds of the items it asks bases for, so that they are not read
/// again (a new post: its group and its author were read to allow it).
#[derive(Default)]
pub struct Known {
    pub groups: Vec<store::entities::groups::Model>,
    pub authors: Vec<store::entities::users::Model>,
    /// None of the items has attached files.
    pub no_files: bool,
}

/// The bases of a page of items, in a fixed number of queries (groups, authors and their
/// profiles, files, thumbnails, topics, topic areas).
pub async fn bases(state: &AppState, tenant_id: i64, items: Vec<contents::Model>) -> ApiResult<Vec<ContentBase>> {
    bases_knowing(state, tenant_id, items, Known::default()).await
}

/// [`bases`], reading only what `known` does not hold.
pub async fn bases_knowing(
    state: &AppState,
    tenant_id: i64,
    items: Vec<contents::Model>,
    known: Known,
) -> ApiResult<Vec<ContentBase>> {
    let db = state.read_db();
    let item_ids: Vec<i64> = items.iter().map(|i| i.id).collect();
    let mut groups: HashMap<i64, _> = known.groups.into_iter().map(|g| (g.id, g)).collect();
    let mut group_ids: Vec<i64> = items.iter().map(|i| i.group_id).filter(|id| !groups.contains_key(id)).collect();
    group_ids.sort_unstable();
    group_ids.dedup();
    let mut users: HashMap<i64, _> = known.authors.into_iter().map(|u| (u.id, u)).collect();
    let mut user_ids: Vec<i64> = items.iter().map(|i| i.created_by).collect();
    user_ids.sort_unstable();
    user_ids.dedup();
    let unread_users: Vec<i64> = user_ids.iter().filter(|id| !users.contains_key(id)).copied().collect();
    let thumbnail_ids: Vec<i64> = items.iter().filter_map(|i| i.thumbnail_file_id).collect();
    let mut topic_ids: Vec<i64> = items.iter().flat_map(|i| ids(&i.topics)).collect();
    topic_ids.sort_unstable();
    topic_ids.dedup();
    let area_ids: Vec<i64> = items.iter().filter_map(|i| i.topic_area_id).collect();
    groups.extend(profile_q::groups_by_ids(db, &group_ids).await?);
    if !unread_users.is_empty() {
        users.extend(user_q::find_by_ids(db, &unread_users).await?);
    }
    let profiles = profile_q::find_by_users(db, &user_ids).await?;
    let mut files = if known.no_files { HashMap::new() } else { content_q::files_of(db, &item_ids).await? };
    let thumbnails = file_q::by_ids(db, tenant_id, &thumbnail_ids).await?;
    let topics = if topic_ids.is_empty() { HashMap::new() } else { profile_q::topics_by_ids(db, &topic_ids).await? };
    let areas = content_q::topic_areas_by_ids(db, &area_ids).await?;
    Ok(items
        .into_iter()
        .map(|item| ContentBase {
            group: groups.get(&item.group_id).map(GroupRef::from),
            author: authors_of(&users, &profiles, item.created_by),
            files: files.remove(&item.id).unwrap_or_default(),
            thumbnail_key: item.thumbnail_file_id.and_then(|id| thumbnails.get(&id)).map(|f| f.storage_key.clone()),
            topics: ids(&item.topics)
                .iter()
                .filter_map(|id| topics.get(id).map(|t| NamedRef { id: *id, name: t.name.clone() }))
                .collect(),
            area: item.topic_area_id.and_then(|id| areas.get(&id).map(|name| NamedRef { id, name: name.clone() })),
            item,
        })
        .collect())
}

/// Views of a page of items, in a fixed number of queries.
pub async fn views(
    state: &AppState,
    url: &RequestUrl,
    caller: &Caller,
    tenant_id: i64,
    moderator: bool,
    items: Vec<contents::Model>,
) -> ApiResult<Vec<ContentView>> {
    let bases = bases(state, tenant_id, items).await?;
    views_of(state, url, caller, tenant_id, moderator, bases.iter()).await
}

/// The caller's views of `bases`: their bookmarks in one query, and whether they may open
/// premium files (their tier, read only when the page holds a premium item).
pub async fn views_of<'a>(
    state: &AppState,
    url: &RequestUrl,
    caller: &Caller,
    tenant_id: i64,
    moderator: bool,
    bases: impl Iterator<Item = &'a ContentBase> + Clone,
) -> ApiResult<Vec<ContentView>> {
    let db = state.read_db();
    let resource_ids: Vec<i64> =
        bases.clone().filter(|b| is_moderated(&b.item.content_type)).map(|b| b.item.id).collect();
    let bookmarked: HashSet<i64> = match caller.id() {
        Some(user_id) if !resource_ids.is_empty() => {
            bookmark_q::bookmarked_among(db, tenant_id, user_id, content_q::BOOKMARK_TYPE, &resource_ids).await?
        }
        _ => HashSet::new(),
    };
    let can_view_premium = if bases.clone().any(|b| b.item.is_premium) {
        can_view_premium(state, caller, tenant_id).await?
    } else {
        false
    };
    Ok(bases
        .map(|base| {
            let item = &base.item;
            let is_author = caller.id() == Some(item.created_by);
            let may_open = may_open_premium(item.is_premium, is_author, can_view_premium);
            let moderated = is_moderated(&item.content_type);
            let types = if item.content_type == TYPE_POST && item.is_newsletter {
                vec![TYPE_POST.to_string(), TYPE_NEWSLETTER.to_string()]
            } else {
                vec![item.content_type.clone()]
            };
            ContentView {
                id: item.id,
                title: item.title.clone(),
                title_slug: item.slug.clone(),
                slug: item.slug.clone(),
                content: item.content.clone(),
                raw_text: item.raw_text.clone(),
                data: item.data.clone(),
                files: base.files.iter().map(|f| file_view(state, url, item, f, may_open)).collect(),
                thumbnail_image: base.thumbnail_key.as_ref().map(|key| file_url(state, url, key)),
                topics_detailed: base.topics.clone(),
                topics: ids(&item.topics),
                topic_area: base.area.clone(),
                career_stages: strings(&item.career_stages),
                career_goals: strings(&item.career_goals),
                professional_fields: strings(&item.professional_fields),
                roles: strings(&item.roles),
                country: item.country.clone(),
                security_level: item.security_level,
                publish_to_khub: item.publish_to_khub,
                is_premium: item.is_premium,
                is_locked: !may_open,
                is_trending: item.is_trending,
                is_pinned: item.is_pinned,
                status: item.status.clone(),
                types,
                sub_type: item.sub_type.clone(),
                source: item.source.clone(),
                vote_score: 0,
                user_vote_type: None,
                created_by: base.author.clone(),
                group_detail: base.group.clone(),
                send_email: item.send_email,
                is_bookmarked: bookmarked.contains(&item.id),
                can_edit: is_author,
                can_moderate: moderated
                    && moderator
                    && item.status != STATUS_APPROVED
                    && (!is_author || caller.is_staff()),
                can_share: if moderated {
                    item.publish_to_khub && item.status == STATUS_APPROVED
                } else {
                    item.security_level < SECURITY_PRIVATE
                },
                created_at: item.created_at,
                modified_at: item.updated_at,
                last_edited_at: item.last_edited_at,
                content_type: item.content_type.clone(),
            }
        })
        .collect())
}
