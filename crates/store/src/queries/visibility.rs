//! Who may see and who administers a group, as conditions on the query's `groups` row: the
//! rule every list of groups, and of what belongs to groups (jobs, content, search), applies.

use sea_orm::{
    sea_query::{Alias, Expr, ExprTrait, Query, SelectStatement, SimpleExpr},
    Condition,
};

use super::memberships::{MANAGEMENT_ROLES, STATUS_ACCEPTED};
use crate::entities::{groups, memberships};

/// Privacy level of a group only its members may see (spec 000 §3 "Privacy levels").
pub const PRIVACY_PRIVATE: i16 = 20;

/// How many levels below a group its administrators reach (the same depth as the parent
/// chain the API loads to decide who administers a group).
pub const HIERARCHY_DEPTH: usize = 4;

/// Who is looking: private groups show only to their accepted members and to staff.
#[derive(Debug, Clone, Copy, Default)]
pub struct Viewer {
    pub user_id: Option<i64>,
    pub is_staff: bool,
}

/// The condition "the viewer may see this group" (the `groups` row of the query), the rule
/// of the API's `ensure_visible`: public groups; private ones to staff, their accepted
/// members, and accepted admins or leaders of a group up to [`HIERARCHY_DEPTH`] levels above
/// them. Each check is correlated with the row (a lookup on the membership index
/// `(user, status, role, group)`, walking up the parents by primary key) and runs only for
/// private rows, so its cost follows the rows read, never the viewer's or the tenant's
/// number of groups (an `IN (groups below the ones I administer)` set was the whole site
/// for an organization's administrator).
pub fn visible_to(viewer: Viewer) -> Condition {
    if viewer.is_staff {
        return Condition::all();
    }
    let mut visible = Condition::any().add(Expr::col((groups::Entity, groups::Column::Privacy)).lt(PRIVACY_PRIVATE));
    if let Some(user_id) = viewer.user_id {
        visible = visible.add(Expr::exists(held_by(user_id, Expr::col((groups::Entity, groups::Column::Id)), false)));
        for above in managed_from_above(user_id) {
            visible = visible.add(above);
        }
    }
    visible
}

/// The condition "the viewer administers this group" (the `groups` row of the query): staff;
/// an accepted admin or leader of it or of a group up to [`HIERARCHY_DEPTH`] levels above
/// it, checked per row like [`visible_to`]. Guests administer nothing.
pub fn administered_by(viewer: Viewer) -> Condition {
    if viewer.is_staff {
        return Condition::all();
    }
    let Some(user_id) = viewer.user_id else { return Condition::all().add(Expr::val(1).eq(0)) };
    let mut any =
        Condition::any().add(Expr::exists(held_by(user_id, Expr::col((groups::Entity, groups::Column::Id)), true)));
    for above in managed_from_above(user_id) {
        any = any.add(above);
    }
    any
}

/// "The user holds an accepted membership of `group`" (in a management role when
/// `managed`), as a subquery for `EXISTS`: one lookup on the membership index.
fn held_by(user_id: i64, group: SimpleExpr, managed: bool) -> SelectStatement {
    let m = Alias::new("visible_m");
    let mut query = Query::select();
    query
        .expr(Expr::val(1))
        .from_as(memberships::Entity, m.clone())
        .and_where(Expr::col((m.clone(), memberships::Column::UserId)).eq(user_id))
        .and_where(Expr::col((m.clone(), memberships::Column::Status)).eq(STATUS_ACCEPTED))
        .and_where(Expr::col((m.clone(), memberships::Column::GroupId)).eq(group));
    if managed {
        query.and_where(Expr::col((m, memberships::Column::Role)).is_in(MANAGEMENT_ROLES));
    }
    query
}

/// "The user manages the row's parent", "… its parent's parent", …: one `EXISTS` per level
/// up to [`HIERARCHY_DEPTH`], each walking one more ancestor (aliases visible_a1, visible_a2,
/// …) by primary key.
fn managed_from_above(user_id: i64) -> Vec<SimpleExpr> {
    (0..HIERARCHY_DEPTH)
        .map(|depth| {
            let top = if depth == 0 {
                Expr::col((groups::Entity, groups::Column::ParentId))
            } else {
                Expr::col((Alias::new(format!("visible_a{depth}")), groups::Column::ParentId))
            };
            let mut query = held_by(user_id, top, true);
            for level in 1..=depth {
                let alias = Alias::new(format!("visible_a{level}"));
                let below = if level == 1 {
                    Expr::col((groups::Entity, groups::Column::ParentId))
                } else {
                    Expr::col((Alias::new(format!("visible_a{}", level - 1)), groups::Column::ParentId))
                };
                query
                    .from_as(groups::Entity, alias.clone())
                    .and_where(Expr::col((alias, groups::Column::Id)).eq(below));
            }
            Expr::exists(query)
        })
        .collect()
}
