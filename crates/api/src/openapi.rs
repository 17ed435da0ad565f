//! The OpenAPI document, generated from the handlers' annotations.

use utoipa::{
    openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
    Modify, OpenApi,
};

use crate::error::ErrorBody;

#[derive(OpenApi)]
#[openapi(
    info(title = "Waypoint API", description = "Career networking and AI upskilling community platform."),
    components(schemas(ErrorBody)),
    modifiers(&BearerAuth),
    tags(
        (name = "health", description = "Liveness and readiness"),
        (name = "config", description = "Tenant configuration"),
        (name = "topics", description = "Topics and topic areas"),
        (name = "auth", description = "Sign-up, sign-in, sessions and identity"),
        (name = "groups", description = "Organizations, institutions, circles and events"),
        (name = "search", description = "Search over people and groups"),
        (name = "programme", description = "Circle requests, leader applications and certified circle leaders"),
        (name = "use-cases", description = "AI use cases of the site"),
    )
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

/// A string schema limited to `values`, for query parameters whose handler checks the value
/// against a list of choices (the list the handler uses, so the two cannot drift apart).
pub fn string_enum(values: &[&str]) -> utoipa::openapi::schema::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(values.iter().copied()))
        .build()
}
