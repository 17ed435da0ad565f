//! Feedback and contact messages (m0034): stored per tenant, read by the site's
//! administrators newest first, one page at a time on `(tenant, created_at, id)`.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    Set,
};

use super::Paged;
use crate::{
    entities::{contact_messages, feedback},
    now, StoreError, StoreResult,
};

pub async fn insert_feedback(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    user_id: i64,
    title: &str,
    content: &str,
) -> StoreResult<feedback::Model> {
    feedback::ActiveModel {
        tenant_id: Set(tenant_id),
        user_id: Set(Some(user_id)),
        title: Set(title.to_string()),
        content: Set(content.to_string()),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(StoreError::classify)
}

/// A contact message as it is stored.
pub struct NewContact<'a> {
    pub tenant_id: i64,
    pub user_id: i64,
    pub email: &'a str,
    pub name: &'a str,
    pub membership_status: Option<&'a str>,
    pub subject: &'a str,
    pub message: &'a str,
}

pub async fn insert_contact(db: &impl ConnectionTrait, new: NewContact<'_>) -> StoreResult<contact_messages::Model> {
    contact_messages::ActiveModel {
        tenant_id: Set(new.tenant_id),
        user_id: Set(Some(new.user_id)),
        email: Set(new.email.to_string()),
        name: Set(new.name.to_string()),
        membership_status: Set(new.membership_status.map(str::to_string)),
        subject: Set(new.subject.to_string()),
        message: Set(new.message.to_string()),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(StoreError::classify)
}

/// One page of a tenant's feedback, newest first, and the count.
pub async fn list_feedback(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<feedback::Model>> {
    use feedback::Column as C;
    let query = feedback::Entity::find().filter(C::TenantId.eq(tenant_id));
    let count = query.clone().count(db).await?;
    let items = query.order_by_desc(C::CreatedAt).order_by_desc(C::Id).offset(offset).limit(limit).all(db).await?;
    Ok(Paged { items, count })
}

/// One page of a tenant's contact messages, newest first, and the count.
pub async fn list_contacts(
    db: &impl ConnectionTrait,
    tenant_id: i64,
    offset: u64,
    limit: u64,
) -> StoreResult<Paged<contact_messages::Model>> {
    use contact_messages::Column as C;
    let query = contact_messages::Entity::find().filter(C::TenantId.eq(tenant_id));
    let count = query.clone().count(db).await?;
    let items = query.order_by_desc(C::CreatedAt).order_by_desc(C::Id).offset(offset).limit(limit).all(db).await?;
    Ok(Paged { items, count })
}
