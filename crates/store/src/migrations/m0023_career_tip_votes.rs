//! Votes on career tips (spec 002 §3 "Vote": careertip): `career_tips.vote_score` is the
//! sum of the tip's votes, kept in the vote's transaction like the AI tools' and use
//! cases' (m0020); the votes themselves are rows of `votes` with content type `careertip`.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0023_career_tip_votes"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Alias::new("career_tips"))
                    .add_column(big_integer(Alias::new("vote_score")).default(0).to_owned())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table(Alias::new("career_tips")).drop_column(Alias::new("vote_score")).to_owned(),
            )
            .await
    }
}
