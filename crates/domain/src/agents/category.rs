//! The five categories a scored question of the AI Readiness Assessment names: what the
//! questions of a form carry, and what the score ([`super::aira`]) adds up per category.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The five category scoring ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    AwarenessCuriosity,
    ExperienceWithAiTool,
    BuildingAiSolutions,
    ConcernLevel,
    OptimismLevel,
}

impl Category {
    pub const READINESS: [Category; 3] =
        [Category::AwarenessCuriosity, Category::ExperienceWithAiTool, Category::BuildingAiSolutions];

    pub fn as_str(self) -> &'static str {
        match self {
            Category::AwarenessCuriosity => "awareness_curiosity",
            Category::ExperienceWithAiTool => "experience_with_ai_tool",
            Category::BuildingAiSolutions => "building_ai_solutions",
            Category::ConcernLevel => "concern_level",
            Category::OptimismLevel => "optimism_level",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Category::AwarenessCuriosity => "Awareness and curiosity",
            Category::ExperienceWithAiTool => "Experience with AI tools",
            Category::BuildingAiSolutions => "Building AI solutions",
            Category::ConcernLevel => "Concern about AI",
            Category::OptimismLevel => "Optimism about AI",
        }
    }

    pub fn is_readiness(self) -> bool {
        Category::READINESS.contains(&self)
    }
}
