import { Box, Typography } from '@mui/material';
import { useGroupContext } from '../../../lib/groups/groupContext';
import DonationCard from '../components/DonationCard';
import { hasDonations } from '../donation';

/** The organization's Donate tab (spec 001 §2: only when donation details exist). */
export default function OrgDonatePage() {
  const { group } = useGroupContext();
  if (!hasDonations(group)) {
    return <Typography color="text.secondary">This organization does not take donations.</Typography>;
  }
  return (
    <Box sx={{ maxWidth: 640 }}>
      <DonationCard group={group} />
    </Box>
  );
}
