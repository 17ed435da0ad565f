import type { ReactNode } from 'react';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import RichText from '../../../components/RichText';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { useJobContext } from '../jobContext';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Chips({ items }: { items: string[] }) {
  return (
    <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap' }}>
      {items.map((item) => (
        <Chip key={item} label={item} size="small" variant="outlined" />
      ))}
    </Stack>
  );
}

/** The job's description and requirements, with side cards for skills, career stages and countries. */
export default function JobOverviewPage() {
  const { job } = useJobContext();
  const options = useOptionsConfig();
  const stageLabel = (value: string) => options.career_stages.find((option) => String(option.value) === value)?.label ?? value;
  const stages = job.career_stages.map(stageLabel);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Stack spacing={2}>
        <Card title="Description">
          <RichText html={job.description} />
        </Card>
        {job.requirements && (
          <Card title="Requirements">
            <RichText html={job.requirements} />
          </Card>
        )}
      </Stack>
      <Stack spacing={2}>
        {job.skills_detailed.length > 0 && (
          <Card title="Skills">
            <Chips items={job.skills_detailed.map((skill) => skill.name)} />
          </Card>
        )}
        {stages.length > 0 && (
          <Card title="Career stages">
            <Chips items={stages} />
          </Card>
        )}
        {job.countries.length > 0 && (
          <Card title="Countries">
            <Chips items={job.countries} />
          </Card>
        )}
      </Stack>
    </Box>
  );
}
