import { useState } from 'react';
import { Button, Container, Stack, Typography } from '@mui/material';
import { useIdentity } from '../../../lib/auth/identity';
import PostsFeed from '../components/PostsFeed';

/** /posts (the side menu's Posts): the posts and newsletters the viewer may see across the site's groups, 15 a page. */
export default function PostsFeedPage() {
  const { signedIn } = useIdentity();
  const [creating, setCreating] = useState(false);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            Posts
          </Typography>
          {signedIn && (
            <Button variant="contained" onClick={() => setCreating(true)}>
              Share something
            </Button>
          )}
        </Stack>
        <PostsFeed pendingHeights={[160]} creating={creating} onCloseCreate={() => setCreating(false)} />
      </Stack>
    </Container>
  );
}
