import { Box, Chip, LinearProgress, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { ReportBody, ReportItem } from '../api';

const ITEM_PATHS: Record<ReportItem['type'], string> = {
  resource: '/resource/',
  user: '/profile/',
  event: '/event/',
  circle: '/circle/',
  job: '/job/',
  ai_tool: '/ai-tool/',
  use_case: '/usecase/',
  prompt: '/resource/',
  career_tip: '/career-tip/',
};

/** A report's body: the summary, the readiness score (AIRA) and its sections. */
export default function ReportBodyView({ body }: { body: ReportBody }) {
  return (
    <Stack spacing={3}>
      {body.summary ? <Typography>{body.summary}</Typography> : null}
      {body.aira ? (
        <Box component="section" aria-labelledby="report-score">
          <Typography id="report-score" component="h2" variant="h6">
            AI readiness: {body.aira.readiness_percent}% ({body.aira.level})
          </Typography>
          <Stack spacing={1} sx={{ mt: 1 }}>
            {body.aira.categories.map((category) => (
              <Box key={category.id}>
                <Typography variant="body2">
                  {category.label}: {category.percent === null || category.percent === undefined ? 'Not answered' : `${category.percent}%`}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={category.percent ?? 0}
                  aria-label={category.label}
                  sx={{ height: 8, borderRadius: 4 }}
                />
              </Box>
            ))}
          </Stack>
        </Box>
      ) : null}
      {body.sections.map((section) => (
        <Box component="section" key={section.id} aria-labelledby={`section-${section.id}`}>
          <Typography id={`section-${section.id}`} component="h2" variant="h6" gutterBottom>
            {section.heading}
          </Typography>
          {(section.paragraphs ?? []).map((paragraph, i) => (
            <Typography key={i} sx={{ mb: 1 }}>
              {paragraph}
            </Typography>
          ))}
          {section.bullets?.length ? (
            <Box component="ul" sx={{ pl: 3, my: 1 }}>
              {section.bullets.map((bullet, i) => (
                <li key={i}>
                  <Typography>{bullet}</Typography>
                </li>
              ))}
            </Box>
          ) : null}
          {section.items?.length ? (
            <List dense disablePadding>
              {section.items.map((item) => (
                <ListItem key={`${item.type}-${item.id}`} disableGutters alignItems="flex-start">
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <Link component={RouterLink} to={`${ITEM_PATHS[item.type]}${item.slug}`}>
                          {item.name}
                        </Link>
                        <Chip size="small" label={item.type.replace('_', ' ')} />
                      </Stack>
                    }
                    secondary={item.reason || item.description}
                  />
                </ListItem>
              ))}
            </List>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}
