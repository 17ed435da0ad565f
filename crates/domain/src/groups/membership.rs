//! Joining, leaving and managing members (spec 001 §4 "Membership", "Administrator actions
//! on members", §6): who may apply, which status and role a request gets, the wait list,
//! and the roles an administrator may give. Pure decisions; the callers gather the facts.

pub const STATUS_PENDING: &str = "pending";
pub const STATUS_ACCEPTED: &str = "accepted";
pub const STATUS_REJECTED: &str = "rejected";
pub const PAYMENT_PENDING: &str = "pending";
pub const PAYMENT_CONFIRMED: &str = "confirmed";

/// Roles of organizations, institutions and circles (spec 001 §6).
pub const GROUP_ROLES: [&str; 4] = ["admin", "leader", "facilitator", "member"];
/// Roles of events: administrators and the registration roles.
pub const EVENT_ROLES: [&str; 4] = ["admin", "attendee", "presenter", "volunteer"];
/// Roles someone registering for an event may pick.
pub const EVENT_REGISTRATION_ROLES: [&str; 2] = ["attendee", "presenter"];
/// The full check uses this size when a circle or event sets none (spec 001 §9).
pub const DEFAULT_MAXIMUM_SIZE: i64 = 1000;

/// Administrators' notes on a request and the reason of a removal (mailed to the person).
pub const MAX_NOTE_CHARS: usize = 2000;

pub const MSG_FULL: &str = "Sorry, maximum members limit already reached.";
pub const MSG_WAITLIST: &str = "You can still apply to join. Your request will be put in a wait list.";

/// What the join call needs to know about the group and the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JoinFacts<'a> {
    pub group_type: &'a str,
    pub publicity_open: bool,
    pub is_paid: bool,
    pub has_ended: bool,
    pub accepts_applications: bool,
    /// The caller's current membership status, if any.
    pub current_status: Option<&'a str>,
    pub accepted_count: u64,
    pub maximum_size: Option<i64>,
}

/// How a request to join is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JoinOutcome {
    pub status: &'static str,
    pub waitlisted: bool,
}

pub fn is_program(group_type: &str) -> bool {
    matches!(group_type, "circle" | "event")
}

/// The seats of a circle or event; organizations and institutions have no limit unless set.
/// A maximum size of 0 (or less) means none was set, as an empty field does: a circle or
/// event then has the default 1000 seats (spec 001 §9).
pub fn capacity(group_type: &str, maximum_size: Option<i64>) -> Option<u64> {
    match maximum_size.filter(|max| *max > 0) {
        Some(max) => Some(max.unsigned_abs()),
        None if is_program(group_type) => Some(DEFAULT_MAXIMUM_SIZE as u64),
        None => None,
    }
}

/// How many wait-listed requests a change of the maximum size lets in: the seats the new
/// capacity adds beyond the old one (or beyond the accepted members, when administrators
/// already accepted more than the old capacity). Lowering it frees nothing.
pub fn seats_freed(group_type: &str, old_maximum: Option<i64>, new_maximum: Option<i64>, accepted: u64) -> u64 {
    match (capacity(group_type, old_maximum), capacity(group_type, new_maximum)) {
        (Some(old), Some(new)) if is_program(group_type) => new.saturating_sub(old.max(accepted)),
        _ => 0,
    }
}

pub fn is_full(group_type: &str, maximum_size: Option<i64>, accepted: u64) -> bool {
    capacity(group_type, maximum_size).is_some_and(|max| accepted >= max)
}

/// Decides a request to join, or gives the reason it is refused. Circles and events go
/// to their administrators (pending), on the wait list when full; organizations and
/// institutions with open publicity accept at once.
pub fn decide_join(facts: JoinFacts<'_>) -> Result<JoinOutcome, String> {
    let kind = facts.group_type;
    match facts.current_status {
        Some(STATUS_PENDING) => return Err(format!("You have already applied to join this {kind}.")),
        Some(STATUS_ACCEPTED) => return Err(format!("You are already a member of this {kind}.")),
        _ => {}
    }
    if facts.has_ended {
        return Err(format!("This {kind} has ended."));
    }
    if !facts.publicity_open {
        return Err(format!("This {kind} is invitation only."));
    }
    if facts.is_paid {
        return Err(format!("This {kind} is paid: join it through the pay flow."));
    }
    if is_program(kind) {
        if !facts.accepts_applications {
            return Err(format!("Applications are not open for this {kind}."));
        }
        let waitlisted = is_full(kind, facts.maximum_size, facts.accepted_count);
        return Ok(JoinOutcome { status: STATUS_PENDING, waitlisted });
    }
    Ok(JoinOutcome { status: STATUS_ACCEPTED, waitlisted: false })
}

/// The role a join request asks for: events take attendee or presenter (attendee by
/// default), other groups member.
pub fn join_role(group_type: &str, asked: Option<&str>) -> Result<&'static str, String> {
    let asked = asked.map(str::trim).filter(|r| !r.is_empty());
    if group_type == "event" {
        return match asked {
            None => Ok("attendee"),
            Some(role) => EVENT_REGISTRATION_ROLES
                .iter()
                .find(|r| r.eq_ignore_ascii_case(role))
                .copied()
                .ok_or_else(|| format!("\"{role}\" is not a valid choice.")),
        };
    }
    match asked {
        None => Ok("member"),
        Some(role) if role.eq_ignore_ascii_case("member") => Ok("member"),
        Some(role) => Err(format!("\"{role}\" is not a valid choice.")),
    }
}

