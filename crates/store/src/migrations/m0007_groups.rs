//! Groups in full (spec 001 §3): the fields of circles, events, organizations and
//! institutions; their topics and SDGs; circle types; membership answers, notes, payment
//! status and the wait list; invitations; circle requests and leader applications; the
//! leadership certification on profiles.

use sea_orm_migration::{prelude::*, schema::*};

use super::{fk, index, timestamps};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0007_groups"
    }
}

fn col(name: &str) -> Alias {
    Alias::new(name)
}

/// The United Nations Sustainable Development Goals, in their official order.
pub const SDG_NAMES: [&str; 17] = [
    "No Poverty",
    "Zero Hunger",
    "Good Health and Well-being",
    "Quality Education",
    "Gender Equality",
    "Clean Water and Sanitation",
    "Affordable and Clean Energy",
    "Decent Work and Economic Growth",
    "Industry, Innovation and Infrastructure",
    "Reduced Inequalities",
    "Sustainable Cities and Communities",
    "Responsible Consumption and Production",
    "Climate Action",
    "Life Below Water",
    "Life on Land",
    "Peace, Justice and Strong Institutions",
    "Partnerships for the Goals",
];

/// Circle types every site starts with; a site may add its own.
pub const DEFAULT_CIRCLE_TYPES: [&str; 4] =
    ["Learning Circle", "Use Case Circle", "Leadership Circle", "Research Circle"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        let group_columns: Vec<ColumnDef> = vec![
            text_null(col("objective")),
            text_null(col("member_requirements")),
            text_null(col("impact")),
            string_len_null(col("location"), 255),
            string_len_null(col("country"), 100),
            json_binary_null(col("countries")),
            json_binary_null(col("career_stages")),
            json_binary_null(col("professional_fields")),
            json_binary_null(col("roles")),
            json_binary_null(col("paid_features")),
            json_binary_null(col("use_cases")),
            json_binary_null(col("donation_details")),
            json_binary_null(col("extra_info")),
            integer(col("level")).default(1).to_owned(),
            string_len_null(col("group_duration"), 20),
            big_integer_null(col("maximum_size")),
            date_null(col("start_date")),
            date_null(col("end_date")),
            date_null(col("application_open_date")),
            date_null(col("application_close_date")),
            big_integer_null(col("circle_type_id")),
            integer_null(col("circle_status_priority")),
            string_len_null(col("event_type"), 20),
            boolean(col("is_paid")).default(false).to_owned(),
            big_integer_null(col("price_cents")),
            big_integer_null(col("discount")),
            integer_null(col("commitment_time")),
            string_len_null(col("complexity_level"), 20),
            string_len_null(col("learning_modality"), 20),
            boolean(col("create_google_classroom")).default(false).to_owned(),
            string_len_null(col("google_classroom_id"), 100),
            boolean(col("is_influencer")).default(false).to_owned(),
            big_integer_null(col("created_by")),
        ];
        for mut column in group_columns {
            manager.alter_table(Table::alter().table(col("groups")).add_column(&mut column).to_owned()).await?;
        }
        manager
            .create_index(index(
                "ix_groups_tenant_type_start",
                col("groups"),
                &["tenant_id", "group_type", "start_date"],
                false,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_groups_tenant_type_end",
                col("groups"),
                &["tenant_id", "group_type", "end_date"],
                false,
            ))
            .await?;

        let membership_columns: Vec<ColumnDef> = vec![
            json_binary_null(col("extra_info")),
            text_null(col("notes")),
            text_null(col("reason")),
            string_len_null(col("payment_status"), 20),
            boolean(col("waitlisted")).default(false).to_owned(),
        ];
        for mut column in membership_columns {
            manager.alter_table(Table::alter().table(col("memberships")).add_column(&mut column).to_owned()).await?;
        }
        manager
            .create_index(index(
                "ix_memberships_group_status_created",
                col("memberships"),
                &["group_id", "status", "created_at"],
                false,
            ))
            .await?;

        manager
            .alter_table(
                Table::alter()
                    .table(col("profiles"))
                    .add_column(json_binary_null(col("leadership_certification_details")))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(col("sdgs"))
                    .col(big_pk_auto(col("id")))
                    .col(integer_uniq(col("number")))
                    .col(string_len(col("name"), 100))
                    .col(string_len_null(col("logo"), 500))
                    .to_owned(),
            )
            .await?;
        for (i, name) in SDG_NAMES.iter().enumerate() {
            let insert = Query::insert()
                .into_table(col("sdgs"))
                .columns([col("number"), col("name")])
                .values_panic([(i as i32 + 1).into(), (*name).into()])
                .to_owned();
            manager.exec_stmt(insert).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(col("circle_types"))
                    .col(big_pk_auto(col("id")))
                    .col(big_integer_null(col("tenant_id")))
                    .col(string_len(col("name"), 100))
                    .foreign_key(&mut fk(
                        "fk_circle_types_tenant",
                        (col("circle_types"), col("tenant_id")),
                        (col("tenants"), col("id")),
                        ForeignKeyAction::Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        for name in DEFAULT_CIRCLE_TYPES {
            let insert = Query::insert()
                .into_table(col("circle_types"))
                .columns([col("name")])
                .values_panic([name.into()])
                .to_owned();
            manager.exec_stmt(insert).await?;
        }

        for (table, other, other_table) in [("group_topics", "topic_id", "topics"), ("group_sdgs", "sdg_id", "sdgs")] {
            manager
                .create_table(
                    Table::create()
                        .table(col(table))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("group_id")))
                        .col(big_integer(col(other)))
                        .foreign_key(&mut fk(
                            &format!("fk_{table}_group"),
                            (col(table), col("group_id")),
                            (col("groups"), col("id")),
                            ForeignKeyAction::Cascade,
                        ))
                        .foreign_key(&mut fk(
                            &format!("fk_{table}_{other_table}"),
                            (col(table), col(other)),
                            (col(other_table), col("id")),
                            ForeignKeyAction::Cascade,
                        ))
                        .to_owned(),
                )
                .await?;
            let unique: &'static str = if table == "group_topics" { "ux_group_topics" } else { "ux_group_sdgs" };
            let cols: [&'static str; 2] =
                if table == "group_topics" { ["group_id", "topic_id"] } else { ["group_id", "sdg_id"] };
            manager.create_index(index(unique, col(table), &cols, true)).await?;
            let reverse: &'static str =
                if table == "group_topics" { "ix_group_topics_topic" } else { "ix_group_sdgs_sdg" };
            manager.create_index(index(reverse, col(table), &cols[1..], false)).await?;
        }

        // Invitations are addressed by an unguessable id, which is also their link.
        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col("invitations"))
                        .col(string_len(col("id"), 40).primary_key())
                        .col(big_integer(col("tenant_id")))
                        .col(string_len(col("content_type"), 20))
                        .col(big_integer(col("object_id")))
                        .col(big_integer(col("invited_by")))
                        .col(big_integer_null(col("user_id")))
                        .col(string_len_null(col("email"), 254))
                        .col(string_len(col("status"), 20)),
                )
                .foreign_key(&mut fk(
                    "fk_invitations_tenant",
                    (col("invitations"), col("tenant_id")),
                    (col("tenants"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_invitations_invited_by",
                    (col("invitations"), col("invited_by")),
                    (col("users"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_invitations_user",
                    (col("invitations"), col("user_id")),
                    (col("users"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index("ix_invitations_object", col("invitations"), &["content_type", "object_id"], false))
            .await?;
        manager.create_index(index("ix_invitations_user", col("invitations"), &["user_id"], false)).await?;
        manager.create_index(index("ix_invitations_email", col("invitations"), &["email"], false)).await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col("circle_requests"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(big_integer(col("user_id")))
                        .col(text(col("real_world_problems_to_solve")))
                        .col(text(col("goal")))
                        .col(string_len(col("urgency"), 7))
                        .col(integer(col("hours_commitment")))
                        .col(string_len(col("learning_modality"), 20))
                        .col(string_len_null(col("location"), 100)),
                )
                .foreign_key(&mut fk(
                    "fk_circle_requests_tenant",
                    (col("circle_requests"), col("tenant_id")),
                    (col("tenants"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_circle_requests_user",
                    (col("circle_requests"), col("user_id")),
                    (col("users"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
            )
            .await?;
        manager.create_index(index("ix_circle_requests_tenant", col("circle_requests"), &["tenant_id"], false)).await?;

        manager
            .create_table(
                timestamps(
                    Table::create()
                        .table(col("leader_applications"))
                        .col(big_pk_auto(col("id")))
                        .col(big_integer(col("tenant_id")))
                        .col(big_integer(col("user_id")))
                        .col(big_integer_null(col("group_id")))
                        .col(json_binary(col("response")))
                        .col(string_len(col("status"), 20))
                        .col(big_integer_null(col("reviewed_by"))),
                )
                .foreign_key(&mut fk(
                    "fk_leader_applications_tenant",
                    (col("leader_applications"), col("tenant_id")),
                    (col("tenants"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_leader_applications_user",
                    (col("leader_applications"), col("user_id")),
                    (col("users"), col("id")),
                    ForeignKeyAction::Cascade,
                ))
                .foreign_key(&mut fk(
                    "fk_leader_applications_group",
                    (col("leader_applications"), col("group_id")),
                    (col("groups"), col("id")),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_leader_applications_tenant_user",
                col("leader_applications"),
                &["tenant_id", "user_id"],
                false,
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "leader_applications",
            "circle_requests",
            "invitations",
            "group_sdgs",
            "group_topics",
            "circle_types",
            "sdgs",
        ] {
            manager.drop_table(Table::drop().table(col(table)).to_owned()).await?;
        }
        manager
            .alter_table(
                Table::alter().table(col("profiles")).drop_column(col("leadership_certification_details")).to_owned(),
            )
            .await?;
        for column in ["extra_info", "notes", "reason", "payment_status", "waitlisted"] {
            manager.alter_table(Table::alter().table(col("memberships")).drop_column(col(column)).to_owned()).await?;
        }
        Ok(())
    }
}
