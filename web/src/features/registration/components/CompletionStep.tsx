import { Box, Button, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { CheckCircleIcon } from '../../../components/icons';

export interface CompletionStepProps {
  /** Set when the profile came from an import. */
  importedFrom: 'linkedin' | 'resume' | null;
  onFinish: () => void;
}

/** The last screen; Finish reloads the page so every part of the app sees the new profile. */
export default function CompletionStep({ importedFrom, onFinish }: CompletionStepProps) {
  let text = 'Thanks for telling us about yourself. Your feed, circles and recommendations now follow your profile.';
  if (importedFrom) {
    text = `Your profile was filled in from your ${importedFrom === 'linkedin' ? 'LinkedIn page' : 'resume'}. You can review and edit it on your profile page at any time.`;
  }
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 1, sm: 3 } }}>
      <Box
        aria-hidden
        sx={(theme) => ({
          display: 'grid',
          placeItems: 'center',
          width: 72,
          height: 72,
          borderRadius: '50%',
          color: 'success.main',
          bgcolor: alpha(theme.palette.success.main, 0.12),
        })}
      >
        <CheckCircleIcon sx={{ fontSize: 40 }} />
      </Box>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {text}
      </Typography>
      <Button variant="contained" size="large" onClick={onFinish} sx={{ minWidth: 200 }}>
        Finish
      </Button>
    </Stack>
  );
}
