import { Box, Container, Paper, Skeleton, Stack } from '@mui/material';

/** The profile page's shape while it loads. */
export default function ProfileSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }} aria-busy="true" aria-label="Loading profile">
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Skeleton variant="rectangular" sx={{ height: { xs: 72, md: 110 } }} />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ px: { xs: 2, md: 4 }, pb: 3 }}>
          <Skeleton
            variant="circular"
            sx={{ width: { xs: 88, md: 120 }, height: { xs: 88, md: 120 }, flexShrink: 0, mt: { xs: -5.5, md: -7 } }}
          />
          <Box sx={{ flexGrow: 1, pt: { md: 2 } }}>
            <Skeleton width="40%" height={36} />
            <Skeleton width="30%" />
            <Skeleton width="50%" />
          </Box>
        </Stack>
      </Paper>
      <Stack direction="row" spacing={3} sx={{ my: 2, overflow: 'hidden' }}>
        {[64, 96, 150, 110].map((width) => (
          <Skeleton key={width} width={width} height={40} />
        ))}
      </Stack>
      <SectionSkeleton />
    </Container>
  );
}

/** One card of text lines, for a tab whose data is still loading. */
export function SectionSkeleton({ lines = 4 }: { lines?: number }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }} aria-busy="true">
      <Skeleton width="25%" height={28} />
      <LinesSkeleton lines={lines} />
    </Paper>
  );
}

/** Text lines standing in for a list inside a section. */
export function LinesSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <Box aria-busy="true" aria-label="Loading">
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} width={index === lines - 1 ? '60%' : '100%'} />
      ))}
    </Box>
  );
}
