//! Community analytics (issue 33): the series a site's administrators read, the period
//! they ask for, and how daily rolled-up counts become weekly points.
//!
//! **The counts.** The job worker keeps one row per site, day, metric and key
//! (`analytics_daily`): a *flow* metric counts what happened that day (members joining,
//! posts, applications…), a *level* metric is what was true at the end of that day (active
//! members, seats taken in circles). A week's point is the sum of its days for a flow and the
//! last day's value for a level, so a page view reads rows, never the site's tables.
//!
//! **The period.** `from` and `to` are days (`YYYY-MM-DD`, UTC), both included; without
//! them the last [`DEFAULT_WEEKS`] weeks (this week and the whole weeks before it). At most [`MAX_PERIOD_DAYS`] days.
//! Weeks start on Monday; the first and last week may be partial.

use chrono::{Datelike, Duration, NaiveDate};

use crate::FieldErrors;

/// The longest period one request may cover: two years.
pub const MAX_PERIOD_DAYS: i64 = 731;
/// The period without `from`/`to`: the last 12 weeks.
pub const DEFAULT_WEEKS: i64 = 12;
/// How far back the first roll-up of a site reaches.
pub const BACKFILL_DAYS: i64 = MAX_PERIOD_DAYS;
/// Jobs listed with their applications and outcomes, the most applied to first.
pub const TOP_JOBS: usize = 20;
/// Circles listed with their seats, the fullest first (kept per day by the roll-up).
pub const TOP_CIRCLES: usize = 10;

/// Whether a metric's week is the sum of its days or its last day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Flow,
    Level,
}

/// One rolled-up count. The names are stored, so they never change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Metric {
    /// Applications to the site's organization made that day.
    MembersJoined,
    /// Memberships of the site's organization accepted that day (their last change).
    MembersAccepted,
    /// Accepted members whose last sign-in is within the 30 days ending that day.
    ActiveMembers,
    /// Posts (and newsletters) written that day.
    Posts,
    /// Resources submitted that day.
    Resources,
    /// Applications to jobs made that day (key: the job post's id, and `""` for the site).
    Applications,
    /// Applications accepted that day (reviewed), per job and for the site.
    ApplicationsAccepted,
    /// Applications rejected that day (reviewed), per job and for the site.
    ApplicationsRejected,
    /// AI readiness reports made that day.
    AiraReports,
    /// The sum of those reports' readiness percentages (the average is this over the count).
    AiraScoreSum,
    /// Of those reports, how many at each level (key: Beginner, Intermediate, Advanced).
    AiraLevel,
    /// Seats taken in circles with a maximum size (accepted members, at most the size).
    CircleSeatsTaken,
    /// Seats offered by circles with a maximum size.
    CircleSeatsTotal,
    /// Circles whose accepted members reach their maximum size.
    CirclesFull,
    /// Accepted members of one of the fullest circles that day (key: the circle's id).
    CircleMembers,
    /// The maximum size of one of the fullest circles that day (key: the circle's id).
    CircleCapacity,
    /// Questions asked to the assistant that day.
    AssistantQuestions,
    /// Ratings of the assistant's answers given that day (key: `""`, and `1`…`5`).
    AssistantRatings,
    /// The sum of those ratings.
    AssistantRatingSum,
}

impl Metric {
    pub const ALL: [Metric; 19] = [
        Metric::MembersJoined,
        Metric::MembersAccepted,
        Metric::ActiveMembers,
        Metric::Posts,
        Metric::Resources,
        Metric::Applications,
        Metric::ApplicationsAccepted,
        Metric::ApplicationsRejected,
        Metric::AiraReports,
        Metric::AiraScoreSum,
        Metric::AiraLevel,
        Metric::CircleSeatsTaken,
        Metric::CircleSeatsTotal,
        Metric::CirclesFull,
        Metric::CircleMembers,
        Metric::CircleCapacity,
        Metric::AssistantQuestions,
        Metric::AssistantRatings,
        Metric::AssistantRatingSum,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Metric::MembersJoined => "members_joined",
            Metric::MembersAccepted => "members_accepted",
            Metric::ActiveMembers => "active_members",
            Metric::Posts => "posts",
            Metric::Resources => "resources",
            Metric::Applications => "applications",
            Metric::ApplicationsAccepted => "applications_accepted",
            Metric::ApplicationsRejected => "applications_rejected",
            Metric::AiraReports => "aira_reports",
            Metric::AiraScoreSum => "aira_score_sum",
            Metric::AiraLevel => "aira_level",
            Metric::CircleSeatsTaken => "circle_seats_taken",
            Metric::CircleSeatsTotal => "circle_seats_total",
            Metric::CirclesFull => "circles_full",
            Metric::CircleMembers => "circle_members",
            Metric::CircleCapacity => "circle_capacity",
            Metric::AssistantQuestions => "assistant_questions",
            Metric::AssistantRatings => "assistant_ratings",
            Metric::AssistantRatingSum => "assistant_rating_sum",
        }
    }

    pub fn parse(name: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.as_str() == name)
    }

    /// Kept per circle (key: the circle's id) for the fullest circles, not as a site series.
    pub fn is_per_circle(self) -> bool {
        matches!(self, Metric::CircleMembers | Metric::CircleCapacity)
    }

    pub fn kind(self) -> Kind {
        match self {
            Metric::ActiveMembers
            | Metric::CircleSeatsTaken
            | Metric::CircleSeatsTotal
            | Metric::CirclesFull
            | Metric::CircleMembers
            | Metric::CircleCapacity => Kind::Level,
            _ => Kind::Flow,
        }
    }
}

