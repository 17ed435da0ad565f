//! Who is calling, as the areas' rules see them: a person or a guest.

use store::entities::users;

/// Everything about the caller needed to build views and check rights.
#[derive(Debug, Clone, Default)]
pub struct Caller {
    pub user: Option<users::Model>,
}

impl Caller {
    pub fn id(&self) -> Option<i64> {
        self.user.as_ref().map(|u| u.id)
    }

    pub fn is_staff(&self) -> bool {
        self.user.as_ref().is_some_and(|u| u.is_staff)
    }

    pub fn viewer(&self) -> store::queries::visibility::Viewer {
        store::queries::visibility::Viewer { user_id: self.id(), is_staff: self.is_staff() }
    }
}

pub fn caller_of(user: Option<users::Model>) -> Caller {
    Caller { user }
}
