use sea_orm::entity::prelude::*;

/// A message to the site's administrators from the pending page's contact form (m0034;
/// `POST /contact-starleaders/`). The sender's email, name and default-organization
/// membership status are copied at the time; `user_id` is null once the account is gone.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "contact_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub user_id: Option<i64>,
    pub email: String,
    pub name: String,
    /// pending, rejected, accepted, … or null without a membership.
    pub membership_status: Option<String>,
    pub subject: String,
    pub message: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
