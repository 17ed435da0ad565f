//! HTTP tests of the API against the real router, one fresh database per test.
#![allow(dead_code)]

mod common;

mod auth;
mod config;
mod conventions;
mod topics;
mod web;
