//! Votes on CareerGPS agents (spec 002 §3 "Vote": content type `agentbuilder`): the agent
//! keeps the sum of its votes as the catalogue's items do, moved in the vote's transaction.

use sea_orm_migration::{prelude::*, schema::*};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0040_agent_votes"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Alias::new("agents"))
                    .add_column(big_integer(Alias::new("vote_score")).default(0))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(Alias::new("agents")).drop_column(Alias::new("vote_score")).to_owned())
            .await
    }
}
