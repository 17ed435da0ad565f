import { lazy, Suspense, useState } from 'react';
import { Alert, Box, Button, Container, Pagination, Skeleton, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { useIdentity } from '../../../lib/auth/identity';
import { useContents } from '../api/contents';
import type { Content } from '../api/types';
import { MESSAGES, PAGE_SIZE_POSTS } from '../contentRules';
import PostCard from '../components/PostCard';

// The post form (its fields, upload and editor parts) loads when it is opened. It is a modal:
// nothing on the page moves meanwhile.
const PostFormDialog = lazy(() => import('../components/PostFormDialog'));

/** /posts (the side menu's Posts): the posts and newsletters the viewer may see across the site's groups, 15 a page. */
export default function PostsFeedPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { signedIn } = useIdentity();
  const query = useContents({ types: 'post,newsletter', page, page_size: PAGE_SIZE_POSTS });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Content | null>(null);
  const count = query.data?.pagination.count ?? 0;
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
        {query.isPending && <Skeleton variant="rounded" height={160} />}
        {query.isError && (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
            Could not load the posts.
          </Alert>
        )}
        {query.data && count === 0 && <Typography color="text.secondary">{MESSAGES.noPosts}</Typography>}
        {query.data?.data.map((item) => (
          <PostCard key={item.id} item={item} onEdit={setEditing} />
        ))}
        {count > PAGE_SIZE_POSTS && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Pagination count={Math.ceil(count / PAGE_SIZE_POSTS)} page={page} onChange={(_, p) => setParams({ page: String(p) })} />
          </Box>
        )}
      </Stack>
      {creating && (
        <Suspense fallback={null}>
          <PostFormDialog open kind="post" onClose={() => setCreating(false)} />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={null}>
          <PostFormDialog open kind="post" editing={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Container>
  );
}
