import { Container, Skeleton, Stack } from '@mui/material';

export default function GroupSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }} aria-busy="true" aria-label="Loading">
      <Stack spacing={2}>
        <Skeleton variant="rounded" height={200} />
        <Skeleton variant="text" width="40%" height={40} />
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    </Container>
  );
}
