import { Typography } from '@mui/material';
import { useGroupContext } from '../../../lib/groups/groupContext';
import SectionCard from '../../../components/SectionCard';
import RichText from '../../../components/RichText';

/** An influencer's AI Impact tab: the impact text. */
export default function OrgImpactPage() {
  const { group } = useGroupContext();
  return (
    <SectionCard title="AI Impact">
      {group.impact ? <RichText html={group.impact} /> : <Typography color="text.secondary">No impact shared yet.</Typography>}
    </SectionCard>
  );
}
