import { lazy, Suspense, useState } from 'react';
import { Alert, Box, Button, Pagination, Skeleton, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { useGroupContext } from '../../../lib/groups/groupContext';
import { useContents } from '../api/contents';
import type { Content } from '../api/types';
import { MESSAGES, PAGE_SIZE_POSTS } from '../contentRules';
import PostCard from '../components/PostCard';
import GroupCareerTips from '../components/GroupCareerTips';

// The post form (its fields, upload and editor parts) loads when it is opened. It is a modal:
// nothing on the page moves meanwhile.
const PostFormDialog = lazy(() => import('../components/PostFormDialog'));

/** A group's Posts tab (spec 001 §2): its posts and newsletters, 15 a page; members and administrators share, authors edit and delete; then the group's career tips. */
export default function GroupPostsPage() {
  const { group } = useGroupContext();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useContents({ types: 'post,newsletter', group_id: group.id, page, page_size: PAGE_SIZE_POSTS });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Content | null>(null);
  const mayPost = group.membership_status === 'accepted' || group.is_administrator;
  const count = query.data?.pagination.count ?? 0;
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
      {query.isPending && [0, 1].map((i) => <Skeleton key={i} variant="rounded" height={140} />)}
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
      {creating && (
        <Suspense fallback={null}>
          <PostFormDialog open kind="post" group={group} onClose={() => setCreating(false)} />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={null}>
          <PostFormDialog open kind="post" group={group} editing={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <GroupCareerTips group={group} />
    </Stack>
  );
}
