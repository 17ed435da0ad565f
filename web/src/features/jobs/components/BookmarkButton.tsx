import { IconButton, SvgIcon, type SvgIconProps } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api/errors';
import { pathWithNext } from '../../../lib/auth/next';
import { useIdentity } from '../../../lib/auth/identity';
import { useSnackbar } from '../../../lib/snackbar';
import { bookmarkJob, unbookmarkJob } from '../api/bookmarks';
import { useRefreshJobs } from '../api/jobs';
import type { Job } from '../api/types';
import { BOOKMARK_MESSAGES } from '../messages';

function BookmarkIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M17 3H7c-1.1 0-2 .9-2 2v16l7-3 7 3V5c0-1.1-.9-2-2-2z" />
    </SvgIcon>
  );
}

function BookmarkBorderIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M17 3H7c-1.1 0-2 .9-2 2v16l7-3 7 3V5c0-1.1-.9-2-2-2zm0 15-5-2.18L7 18V5h10v13z" />
    </SvgIcon>
  );
}

/**
 * The favourite (bookmark) toggle of a job (spec 002 §4 "Bookmark", §8): it adds or removes the
 * bookmark, says 'Added to favourites' or 'Removed from favourites' (or the server's error,
 * else 'Could not perform action'), then refreshes the board, the job and the favourites.
 * Guests are sent to sign in and come back to this page.
 */
export default function BookmarkButton({ job, size = 'medium' }: { job: Pick<Job, 'id' | 'title' | 'is_bookmarked'>; size?: 'small' | 'medium' }) {
  const { signedIn } = useIdentity();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshJobs();
  const bookmarked = job.is_bookmarked;
  const toggle = useMutation({
    mutationFn: () => (bookmarked ? unbookmarkJob(job.id) : bookmarkJob(job.id)),
    meta: { silent: true },
    onSuccess: async (answer) => {
      enqueueSnackbar(answer?.message ?? (bookmarked ? BOOKMARK_MESSAGES.removed : BOOKMARK_MESSAGES.added), { variant: 'success' });
      await refresh();
    },
    onError: (error) => {
      const message = error instanceof ApiError && error.body ? error.message : BOOKMARK_MESSAGES.failed;
      enqueueSnackbar(message, { variant: 'error' });
    },
  });
  const label = bookmarked ? `Remove ${job.title} from favourites` : `Add ${job.title} to favourites`;
  return (
    <IconButton
      size={size}
      color={bookmarked ? 'primary' : 'default'}
      aria-label={label}
      aria-pressed={signedIn ? bookmarked : undefined}
      title={bookmarked ? 'Remove from favourites' : 'Add to favourites'}
      disabled={toggle.isPending}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (!signedIn) {
          void navigate(pathWithNext('/login', `${pathname}${search}`));
          return;
        }
        toggle.mutate();
      }}
    >
      {bookmarked ? <BookmarkIcon fontSize="inherit" /> : <BookmarkBorderIcon fontSize="inherit" />}
    </IconButton>
  );
}
