import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { useGroupContext } from '../../../lib/groups/groupContext';
import PostsFeed from '../components/PostsFeed';
import GroupCareerTips from '../components/GroupCareerTips';

/** A group's Posts tab (spec 001 §2): its posts and newsletters, 15 a page; members and administrators share, authors edit and delete; then the group's career tips. */
export default function GroupPostsPage() {
  const { group } = useGroupContext();
  const [creating, setCreating] = useState(false);
  const mayPost = group.membership_status === 'accepted' || group.is_administrator;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Posts
        </Typography>
        {mayPost && (
          <Button variant="contained" onClick={() => setCreating(true)}>
            Create post
          </Button>
        )}
      </Stack>
      <PostsFeed group={group} pendingHeights={[140, 140]} creating={creating} onCloseCreate={() => setCreating(false)} />
      <GroupCareerTips group={group} />
    </Stack>
  );
}
