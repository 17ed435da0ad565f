import { lazy, Suspense, useState } from 'react';
import { Avatar, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import ConfirmDialog from '../../../components/ConfirmDialog';
import RichText from '../../../components/RichText';
import { useSnackbar } from '../../../lib/snackbar';
import VoteButton from '../../../components/reactions/VoteButton';
import { deleteTip, moderateTip, useRefreshTips, type CareerTip } from '../api/tips';
import { tipAuthorLink, tipAuthorName, tipSummary, TIP_MESSAGES, votable } from '../tipRules';

// The form (its dialog and rich-text editor) loads when it is first opened.
const TipFormDialog = lazy(() => import('./TipFormDialog'));

interface Props {
  tip: CareerTip;
  /** The detail page: the whole text, no Open link. */
  detail?: boolean;
  onDeleted?: () => void;
}

const STATUS_COLOR: Record<string, 'warning' | 'error' | 'success'> = { pending: 'warning', rejected: 'error', approved: 'success' };

/**
 * A career tip (spec 002 §3): its author's picture and name linking to their profile, the text,
 * the vote button once approved; edit and delete (asked first) for its author, approve and
 * reject for its moderators.
 */
export default function TipCard({ tip, detail = false, onDeleted }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshTips();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<'delete' | 'reject' | null>(null);
  const link = tipAuthorLink(tip);
  const name = tipAuthorName(tip);
  const remove = useMutation({
    mutationFn: () => deleteTip(tip.id),
    meta: { silent: true },
    onSuccess: async () => {
      enqueueSnackbar(TIP_MESSAGES.deleted, { variant: 'success' });
      onDeleted?.();
      await refresh();
    },
    onError: () => enqueueSnackbar(TIP_MESSAGES.deleteFailed, { variant: 'error' }),
    onSettled: () => setConfirming(null),
  });
  const act = useMutation({
    mutationFn: (action: 'approve' | 'reject') => moderateTip(tip.id, action),
    meta: { silent: true },
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.message, { variant: 'success' });
      await refresh();
    },
    onError: (_error, action) => enqueueSnackbar(TIP_MESSAGES.moderateFailed(action), { variant: 'error' }),
  });
  const canApprove = tip.can_moderate && tip.status !== 'approved';
  const canReject = tip.can_moderate && tip.status === 'pending';
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, height: '100%' }} component="article" aria-label={`Career tip: ${tipSummary(tip.content)}`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {link ? (
            <Avatar component={RouterLink} to={link} src={tip.created_by?.image ?? undefined} alt={name} aria-label={`${name}'s profile`} />
          ) : (
            <Avatar src={tip.created_by?.image ?? undefined} alt={name} />
          )}
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            {link ? (
              <Typography component={RouterLink} to={link} sx={{ fontWeight: 700, color: 'text.primary', textDecoration: 'none' }}>
                {name}
              </Typography>
            ) : (
              <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
            )}
            <Typography variant="caption" color="text.secondary" component="p">
              {new Date(tip.created_at).toLocaleDateString()}
              {tip.group ? ` · ${tip.group.name}` : ''}
            </Typography>
          </Box>
          {tip.status !== 'approved' && <Chip size="small" color={STATUS_COLOR[tip.status] ?? 'default'} label={tip.status} />}
        </Stack>
        <Box sx={detail ? {} : { maxHeight: '12em', overflow: 'hidden' }}>
          <RichText html={tip.content} />
        </Box>
        <Stack direction="row" sx={{ mt: 'auto', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          {votable(tip) && <VoteButton kind="careertip" item={{ ...tip, title: tipSummary(tip.content, 5) }} />}
          {!detail && (
            <Button size="small" component={RouterLink} to={`/career-tip/${tip.slug}`}>
              Open
            </Button>
          )}
          {tip.can_edit && (
            <>
              <Button size="small" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button size="small" color="error" onClick={() => setConfirming('delete')}>
                Delete
              </Button>
            </>
          )}
          {canApprove && (
            <Button size="small" variant="contained" color="success" disabled={act.isPending} onClick={() => act.mutate('approve')}>
              Approve
            </Button>
          )}
          {canReject && (
            <Button size="small" variant="outlined" color="error" disabled={act.isPending} onClick={() => setConfirming('reject')}>
              Reject
            </Button>
          )}
        </Stack>
      </CardContent>
      {editing && (
        <Suspense fallback={null}>
          <TipFormDialog open onClose={() => setEditing(false)} editing={tip} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirming === 'delete'}
        title="Delete this career tip?"
        message="The tip and its votes will be removed for everyone."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'reject'}
        title="Reject this career tip?"
        message="The tip will not be shown in public lists."
        confirmLabel="Reject"
        onConfirm={() => {
          setConfirming(null);
          act.mutate('reject');
        }}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
