// The admin/user view toggle (spec 000 §5 "Other", §6): only for an administrator of the
// site's organization. The choice is the client's admin-role flag (lib/session); the admin
// dashboard's guard reads it.
import { Button } from '@mui/material';
import { useLocation, useNavigate } from 'react-router';
import { useIdentity } from '../../lib/auth/identity';
import { setAdminRole } from '../../lib/session';

export default function AdminViewToggle() {
  const { identity } = useIdentity();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const org = identity?.organization;
  const admin = org?.membership_role === 'admin' && (org.membership_status ?? 'accepted') === 'accepted';
  if (!admin) return null;
  const inAdmin = pathname === '/admin-dashboard' || pathname.startsWith('/admin-dashboard/');
  return (
    <Button
      size="small"
      variant="outlined"
      sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      onClick={() => {
        setAdminRole(!inAdmin);
        void navigate(inAdmin ? '/' : '/admin-dashboard');
      }}
    >
      {inAdmin ? 'User view' : 'Admin view'}
    </Button>
  );
}
