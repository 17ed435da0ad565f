import { Box, Chip, Stack } from '@mui/material';
import RichText from '../../../components/RichText';
import SectionCard from '../../../components/SectionCard';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { useJobContext } from '../jobContext';

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
        <SectionCard title="Description">
          <RichText html={job.description} />
        </SectionCard>
        {job.requirements && (
          <SectionCard title="Requirements">
            <RichText html={job.requirements} />
          </SectionCard>
        )}
      </Stack>
      <Stack spacing={2}>
        {job.skills_detailed.length > 0 && (
          <SectionCard title="Skills">
            <Chips items={job.skills_detailed.map((skill) => skill.name)} />
          </SectionCard>
        )}
        {stages.length > 0 && (
          <SectionCard title="Career stages">
            <Chips items={stages} />
          </SectionCard>
        )}
        {job.countries.length > 0 && (
          <SectionCard title="Countries">
            <Chips items={job.countries} />
          </SectionCard>
        )}
      </Stack>
    </Box>
  );
}
