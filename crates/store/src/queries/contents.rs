//! Posts, newsletters, resources and prompts (`contents`, issue 13): reading, writing,
//! their files, moderation, and the filtered lists (a group's posts, the Resource Hub, the
//! prompt library, the moderation queue). Every read is scoped to the tenant; lists are
//! filtered, counted and paged in the database; text search goes through the index.

use std::collections::HashMap;

use domain::content::{form::ContentForm, SECURITY_PRIVATE, STATUS_APPROVED, TYPE_NEWSLETTER};
use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, JoinType, Query},
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, Order, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde_json::json;

use super::{
    memberships::STATUS_ACCEPTED,
    slugs::{self, SlugColumn},
    sql::json_array_has_any_ignoring_case,
    visibility::{administered_by, visible_to, Viewer},
    Paged,
};
use crate::{
    entities::{content_files, contents, files, groups, memberships},
    now,
    search_index::{self, Kind, Target, TextQuery, HITS},
    StoreError, StoreResult,
};

pub const BOOKMARK_TYPE: &str = "resource";

pub async fn find(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<Option<contents::Model>> {
    Ok(contents::Entity::find_by_id(id).filter(contents::Column::TenantId.eq(tenant_id)).one(db).await?)
}

/// The tenant's items with these ids, in the order of `ids` (missing ones left out).
pub async fn find_in_order(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    ids: &[i64],
) -> StoreResult<Vec<contents::Model>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // By primary key only: with the tenant in the WHERE clause SQLite reads the tenant's
    // index instead (every item of the tenant); the tenant is checked on the rows.
    let mut found: HashMap<i64, contents::Model> = contents::Entity::find()
        .filter(contents::Column::Id.is_in(ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .filter(|item| item.tenant_id == tenant_id)
        .map(|item| (item.id, item))
        .collect();
    Ok(ids.iter().filter_map(|id| found.remove(id)).collect())
}

pub async fn find_by_slug(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    slug: &str,
) -> StoreResult<Option<contents::Model>> {
    Ok(contents::Entity::find()
        .filter(contents::Column::TenantId.eq(tenant_id))
        .filter(contents::Column::Slug.eq(slug))
        .one(db)
        .await?)
}

/// A slug for `title` that no item of the tenant uses: `title`, then `title-2`, … (see `slugs`)
pub async fn free_slug(db: &impl ConnectionTrait, tenant_id: i64, title: &str, fallback: &str) -> StoreResult<String> {
    let mut base: String = domain::slug::slugify(title).chars().take(200).collect();
    base = base.trim_end_matches('-').to_string();
    if base.is_empty() {
        base = fallback.into();
    }
    slugs::free_slug(db, SlugColumn::of_tenant("contents", tenant_id), &base).await
}

fn fill(active: &mut contents::ActiveModel, form: &ContentForm, security_level: i16) {
    active.title = Set(form.title.clone());
    active.content = Set(form.content.clone());
    active.raw_text = Set(form.raw_text.clone());
    active.data = Set(form.data.clone());
    active.sub_type = Set(form.sub_type.clone());
    active.thumbnail_file_id = Set(form.thumbnail);
    active.topics = Set(Some(json!(form.topics)));
    active.topic_area_id = Set(form.topic_area);
    active.career_stages = Set(Some(json!(form.career_stages)));
    active.career_goals = Set(Some(json!(form.career_goals)));
    active.professional_fields = Set(Some(json!(form.professional_fields)));
    active.roles = Set(Some(json!(form.roles)));
    active.country = Set(form.country.clone());
    active.security_level = Set(security_level);
    active.publish_to_khub = Set(form.publish_to_khub);
    active.is_premium = Set(form.is_premium);
    active.source = Set(form.source.clone());
}

/// Adds an item with its files. Run it in a transaction.
pub async fn insert(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    group_id: i64,
    created_by: i64,
    form: &ContentForm,
    security_level: i16,
    status: &str,
) -> StoreResult<contents::Model> {
    let at = now();
    let fallback = if form.content_type == TYPE_NEWSLETTER { "newsletter" } else { form.content_type.as_str() };
    let mut active = contents::ActiveModel {
        tenant_id: Set(tenant_id),
        group_id: Set(group_id),
        created_by: Set(created_by),
        content_type: Set(form.content_type.clone()),
        is_newsletter: Set(form.is_newsletter),
        slug: Set(free_slug(db, tenant_id, &form.title, fallback).await?),
        status: Set(status.to_string()),
        is_trending: Set(false),
        is_pinned: Set(false),
        send_email: Set(form.send_email),
        created_at: Set(at),
        updated_at: Set(at),
        last_edited_at: Set(None),
        ..Default::default()
    };
    fill(&mut active, form, security_level);
    let item = active.insert(db).await.map_err(StoreError::classify)?;
    add_files(db, item.id, &form.files).await?;
    Ok(item)
}

/// Writes the whole form over an item, with its status. Run it in a transaction.
pub async fn update(
    db: &impl ConnectionTrait,
    item: contents::Model,
    form: &ContentForm,
    security_level: i16,
    status: &str,
) -> StoreResult<contents::Model> {
    let id = item.id;
    let mut active: contents::ActiveModel = item.into();
    fill(&mut active, form, security_level);
    active.status = Set(status.to_string());
    let at = now();
    active.updated_at = Set(at);
    active.last_edited_at = Set(Some(at));
    let item = active.update(db).await.map_err(StoreError::classify)?;
    set_files(db, id, &form.files).await?;
    Ok(item)
}

async fn set_files(db: &impl ConnectionTrait, content_id: i64, file_ids: &[i64]) -> StoreResult<()> {
    content_files::Entity::delete_many().filter(content_files::Column::ContentId.eq(content_id)).exec(db).await?;
    add_files(db, content_id, file_ids).await
}

/// Attaches the files to an item that has none (a new one: no delete under the writer).
async fn add_files(db: &impl ConnectionTrait, content_id: i64, file_ids: &[i64]) -> StoreResult<()> {
    if file_ids.is_empty() {
        return Ok(());
    }
    let rows = file_ids.iter().enumerate().map(|(i, id)| content_files::ActiveModel {
        content_id: Set(content_id),
        file_id: Set(*id),
        position: Set(i32::try_from(i).unwrap_or(i32::MAX)),
    });
    content_files::Entity::insert_many(rows).exec_without_returning(db).await?;
    Ok(())
}

pub async fn set_status(
    db: &impl ConnectionTrait,
    item: contents::Model,
    status: &str,
) -> StoreResult<contents::Model> {
    let mut active: contents::ActiveModel = item.into();
    active.status = Set(status.to_string());
    active.updated_at = Set(now());
    Ok(active.update(db).await?)
}

pub async fn delete(db: &impl ConnectionTrait, id: i64) -> StoreResult<()> {
    contents::Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}

/// The files of each item, in order, in one query.
pub async fn files_of(db: &impl ConnectionTrait, content_ids: &[i64]) -> StoreResult<HashMap<i64, Vec<files::Model>>> {
    let mut out: HashMap<i64, Vec<files::Model>> = HashMap::new();
    if content_ids.is_empty() {
        return Ok(out);
    }
    let links: Vec<content_files::Model> = content_files::Entity::find()
        .filter(content_files::Column::ContentId.is_in(content_ids.to_vec()))
        .order_by_asc(content_files::Column::ContentId)
        .order_by_asc(content_files::Column::Position)
        .all(db)
        .await?;
    if links.is_empty() {
        return Ok(out);
    }
    let ids: Vec<i64> = links.iter().map(|l| l.file_id).collect();
    let found: HashMap<i64, files::Model> = files::Entity::find()
        .filter(files::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|f| (f.id, f))
        .collect();
    for link in links {
        if let Some(file) = found.get(&link.file_id) {
            out.entry(link.content_id).or_default().push(file.clone());
        }
    }
    Ok(out)
}

/// The premium items a stored file is attached to (their authors), for `/media/`: a file
/// of a premium resource is not served by its public URL.
pub async fn premium_owner_of_file(db: &impl ConnectionTrait, storage_key: &str) -> StoreResult<Option<i64>> {
    let found: Option<(i64, bool)> = content_files::Entity::find()
        .select_only()
        .column_as(Expr::col((contents::Entity, contents::Column::CreatedBy)), "created_by")
        .column_as(Expr::col((contents::Entity, contents::Column::IsPremium)), "is_premium")
        .join(
            JoinType::InnerJoin,
            content_files::Entity::belongs_to(files::Entity)
                .from(content_files::Column::FileId)
                .to(files::Column::Id)
                .into(),
        )
        .join(
            JoinType::InnerJoin,
            content_files::Entity::belongs_to(contents::Entity)
                .from(content_files::Column::ContentId)
                .to(contents::Column::Id)
                .into(),
        )
        .filter(files::Column::StorageKey.eq(storage_key))
        .filter(contents::Column::IsPremium.eq(true))
        .into_tuple()
        .one(db)
        .await?;
    Ok(found.map(|(author, _)| author))
}

/// Who is asking, for the visibility rule of the lists.
#[derive(Debug, Clone, Copy, Default)]
pub struct Reader {
    pub viewer: Viewer,
    /// Moderates the site's resources (sees pending and rejected ones).
    pub moderator: bool,
}

/// The filters of `GET /contents/`.
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    /// Content types; `newsletter` also matches posts shared as newsletters.
    pub types: Vec<String>,
    pub group_id: Option<i64>,
    /// Only these statuses (moderators and authors see other than approved).
    pub statuses: Vec<String>,
    pub created_by: Option<i64>,
    /// Only items published to the Resource Hub.
    pub hub_only: bool,
    pub search: Option<String>,
    pub topic_area_ids: Vec<i64>,
    pub career_stages: Vec<String>,
    pub professional_fields: Vec<String>,
    pub countries: Vec<String>,
    pub oldest_first: bool,
}

/// The condition "the reader may see this item" with its group joined: the group is
/// visible to them; a private item only to the group's accepted members, its
/// administrators and the author; an item not approved only to its author and moderators.
pub fn visible_items(reader: Reader) -> Condition {
    let viewer = reader.viewer;
    let mut private_ok = Condition::any().add(contents::Column::SecurityLevel.lt(SECURITY_PRIVATE));
    let mut status_ok = Condition::any().add(contents::Column::Status.eq(STATUS_APPROVED));
    if viewer.is_staff {
        return visible_to(viewer);
    }
    if let Some(user_id) = viewer.user_id {
        let mut member = Query::select();
        member
            .expr(Expr::val(1))
            .from(memberships::Entity)
            .and_where(
                Expr::col((memberships::Entity, memberships::Column::GroupId))
                    .equals((contents::Entity, contents::Column::GroupId)),
            )
            .and_where(Expr::col((memberships::Entity, memberships::Column::UserId)).eq(user_id))
            .and_where(Expr::col((memberships::Entity, memberships::Column::Status)).eq(STATUS_ACCEPTED));
        private_ok = private_ok
            .add(contents::Column::CreatedBy.eq(user_id))
            .add(Expr::exists(member.to_owned()))
            .add(administered_by(viewer));
        status_ok = status_ok.add(contents::Column::CreatedBy.eq(user_id));
    }
    if reader.moderator {
        status_ok = Condition::all();
    }
    Condition::all().add(visible_to(viewer)).add(private_ok).add(status_ok)
}

fn list_query(
    backend: sea_orm::DbBackend,
    tenant_id: i64,
    reader: Reader,
    filter: &ListFilter,
    text: Option<&TextQuery>,
) -> sea_orm::Select<contents::Entity> {
    use contents::Column as C;
    // The hits first (materialized, then each row by its key), before any other join.
    let target = Target::in_scope(Kind::Resource, tenant_id);
    let mut query =
        search_index::select_from_hits::<contents::Entity>(backend, target, text, (contents::Entity, C::Id))
            .join(
                JoinType::InnerJoin,
                contents::Entity::belongs_to(groups::Entity).from(C::GroupId).to(groups::Column::Id).into(),
            )
            .filter(C::TenantId.eq(tenant_id))
            .filter(visible_items(reader));
    if !filter.types.is_empty() {
        let mut any = Condition::any().add(C::ContentType.is_in(filter.types.clone()));
        if filter.types.iter().any(|t| t == TYPE_NEWSLETTER) {
            any = any.add(C::IsNewsletter.eq(true));
        }
        query = query.filter(any);
    }
    if let Some(group_id) = filter.group_id {
        query = query.filter(C::GroupId.eq(group_id));
    }
    if !filter.statuses.is_empty() {
        query = query.filter(C::Status.is_in(filter.statuses.clone()));
    }
    if let Some(user_id) = filter.created_by {
        query = query.filter(C::CreatedBy.eq(user_id));
    }
    if filter.hub_only {
        query = query.filter(C::PublishToKhub.eq(true));
    }
    if !filter.topic_area_ids.is_empty() {
        query = query.filter(C::TopicAreaId.is_in(filter.topic_area_ids.clone()));
    }
    if !filter.countries.is_empty() {
        let lowered: Vec<String> = filter.countries.iter().map(|c| c.to_lowercase()).collect();
        query = query.filter(
            Expr::expr(sea_orm::sea_query::Func::lower(Expr::col((contents::Entity, C::Country)))).is_in(lowered),
        );
    }
    for (column, values) in
        [(C::CareerStages, &filter.career_stages), (C::ProfessionalFields, &filter.professional_fields)]
    {
        if !values.is_empty() {
            query = query.filter(json_array_has_any_ignoring_case(Expr::col((contents::Entity, column)), values));
        }
    }
    query
}

/// One page of the items the reader may see: best search matches first when searching,
/// then newest first (or oldest first), and the exact count.
pub async fn list(
    db: &impl ConnectionTrait,
    counts: &crate::list_counts::ListCounts,
    tenant_id: i64,
    reader: Reader,
    filter: &ListFilter,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<contents::Model>> {
    let text = match filter.search.as_deref() {
        Some(search) => match TextQuery::parse(search) {
            Some(text) => Some(text),
            None => return Ok(Paged { items: Vec::new(), count: 0 }),
        },
        None => None,
    };
    let query = list_query(db.get_database_backend(), tenant_id, reader, filter, text.as_ref());
    // Kept per tenant write generation like the other lists' counts: content writes bump it
    // (m0022), and so do the group and membership writes that decide what a reader sees.
    let key = format!("contents|{reader:?}|{:?}", ListFilter { oldest_first: false, ..filter.clone() });
    let count = counts.get_or_count(db, tenant_id, key, query.clone().count(db)).await?;
    let mut ordered = query;
    if text.is_some() {
        ordered = ordered.order_by(Expr::col((Alias::new(HITS), Alias::new(search_index::RELEVANCE))), Order::Desc);
    }
    let order = if filter.oldest_first { Order::Asc } else { Order::Desc };
    let items = ordered
        .order_by(Expr::col((contents::Entity, contents::Column::CreatedAt)), order.clone())
        .order_by(Expr::col((contents::Entity, contents::Column::Id)), order)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok(Paged { items, count })
}

/// The resources `user_id` bookmarked that the reader (the same user) may still see, most
/// recently bookmarked first.
pub async fn bookmarked(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    reader: Reader,
    user_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<contents::Model>> {
    let filter = ListFilter::default();
    let query = list_query(db.get_database_backend(), tenant_id, reader, &filter, None);
    let bookmarker = super::bookmarks::Bookmarker { tenant_id, user_id, kind: BOOKMARK_TYPE };
    super::bookmarks::page_of_bookmarked(db, query, (contents::Entity, contents::Column::Id), bookmarker, offset, limit)
        .await
}

/// Accepted members of a group with the newsletter opt-in on, by id after `after`, at most
/// `limit`: `(user id, e-mail)`.
pub async fn newsletter_recipients(
    db: &impl ConnectionTrait,
    group_id: i64,
    after: i64,
    limit: u64,
) -> StoreResult<Vec<(i64, String)>> {
    use crate::entities::users;
    Ok(users::Entity::find()
        .select_only()
        .column(users::Column::Id)
        .column(users::Column::Email)
        .join(
            JoinType::InnerJoin,
            users::Entity::belongs_to(memberships::Entity)
                .from(users::Column::Id)
                .to(memberships::Column::UserId)
                .into(),
        )
        .filter(memberships::Column::GroupId.eq(group_id))
        .filter(memberships::Column::Status.eq(STATUS_ACCEPTED))
        .filter(users::Column::IsActive.eq(true))
        .filter(users::Column::SubscribeToNewsletter.eq(true))
        .filter(users::Column::Id.gt(after))
        .order_by_asc(users::Column::Id)
        .limit(limit)
        .into_tuple()
        .all(db)
        .await?)
}

/// Topic areas by id, in one query: `(id, name)`.
pub async fn topic_areas_by_ids(db: &impl ConnectionTrait, ids: &[i64]) -> StoreResult<HashMap<i64, String>> {
    use crate::entities::topic_areas;
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(topic_areas::Entity::find()
        .filter(topic_areas::Column::Id.is_in(ids.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.id, a.name))
        .collect())
}

/// Whether a topic area is the tenant's.
pub async fn topic_area_in_tenant(db: &impl ConnectionTrait, tenant_id: i64, id: i64) -> StoreResult<bool> {
    use crate::entities::topic_areas;
    Ok(topic_areas::Entity::find_by_id(id).filter(topic_areas::Column::TenantId.eq(tenant_id)).one(db).await?.is_some())
}
