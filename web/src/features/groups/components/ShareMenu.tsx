import { useState } from 'react';
import { Button } from '@mui/material';
import ActionMenu from '../../../components/ActionMenu';
import { preloadActionMenuProps } from '../../../components/actionMenuLoader';
import { useSnackbar } from '../../../lib/snackbar';
import { ShareIcon } from './icons';

/** Share: copies the page's address. */
export default function ShareMenu({ path }: { path: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    const url = new URL(path, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      enqueueSnackbar('Link copied to clipboard', { variant: 'success' });
    } catch {
      enqueueSnackbar('Could not copy link', { variant: 'error' });
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ShareIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        {...preloadActionMenuProps}
      >
        Share
      </Button>
      <ActionMenu anchorEl={anchor} onClose={() => setAnchor(null)} items={[{ label: 'Copy link', onSelect: () => void copy() }]} />
    </>
  );
}
