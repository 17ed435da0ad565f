//! Influencers (spec 002 §2 "Influencer pages", §3 "Influential person", §7 "Influential
//! people: default org id, is_influencer true, status accepted"). A person is an influencer
//! of one site: the flag sits on their membership of the site's organization (staff set it),
//! so another site never sees it. Organizations already carry `groups.is_influencer`.
//!
//! Indexes follow the two lists: the influential people of an organization
//! `(group_id, is_influencer, status, user_id)`, and the influential organizations of a site
//! `(tenant_id, is_influencer, group_type, start_date, id)`, in the order the group list reads.

use sea_orm_migration::{prelude::*, schema::boolean};

use super::index;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0024_influencers"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(col("memberships"))
                    .add_column(boolean(col("is_influencer")).default(false).to_owned())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_memberships_group_influencer",
                col("memberships"),
                &["group_id", "is_influencer", "status", "user_id"],
                false,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_groups_tenant_influencer",
                col("groups"),
                &["tenant_id", "is_influencer", "group_type", "start_date", "id"],
                false,
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("ix_groups_tenant_influencer").table(col("groups")).to_owned()).await?;
        manager
            .drop_index(Index::drop().name("ix_memberships_group_influencer").table(col("memberships")).to_owned())
            .await?;
        manager
            .alter_table(Table::alter().table(col("memberships")).drop_column(col("is_influencer")).to_owned())
            .await?;
        Ok(())
    }
}
