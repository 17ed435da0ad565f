import { Box, Stack } from '@mui/material';
import { useGroupContext } from '../../../lib/groups/groupContext';
import { PriceCard, SideCards, TextCards } from '../components/InfoCards';
import LinkedUseCases from '../components/LinkedUseCases';

/** A circle's or event's overview: description, objective, requirements, linked use cases; side cards and the price. */
export default function DetailOverviewPage() {
  const { group } = useGroupContext();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
      <Stack spacing={2}>
        <TextCards group={group} />
        <LinkedUseCases useCases={group.use_cases_detailed} />
      </Stack>
      <Stack spacing={2}>
        <PriceCard group={group} />
        <SideCards group={group} />
      </Stack>
    </Box>
  );
}