/// The days a report covers, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

fn parse_day(errors: &mut FieldErrors, field: &str, raw: Option<&str>) -> Option<NaiveDate> {
    let raw = raw.map(str::trim).filter(|r| !r.is_empty())?;
    match NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
        Ok(day) if raw.len() == 10 => Some(day),
        _ => {
            errors.add(field, "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.");
            None
        }
    }
}

impl Period {
    /// The period a request names: `from`/`to` (either may be left out: `to` defaults to
    /// today, `from` to the Monday [`DEFAULT_WEEKS`] weeks back, so the period is that many
    /// weeks with the week of `to`), or the last `weeks` weeks so counted.
    /// Errors name the field: a bad date, `from` after `to`, more than [`MAX_PERIOD_DAYS`],
    /// `to` in the future.
    pub fn parse(
        from: Option<&str>,
        to: Option<&str>,
        weeks: Option<u32>,
        today: NaiveDate,
    ) -> Result<Period, FieldErrors> {
        let mut errors = FieldErrors::new();
        let from_day = parse_day(&mut errors, "from", from);
        let to_day = parse_day(&mut errors, "to", to);
        if let Some(weeks) = weeks {
            if from.is_some() {
                errors.add("weeks", "Give either weeks or from, not both.");
            } else if !(1..=(MAX_PERIOD_DAYS / 7) as u32).contains(&weeks) {
                errors.add("weeks", format!("Ensure this value is between 1 and {}.", MAX_PERIOD_DAYS / 7));
            }
        }
        errors.into_result()?;
        let mut errors = FieldErrors::new();
        let to = to_day.unwrap_or(today);
        if to > today {
            errors.add("to", "The period cannot end in the future.");
        }
        // N weeks are the week of `to` and the N - 1 whole weeks before it.
        let whole_weeks = |n: i64| week_start(to) - Duration::days((n - 1) * 7);
        let from = match (from_day, weeks) {
            (Some(from), _) => from,
            (None, Some(weeks)) => whole_weeks(i64::from(weeks)),
            (None, None) => whole_weeks(DEFAULT_WEEKS),
        };
        if from > to {
            errors.add("from", "The start of the period must be on or before its end.");
        } else if (to - from).num_days() + 1 > MAX_PERIOD_DAYS {
            errors.add("from", format!("The period may cover at most {MAX_PERIOD_DAYS} days (two years)."));
        }
        errors.into_result()?;
        Ok(Period { from, to })
    }

    pub fn days(&self) -> i64 {
        (self.to - self.from).num_days() + 1
    }

    /// The Monday starting each week the period touches, in order.
    pub fn weeks(&self) -> Vec<NaiveDate> {
        let mut week = week_start(self.from);
        let mut out = Vec::new();
        while week <= self.to {
            out.push(week);
            week += Duration::days(7);
        }
        out
    }
}

/// The Monday of the week a day falls in.
pub fn week_start(day: NaiveDate) -> NaiveDate {
    day - Duration::days(i64::from(day.weekday().num_days_from_monday()))
}

/// One day's count of one metric (site-wide, key `""`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayValue {
    pub day: NaiveDate,
    pub value: i64,
}

/// A metric's weekly points: for each week of `weeks`, the sum of its days (a flow) or the
/// value of its last day that has a row (a level; `None` when the week has none).
/// `days` must be in day order.
pub fn weekly(kind: Kind, weeks: &[NaiveDate], days: &[DayValue]) -> Vec<Option<i64>> {
    let mut out = vec![None; weeks.len()];
    for d in days {
        let start = week_start(d.day);
        let Ok(i) = weeks.binary_search(&start) else { continue };
        out[i] = Some(match (kind, out[i]) {
            (Kind::Flow, Some(sum)) => sum + d.value,
            _ => d.value,
        });
    }
    if kind == Kind::Flow {
        for point in &mut out {
            point.get_or_insert(0);
        }
    }
    out
}

/// An average to one decimal, or none when nothing was counted.
pub fn average(sum: i64, count: i64) -> Option<f64> {
    (count > 0).then(|| (sum as f64 / count as f64 * 10.0).round() / 10.0)
}

