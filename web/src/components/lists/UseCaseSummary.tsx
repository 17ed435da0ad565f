import { Stack, Typography, type StackProps } from '@mui/material';
import { snippet } from './cardRules';

/** A use case's title and the start of its description (200 characters), on a card or an option. */
export default function UseCaseSummary({ useCase, sx }: { useCase: { title: string; description?: string | null }; sx?: StackProps['sx'] }) {
  const about = snippet(useCase.description, 200);
  return (
    <Stack spacing={0.5} sx={sx}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{useCase.title}</Typography>
      {about && (
        <Typography variant="body2" color="text.secondary">
          {about}
        </Typography>
      )}
    </Stack>
  );
}
