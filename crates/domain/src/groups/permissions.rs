//! Who may create and edit groups (spec 001 §6). The callers gather the facts (roles,
//! certifications); these functions only decide.

/// Group roles treated as administrators (spec 000 §6).
pub const ADMIN_ROLES: [&str; 2] = ["admin", "leader"];

pub const MSG_CREATE_EVENT: &str =
    "Creating an event needs a certified group profile and administrator rights on the parent group.";
pub const MSG_CREATE_CIRCLE: &str =
    "Creating a circle needs leadership certification on your profile or administrator rights on the parent group.";
pub const MSG_CREATE_ORGANIZATION: &str = "Only staff can create organizations and institutions.";
pub const MSG_CREATE_NOT_MEMBER: &str =
    "Only accepted members of the parent group's organization can create circles and events in it.";
pub const MSG_MOVE: &str = "Moving a group needs administrator rights on the new parent group.";
pub const MSG_DETACH: &str = "Taking a group out of its parent group needs administrator rights on that parent group.";

/// The organization a parent group belongs to: the parent itself when it is an
/// organization or institution, otherwise the nearest one above it (`ancestors`, nearest
/// first). `None` when there is none.
pub fn organization_of<'a, G>(parent: &'a G, ancestors: &'a [G], group_type: impl Fn(&G) -> &str) -> Option<&'a G> {
    std::iter::once(parent).chain(ancestors.iter()).find(|g| matches!(group_type(g), "organization" | "institution"))
}

pub fn is_admin_role(role: &str) -> bool {
    ADMIN_ROLES.contains(&role)
}

/// Facts about the person acting.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Actor {
    pub is_staff: bool,
    /// Their group profile on this site is certified.
    pub has_certified_group_profile: bool,
    /// Their profile carries leadership certification details.
    pub has_leadership_certification: bool,
}

/// Whether the actor may create a group of `group_type` under a parent in which they hold
/// `parent_role` (their accepted role there, if any). `Err` carries the reason.
pub fn may_create(actor: Actor, group_type: &str, parent_role: Option<&str>) -> Result<(), &'static str> {
    if actor.is_staff {
        return Ok(());
    }
    match group_type {
        "event" if actor.has_certified_group_profile && parent_role.is_some_and(is_admin_role) => Ok(()),
        "event" => Err(MSG_CREATE_EVENT),
        // Administrators of the parent run circles in their own organization.
        "circle" if actor.has_leadership_certification || parent_role.is_some_and(is_admin_role) => Ok(()),
        "circle" => Err(MSG_CREATE_CIRCLE),
        _ => Err(MSG_CREATE_ORGANIZATION),
    }
}

/// Whether the actor may edit a group (and upload its logo and cover): staff, or an
/// administrator of the group itself or of one of its ancestor organizations.
/// `own_role` is the actor's accepted role in the group; `ancestor_roles` their accepted
/// roles in the organizations and institutions above it.
pub fn may_edit(actor: Actor, own_role: Option<&str>, ancestor_roles: &[&str]) -> bool {
    actor.is_staff || own_role.is_some_and(is_admin_role) || ancestor_roles.iter().any(|r| is_admin_role(r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn creating_events_needs_certification_and_parent_admin() {
        let certified = Actor { has_certified_group_profile: true, ..Default::default() };
        assert_eq!(may_create(certified, "event", Some("admin")), Ok(()));
        assert_eq!(may_create(certified, "event", Some("leader")), Ok(()));
        assert_eq!(may_create(certified, "event", Some("member")), Err(MSG_CREATE_EVENT));
        assert_eq!(may_create(certified, "event", None), Err(MSG_CREATE_EVENT));
        assert_eq!(may_create(Actor::default(), "event", Some("admin")), Err(MSG_CREATE_EVENT));
    }

    #[test]
    fn creating_circles_needs_leadership_certification() {
        let leader = Actor { has_leadership_certification: true, ..Default::default() };
        assert_eq!(may_create(leader, "circle", None), Ok(()));
        assert_eq!(may_create(Actor::default(), "circle", Some("admin")), Ok(()), "the parent's administrators may");
        assert_eq!(may_create(Actor::default(), "circle", Some("member")), Err(MSG_CREATE_CIRCLE));
        assert_eq!(may_create(Actor::default(), "circle", None), Err(MSG_CREATE_CIRCLE));
    }

    #[test]
    fn organizations_are_created_by_staff() {
        let staff = Actor { is_staff: true, ..Default::default() };
        assert_eq!(may_create(staff, "organization", None), Ok(()));
        assert_eq!(may_create(staff, "event", None), Ok(()));
        let certified =
            Actor { has_certified_group_profile: true, has_leadership_certification: true, ..Default::default() };
        assert_eq!(may_create(certified, "organization", Some("admin")), Err(MSG_CREATE_ORGANIZATION));
    }

    #[test]
    fn a_parents_organization_is_the_nearest_organization_or_institution() {
        fn kind<'a>(g: &'a (&'static str, i64)) -> &'a str {
            g.0
        }
        let org = ("organization", 1);
        assert_eq!(organization_of(&org, &[], kind), Some(&org));
        let circle = ("circle", 2);
        let above = [("circle", 3), ("institution", 4), ("organization", 5)];
        assert_eq!(organization_of(&circle, &above, kind), Some(&("institution", 4)));
        assert_eq!(organization_of(&circle, &[], kind), None);
    }

    #[test]
    fn editing_needs_admin_of_the_group_or_an_ancestor() {
        let nobody = Actor::default();
        assert!(may_edit(nobody, Some("admin"), &[]));
        assert!(may_edit(nobody, Some("leader"), &[]));
        assert!(!may_edit(nobody, Some("member"), &[]));
        assert!(!may_edit(nobody, Some("facilitator"), &["member"]));
        assert!(may_edit(nobody, None, &["member", "admin"]));
        assert!(!may_edit(nobody, None, &[]));
        assert!(may_edit(Actor { is_staff: true, ..Default::default() }, None, &[]));
    }
}
