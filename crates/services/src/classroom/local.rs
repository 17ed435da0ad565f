//! The embedded classroom provider: courses whose rosters and materials are kept in the
//! database (`classroom_local_members`, `classroom_local_materials`), per site. `waypoint
//! seed` fills one for the demo circle; nothing needs Google, and no consent is asked.

use async_trait::async_trait;
use store::{queries::classroom as q, Db};

use super::{Access, ClassroomError, ClassroomProvider, Material, Role, RosterMember, MAX_MATERIALS, MAX_MEMBERS};

pub struct LocalClassroom {
    db: Db,
}

impl LocalClassroom {
    pub fn new(db: Db) -> Self {
        LocalClassroom { db }
    }

    async fn known(&self, access: &Access, course_id: &str) -> Result<(), ClassroomError> {
        if q::local_course_exists(&self.db, access.tenant_id, course_id).await? {
            Ok(())
        } else {
            Err(ClassroomError::Refused(format!("no local course {course_id:?}")))
        }
    }
}

#[async_trait]
impl ClassroomProvider for LocalClassroom {
    fn name(&self) -> &'static str {
        "local"
    }

    fn needs_consent(&self) -> bool {
        false
    }

    fn consent_url(&self, _state: &str, _redirect_uri: &str) -> Option<String> {
        None
    }

    async fn exchange_code(&self, _code: &str, _redirect_uri: &str) -> Result<String, ClassroomError> {
        Err(ClassroomError::Unavailable("the built-in classroom needs no consent".into()))
    }

    async fn list_members(
        &self,
        access: &Access,
        course_id: &str,
        role: Role,
    ) -> Result<Vec<RosterMember>, ClassroomError> {
        self.known(access, course_id).await?;
        let rows = q::local_members(&self.db, access.tenant_id, course_id, role.as_str(), MAX_MEMBERS as u64).await?;
        Ok(rows
            .into_iter()
            .map(|m| RosterMember {
                id: m.external_id,
                email: Some(m.email.trim().to_lowercase()).filter(|e| !e.is_empty()),
                full_name: m.full_name,
            })
            .collect())
    }

    async fn list_materials(&self, access: &Access, course_id: &str) -> Result<Vec<Material>, ClassroomError> {
        self.known(access, course_id).await?;
        let rows = q::local_materials(&self.db, access.tenant_id, course_id, MAX_MATERIALS as u64).await?;
        Ok(rows
            .into_iter()
            .map(|m| Material { id: m.external_id, title: m.title, description: m.description, url: m.url })
            .collect())
    }
}
