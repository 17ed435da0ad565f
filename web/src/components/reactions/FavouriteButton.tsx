import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, SvgIcon } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router';
import { ApiError } from '../../lib/api/errors';
import { pathWithNext } from '../../lib/auth/next';
import { useIdentity } from '../../lib/auth/identity';
import { useSnackbar } from '../../lib/snackbar';
import { CATALOGUE_KEY, CONTENT_KEY, DISCOVER_KEY, GROUPS_KEY } from '../../lib/queryKeys';
import { toggleBookmark, type BookmarkKind } from '../../lib/reactions/bookmarks';

interface Props {
  kind: BookmarkKind;
  item: { id: number; is_bookmarked: boolean; name?: string; title?: string };
  size?: 'small' | 'medium';
}

/** Guests who try to save a favourite are asked to sign up (spec 002 §4 "Bookmark"). */
export function SignupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { pathname, search } = useLocation();
  const next = `${pathname}${search}`;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="signup-dialog-title">
      <DialogTitle id="signup-dialog-title">Join to save favourites</DialogTitle>
      <DialogContent>
        <DialogContentText>Create a free account to bookmark AI tools, use cases, resources, circles and events and find them in your favourites.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Not now</Button>
        <Button component={RouterLink} to={pathWithNext('/login', next)}>
          Log in
        </Button>
        <Button component={RouterLink} to={pathWithNext('/signup', next)} variant="contained">
          Sign up
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The favourite toggle of an AI tool, use case, resource, circle or event (spec 002 §4, §8): 'Added to favourites' /
 * 'Removed from favourites' (or the server's error, else 'Could not perform action'), then the
 * lists, pages and favourites refresh. Guests get the signup dialog.
 */
export default function FavouriteButton({ kind, item, size = 'medium' }: Props) {
  const { signedIn } = useIdentity();
  const [asking, setAsking] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const refresh = () =>
    Promise.all(
      (kind === 'resource' ? [CONTENT_KEY] : kind === 'group' ? [GROUPS_KEY, DISCOVER_KEY, CATALOGUE_KEY] : [CATALOGUE_KEY]).map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
  const bookmarked = item.is_bookmarked;
  const toggle = useMutation({
    mutationFn: () => toggleBookmark(kind, item.id, bookmarked),
    meta: { silent: true },
    onSuccess: async (answer) => {
      enqueueSnackbar(answer?.message ?? (bookmarked ? 'Removed from favourites' : 'Added to favourites'), { variant: 'success' });
      await refresh();
    },
    onError: (error) => {
      enqueueSnackbar(error instanceof ApiError && error.body ? error.message : 'Could not perform action', { variant: 'error' });
    },
  });
  const label = item.name ?? item.title ?? 'item';
  return (
    <>
      <IconButton
        size={size}
        color={bookmarked ? 'primary' : 'default'}
        aria-label={bookmarked ? `Remove ${label} from favourites` : `Add ${label} to favourites`}
        aria-pressed={signedIn ? bookmarked : undefined}
        disabled={toggle.isPending}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          if (!signedIn) setAsking(true);
          else toggle.mutate();
        }}
      >
        <SvgIcon fontSize="inherit">
          <path
            d={
              bookmarked
                ? 'M17 3H7c-1.1 0-2 .9-2 2v16l7-3 7 3V5c0-1.1-.9-2-2-2z'
                : 'M17 3H7c-1.1 0-2 .9-2 2v16l7-3 7 3V5c0-1.1-.9-2-2-2zm0 15-5-2.18L7 18V5h10v13z'
            }
          />
        </SvgIcon>
      </IconButton>
      <SignupDialog open={asking} onClose={() => setAsking(false)} />
    </>
  );
}