/// The roles an administrator may give in a group of this type.
pub fn roles_of(group_type: &str) -> &'static [&'static str] {
    if group_type == "event" {
        &EVENT_ROLES
    } else {
        &GROUP_ROLES
    }
}

/// The role the administrator's add-member call asks for, canonical.
pub fn managed_role(group_type: &str, asked: &str) -> Option<&'static str> {
    roles_of(group_type).iter().find(|r| r.eq_ignore_ascii_case(asked.trim())).copied()
}

/// The message of a successful join.
pub fn join_message(group_type: &str, name: &str, status: &str) -> String {
    if group_type == "event" {
        format!("Successfully registered to {name}")
    } else if status == STATUS_ACCEPTED {
        format!("Successfully joined {group_type}")
    } else {
        format!("Successfully applied to joined {group_type}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn circle<'a>() -> JoinFacts<'a> {
        JoinFacts {
            group_type: "circle",
            publicity_open: true,
            is_paid: false,
            has_ended: false,
            accepts_applications: true,
            current_status: None,
            accepted_count: 0,
            maximum_size: Some(2),
        }
    }

    #[test]
    fn circles_go_pending_and_full_ones_on_the_wait_list() {
        assert_eq!(decide_join(circle()), Ok(JoinOutcome { status: "pending", waitlisted: false }));
        let full = JoinFacts { accepted_count: 2, ..circle() };
        assert_eq!(decide_join(full), Ok(JoinOutcome { status: "pending", waitlisted: true }));
        let rejected = JoinFacts { current_status: Some("rejected"), ..circle() };
        assert!(decide_join(rejected).is_ok(), "rejected users may apply again");
        let unlimited = JoinFacts { maximum_size: None, accepted_count: 999, ..circle() };
        assert!(!decide_join(unlimited).unwrap().waitlisted);
        let default_full = JoinFacts { maximum_size: None, accepted_count: 1000, ..circle() };
        assert!(decide_join(default_full).unwrap().waitlisted, "1000 is the default size");
    }

    #[test]
    fn a_maximum_size_of_zero_is_no_maximum() {
        assert_eq!(capacity("circle", Some(0)), Some(1000));
        assert_eq!(capacity("event", Some(-3)), Some(1000));
        assert_eq!(capacity("organization", Some(0)), None);
        assert_eq!(capacity("circle", Some(5)), Some(5));
        let zero = JoinFacts { maximum_size: Some(0), accepted_count: 7, ..circle() };
        assert!(!decide_join(zero).unwrap().waitlisted, "0 does not wait-list everyone");
        assert!(!is_full("circle", Some(0), 999));
        assert!(is_full("circle", Some(0), 1000));
    }

    #[test]
    fn raising_the_maximum_frees_seats() {
        assert_eq!(seats_freed("circle", Some(2), Some(5), 2), 3);
        assert_eq!(seats_freed("circle", Some(2), Some(5), 4), 1, "administrators accepted over the old size");
        assert_eq!(seats_freed("circle", Some(5), Some(2), 5), 0);
        assert_eq!(seats_freed("circle", Some(2), Some(0), 2), 998, "0 is the default 1000");
        assert_eq!(seats_freed("circle", Some(2), None, 2), 998);
        assert_eq!(seats_freed("organization", Some(2), Some(5), 2), 0, "organizations keep no wait list");
    }

    #[test]
    fn refusals_say_why() {
        let cases = [
            (
                JoinFacts { current_status: Some("pending"), ..circle() },
                "You have already applied to join this circle.",
            ),
            (JoinFacts { current_status: Some("accepted"), ..circle() }, "You are already a member of this circle."),
            (JoinFacts { has_ended: true, ..circle() }, "This circle has ended."),
            (JoinFacts { publicity_open: false, ..circle() }, "This circle is invitation only."),
            (JoinFacts { is_paid: true, ..circle() }, "This circle is paid: join it through the pay flow."),
            (JoinFacts { accepts_applications: false, ..circle() }, "Applications are not open for this circle."),
        ];
        for (facts, message) in cases {
            assert_eq!(decide_join(facts), Err(message.to_string()));
        }
    }

    #[test]
    fn open_organizations_accept_at_once() {
        let org = JoinFacts { group_type: "organization", accepts_applications: false, ..circle() };
        assert_eq!(decide_join(org), Ok(JoinOutcome { status: "accepted", waitlisted: false }));
        let closed = JoinFacts { publicity_open: false, ..org };
        assert!(decide_join(closed).is_err());
    }

    #[test]
    fn roles_by_group_type() {
        assert_eq!(join_role("event", None), Ok("attendee"));
        assert_eq!(join_role("event", Some("Presenter")), Ok("presenter"));
        assert!(join_role("event", Some("admin")).is_err());
        assert_eq!(join_role("circle", None), Ok("member"));
        assert!(join_role("circle", Some("leader")).is_err());
        assert_eq!(managed_role("event", "volunteer"), Some("volunteer"));
        assert_eq!(managed_role("event", "leader"), None);
        assert_eq!(managed_role("circle", "Facilitator"), Some("facilitator"));
        assert_eq!(managed_role("circle", "attendee"), None);
    }
}
