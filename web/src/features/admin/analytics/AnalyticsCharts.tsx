// The analytics page's charts (issue 33), drawn with recharts. This module is loaded on demand
// by AnalyticsPage (React.lazy), so recharts is in no other page's JavaScript, and the page's
// headings, summaries and tables show before it arrives. Each chart is a figure whose caption is
// its text summary (analyticsRules); the drawing itself is hidden from screen readers, which
// read the caption instead.
import type { ReactNode } from 'react';
import { Box, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useTheme } from '@mui/material';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  averageSummary,
  flowSummary,
  levelSummary,
  weekLabel,
  weekTick,
  type AnalyticsReport,
  type AnalyticsWeek,
} from './analyticsRules';

const CHART_HEIGHT = 240;

interface FigureProps {
  id: string;
  title: string;
  summary: string[];
  children: ReactNode;
  extra?: ReactNode;
}

function ChartFigure({ id, title, summary, children, extra }: FigureProps) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`${id}-title`} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box component="figure" sx={{ m: 0 }}>
        <Box aria-hidden="true" sx={{ width: '100%', height: CHART_HEIGHT }} data-testid={`${id}-chart`}>
          {children}
        </Box>
        <Box component="figcaption" sx={{ mt: 1 }}>
          {summary.map((line) => (
            <Typography key={line} variant="body2" color="text.secondary">
              {line}
            </Typography>
          ))}
        </Box>
      </Box>
      {extra}
    </Paper>
  );
}

/** The grid, axes, tooltip and legend of every chart; legend texts in the text colour (not the
 * series colour, which may be too light to read as text). */
function axes(textColor: string) {
  return [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey="week_start" tickFormatter={weekTick} tick={{ fontSize: 12 }} minTickGap={12} />,
    <YAxis key="y" allowDecimals={false} tick={{ fontSize: 12 }} width={40} />,
    <Tooltip key="tip" labelFormatter={(label) => `Week of ${weekLabel(String(label))}`} />,
    <Legend key="legend" wrapperStyle={{ fontSize: 12 }} formatter={(value) => <span style={{ color: textColor }}>{value}</span>} />,
  ];
}

