//! The job board (spec 001 §3 "Job", §4 "Job lifecycle", §5 "Job", §6): the job form's
//! rules and the application lifecycle. Questions reuse the groups' question model
//! ([`crate::groups::questions`]).

pub mod form;
pub mod lifecycle;
pub mod recommend;
