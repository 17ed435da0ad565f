//! `queries::sql::replace_links`: an owner's rows of a link table replaced in one write.

mod common;

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use store::{
    entities::{group_topics, topics},
    queries::sql::replace_links,
};

async fn topic(t: &common::TestDb, tenant_id: i64, name: &str) -> i64 {
    topics::ActiveModel {
        tenant_id: Set(tenant_id),
        name: Set(name.into()),
        name_key: Set(name.to_lowercase()),
        topic_type: Set("general".into()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&t.db)
    .await
    .unwrap()
    .id
}

async fn linked(t: &common::TestDb, group_id: i64) -> Vec<i64> {
    group_topics::Entity::find()
        .filter(group_topics::Column::GroupId.eq(group_id))
        .order_by_asc(group_topics::Column::Id)
        .all(&t.db)
        .await
        .unwrap()
        .into_iter()
        .map(|link| link.topic_id)
        .collect()
}

#[tokio::test]
async fn links_are_replaced_in_the_order_given_each_once() {
    let t = common::fresh().await;
    let site = t.tenant("a.example").await;
    let (group, other) = (site.organization.id, t.tenant("b.example").await.organization.id);
    let (data, design, ethics) = (
        topic(&t, site.tenant.id, "Data").await,
        topic(&t, site.tenant.id, "Design").await,
        topic(&t, site.tenant.id, "Ethics").await,
    );
    let row = |owner: i64| {
        move |id| group_topics::ActiveModel { group_id: Set(owner), topic_id: Set(id), ..Default::default() }
    };
    replace_links(&t.db, group_topics::Column::GroupId.eq(other), &[data], row(other)).await.unwrap();

    replace_links(&t.db, group_topics::Column::GroupId.eq(group), &[ethics, data, ethics], row(group)).await.unwrap();
    assert_eq!(linked(&t, group).await, [ethics, data]);
    replace_links(&t.db, group_topics::Column::GroupId.eq(group), &[design], row(group)).await.unwrap();
    assert_eq!(linked(&t, group).await, [design]);
    replace_links(&t.db, group_topics::Column::GroupId.eq(group), &[], row(group)).await.unwrap();
    assert!(linked(&t, group).await.is_empty());
    assert_eq!(linked(&t, other).await, [data], "another owner's links stay");

    let missing = replace_links(&t.db, group_topics::Column::GroupId.eq(group), &[design, 999_999], row(group)).await;
    assert!(missing.is_err(), "a link to a missing topic is refused");
}
