import { Box, Stack, Typography } from '@mui/material';
import { useGroupContext } from '../../../lib/groups/groupContext';
import SectionCard from '../../../components/SectionCard';
import { SideCards } from '../components/InfoCards';
import RichText from '../../../components/RichText';
import DonationCard from '../components/DonationCard';

/** The organization's About section, its donation card (when it takes donations) and its side cards. */
export default function OrgOverviewPage() {
  const { group } = useGroupContext();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
      <SectionCard title="About">
        {group.description ? (
          <RichText html={group.description} />
        ) : (
          <Typography color="text.secondary">No description yet.</Typography>
        )}
      </SectionCard>
      <Stack spacing={2}>
        <DonationCard group={group} />
        <SideCards group={group} />
      </Stack>
    </Box>
  );
}
