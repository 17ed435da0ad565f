import { useState } from 'react';
import { Avatar, Box, Button, Card, CardContent, Chip, IconButton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import RichText from '../../../components/RichText';
import ConfirmDialog from '../../../components/ConfirmDialog';
import ActionMenu from '../../../components/ActionMenu';
import { preloadActionMenuProps } from '../../../components/actionMenuLoader';
import { useSnackbar } from '../../../lib/snackbar';
import { deleteContent, useRefreshContents } from '../api/contents';
import type { Content } from '../api/types';
import { linksIn, MESSAGES, needsShowMore, POST_PREVIEW_CHARS, textOf } from '../contentRules';
import Attachments from './Attachments';
import LinkPreview from './LinkPreview';

function authorName(item: Content): string {
  const profile = item.created_by?.profile;
  return profile ? `${profile.first_name} ${profile.last_name}`.trim() : 'Member';
}

/** A post in a group's feed: author, text (cut after 1200 characters), files, link previews; edit and delete for its author. */
export default function PostCard({ item, onEdit, detail = false }: { item: Content; onEdit?: (item: Content) => void; detail?: boolean }) {
  const [expanded, setExpanded] = useState(detail);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshContents();
  const long = needsShowMore(item.content);
  const slug = item.created_by?.profile.name_slug;
  const links = linksIn(item.raw_text || textOf(item.content));
  const remove = async () => {
    try {
      await deleteContent(item.id);
      enqueueSnackbar('Post deleted', { variant: 'success' });
      void refresh();
    } catch {
      enqueueSnackbar(MESSAGES.deletePost, { variant: 'error' });
    } finally {
      setConfirming(false);
    }
  };
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} component="article" aria-label={item.title}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar src={item.created_by?.image ?? undefined} alt="" />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            {slug ? (
              <Typography component={RouterLink} to={`/profile/${slug}`} sx={{ fontWeight: 700, color: 'text.primary', textDecoration: 'none' }}>
                {authorName(item)}
              </Typography>
            ) : (
              <Typography sx={{ fontWeight: 700 }}>{authorName(item)}</Typography>
            )}
            <Typography variant="caption" color="text.secondary" component="p">
              {new Date(item.created_at).toLocaleString()}
              {item.types.includes('newsletter') ? ' · Newsletter' : ''}
              {item.security_level >= 20 ? ' · Private' : ' · Public'}
            </Typography>
          </Box>
          {item.can_edit && (
            <>
              <IconButton aria-label="Post actions" onClick={(e) => setMenu(e.currentTarget)} {...preloadActionMenuProps}>
                <Box component="span" aria-hidden sx={{ fontSize: 20, lineHeight: 1 }}>⋯</Box>
              </IconButton>
              <ActionMenu
                anchorEl={menu}
                onClose={() => setMenu(null)}
                items={[
                  ...(onEdit ? [{ label: 'Edit', onSelect: () => onEdit(item) }] : []),
                  { label: 'Delete', onSelect: () => setConfirming(true) },
                ]}
              />
            </>
          )}
        </Stack>
        <Box sx={{ mt: 1.5, ...(expanded || !long ? {} : { maxHeight: '18em', overflow: 'hidden' }) }}>
          {expanded || !long ? <RichText html={item.content} /> : <Typography>{textOf(item.content).slice(0, POST_PREVIEW_CHARS)}…</Typography>}
        </Box>
        {long && !detail && (
          <Button size="small" onClick={() => setExpanded((open) => !open)}>
            {expanded ? 'Show less' : 'Show More'}
          </Button>
        )}
        <Attachments files={item.files} />
        {links.map((url) => (
          <LinkPreview key={url} url={url} />
        ))}
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          {item.group_detail && <Chip size="small" label={item.group_detail.name} />}
          {!detail && (
            <Button size="small" component={RouterLink} to={`/post/${item.slug}`}>
              Open
            </Button>
          )}
          {item.can_share && (
            <Button
              size="small"
              onClick={() => {
                void navigator.clipboard?.writeText(`${window.location.origin}/post/${item.slug}`);
                enqueueSnackbar('Link copied', { variant: 'success' });
              }}
            >
              Share
            </Button>
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Delete this post?"
        message="The post will be removed for everyone."
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
