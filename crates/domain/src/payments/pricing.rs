//! Money: integer cents, the recurring period, and discounts (spec 002 §9: the circle
//! discount is clamped to 0..100; discounts summed are capped at 100 %).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Recurring {
    Month,
    Year,
}

impl Recurring {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Month => "month",
            Self::Year => "year",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "month" => Some(Self::Month),
            "year" => Some(Self::Year),
            _ => None,
        }
    }

    /// The end of the period that starts at `start` (Unix seconds), by calendar month/year.
    pub fn period_end(self, start: i64) -> i64 {
        use chrono::{DateTime, Months};
        let months = match self {
            Self::Month => 1,
            Self::Year => 12,
        };
        let at = DateTime::from_timestamp(start, 0).unwrap_or_default();
        at.checked_add_months(Months::new(months)).map(|end| end.timestamp()).unwrap_or(start)
    }
}

/// The largest amount a price may have: 1,000,000.00 in cents.
pub const MAX_AMOUNT_CENTS: i64 = 100_000_000;

/// A percentage clamped to 0..=100.
pub fn clamp_percent(percent: i64) -> u8 {
    percent.clamp(0, 100) as u8
}

/// The sum of the discounts' percentages, each clamped and the sum capped at 100.
pub fn total_percent(percents: &[i64]) -> u8 {
    clamp_percent(percents.iter().map(|p| i64::from(clamp_percent(*p))).sum())
}

/// `amount` (cents) less `percent` %, rounded to the nearest cent (half up).
pub fn discounted(amount: i64, percent: u8) -> i64 {
    let kept = i128::from(amount) * i128::from(100 - u16::from(percent.min(100)) as i64);
    ((kept + 50) / 100) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discounts_are_clamped_and_capped() {
        assert_eq!(clamp_percent(-5), 0);
        assert_eq!(clamp_percent(150), 100);
        assert_eq!(total_percent(&[20, 30]), 50);
        assert_eq!(total_percent(&[60, 70]), 100);
        assert_eq!(total_percent(&[-10, 20]), 20);
        assert_eq!(total_percent(&[]), 0);
    }

    #[test]
    fn discounted_amounts_round_to_cents() {
        assert_eq!(discounted(9900, 0), 9900);
        assert_eq!(discounted(9900, 100), 0);
        assert_eq!(discounted(9999, 15), 8499);
        assert_eq!(discounted(1, 50), 1);
    }

    #[test]
    fn periods_follow_the_calendar() {
        let jan_31 = 1_706_659_200; // 2024-01-31T00:00:00Z
        assert_eq!(Recurring::Month.period_end(jan_31), 1_709_164_800); // 2024-02-29
        assert_eq!(Recurring::Year.period_end(jan_31), 1_738_281_600); // 2025-01-31
        assert_eq!(Recurring::parse("week"), None);
    }
}
