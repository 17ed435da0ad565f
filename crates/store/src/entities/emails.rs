use sea_orm::entity::prelude::*;

/// Every mail the product sends. The dev mailbox reads this table; the `send_email` job
/// delivers it through the configured transport.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "emails")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: Option<i64>,
    pub to_address: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    /// queued, sent or failed.
    pub status: String,
    pub sent_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
