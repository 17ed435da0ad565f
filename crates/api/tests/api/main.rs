//! HTTP tests of the API against the real router, one fresh database per test.
#![allow(dead_code)]

mod common;

mod accounts;
mod auth;
mod career_gps;
mod catalogue;
mod config;
mod connections;
mod content;
mod contract;
mod conventions;
mod dev_mailbox;
mod follows;
mod group_updates;
mod groups;
mod groups_cross_org;
mod groups_favourites;
mod groups_hostile;
mod imports;
mod influencers;
mod invitations;
mod jobs;
mod jobs_favourites;
mod jobs_recommended;
mod list_counts;
mod list_pages;
mod members;
mod membership;
mod my_area;
mod payments;
mod payments_stripe;
mod profile_me;
mod profiles;
mod programme;
mod resume_pdfs;
mod search;
mod search_by_kind;
mod seed;
mod social;
mod topics;
mod uploads;
mod use_cases;
mod web;
