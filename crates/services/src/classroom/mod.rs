//! Google Classroom (spec 001 §6, §7, §8; issue 19): a group with a classroom id takes
//! its course's roster (students, teachers) as members and its course materials as
//! resources. The course is read through [`ClassroomProvider`]:
//!
//! - [`LocalClassroom`] (default): courses kept in the database (`classroom_local_*`,
//!   seeded for the demo circle), so the whole flow works on one machine without Google.
//! - [`GoogleClassroom`]: Google's Classroom REST API, on when `WAYPOINT_GOOGLE_CLIENT_ID`
//!   and `WAYPOINT_GOOGLE_CLIENT_SECRET` are set; each administrator first gives consent
//!   (an OAuth code flow), and their refresh token is kept sealed ([`seal`]).
//!
//! Tokens and codes are never logged.

mod google;
mod local;
pub mod seal;

use async_trait::async_trait;

pub use google::{GoogleClassroom, GoogleClassroomConfig};
pub use local::LocalClassroom;

/// Most people read from one course role (bounds the work of one sync).
pub const MAX_MEMBERS: usize = 2000;
/// Most materials read from one course.
pub const MAX_MATERIALS: usize = 1000;

/// A course role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Student,
    Teacher,
}

impl Role {
    pub fn parse(raw: &str) -> Option<Role> {
        match raw.trim() {
            "student" => Some(Role::Student),
            "teacher" => Some(Role::Teacher),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Student => "student",
            Role::Teacher => "teacher",
        }
    }
}

/// A person of a course.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterMember {
    /// The provider's id of the person (Google's `userId`).
    pub id: String,
    /// Lower-cased; absent when the provider does not share it.
    pub email: Option<String>,
    pub full_name: String,
}

/// A course material (Google's `courseWorkMaterial`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Material {
    pub id: String,
    pub title: String,
    /// Plain text.
    pub description: String,
    /// Its first link, Drive file, video or form; else the material's own page.
    pub url: Option<String>,
}

/// Whose course is read: the site, and the administrator's consent when the provider
/// needs one.
#[derive(Clone)]
pub struct Access {
    pub tenant_id: i64,
    pub refresh_token: Option<String>,
}

impl std::fmt::Debug for Access {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Access")
            .field("tenant_id", &self.tenant_id)
            .field("refresh_token", &self.refresh_token.as_ref().map(|_| "<redacted>"))
            .finish()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ClassroomError {
    /// No consent, or the provider refused the one kept (revoked or expired).
    #[error("the administrator has not connected Google Classroom")]
    ConsentNeeded,
    /// The course does not exist, or the account may not read it.
    #[error("the course was not found or may not be read: {0}")]
    Refused(String),
    /// The provider could not be reached or failed on its side.
    #[error("the classroom provider is unavailable: {0}")]
    Unavailable(String),
    #[error(transparent)]
    Store(#[from] store::StoreError),
}

#[async_trait]
pub trait ClassroomProvider: Send + Sync {
    /// "local" or "google", for logs and the API.
    fn name(&self) -> &'static str;
    /// Whether each administrator must first connect their Google account.
    fn needs_consent(&self) -> bool;
    /// Where to send the administrator to give consent (`None` when none is needed).
    fn consent_url(&self, state: &str, redirect_uri: &str) -> Option<String>;
    /// Exchanges the consent's authorization code for a refresh token.
    async fn exchange_code(&self, code: &str, redirect_uri: &str) -> Result<String, ClassroomError>;
    /// The course's people with a role (at most [`MAX_MEMBERS`]).
    async fn list_members(
        &self,
        access: &Access,
        course_id: &str,
        role: Role,
    ) -> Result<Vec<RosterMember>, ClassroomError>;
    /// The course's published materials (at most [`MAX_MATERIALS`]).
    async fn list_materials(&self, access: &Access, course_id: &str) -> Result<Vec<Material>, ClassroomError>;

    async fn list_students(&self, access: &Access, course_id: &str) -> Result<Vec<RosterMember>, ClassroomError> {
        self.list_members(access, course_id, Role::Student).await
    }

    async fn list_teachers(&self, access: &Access, course_id: &str) -> Result<Vec<RosterMember>, ClassroomError> {
        self.list_members(access, course_id, Role::Teacher).await
    }
}

/// The membership role a course role becomes in a group: teachers lead (administer an
/// event), students are members (attendees of an event).
pub fn membership_role(group_type: &str, role: Role) -> &'static str {
    match (group_type == "event", role) {
        (true, Role::Teacher) => "admin",
        (true, Role::Student) => "attendee",
        (false, Role::Teacher) => "leader",
        (false, Role::Student) => "member",
    }
}

/// What a sync does with one matched person, given their membership (status, role).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemberChange {
    /// No membership yet: an accepted one with this role.
    Add(&'static str),
    /// Accept (a pending request) or promote (a member who teaches) with this role.
    Update(&'static str),
    /// Already there with this role or a managing one; nothing to do.
    Keep,
    /// An administrator rejected or removed them: a sync does not overrule that.
    Skip,
}

/// A sync never demotes: an accepted member keeps a managing role, and a student sync
/// leaves any accepted member as they are; a pending request is accepted.
pub fn member_change(existing: Option<(&str, &str)>, wanted: &'static str) -> MemberChange {
    let manages = |role: &str| domain::groups::permissions::is_admin_role(role);
    match existing {
        None => MemberChange::Add(wanted),
        Some(("rejected", _)) => MemberChange::Skip,
        Some(("accepted", role)) if role == wanted || manages(role) || !manages(wanted) => MemberChange::Keep,
        Some(("accepted", _)) => MemberChange::Update(wanted),
        Some((_, "admin")) => MemberChange::Update("admin"),
        Some((_, "leader")) if !manages(wanted) => MemberChange::Update("leader"),
        Some(_) => MemberChange::Update(wanted),
    }
}

/// A material's description as sanitised rich text: paragraphs of its lines (escaped).
pub fn description_html(text: &str) -> String {
    let escape = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    let html: String = text
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| format!("<p>{}</p>", p.lines().map(escape).collect::<Vec<_>>().join("<br>")))
        .collect();
    domain::rich_text::sanitize_html(&html)
}

#[cfg(test)]
mod tests;
