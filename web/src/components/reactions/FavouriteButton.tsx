import { lazy, Suspense, useState } from 'react';
import { IconButton, SvgIcon } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api/errors';
import { useIdentity } from '../../lib/auth/identity';
import { useSnackbar } from '../../lib/snackbar';
import { CATALOGUE_KEY, CONTENT_KEY, DISCOVER_KEY, GROUPS_KEY } from '../../lib/queryKeys';
import { toggleBookmark, type BookmarkKind } from '../../lib/reactions/bookmarks';

interface Props {
  kind: BookmarkKind;
  item: { id: number; is_bookmarked: boolean; name?: string; title?: string };
  size?: 'small' | 'medium';
}

// Guests who try to save a favourite are asked to sign up: the prompt's dialog downloads when
// it first opens, not with every card that has a favourite button.
const SignupDialog = lazy(() => import('./SignupDialog'));

/**
 * The favourite toggle of an AI tool, use case, resource, circle or event (spec 002 §4, §8): 'Added to favourites' /
 * 'Removed from favourites' (or the server's error, else 'Could not perform action'), then the
 * lists, pages and favourites refresh. Guests get the signup dialog.
 */
export default function FavouriteButton({ kind, item, size = 'medium' }: Props) {
  const { signedIn } = useIdentity();
  const [asking, setAsking] = useState(false);
  // Kept mounted once opened, for its closing transition and the focus's return.
  const [asked, setAsked] = useState(false);
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
          if (!signedIn) {
            setAsked(true);
            setAsking(true);
          }
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
      {asked && (
        <Suspense fallback={null}>
          <SignupDialog open={asking} onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </>
  );
}
