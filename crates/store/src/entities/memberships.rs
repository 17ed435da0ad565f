use sea_orm::entity::prelude::*;

/// A user's membership of a group, with its role and status (pending, accepted, rejected).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "memberships")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub group_id: i64,
    pub user_id: i64,
    pub role: String,
    pub status: String,
    /// Answers to the group's questions, or the conference registration.
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub extra_info: Option<Json>,
    /// What an administrator wrote when accepting or rejecting.
    pub notes: Option<String>,
    /// Why the member was removed.
    pub reason: Option<String>,
    /// pending or confirmed, on paid groups.
    pub payment_status: Option<String>,
    /// How a paid group's seat is paid: online, voucher or offline.
    pub payment_mode: Option<String>,
    /// Applied while the group was full; promoted first-come when a seat frees.
    pub waitlisted: bool,
    /// An influencer of the site (on the membership of the site's organization; staff set it).
    pub is_influencer: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
