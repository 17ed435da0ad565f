//! The applicants kit: what a group's join requests and a job's applications share when their
//! administrators decide on them (spec 001 §4 "Administrator actions on members", "Job
//! lifecycle"): choosing the people a bulk decision is for, finding their pending rows, the
//! answer's wording, and the CSV download of the list.
//!
//! The areas keep what differs: which rows are pending, what is mailed, what is recorded.

use std::collections::HashMap;

use axum::{
    http::header,
    response::{IntoResponse, Response},
};

use crate::error::{ApiError, ApiResult};

/// At most this many people in one decision.
pub const MAX_BULK: usize = 500;
/// At most this many rows in one CSV download.
pub const MAX_EXPORT: u64 = 10_000;
pub const MSG_NO_ACTION: &str = "Please select an action to perform.";
pub const MSG_NO_ONE_CHOSEN: &str = "Please select at least one member to proceed.";

/// Where a bulk decision's request names its people, and what it calls them in its errors.
pub struct Choice {
    /// The field answered when nobody is chosen.
    pub field: &'static str,
    /// The message then: [`MSG_NO_ONE_CHOSEN`] unless the action words it otherwise.
    pub when_none: &'static str,
    /// The field answered when more than [`MAX_BULK`] are chosen.
    pub bulk_field: &'static str,
    /// The people, plural: "members", "applicants".
    pub noun: &'static str,
}

/// The people chosen, each once and in id order; nobody, or more than [`MAX_BULK`], is
/// refused on the choice's fields.
pub fn chosen_people(ids: impl IntoIterator<Item = i64>, choice: &Choice) -> ApiResult<Vec<i64>> {
    let mut ids: Vec<i64> = ids.into_iter().collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Err(ApiError::field(choice.field, choice.when_none));
    }
    if ids.len() > MAX_BULK {
        return Err(ApiError::field(choice.bulk_field, format!("Select at most {MAX_BULK} {} at once.", choice.noun)));
    }
    Ok(ids)
}

/// The pending rows of the chosen people by their user id. A person without one is refused
/// on `field` ("User 7 has no pending request."), so a decision applies to all or to none.
pub fn pending_of_each<T>(
    rows: Vec<T>,
    ids: &[i64],
    person_of_pending: impl Fn(&T) -> Option<i64>,
    field: &'static str,
    what: &str,
) -> ApiResult<HashMap<i64, T>> {
    let pending: HashMap<i64, T> =
        rows.into_iter().filter_map(|row| person_of_pending(&row).map(|id| (id, row))).collect();
    match ids.iter().find(|id| !pending.contains_key(id)) {
        Some(missing) => Err(ApiError::field(field, format!("User {missing} has no pending {what}."))),
        None => Ok(pending),
    }
}

/// The answer to a decision: "Successfully accepted" for one person, "Members accepted
/// successfully" for several (`people` names them, capitalised).
pub fn decided_message(count: usize, people: &str, verb: &str) -> String {
    if count == 1 {
        format!("Successfully {verb}")
    } else {
        format!("{people} {verb} successfully")
    }
}

/// A CSV file the browser saves as `file_name`.
pub fn csv_download(file_name: &str, csv: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file_name}\"")),
        ],
        csv,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MEMBERS: Choice =
        Choice { field: "users", when_none: MSG_NO_ONE_CHOSEN, bulk_field: "user_ids", noun: "members" };

    fn field_error(result: ApiResult<impl std::fmt::Debug>) -> (String, String) {
        match result.unwrap_err() {
            ApiError::Validation(errors) => {
                let (field, messages) = errors.0.into_iter().next().expect("one field");
                (field, messages[0].clone())
            }
            other => panic!("expected a field error, got {other:?}"),
        }
    }

    #[test]
    fn the_chosen_are_each_taken_once_in_order() {
        assert_eq!(chosen_people([9, 3, 9, 1], &MEMBERS).unwrap(), vec![1, 3, 9]);
    }

    #[test]
    fn nobody_and_too_many_are_refused_on_their_fields() {
        assert_eq!(field_error(chosen_people([], &MEMBERS)), ("users".into(), MSG_NO_ONE_CHOSEN.into()));
        let too_many = field_error(chosen_people(0..=MAX_BULK as i64, &MEMBERS));
        assert_eq!(too_many, ("user_ids".into(), "Select at most 500 members at once.".into()));
        assert_eq!(chosen_people(1..=MAX_BULK as i64, &MEMBERS).unwrap().len(), MAX_BULK);
    }

    #[test]
    fn a_decision_needs_a_pending_row_for_everyone_chosen() {
        let rows = vec![(1, "pending"), (2, "accepted"), (3, "pending")];
        let pending = |row: &(i64, &str)| (row.1 == "pending").then_some(row.0);
        let found = pending_of_each(rows.clone(), &[1, 3], pending, "users", "request").unwrap();
        assert_eq!(found.len(), 2);
        let refused = field_error(pending_of_each(rows, &[1, 2], pending, "users", "request"));
        assert_eq!(refused, ("users".into(), "User 2 has no pending request.".into()));
    }

    #[test]
    fn the_answer_names_one_or_many() {
        assert_eq!(decided_message(1, "Members", "accepted"), "Successfully accepted");
        assert_eq!(decided_message(4, "Applicants", "rejected"), "Applicants rejected successfully");
    }

    #[test]
    fn the_download_is_an_attachment() {
        let response = csv_download("a-members.csv", "name\r\n".into());
        let headers = response.headers();
        assert_eq!(headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
        assert_eq!(headers[header::CONTENT_DISPOSITION], "attachment; filename=\"a-members.csv\"");
    }
}
