import { useId, useState } from 'react';
import {
  Avatar,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useSnackbar } from '../../lib/snackbar';
import { CloseIcon } from '../icons';
import InlineSpinner from '../InlineSpinner';
import { ListError } from '../lists/ListStates';
import { ApiError } from '../../lib/api/errors';
import { useDefaultOrgs, useMakeDefaultOrg } from '../../lib/discover/defaultOrgs';
import type { DefaultOrg } from '../../lib/discover/types';
import { openPage, reloadPage } from '../../lib/profile/reloadPage';

type Action = 'join' | 'default';

/** What a row offers: nothing for the current default, Make default for an accepted membership, Join otherwise. */
function actionFor(org: DefaultOrg): Action | null {
  if (org.is_default) return null;
  return org.membership_status === 'accepted' ? 'default' : 'join';
}

/** The message for a failed join or change (spec 000 §8 "Organization, chat, follow, preferences"). */
function failureMessage(action: Action, error: unknown): string {
  const body = error instanceof ApiError ? error.body : null;
  if (action === 'join') return body?.non_field_errors?.find(Boolean) ?? 'Could not join organization';
  return body?.message || body?.non_field_errors?.find(Boolean) || body?.detail || 'Could not change default organization at this moment.';
}

/**
 * Join another service (spec 000 §2 "Shell", §4): the site's default organizations; Join one
 * or make a joined one the default, after a confirmation; then the page reloads.
 */
export default function JoinServiceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const orgs = useDefaultOrgs(open);
  const change = useMakeDefaultOrg();
  const [pending, setPending] = useState<{ org: DefaultOrg; action: Action } | null>(null);

  const redirectOf = (answer: unknown): string | undefined => {
    const data = (answer as { data?: { redirect?: unknown } } | undefined)?.data;
    return typeof data?.redirect === 'string' ? data.redirect : undefined;
  };

  const confirm = () => {
    if (!pending) return;
    const { org, action } = pending;
    change.mutate(org.id, {
      onSuccess: (answer) => {
        setPending(null);
        // Another site's organization lives on its own domain: go there; this site's reloads.
        const target = redirectOf(answer);
        if (target && new URL(target, window.location.href).host !== window.location.host) openPage(target);
        else reloadPage();
      },
      onError: (error) => {
        setPending(null);
        enqueueSnackbar(failureMessage(action, error), { variant: 'error' });
      },
    });
  };

  let body;
  if (orgs.isPending) {
    body = <InlineSpinner label="Loading services" />;
  } else if (orgs.isError) {
    body = <ListError message="Could not fetch default organizations" onRetry={() => void orgs.refetch()} />;
  } else if (orgs.data.length === 0) {
    body = <Typography color="text.secondary">No services available at the moment</Typography>;
  } else {
    body = (
      <List aria-label="Services" disablePadding>
        {orgs.data.map((org) => {
          const action = actionFor(org);
          return (
            <ListItem
              key={org.id}
              divider
              disableGutters
              secondaryAction={
                action ? (
                  <Button
                    size="small"
                    variant={action === 'join' ? 'contained' : 'outlined'}
                    onClick={() => setPending({ org, action })}
                    aria-label={action === 'join' ? `Join ${org.name}` : `Make ${org.name} default`}
                  >
                    {action === 'join' ? 'Join' : 'Make default'}
                  </Button>
                ) : (
                  <Chip label="Default" size="small" color="primary" />
                )
              }
              sx={{ pr: 14 }}
            >
              <ListItemAvatar>
                <Avatar src={org.logo ?? undefined} alt="" variant="rounded">
                  {org.name.slice(0, 1).toUpperCase()}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={org.name}
                secondary={
                  org.membership_status === 'pending'
                    ? 'Request pending'
                    : org.membership_status === 'accepted'
                      ? (org.role ?? 'Member')
                      : null
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          );
        })}
      </List>
    );
  }

  return (
    <>
      <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId} sx={{ pr: 7 }}>
          Join another service
        </DialogTitle>
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
        <DialogContent dividers>{body}</DialogContent>
      </Dialog>
      <Dialog
        open={pending !== null}
        onClose={() => !change.isPending && setPending(null)}
        maxWidth="xs"
        fullWidth
        aria-labelledby={`${titleId}-confirm`}
      >
        <DialogTitle id={`${titleId}-confirm`}>
          {pending?.action === 'join' ? `Join ${pending.org.name}?` : `Make ${pending?.org.name ?? ''} your default?`}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {pending?.action === 'join'
              ? 'You will join this organization and it will become your default. The page reloads afterwards.'
              : 'This organization will become your default. The page reloads afterwards.'}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setPending(null)} disabled={change.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={confirm} loading={change.isPending}>
            {pending?.action === 'join' ? 'Join' : 'Make default'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
