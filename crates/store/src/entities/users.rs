use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub email: String,
    pub password_hash: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub is_verified: bool,
    pub is_trial_user: bool,
    pub is_staff: bool,
    pub is_active: bool,
    pub last_login_at: Option<DateTimeUtc>,
    pub subscribe_to_newsletter: bool,
    pub profile_type: String,
    pub alternate_email: Option<String>,
    pub is_alternate_email_verified: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
