//! The AI Readiness Assessment score (spec 002 §4 "CareerGPS agent flow"; issue 18).
//!
//! **The rule.** Every scored question is a slider from 0 to 10 (step 1) that names one of
//! the five category ids. Unanswered questions count nowhere.
//!
//! - The three *readiness* categories are `awareness_curiosity`, `experience_with_ai_tool`
//!   and `building_ai_solutions`. The readiness percentage is the points given over the
//!   points possible on the answered readiness questions: `100 × Σ answers / (10 × n)`,
//!   rounded to the nearest whole number (halves up). Each question weighs the same, so a
//!   category weighs as many questions as it has. No answered readiness question gives 0 %.
//! - The level is decided on that whole number, the one the report shows: below 40
//!   Beginner, below 70 Intermediate, otherwise Advanced.
//! - Each readiness category gets its own percentage by the same formula.
//! - `concern_level` and `optimism_level` are attitudes, not readiness: they never change the
//!   percentage. Each is the mean of its answers on the 0–10 scale: at most 3 low, at most
//!   7 moderate, above 7 high (compared exactly: a mean of 3.5 is moderate).
//! - A score's colour is green above 60 and orange otherwise (the readiness percentage and
//!   each category percentage).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    category::Category,
    definition::{AgentDefinition, StepType},
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum ReadinessLevel {
    Beginner,
    Intermediate,
    Advanced,
}

