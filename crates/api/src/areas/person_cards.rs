//! The person as recommendation lists show them (a job's recommended applicants, a group's
//! recommended people): name, picture, title, country, institution and profile completion,
//! read for a whole page in three queries.

use std::collections::HashMap;

use serde::Serialize;
use store::queries::{profiles as profile_q, users as user_q};
use utoipa::ToSchema;

use crate::error::ApiResult;

/// A recommended person's card.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PersonCard {
    /// The user id (what add-member, invite-users and invitations take).
    pub id: i64,
    pub name: String,
    pub first_name: String,
    pub last_name: String,
    pub name_slug: Option<String>,
    pub image: Option<String>,
    pub title: Option<String>,
    pub country: Option<String>,
    pub institution_name: Option<String>,
    pub profile_completion_percent: i16,
}

/// A page of people's cards by user id, with their profile ids (for callers that read the
/// profiles' topics too). Users that do not exist are missing.
pub async fn load(
    db: &impl sea_orm::ConnectionTrait,
    ids: &[i64],
) -> ApiResult<(HashMap<i64, PersonCard>, HashMap<i64, i64>)> {
    let people = user_q::find_by_ids(db, ids).await?;
    let profiles = profile_q::find_by_users(db, ids).await?;
    let institution_ids: Vec<i64> = profiles.values().filter_map(|p| p.institution_id).collect();
    let institutions = profile_q::groups_by_ids(db, &institution_ids).await?;
    let profile_ids = profiles.iter().map(|(user, p)| (*user, p.id)).collect();
    let cards = people
        .values()
        .map(|person| {
            let profile = profiles.get(&person.id);
            let card = PersonCard {
                id: person.id,
                name: format!("{} {}", person.first_name, person.last_name).trim().to_string(),
                first_name: person.first_name.clone(),
                last_name: person.last_name.clone(),
                name_slug: profile.map(|p| p.name_slug.clone()),
                image: profile.and_then(|p| p.picture.clone()),
                title: profile.and_then(|p| p.title.clone()),
                country: profile.and_then(|p| p.country.clone()),
                institution_name: profile
                    .and_then(|p| p.institution_id)
                    .and_then(|i| institutions.get(&i))
                    .map(|g| g.name.clone()),
                profile_completion_percent: profile.map_or(0, |p| p.completion_percent),
            };
            (person.id, card)
        })
        .collect();
    Ok((cards, profile_ids))
}
