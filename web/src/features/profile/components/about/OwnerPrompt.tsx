import { Button, Stack, Typography } from '@mui/material';

/** What the owner sees in place of an empty part of their profile, with a way to fill it. */
export default function OwnerPrompt({ text, action, onClick }: { text: string; action: string; onClick: () => void }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
      <Button size="small" variant="outlined" onClick={onClick}>
        {action}
      </Button>
    </Stack>
  );
}
