import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { pathWithNext } from '../../lib/auth/next';

/** Guests who try to save a favourite are asked to sign up (spec 002 §4 "Bookmark"). */
export default function SignupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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

