import { Button, Stack, Typography } from '@mui/material';

/** What the portal follows now, with the way to change it. */
export default function PreferencesSummary({
  personaLabel,
  focusLabel,
  onChange,
}: {
  personaLabel: string;
  focusLabel: string;
  onChange: () => void;
}) {
  return (
    <Stack spacing={3}>
      <Stack component="dl" spacing={2} sx={{ m: 0 }}>
        {[
          ['Persona', personaLabel],
          ['Focus area', focusLabel],
        ].map(([term, detail]) => (
          <Stack key={term} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.25, sm: 2 }}>
            <Typography component="dt" color="text.secondary" sx={{ minWidth: 140 }}>
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {detail}
            </Typography>
          </Stack>
        ))}
      </Stack>
      <Button variant="contained" onClick={onChange} sx={{ alignSelf: { sm: 'flex-start' } }}>
        Change preferences
      </Button>
    </Stack>
  );
}
