//! One value of a tenant's option list (a career stage, a professional field, a country) as
//! a form sends it. The options' values are numbers for some lists (career stages: spec 000,
//! "career_stage must be an integer") and words for others, and the web sends whichever the
//! option holds, so a body field takes either and the stored form keeps its text.

use std::fmt;

use serde::{de, Deserialize, Deserializer};
use utoipa::{
    openapi::{schema::Type, KnownFormat, ObjectBuilder, OneOfBuilder, RefOr, Schema, SchemaFormat},
    PartialSchema, ToSchema,
};

/// An option's value: the text of a string, or the decimal text of an integer.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OptionValue(pub String);

impl OptionValue {
    /// The values' texts, in order.
    pub fn texts(values: Vec<OptionValue>) -> Vec<String> {
        values.into_iter().map(|v| v.0).collect()
    }
}

impl<'de> Deserialize<'de> for OptionValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Text;
        impl de::Visitor<'_> for Text {
            type Value = OptionValue;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string or an integer")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<OptionValue, E> {
                Ok(OptionValue(v.to_string()))
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<OptionValue, E> {
                Ok(OptionValue(v.to_string()))
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<OptionValue, E> {
                Ok(OptionValue(v.to_string()))
            }
        }
        deserializer.deserialize_any(Text)
    }
}

impl PartialSchema for OptionValue {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .description(Some("An option's value: a string, or an integer for numbered options."))
            .item(ObjectBuilder::new().schema_type(Type::String))
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64))),
            )
            .into()
    }
}

impl ToSchema for OptionValue {}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> Result<Vec<OptionValue>, String> {
        let mut de = serde_json::Deserializer::from_str(json);
        serde_path_to_error::deserialize(&mut de).map_err(|e| format!("{} at {}", e.inner(), e.path()))
    }

    #[test]
    fn integers_and_strings_are_both_option_values() {
        let values = parse(r#"[3, "4", "senior", 0]"#).unwrap();
        assert_eq!(OptionValue::texts(values), ["3", "4", "senior", "0"]);
    }

    #[test]
    fn anything_else_is_refused_at_its_place() {
        let error = parse(r#"[3, true]"#).unwrap_err();
        assert!(error.contains("expected a string or an integer"), "{error}");
        assert!(error.ends_with("at [1]"), "{error}");
        assert!(parse(r#"[{"id": 3}]"#).is_err());
        assert!(parse("[2.5]").is_err(), "a fraction is no option's value");
    }
}
