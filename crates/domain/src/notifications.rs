//! In-app notifications (spec 000 §3 "Notification", §4 "Notifications", §9 "notification
//! page 12"): what each event tells whom, in which words, and what the client needs to open
//! its target. Pure: the store writes what these functions build.

use serde_json::{json, Value};

/// Notifications per page (spec 000 §9).
pub const PAGE_SIZE: u64 = 12;
pub const MSG_EMPTY: &str = "No notifications to show";

/// The `type` of a notification that is not about a group.
pub const KIND_INVITATION: &str = "invitation";
pub const KIND_USER_CONNECTION: &str = "user_connection";

/// `notification_type`: what happened.
pub const TYPE_FOLLOW: &str = "follow";
pub const TYPE_INVITATION: &str = "invitation";
pub const TYPE_JOIN_REQUEST: &str = "join_request";
pub const TYPE_MEMBERSHIP_ACCEPTED: &str = "membership_accepted";
pub const TYPE_MEMBERSHIP_REJECTED: &str = "membership_rejected";
pub const TYPE_MEMBER_ADDED: &str = "member_added";
pub const TYPE_MEMBER_REMOVED: &str = "member_removed";
pub const TYPE_APPLICATION_ACCEPTED: &str = "application_accepted";
pub const TYPE_APPLICATION_REJECTED: &str = "application_rejected";
pub const TYPE_GROUP_POST: &str = "group_post";
pub const TYPE_PAYMENT_CONFIRMED: &str = "payment_confirmed";

/// A group's page in the app: `/circle/{slug}`, `/event/{slug}`, `/org/{slug}` for the rest.
pub fn group_path(group_type: &str, slug: &str) -> String {
    let kind = match group_type {
        "circle" => "circle",
        "event" => "event",
        _ => "org",
    };
    format!("/{kind}/{slug}")
}

/// Whether `kind` can be the `type` of a notification (the path of "mark read" names it).
pub fn is_kind(kind: &str) -> bool {
    matches!(kind, KIND_INVITATION | KIND_USER_CONNECTION | "organization" | "institution" | "circle" | "event")
}

/// A person, as notifications name and link them.
#[derive(Debug, Clone)]
pub struct Person<'a> {
    pub name: &'a str,
    pub name_slug: &'a str,
    pub image: Option<&'a str>,
}

/// A group, as notifications name and link it.
#[derive(Debug, Clone)]
pub struct Group<'a> {
    pub name: &'a str,
    pub slug: &'a str,
    pub group_type: &'a str,
    pub image: Option<&'a str>,
    /// The group's page in the app ("/circle/ai-ethics").
    pub path: &'a str,
}

/// What to write: kind (`type`), notification_type, message and data.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub kind: String,
    pub notification_type: &'static str,
    pub message: String,
    pub data: Value,
}

fn group_data(group: &Group<'_>) -> Value {
    json!({
        "name_slug": group.slug,
        "group_type": group.group_type,
        "name": group.name,
        "image": group.image,
        "path": group.path,
    })
}

/// `follower` started following the person told.
pub fn followed(follower: &Person<'_>) -> Notice {
    Notice {
        kind: KIND_USER_CONNECTION.into(),
        notification_type: TYPE_FOLLOW,
        message: format!("{} started following you.", follower.name),
        data: json!({
            "name_slug": follower.name_slug,
            "name": follower.name,
            "image": follower.image,
            "path": format!("/profile/{}", follower.name_slug),
        }),
    }
}

/// `inviter` invited the person told to join `group` (or to apply to `job` of it).
pub fn invited(inviter: &str, group: &Group<'_>, job: Option<&str>, invitation_key: &str) -> Notice {
    let message = match job {
        Some(title) => format!("{inviter} invited you to apply to the job {title}."),
        None => format!("{inviter} invited you to join the {} {}.", group.group_type, group.name),
    };
    let mut data = group_data(group);
    data["invitation_key"] = json!(invitation_key);
    data["path"] = json!(format!("/invitation/{invitation_key}"));
    Notice { kind: KIND_INVITATION.into(), notification_type: TYPE_INVITATION, message, data }
}

/// `applicant` asked to join `group` (told to its administrators).
pub fn join_requested(applicant: &str, group: &Group<'_>) -> Notice {
    Notice {
        kind: group.group_type.into(),
        notification_type: TYPE_JOIN_REQUEST,
        message: format!("{applicant} asked to join {}.", group.name),
        data: group_data(group),
    }
}

/// The request of the person told to join `group` was answered.
pub fn request_answered(group: &Group<'_>, accepted: bool) -> Notice {
    let (kind, verb) =
        if accepted { (TYPE_MEMBERSHIP_ACCEPTED, "accepted") } else { (TYPE_MEMBERSHIP_REJECTED, "rejected") };
    Notice {
        kind: group.group_type.into(),
        notification_type: kind,
        message: format!("Your request to join {} was {verb}.", group.name),
        data: group_data(group),
    }
}

/// An administrator added the person told to `group`.
pub fn added(by: &str, group: &Group<'_>, role: &str) -> Notice {
    Notice {
        kind: group.group_type.into(),
        notification_type: TYPE_MEMBER_ADDED,
        message: format!("{by} added you to {} as {role}.", group.name),
        data: group_data(group),
    }
}