/// The days a roll-up run recomputes: yesterday and today, or on a site's first run the
/// [`BACKFILL_DAYS`] ending today.
pub fn rollup_days(today: NaiveDate, first_run: bool) -> (NaiveDate, NaiveDate) {
    let back = if first_run { BACKFILL_DAYS - 1 } else { 1 };
    (today - Duration::days(back), today)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    const TODAY: &str = "2026-12-02";

    /// `from`, `to` and `weeks` of a request.
    type Ask<'a> = (Option<&'a str>, Option<&'a str>, Option<u32>);

    #[test]
    fn metric_names_round_trip_and_are_unique() {
        let mut names: Vec<_> = Metric::ALL.iter().map(|m| m.as_str()).collect();
        for m in Metric::ALL {
            assert_eq!(Metric::parse(m.as_str()), Some(m));
        }
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Metric::ALL.len());
        assert_eq!(Metric::parse("nope"), None);
    }

    #[test]
    fn periods_parse_and_default() {
        let today = d(TODAY);
        let table: [(Ask, (&str, &str)); 6] = [
            ((None, None, None), ("2026-09-14", TODAY)),
            ((Some("2026-11-01"), Some("2026-11-30"), None), ("2026-11-01", "2026-11-30")),
            ((None, None, Some(4)), ("2026-11-09", TODAY)),
            ((None, Some("2026-11-30"), Some(1)), ("2026-11-30", "2026-11-30")),
            ((None, Some("2026-11-29"), Some(2)), ("2026-11-16", "2026-11-29")),
            ((Some("2024-12-02"), Some("2026-12-02"), None), ("2024-12-02", "2026-12-02")),
        ];
        for ((from, to, weeks), (want_from, want_to)) in table {
            let p = Period::parse(from, to, weeks, today).unwrap();
            assert_eq!((p.from, p.to), (d(want_from), d(want_to)), "{from:?} {to:?} {weeks:?}");
        }
        let default = Period::parse(None, None, None, today).unwrap();
        assert_eq!(default.weeks().len(), DEFAULT_WEEKS as usize);
        assert_eq!(Period::parse(None, None, Some(104), today).unwrap().weeks().len(), 104);
    }

    #[test]
    fn bad_periods_are_refused_on_their_field() {
        let today = d(TODAY);
        let table: [(Ask, &str); 8] = [
            ((Some("2026-13-01"), None, None), "from"),
            ((Some("yesterday"), None, None), "from"),
            ((None, Some("2026-2-1"), None), "to"),
            ((Some("2026-11-30"), Some("2026-11-01"), None), "from"),
            ((Some("2024-12-01"), Some("2026-12-02"), None), "from"),
            ((None, Some("2026-12-03"), None), "to"),
            ((None, None, Some(0)), "weeks"),
            ((Some("2026-11-01"), None, Some(4)), "weeks"),
        ];
        for ((from, to, weeks), field) in table {
            let errors = Period::parse(from, to, weeks, today).unwrap_err();
            assert!(errors.first(field).is_some(), "{from:?} {to:?} {weeks:?}: {errors:?}");
        }
    }

    #[test]
    fn weeks_start_on_monday() {
        assert_eq!(week_start(d("2026-12-02")), d("2026-11-30"));
        assert_eq!(week_start(d("2026-11-30")), d("2026-11-30"));
        assert_eq!(week_start(d("2026-12-06")), d("2026-11-30"));
        let p = Period { from: d("2026-11-25"), to: d("2026-12-02") };
        assert_eq!(p.weeks(), vec![d("2026-11-23"), d("2026-11-30")]);
    }

    #[test]
    fn flows_sum_and_levels_keep_the_last_day() {
        let weeks = [d("2026-11-23"), d("2026-11-30")];
        let days = [
            DayValue { day: d("2026-11-24"), value: 2 },
            DayValue { day: d("2026-11-26"), value: 5 },
            DayValue { day: d("2026-12-01"), value: 1 },
        ];
        assert_eq!(weekly(Kind::Flow, &weeks, &days), vec![Some(7), Some(1)]);
        assert_eq!(weekly(Kind::Level, &weeks, &days), vec![Some(5), Some(1)]);
        assert_eq!(weekly(Kind::Flow, &weeks, &[]), vec![Some(0), Some(0)]);
        assert_eq!(weekly(Kind::Level, &weeks, &[]), vec![None, None]);
    }

    #[test]
    fn averages_and_rollup_days() {
        assert_eq!(average(0, 0), None);
        assert_eq!(average(10, 3), Some(3.3));
        assert_eq!(rollup_days(d(TODAY), false), (d("2026-12-01"), d(TODAY)));
        assert_eq!(rollup_days(d(TODAY), true).0, d("2024-12-02"));
    }
}
