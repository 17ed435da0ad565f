//! The circle programme: circle requests, leader applications and their review, the leader
//! certification, the circle leaders list, and the default organizations.

use chrono::{Datelike, Months, Utc};
use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};
use store::entities::users;

use crate::common::TestApp;

fn month(offset: i32) -> String {
    let today = Utc::now().date_naive().with_day(1).unwrap();
    let date = if offset >= 0 {
        today.checked_add_months(Months::new(offset as u32)).unwrap()
    } else {
        today.checked_sub_months(Months::new((-offset) as u32)).unwrap()
    };
    date.format("%Y-%m").to_string()
}

fn request_body() -> Value {
    json!({
        "real_world_problems_to_solve": "Small farms cannot forecast demand",
        "goal": "Build a forecasting notebook together",
        "urgency": month(1),
        "hours_commitment": 2,
        "learning_modality": "in_person",
        "location": "Kenya",
    })
}

async fn mails(app: &TestApp) -> Vec<Value> {
    app.get("/dev/mailbox.json").send().await.json().as_array().unwrap().clone()
}

async fn make_staff(app: &TestApp, user: users::Model) -> users::Model {
    let mut active: users::ActiveModel = user.into();
    active.is_staff = Set(true);
    active.update(&app.db).await.unwrap()
}

fn answers() -> Value {
    json!({
        "motivation": "I love helping people learn",
        "experience": "Five years of mentoring",
        "topic": "Data science for farmers",
        "availability": "3-4 hours",
        "resume": "/media/uploads/cv.pdf",
    })
}

async fn apply(app: &TestApp, token: &str) -> Value {
    let answer = app.post_json("/api/v1/leader-applications/", token, &json!({"response": answers()})).await;
    answer.assert_status(201);
    answer.json()
}

// ------------------------------------------------------------ circle request

mod applications;
mod certification;
mod leaders;

pub(crate) use applications::certify_on;
