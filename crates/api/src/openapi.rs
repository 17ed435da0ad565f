//! The OpenAPI document, generated from the handlers' annotations.

use axum::http::StatusCode;
use utoipa::{
    openapi::{
        path::{Operation, ParameterIn},
        security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
        ContentBuilder, Ref, RefOr, Response, ResponseBuilder,
    },
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
        (name = "assistant", description = "The AMA assistant: questions, history, ratings and recommendations"),
        (name = "agents", description = "CareerGPS agents: running their steps, reports and report feedback"),
        (name = "programme", description = "Circle requests, leader applications and certified circle leaders"),
        (name = "use-cases", description = "AI use cases of the site"),
        (name = "jobs", description = "The job board: job posts, applications and their review"),
        (name = "bookmarks", description = "Bookmarks of items, shown as favourites"),
        (name = "influencers", description = "Influential people of a site (influential organizations are groups)"),
        (name = "my-area", description = "What the caller created or applied to, and the overviews of My area and Favourites"),
        (name = "contents", description = "Posts, newsletters, resources and prompts of groups; link previews"),
        (name = "career-tips", description = "Career tips and their moderation"),
        (name = "notifications", description = "In-app notifications of the signed-in person"),
        (name = "chat", description = "One-to-one chat rooms and their messages"),
        (name = "classroom", description = "Google Classroom: consent, roster and course material syncs of groups"),
        (name = "admin", description = "The admin dashboard: the audit log of administrators' actions and the community analytics"),
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

/// The answers every operation of a kind can give, whatever its handler does, added to the
/// operations that lack them; applied to the finished document (the routes' operations are
/// only there after the router is split), so 100 annotations need not repeat them:
/// - a request body may be of the wrong type (415), too large (413) or not a JSON object (400);
/// - a parameter may not parse or hold a NUL character (400); a path id may name nothing (404);
/// - an operation that needs a bearer token answers guests 401.
///
/// Every response also gets the description OpenAPI requires (the status's reason phrase) when
/// its annotation gave none.
pub struct StandardResponses;

impl Modify for StandardResponses {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            let operations = [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.patch,
                &mut item.head,
                &mut item.options,
            ];
            for operation in operations.into_iter().flatten() {
                add_standard_responses(operation);
                describe_responses(operation);
            }
        }
    }
}

fn add_standard_responses(operation: &mut Operation) {
    let parameters: Vec<_> = operation
        .parameters
        .iter()
        .flatten()
        .filter_map(|parameter| match parameter {
            RefOr::T(parameter) => Some(parameter),
            RefOr::Ref(_) => None,
        })
        .collect();
    let has_body = operation.request_body.is_some();
    let has_path_parameter = parameters.iter().any(|p| p.parameter_in == ParameterIn::Path);
    let needs_sign_in = operation.security.as_ref().is_some_and(|s| !s.is_empty());
    let mut wanted = Vec::new();
    if has_body || !parameters.is_empty() {
        wanted.push(StatusCode::BAD_REQUEST);
    }
    if needs_sign_in {
        wanted.push(StatusCode::UNAUTHORIZED);
    }
    if has_path_parameter {
        wanted.push(StatusCode::NOT_FOUND);
    }
    if has_body {
        wanted.extend([StatusCode::PAYLOAD_TOO_LARGE, StatusCode::UNSUPPORTED_MEDIA_TYPE]);
    }
    for status in wanted {
        operation.responses.responses.entry(status.as_str().to_string()).or_insert_with(|| error_response(status));
    }
}

fn error_response(status: StatusCode) -> RefOr<Response> {
    RefOr::T(
        ResponseBuilder::new()
            .description(status.canonical_reason().unwrap_or("Error"))
            .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build())
            .build(),
    )
}

fn describe_responses(operation: &mut Operation) {
    for (status, response) in operation.responses.responses.iter_mut() {
        if let RefOr::T(response) = response {
            if response.description.is_empty() {
                response.description = status
                    .parse::<u16>()
                    .ok()
                    .and_then(|code| StatusCode::from_u16(code).ok())
                    .and_then(|code| code.canonical_reason())
                    .unwrap_or("Answer")
                    .to_string();
            }
        }
    }
}

/// Marks every object schema that names no properties (the `Object` of a free-form field:
/// a site's own question answers, a form's extra information) as taking any property
/// (`additionalProperties: true`). JSON Schema already reads it so; the web's type generator
/// otherwise reads it as an object that may hold nothing, which no value fits.
pub struct FreeFormObjects;

impl Modify for FreeFormObjects {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        if let Some(components) = openapi.components.as_mut() {
            for schema in components.schemas.values_mut() {
                free_form(schema);
            }
        }
    }
}

fn free_form(schema: &mut RefOr<utoipa::openapi::schema::Schema>) {
    use utoipa::openapi::schema::{AdditionalProperties, ArrayItems, Schema, SchemaType, Type};
    let RefOr::T(schema) = schema else { return };
    match schema {
        Schema::Object(object) => {
            let is_object = match &object.schema_type {
                SchemaType::Type(kind) => *kind == Type::Object,
                SchemaType::Array(kinds) => kinds.contains(&Type::Object),
                SchemaType::AnyValue => false,
            };
            if is_object && object.properties.is_empty() && object.additional_properties.is_none() {
                object.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(true)));
            }
            for property in object.properties.values_mut() {
                free_form(property);
            }
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                free_form(items);
            }
        }
        Schema::OneOf(one_of) => one_of.items.iter_mut().for_each(free_form),
        Schema::AllOf(all_of) => all_of.items.iter_mut().for_each(free_form),
        Schema::AnyOf(any_of) => any_of.items.iter_mut().for_each(free_form),
        _ => {}
    }
}