export default function AnalyticsCharts({ report }: { report: AnalyticsReport }) {
  const theme = useTheme();
  const weeks: AnalyticsWeek[] = report.weeks;
  const c1 = theme.palette.primary.main;
  const c2 = theme.palette.secondary.main;
  const c3 = theme.palette.success.main;
  const c4 = theme.palette.error.main;
  const c5 = theme.palette.warning.main;
  const text = theme.palette.text.primary;
  const common = { data: weeks, margin: { top: 8, right: 8, left: 0, bottom: 0 }, accessibilityLayer: false } as const;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <ChartFigure
        id="members"
        title="Members joining and accepted"
        summary={[flowSummary('Members joined', weeks, 'members_joined'), flowSummary('Members accepted', weeks, 'members_accepted')]}
      >
        <ResponsiveContainer>
          <BarChart {...common}>
            {axes(text)}
            <Bar dataKey="members_joined" name="Joined" fill={c1} isAnimationActive={false} />
            <Bar dataKey="members_accepted" name="Accepted" fill={c3} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>

      <ChartFigure
        id="active"
        title="Active members"
        summary={[levelSummary('Active members (signed in within 30 days)', weeks, 'active_members')]}
      >
        <ResponsiveContainer>
          <LineChart {...common}>
            {axes(text)}
            <Line dataKey="active_members" name="Active members" stroke={c1} strokeWidth={2} dot={false} connectNulls isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartFigure>

      <ChartFigure
        id="content"
        title="Posts and resources"
        summary={[flowSummary('Posts', weeks, 'posts'), flowSummary('Resources', weeks, 'resources')]}
      >
        <ResponsiveContainer>
          <BarChart {...common}>
            {axes(text)}
            <Bar dataKey="posts" name="Posts" fill={c1} isAnimationActive={false} />
            <Bar dataKey="resources" name="Resources" fill={c2} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>

      <ChartFigure
        id="applications"
        title="Job applications and outcomes"
        summary={[
          flowSummary('Applications', weeks, 'applications'),
          flowSummary('Accepted', weeks, 'applications_accepted'),
          flowSummary('Rejected', weeks, 'applications_rejected'),
        ]}
        extra={
          report.jobs.length > 0 && (
            <Box sx={{ overflowX: 'auto', mt: 2 }}>
              <Table size="small" aria-label="Applications per job">
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">Job</TableCell>
                    <TableCell component="th" scope="col" align="right">Applications</TableCell>
                    <TableCell component="th" scope="col" align="right">Accepted</TableCell>
                    <TableCell component="th" scope="col" align="right">Rejected</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.jobs.map((job) => (
                    <TableRow key={job.job_id}>
                      <TableCell component="th" scope="row">{job.title}</TableCell>
                      <TableCell align="right">{job.applications}</TableCell>
                      <TableCell align="right">{job.accepted}</TableCell>
                      <TableCell align="right">{job.rejected}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )
        }
      >
        <ResponsiveContainer>
          <BarChart {...common}>
            {axes(text)}
            <Bar dataKey="applications" name="Applications" fill={c1} isAnimationActive={false} />
            <Bar dataKey="applications_accepted" name="Accepted" fill={c3} isAnimationActive={false} />
            <Bar dataKey="applications_rejected" name="Rejected" fill={c4} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>

      <ChartFigure
        id="aira"
        title="AI readiness (AIRA) scores and levels"
        summary={[
          averageSummary('AIRA average score', weeks, 'aira_average_score', 'aira_reports', ['report', 'reports']),
          flowSummary('Beginner', weeks, 'aira_beginner'),
          flowSummary('Intermediate', weeks, 'aira_intermediate'),
          flowSummary('Advanced', weeks, 'aira_advanced'),
        ]}
      >
        <ResponsiveContainer>
          <ComposedChart {...common}>
            {axes(text)}
            <YAxis yAxisId="score" orientation="right" domain={[0, 100]} tick={{ fontSize: 12 }} width={36} />
            <Bar dataKey="aira_beginner" name="Beginner" stackId="level" fill={c5} isAnimationActive={false} />
            <Bar dataKey="aira_intermediate" name="Intermediate" stackId="level" fill={c2} isAnimationActive={false} />
            <Bar dataKey="aira_advanced" name="Advanced" stackId="level" fill={c3} isAnimationActive={false} />
            <Line yAxisId="score" dataKey="aira_average_score" name="Average score (%)" stroke={c1} strokeWidth={2} connectNulls isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </ChartFigure>

      <ChartFigure
        id="circles"
        title="Circles filling up"
        summary={[
          levelSummary('Seats taken in circles with a maximum size', weeks, 'circle_seats_taken'),
          levelSummary('Seats offered', weeks, 'circle_seats_total'),
          levelSummary('Full circles', weeks, 'circles_full'),
        ]}
        extra={
          report.circles.length > 0 && (
            <Stack component="ul" spacing={1} aria-label="Fullest circles" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
              {report.circles.map((circle) => (
                <li key={circle.group_id}>
                  <Typography variant="body2">
                    {circle.name}: {circle.members} of {circle.maximum_size} seats
                  </Typography>
                  <LinearProgress
                    variant="determinate"
                    value={Math.min(100, (circle.members / Math.max(1, circle.maximum_size)) * 100)}
                    aria-label={`${circle.name}: ${circle.members} of ${circle.maximum_size} seats`}
                  />
                </li>
              ))}
            </Stack>
          )
        }
      >
        <ResponsiveContainer>
          <LineChart {...common}>
            {axes(text)}
            <Line dataKey="circle_seats_taken" name="Seats taken" stroke={c1} strokeWidth={2} dot={false} connectNulls isAnimationActive={false} />
            <Line dataKey="circle_seats_total" name="Seats offered" stroke={c2} strokeWidth={2} dot={false} connectNulls isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartFigure>

      <ChartFigure
        id="assistant"
        title="Assistant questions and ratings"
        summary={[
          flowSummary('Questions', weeks, 'assistant_questions'),
          averageSummary('Average rating (1 to 5)', weeks, 'assistant_average_rating', 'assistant_ratings', ['rating', 'ratings']),
          `Ratings by stars: ${report.ratings.map((r) => `${r.rating}: ${r.count}`).join(', ')}.`,
        ]}
      >
        <ResponsiveContainer>
          <ComposedChart {...common}>
            {axes(text)}
            <YAxis yAxisId="rating" orientation="right" domain={[0, 5]} tick={{ fontSize: 12 }} width={28} />
            <Bar dataKey="assistant_questions" name="Questions" fill={c1} isAnimationActive={false} />
            <Line yAxisId="rating" dataKey="assistant_average_rating" name="Average rating" stroke={c2} strokeWidth={2} connectNulls isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </ChartFigure>
    </Box>
  );
}
