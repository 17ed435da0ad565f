import { useId, useState } from 'react';
import { Divider, IconButton, ListItemText, Menu, MenuItem, Stack } from '@mui/material';
import LazyTooltip from '../LazyTooltip';
import { Link as RouterLink, useLocation } from 'react-router';
import { useIdentity } from '../../lib/auth/identity';
import { useLogout } from '../../lib/auth/logout';
import { LogoutIcon, SettingsIcon } from '../icons';
import { withNext } from './nextParam';
import JoinServiceDialog from './JoinServiceDialog';

/**
 * The signed-in end of the top bar (spec 000 §2 "Shell"): the settings menu (Verify OTP only
 * while unverified, Portal Preferences, Membership, Account, Change password, Join another
 * service, Logout) and the logout icon, which trial users do not get.
 */
export default function AccountMenu() {
  const { identity } = useIdentity();
  const logout = useLogout();
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [joining, setJoining] = useState(false);
  const menuId = useId();
  const close = () => setAnchor(null);
  const unverified = identity ? !identity.is_verified : false;
  const trial = identity?.is_trial_user ?? false;
  // The Account tab of one's own profile page (/profile/{slug}/account).
  const slug = identity?.profile.name_slug;
  const accountPath = slug ? `/profile/${encodeURIComponent(slug)}/account` : '/profile';

  return (
    <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0, alignItems: 'center' }}>
      <LazyTooltip title="Settings">
        <IconButton
          aria-label="Settings"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={Boolean(anchor)}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <SettingsIcon />
        </IconButton>
      </LazyTooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {unverified && (
          <MenuItem component={RouterLink} to={withNext('/verify-otp', location)} onClick={close}>
            <ListItemText>Verify OTP</ListItemText>
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to="/portal-preferences" onClick={close}>
          <ListItemText>Portal Preferences</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to="/membership" onClick={close}>
          <ListItemText>Membership</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={accountPath} onClick={close}>
          <ListItemText>Account</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to="/change-password" onClick={close}>
          <ListItemText>Change password</ListItemText>
        </MenuItem>
        {identity?.is_staff && (
          <MenuItem component={RouterLink} to="/recommendation-package" onClick={close}>
            <ListItemText>Recommendation Package</ListItemText>
          </MenuItem>
        )}
        {!trial && (
          <MenuItem
            onClick={() => {
              close();
              setJoining(true);
            }}
          >
            <ListItemText>Join another service</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
      {joining && <JoinServiceDialog open={joining} onClose={() => setJoining(false)} />}
      {identity && !trial && (
        <LazyTooltip title="Logout">
          <IconButton aria-label="Logout" onClick={() => void logout()}>
            <LogoutIcon />
          </IconButton>
        </LazyTooltip>
      )}
    </Stack>
  );
}
