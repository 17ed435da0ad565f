import { Container, Skeleton, Stack } from '@mui/material';

export default function JobSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }} aria-busy="true" aria-label="Loading">
      <Stack spacing={2}>
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="text" width="30%" />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={220} />
      </Stack>
    </Container>
  );
}
