use sea_orm::entity::prelude::*;

/// Organizations, institutions, circles and events share this one table.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "groups")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tenant_id: i64,
    pub parent_id: Option<i64>,
    pub group_type: String,
    pub name: String,
    pub slug: String,
    pub description: Option<String>,
    pub logo: Option<String>,
    pub cover_image: Option<String>,
    pub privacy: i16,
    pub join_mode: String,
    pub membership_type: Option<String>,
    pub is_tenant_root: bool,
    pub objective: Option<String>,
    pub member_requirements: Option<String>,
    pub impact: Option<String>,
    pub location: Option<String>,
    pub country: Option<String>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub countries: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub career_stages: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub professional_fields: Option<Json>,
    /// Target personas.
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub roles: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub paid_features: Option<Json>,
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub donation_details: Option<Json>,
    /// Questions for new members, and for events `is_external`/`external_link`.
    #[sea_orm(column_type = "JsonBinary", nullable)]
    pub extra_info: Option<Json>,
    pub level: i32,
    pub group_duration: Option<String>,
    pub maximum_size: Option<i64>,
    pub start_date: Option<Date>,
    pub end_date: Option<Date>,
    pub application_open_date: Option<Date>,
    pub application_close_date: Option<Date>,
    pub circle_type_id: Option<i64>,
    pub circle_status_priority: Option<i32>,
    pub event_type: Option<String>,
    pub is_paid: bool,
    /// US dollars in cents.
    pub price_cents: Option<i64>,
    /// Percent, 0 to 100.
    pub discount: Option<i64>,
    /// Weeks.
    pub commitment_time: Option<i32>,
    pub complexity_level: Option<String>,
    pub learning_modality: Option<String>,
    pub create_google_classroom: bool,
    pub google_classroom_id: Option<String>,
    pub is_influencer: bool,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