/// The person told was removed from `group`.
pub fn removed(group: &Group<'_>) -> Notice {
    Notice {
        kind: group.group_type.into(),
        notification_type: TYPE_MEMBER_REMOVED,
        message: format!("You are no longer a member of {}.", group.name),
        data: group_data(group),
    }
}

/// An application of the person told to the job `title` (at `job_path`) of `group` was
/// reviewed.
pub fn application_reviewed(title: &str, job_path: &str, group: &Group<'_>, accepted: bool) -> Notice {
    let (kind, verb) =
        if accepted { (TYPE_APPLICATION_ACCEPTED, "accepted") } else { (TYPE_APPLICATION_REJECTED, "rejected") };
    let mut data = group_data(group);
    data["path"] = json!(job_path);
    Notice {
        kind: group.group_type.into(),
        notification_type: kind,
        message: format!("Your application to the job {title} was {verb}."),
        data,
    }
}

/// `author` posted `title` (its page `/post/{post_slug}`) in `group`, told to the group's
/// members. The title is cut at 100 characters (spec 000 §9, default truncation).
pub fn group_post(author: &str, group: &Group<'_>, title: &str, post_slug: &str) -> Notice {
    let mut data = group_data(group);
    data["path"] = json!(format!("/post/{post_slug}"));
    let title: String = title.chars().take(100).collect();
    Notice {
        kind: group.group_type.into(),
        notification_type: TYPE_GROUP_POST,
        message: format!("{author} posted in {}: {title}", group.name),
        data,
    }
}

/// The payment of the person told for a seat in `group` was confirmed.
pub fn payment_confirmed(group: &Group<'_>) -> Notice {
    Notice {
        kind: group.group_type.into(),
        notification_type: TYPE_PAYMENT_CONFIRMED,
        message: format!("Your payment for {} is confirmed.", group.name),
        data: group_data(group),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CIRCLE: Group<'static> =
        Group { name: "AI Ethics", slug: "ai-ethics", group_type: "circle", image: None, path: "/circle/ai-ethics" };

    #[test]
    fn kinds_are_the_spec_types() {
        for kind in ["invitation", "user_connection", "organization", "institution", "circle", "event"] {
            assert!(is_kind(kind), "{kind}");
        }
        assert!(!is_kind("job"));
        assert!(!is_kind(""));
    }

    #[test]
    fn a_follow_links_the_follower() {
        let n = followed(&Person { name: "Ada Lovelace", name_slug: "ada-lovelace", image: Some("/m/a.png") });
        assert_eq!(n.kind, "user_connection");
        assert_eq!(n.message, "Ada Lovelace started following you.");
        assert_eq!(n.data["name_slug"], "ada-lovelace");
        assert_eq!(n.data["image"], "/m/a.png");
        assert_eq!(n.data["path"], "/profile/ada-lovelace");
    }

    #[test]
    fn an_invitation_carries_its_key() {
        let n = invited("Ada Lovelace", &CIRCLE, None, "k3y");
        assert_eq!((n.kind.as_str(), n.notification_type), ("invitation", "invitation"));
        assert_eq!(n.message, "Ada Lovelace invited you to join the circle AI Ethics.");
        assert_eq!(n.data["invitation_key"], "k3y");
        assert_eq!(n.data["group_type"], "circle");
        assert_eq!(n.data["path"], "/invitation/k3y");
        let job = invited("Ada Lovelace", &CIRCLE, Some("Analyst"), "k");
        assert_eq!(job.message, "Ada Lovelace invited you to apply to the job Analyst.");
    }

    #[test]
    fn group_events_are_of_the_group_type() {
        let n = join_requested("Bob Stone", &CIRCLE);
        assert_eq!((n.kind.as_str(), n.message.as_str()), ("circle", "Bob Stone asked to join AI Ethics."));
        assert_eq!(request_answered(&CIRCLE, true).message, "Your request to join AI Ethics was accepted.");
        assert_eq!(request_answered(&CIRCLE, false).notification_type, TYPE_MEMBERSHIP_REJECTED);
        assert_eq!(added("Ada", &CIRCLE, "member").message, "Ada added you to AI Ethics as member.");
        assert_eq!(removed(&CIRCLE).notification_type, "member_removed");
        assert_eq!(removed(&CIRCLE).data["path"], "/circle/ai-ethics");
        let job = application_reviewed("Analyst", "/job/analyst", &CIRCLE, true);
        assert_eq!(
            (job.message.as_str(), job.notification_type),
            ("Your application to the job Analyst was accepted.", "application_accepted")
        );
        assert_eq!(job.data["path"], "/job/analyst");
    }

    #[test]
    fn a_post_links_the_post_and_a_payment_the_group() {
        let n = group_post("Ada", &CIRCLE, &"x".repeat(150), "hello-1");
        assert_eq!((n.kind.as_str(), n.notification_type), ("circle", "group_post"));
        assert_eq!(n.message, format!("Ada posted in AI Ethics: {}", "x".repeat(100)));
        assert_eq!(n.data["path"], "/post/hello-1");
        let paid = payment_confirmed(&CIRCLE);
        assert_eq!(paid.message, "Your payment for AI Ethics is confirmed.");
        assert_eq!(paid.data["path"], "/circle/ai-ethics");
    }

    #[test]
    fn group_paths_by_type() {
        assert_eq!(group_path("circle", "a"), "/circle/a");
        assert_eq!(group_path("event", "b"), "/event/b");
        assert_eq!(group_path("institution", "c"), "/org/c");
    }
}
