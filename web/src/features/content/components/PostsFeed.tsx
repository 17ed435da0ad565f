import { lazy, Suspense, useState } from 'react';
import { Alert, Box, Button, Pagination, Skeleton, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import type { Group } from '../../../lib/groups/types';
import { useContents } from '../api/contents';
import type { Content } from '../api/types';
import { MESSAGES, PAGE_SIZE_POSTS } from '../contentRules';
import PostCard from './PostCard';

// The post form (its fields, upload and editor parts) loads when it is opened. It is a modal:
// nothing on the page moves meanwhile.
const PostFormDialog = lazy(() => import('./PostFormDialog'));

interface Props {
  /** The group whose posts these are; none: every post the viewer may see across the site's groups. */
  group?: Group;
  /** The heights of the placeholders shown while the first page loads. */
  pendingHeights: number[];
  /** Whether the form for a new post is open (the page's own button opens it). */
  creating: boolean;
  onCloseCreate: () => void;
}

/**
 * Posts and newsletters, 15 a page (the page number in the address), with their loading, error
 * and empty states; an author edits a post from its card. The Posts page and a group's Posts tab.
 */
export default function PostsFeed({ group, pendingHeights, creating, onCloseCreate }: Props) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useContents({ types: 'post,newsletter', group_id: group?.id, page, page_size: PAGE_SIZE_POSTS });
  const [editing, setEditing] = useState<Content | null>(null);
  const count = query.data?.pagination.count ?? 0;
  return (
    <>
      {query.isPending && pendingHeights.map((height, i) => <Skeleton key={i} variant="rounded" height={height} />)}
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
          <PostFormDialog open kind="post" group={group} onClose={onCloseCreate} />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={null}>
          <PostFormDialog open kind="post" group={group} editing={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}