impl ReadinessLevel {
    pub fn as_str(self) -> &'static str {
        match self {
            ReadinessLevel::Beginner => "Beginner",
            ReadinessLevel::Intermediate => "Intermediate",
            ReadinessLevel::Advanced => "Advanced",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AttitudeLevel {
    Low,
    Moderate,
    High,
}

impl AttitudeLevel {
    pub fn as_str(self) -> &'static str {
        match self {
            AttitudeLevel::Low => "low",
            AttitudeLevel::Moderate => "moderate",
            AttitudeLevel::High => "high",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScoreColour {
    Green,
    Orange,
}

/// Below 40 Beginner, below 70 Intermediate, otherwise Advanced.
pub fn readiness_level(percent: u8) -> ReadinessLevel {
    match percent {
        0..=39 => ReadinessLevel::Beginner,
        40..=69 => ReadinessLevel::Intermediate,
        _ => ReadinessLevel::Advanced,
    }
}

/// Above 60 green, otherwise orange.
pub fn score_colour(percent: u8) -> ScoreColour {
    if percent > 60 {
        ScoreColour::Green
    } else {
        ScoreColour::Orange
    }
}

/// The level of a mean of `count` answers summing to `sum` (0–10 each), compared exactly:
/// at most 3 low, at most 7 moderate, above 7 high.
pub fn attitude_level(sum: u32, count: u32) -> AttitudeLevel {
    if sum <= 3 * count {
        AttitudeLevel::Low
    } else if sum <= 7 * count {
        AttitudeLevel::Moderate
    } else {
        AttitudeLevel::High
    }
}

/// `100 × sum / (10 × count)`, rounded half up; 0 without answers.
fn percent(sum: u32, count: u32) -> u8 {
    if count == 0 {
        return 0;
    }
    let possible = 10 * count;
    (((200 * sum + possible) / (2 * possible)).min(100)) as u8
}

/// One scored answer: a category and a value from 0 to 10.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoredAnswer {
    pub category: Category,
    pub value: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CategoryScore {
    pub id: Category,
    pub label: String,
    /// Questions answered in the category.
    pub answered: u32,
    /// None when no question of the category was answered.
    pub percent: Option<u8>,
    pub colour: Option<ScoreColour>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AttitudeScore {
    pub id: Category,
    pub label: String,
    pub answered: u32,
    /// The mean answer, to one decimal.
    pub average: f64,
    pub level: AttitudeLevel,
}

/// The whole score, as the AIRA report shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AiraScore {
    pub readiness_percent: u8,
    pub level: ReadinessLevel,
    pub colour: ScoreColour,
    /// The three readiness categories, in their fixed order.
    pub categories: Vec<CategoryScore>,
    pub concern: Option<AttitudeScore>,
    pub optimism: Option<AttitudeScore>,
}

impl AiraScore {
    /// The readiness category with the lowest percentage among those answered (the first
    /// in the fixed order on a tie): where the person has most to gain.
    pub fn weakest(&self) -> Option<&CategoryScore> {
        self.categories.iter().filter(|c| c.percent.is_some()).min_by_key(|c| c.percent)
    }
}

/// Scores a set of answers by the rule above.
pub fn score(answers: &[ScoredAnswer]) -> AiraScore {
    let mut sums: BTreeMap<Category, (u32, u32)> = BTreeMap::new();
    for a in answers {
        let entry = sums.entry(a.category).or_default();
        entry.0 += u32::from(a.value.min(10));
        entry.1 += 1;
    }
    let (mut total, mut count) = (0, 0);
    let categories = Category::READINESS
        .into_iter()
        .map(|id| {
            let (sum, n) = sums.get(&id).copied().unwrap_or_default();
            total += sum;
            count += n;
            let pct = (n > 0).then(|| percent(sum, n));
            CategoryScore { id, label: id.label().into(), answered: n, percent: pct, colour: pct.map(score_colour) }
        })
        .collect();
    let attitude = |id: Category| {
        let (sum, n) = sums.get(&id).copied()?;
        let average = (f64::from(sum) / f64::from(n) * 10.0).round() / 10.0;
        Some(AttitudeScore { id, label: id.label().into(), answered: n, average, level: attitude_level(sum, n) })
    };
    let readiness_percent = percent(total, count);
    AiraScore {
        readiness_percent,
        level: readiness_level(readiness_percent),
        colour: score_colour(readiness_percent),
        categories,
        concern: attitude(Category::ConcernLevel),
        optimism: attitude(Category::OptimismLevel),
    }
}

/// The scored answers of a run: every answered full-scale slider with a category, in the
/// custom form steps of `agent`. `answers` are the run's answers by step order.
pub fn scored_answers(agent: &AgentDefinition, answers: &BTreeMap<u32, Value>) -> Vec<ScoredAnswer> {
    let mut out = Vec::new();
    for step in agent.steps.iter().filter(|s| s.extra_info.kind == StepType::CustomForm) {
        let Some(given) = answers.get(&step.order).and_then(Value::as_object) else { continue };
        for q in &step.extra_info.questions {
            let (Some(category), true) = (q.category, q.is_full_scale_slider()) else { continue };
            let value = match given.get(&q.id) {
                Some(Value::Number(n)) => n.as_u64(),
                Some(Value::String(s)) => s.trim().parse::<u64>().ok(),
                _ => None,
            };
            if let Some(value) = value.filter(|v| *v <= 10) {
                out.push(ScoredAnswer { category, value: value as u8 });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Category::*;

    /// Ten readiness answers (4 awareness, 3 experience, 3 building) summing to `total`,
    /// so the percentage is exactly `total`.
    fn readiness_summing_to(total: u32) -> Vec<ScoredAnswer> {
        let cats = [
            AwarenessCuriosity,
            AwarenessCuriosity,
            AwarenessCuriosity,
            AwarenessCuriosity,
            ExperienceWithAiTool,
            ExperienceWithAiTool,
            ExperienceWithAiTool,
            BuildingAiSolutions,
            BuildingAiSolutions,
            BuildingAiSolutions,
        ];
        let mut left = total;
        cats.into_iter()
            .map(|category| {
                let value = left.min(10);
                left -= value;
                ScoredAnswer { category, value: value as u8 }
            })
            .collect()
    }

    #[test]
    fn readiness_levels_and_colours_at_every_boundary() {
        let table = [
            (0, ReadinessLevel::Beginner, ScoreColour::Orange),
            (39, ReadinessLevel::Beginner, ScoreColour::Orange),
            (40, ReadinessLevel::Intermediate, ScoreColour::Orange),
            (60, ReadinessLevel::Intermediate, ScoreColour::Orange),
            (61, ReadinessLevel::Intermediate, ScoreColour::Green),
            (69, ReadinessLevel::Intermediate, ScoreColour::Green),
            (70, ReadinessLevel::Advanced, ScoreColour::Green),
            (100, ReadinessLevel::Advanced, ScoreColour::Green),
        ];
        for (total, level, colour) in table {
            let s = score(&readiness_summing_to(total));
            assert_eq!(s.readiness_percent as u32, total, "percentage of {total}");
            assert_eq!(s.level, level, "level at {total}");
            assert_eq!(s.colour, colour, "colour at {total}");
        }
    }

    #[test]
    fn attitudes_at_every_boundary_never_change_readiness() {
        let table = [
            (0, AttitudeLevel::Low),
            (3, AttitudeLevel::Low),
            (4, AttitudeLevel::Moderate),
            (7, AttitudeLevel::Moderate),
            (8, AttitudeLevel::High),
            (10, AttitudeLevel::High),
        ];
        for (value, level) in table {
            let mut answers = readiness_summing_to(50);
            answers.push(ScoredAnswer { category: ConcernLevel, value });
            answers.push(ScoredAnswer { category: OptimismLevel, value });
            let s = score(&answers);
            assert_eq!(s.concern.as_ref().unwrap().level, level, "concern {value}");
            assert_eq!(s.optimism.as_ref().unwrap().level, level, "optimism {value}");
            assert_eq!(s.readiness_percent, 50);
        }
    }

    #[test]
    fn attitude_means_are_compared_exactly() {
        // 3 and 4: a mean of 3.5 is above 3, so moderate; 7 and 8 (7.5) is high.
        let s = score(&[
            ScoredAnswer { category: ConcernLevel, value: 3 },
            ScoredAnswer { category: ConcernLevel, value: 4 },
            ScoredAnswer { category: OptimismLevel, value: 7 },
            ScoredAnswer { category: OptimismLevel, value: 8 },
        ]);
        let concern = s.concern.unwrap();
        assert_eq!((concern.average, concern.level), (3.5, AttitudeLevel::Moderate));
        let optimism = s.optimism.unwrap();
        assert_eq!((optimism.average, optimism.level), (7.5, AttitudeLevel::High));
        assert_eq!(attitude_level(6, 2), AttitudeLevel::Low);
        assert_eq!(attitude_level(14, 2), AttitudeLevel::Moderate);
    }

    #[test]
    fn percentages_round_half_up_and_the_level_follows_the_shown_number() {
        // 11 of 30 = 36.7 → 37; 79 of 200 = 39.5 → 40 (Intermediate, as shown).
        let three = [4, 4, 3].map(|value| ScoredAnswer { category: AwarenessCuriosity, value });
        assert_eq!(score(&three).readiness_percent, 37);
        let mut twenty: Vec<ScoredAnswer> = (0..20)
            .map(|i| ScoredAnswer { category: ExperienceWithAiTool, value: if i < 19 { 4 } else { 3 } })
            .collect();
        assert_eq!(score(&twenty).readiness_percent, 40);
        assert_eq!(score(&twenty).level, ReadinessLevel::Intermediate);
        twenty[0].value = 2; // 77 of 200 = 38.5 → 39
        assert_eq!(score(&twenty).readiness_percent, 39);
        assert_eq!(score(&twenty).level, ReadinessLevel::Beginner);
    }

    #[test]
    fn categories_are_scored_on_their_own_and_unanswered_ones_count_nowhere() {
        let s = score(&[
            ScoredAnswer { category: AwarenessCuriosity, value: 9 },
            ScoredAnswer { category: AwarenessCuriosity, value: 8 },
            ScoredAnswer { category: BuildingAiSolutions, value: 2 },
        ]);
        // 19 of 30 = 63.3 → 63.
        assert_eq!(s.readiness_percent, 63);
        assert_eq!(s.categories[0].percent, Some(85));
        assert_eq!(s.categories[0].colour, Some(ScoreColour::Green));
        assert_eq!(s.categories[1].percent, None);
        assert_eq!(s.categories[2].percent, Some(20));
        assert_eq!(s.weakest().unwrap().id, BuildingAiSolutions);
        assert!(s.concern.is_none());
        let empty = score(&[]);
        assert_eq!((empty.readiness_percent, empty.level), (0, ReadinessLevel::Beginner));
        assert!(empty.weakest().is_none());
    }

    #[test]
    fn ids_are_the_specs() {
        let ids: Vec<String> =
            [AwarenessCuriosity, ExperienceWithAiTool, BuildingAiSolutions, ConcernLevel, OptimismLevel]
                .iter()
                .map(|c| serde_json::to_value(c).unwrap().as_str().unwrap().to_string())
                .collect();
        assert_eq!(
            ids,
            [
                "awareness_curiosity",
                "experience_with_ai_tool",
                "building_ai_solutions",
                "concern_level",
                "optimism_level"
            ]
        );
    }
}
