//! What a recommended item shows (spec 002 §3 "Recommended item"): its slug, name, a short
//! plain description and an image, read by primary key for the items of one kind (a job's
//! group slug too: its page is under the group).

use std::collections::HashMap;

use domain::matching::ItemKind;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, JoinType, QueryFilter, QuerySelect};

use crate::{
    entities::{ai_tools, career_tips, contents, groups, job_posts, profiles, use_cases, users},
    StoreResult,
};

/// A recommended item's card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    pub slug: String,
    pub name: String,
    /// Plain text, at most [`DESCRIPTION_CHARS`] characters.
    pub description: String,
    pub image_path: Option<String>,
    pub group_slug: Option<String>,
}

pub const DESCRIPTION_CHARS: usize = 200;

/// A person's card as read: id, first and last name, profile slug, title, picture.
type PersonRow = (i64, String, String, String, Option<String>, Option<String>);

/// Plain text of rich text, whitespace folded, cut to [`DESCRIPTION_CHARS`].
pub fn short(text: &str) -> String {
    let head: String = text.chars().take(4000).collect();
    let plain = domain::rich_text::plain_text(&head);
    let plain = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    if plain.chars().count() > DESCRIPTION_CHARS {
        plain.chars().take(DESCRIPTION_CHARS - 1).collect::<String>() + "…"
    } else {
        plain
    }
}

fn card(slug: String, name: String, description: &str, image_path: Option<String>) -> Card {
    Card { slug, name, description: short(description), image_path, group_slug: None }
}

/// The cards of `ids` (items of `kind`), by id; ids with no row are left out.
pub async fn of(db: &impl ConnectionTrait, kind: ItemKind, ids: &[i64]) -> StoreResult<HashMap<i64, Card>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let ids = ids.to_vec();
    let mut out = HashMap::new();
    match kind {
        ItemKind::Circle | ItemKind::Event => {
            for g in groups::Entity::find().filter(groups::Column::Id.is_in(ids)).all(db).await? {
                let image = g.logo.clone().or_else(|| g.cover_image.clone());
                out.insert(g.id, card(g.slug, g.name, g.description.as_deref().unwrap_or(""), image));
            }
        }
        ItemKind::Job => {
            let rows: Vec<(i64, String, String, String, String)> = job_posts::Entity::find()
                .select_only()
                .column(job_posts::Column::Id)
                .column(job_posts::Column::Slug)
                .column(job_posts::Column::Title)
                .column(job_posts::Column::Description)
                .column_as(groups::Column::Slug, "group_slug")
                .join(
                    JoinType::InnerJoin,
                    job_posts::Entity::belongs_to(groups::Entity)
                        .from(job_posts::Column::GroupId)
                        .to(groups::Column::Id)
                        .into(),
                )
                .filter(job_posts::Column::Id.is_in(ids))
                .into_tuple()
                .all(db)
                .await?;
            for (id, slug, title, description, group_slug) in rows {
                let mut c = card(slug, title, &description, None);
                c.group_slug = Some(group_slug);
                out.insert(id, c);
            }
        }
        ItemKind::Resource | ItemKind::Prompt => {
            let rows: Vec<(i64, String, String, String)> = contents::Entity::find()
                .select_only()
                .column(contents::Column::Id)
                .column(contents::Column::Slug)
                .column(contents::Column::Title)
                .column(contents::Column::RawText)
                .filter(contents::Column::Id.is_in(ids))
                .into_tuple()
                .all(db)
                .await?;
            for (id, slug, title, text) in rows {
                out.insert(id, card(slug, title, &text, None));
            }
        }
        ItemKind::UseCase => {
            for u in use_cases::Entity::find().filter(use_cases::Column::Id.is_in(ids)).all(db).await? {
                out.insert(u.id, card(u.slug, u.title, u.description.as_deref().unwrap_or(""), u.thumbnail_image));
            }
        }
        ItemKind::AiTool => {
            for t in ai_tools::Entity::find().filter(ai_tools::Column::Id.is_in(ids)).all(db).await? {
                out.insert(t.id, card(t.slug, t.name, &t.description, t.logo));
            }
        }
        ItemKind::CareerTip => {
            for t in career_tips::Entity::find().filter(career_tips::Column::Id.is_in(ids)).all(db).await? {
                let name: String = short(&t.raw_text).chars().take(80).collect();
                out.insert(t.id, card(t.slug, name, &t.raw_text, None));
            }
        }
        ItemKind::User => {
            let rows: Vec<PersonRow> = users::Entity::find()
                .select_only()
                .column(users::Column::Id)
                .column(users::Column::FirstName)
                .column(users::Column::LastName)
                .column(profiles::Column::NameSlug)
                .column(profiles::Column::Title)
                .column(profiles::Column::Picture)
                .join(
                    JoinType::InnerJoin,
                    sea_orm::RelationDef::from(
                        profiles::Entity::belongs_to(users::Entity)
                            .from(profiles::Column::UserId)
                            .to(users::Column::Id),
                    )
                    .rev(),
                )
                .filter(users::Column::Id.is_in(ids))
                .into_tuple()
                .all(db)
                .await?;
            for (id, first, last, slug, title, picture) in rows {
                let name = format!("{first} {last}").trim().to_string();
                out.insert(id, card(slug, name, title.as_deref().unwrap_or(""), picture));
            }
        }
    }
    Ok(out)
}
