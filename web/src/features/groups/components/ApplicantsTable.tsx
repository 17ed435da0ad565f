import { Fragment, useState } from 'react';
import {
  Avatar,
  Box,
  Button,
  IconButton,
  Link,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useDebouncedValue } from '../../../components/profileForm/useDebouncedValue';
import { canMarkPayment, type MemberAction } from '../memberActions';
import { SEARCH_DEBOUNCE_MS, searchText } from '../../../lib/profile/topics';
import { capitalize, EVENT_REGISTRATION_ROLES, paymentLabel } from '../../../lib/groups/rules';
import type { Group, Member, MembershipStatus } from '../../../lib/groups/types';
import { useMembers } from '../api/members';
import { usePaymentConfirmation } from '../api/paymentConfirmation';
import { useRespondJoinRequest } from '../api/respondJoinRequest';
import AnswerList from './AnswerList';
import ApplicantDetailsDialog from './ApplicantDetailsDialog';
import { ListError } from '../../../components/lists/ListStates';
import MemberActionsMenu from './MemberActionsMenu';
import RejectDialog from './RejectDialog';
import { CollapseIcon, ExpandIcon } from '../../../components/icons';

const STATUSES: MembershipStatus[] = ['accepted', 'pending', 'rejected'];

/** The row menu of the table: answer a pending request, or mark an unconfirmed payment. */
function rowActions(member: Member, group: Group): MemberAction[] {
  if (member.membership_status === 'pending') return ['accept', 'reject'];
  if (canMarkPayment(member, group)) return ['mark-paid', 'mark-unpaid'];
  return [];
}

/**
 * The applicants table of the Admin tab (spec 001 §2, §4, §9): Accepted, Pending and Rejected
 * with counts (accepted first), a search (2 characters, 500 ms) and for events a role filter
 * (attendee, presenter), expandable rows with the answers, a details dialog, accept or reject
 * (with an optional reason) for pending ones, and mark paid / unpaid for accepted ones of a
 * paid group whose payment is not confirmed; a pending payment shows as 'submitted'.
 */
export default function ApplicantsTable({ group, pageSize }: { group: Group; pageSize: number }) {
  const isEvent = group.group_type === 'event';
  const [status, setStatus] = useState<MembershipStatus>('accepted');
  const [input, setInput] = useState('');
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [details, setDetails] = useState<Member | null>(null);
  const [rejecting, setRejecting] = useState<Member | null>(null);
  const search = useDebouncedValue(searchText(input), SEARCH_DEBOUNCE_MS);
  const applicants = useMembers(group.id, {
    status,
    page,
    page_size: pageSize,
    search: search ?? undefined,
    role: role || undefined,
  });
  const respond = useRespondJoinRequest(group.id);
  const payment = usePaymentConfirmation(group.id);
  const counts: Record<MembershipStatus, number> = {
    accepted: group.total_members,
    pending: group.pending_members_count ?? 0,
    rejected: group.rejected_members_count ?? 0,
  };
  const rows = applicants.data?.data ?? [];
  const filtering = Boolean(search || role);
  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
    setOpen(new Set());
  };
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const onAction = (action: MemberAction, member: Member) => {
    if (action === 'reject') setRejecting(member);
    else if (action === 'accept') respond.mutate({ users: [member.id], action: 'accept' });
    else if (action === 'mark-paid' || action === 'mark-unpaid')
      payment.mutate({ user: member.id, action: action === 'mark-paid' ? 'accept' : 'reject' });
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Applicants" sx={{ borderRadius: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, px: 2, pt: 2 }}>
        Applicants
      </Typography>
      <Tabs
        value={status}
        onChange={(_event, next: MembershipStatus) => changeFilter(() => setStatus(next))}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Applicant status"
        sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {STATUSES.map((item) => (
          <Tab key={item} value={item} label={`${capitalize(item)} (${counts[item]})`} />
        ))}
      </Tabs>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 2 }}>
        <TextField
          label="Search applicants"
          type="search"
          value={input}
          onChange={(event) => changeFilter(() => setInput(event.target.value))}
          helperText="At least 2 characters"
          sx={{ flex: 2 }}
        />
        {isEvent && (
          <TextField
            select
            label="Role"
            value={role}
            onChange={(event) => changeFilter(() => setRole(event.target.value))}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ flex: 1, minWidth: { sm: 160 } }}
          >
            <MenuItem value="">All roles</MenuItem>
            {EVENT_REGISTRATION_ROLES.map((item) => (
              <MenuItem key={item} value={item}>
                {capitalize(item)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {applicants.isPending && (
        <Stack spacing={1} sx={{ p: 2 }} aria-label="Loading applicants">
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
        </Stack>
      )}
      {applicants.isError && (
        <Box sx={{ p: 2 }}>
          <ListError message="Could not fetch members" onRetry={() => void applicants.refetch()} />
        </Box>
      )}
      {applicants.data && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {filtering ? 'No applicants match these filters.' : 'No applicants.'}
        </Typography>
      )}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label="Applicants table">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>Name</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Institution</TableCell>
                {isEvent && <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Role</TableCell>}
                <TableCell>Payment</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((member) => {
                const expanded = open.has(member.id);
                return (
                  <Fragment key={member.id}>
                    <TableRow hover>
                      <TableCell padding="checkbox">
                        <IconButton
                          size="small"
                          aria-label={`${expanded ? 'Hide' : 'Show'} answers of ${member.name}`}
                          aria-expanded={expanded}
                          onClick={() => toggle(member.id)}
                        >
                          {expanded ? <CollapseIcon /> : <ExpandIcon />}
                        </IconButton>
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Avatar src={member.image ?? undefined} alt="" sx={{ width: 28, height: 28, display: { xs: 'none', sm: 'flex' } }} />
                          {member.name_slug ? (
                            <Link component={RouterLink} to={`/profile/${encodeURIComponent(member.name_slug)}`}>
                              {member.name}
                            </Link>
                          ) : (
                            <span>{member.name}</span>
                          )}
                        </Stack>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{member.institution_name ?? '—'}</TableCell>
                      {isEvent && (
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                          {member.membership_role ? capitalize(member.membership_role) : '—'}
                        </TableCell>
                      )}
                      <TableCell>{paymentLabel(member.payment_status)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button size="small" onClick={() => setDetails(member)}>
                          Details
                        </Button>
                        <MemberActionsMenu
                          name={member.name}
                          actions={rowActions(member, group)}
                          onAction={(action) => onAction(action, member)}
                        />
                      </TableCell>
                    </TableRow>
                    {expanded && (
                      <TableRow>
                        <TableCell colSpan={isEvent ? 6 : 5} sx={{ bgcolor: 'action.hover' }}>
                          <AnswerList member={member} group={group} />
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {(applicants.data?.pagination.count ?? 0) > pageSize && (
        <TablePagination
          component="div"
          count={applicants.data?.pagination.count ?? 0}
          page={page - 1}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[pageSize]}
          onPageChange={(_event, next) => setPage(next + 1)}
        />
      )}
      {details && <ApplicantDetailsDialog group={group} member={details} onClose={() => setDetails(null)} />}
      {rejecting && (
        <RejectDialog
          who={rejecting.name}
          pending={respond.isPending}
          onCancel={() => setRejecting(null)}
          onConfirm={(reason) =>
            respond.mutate({ users: [rejecting.id], action: 'reject', notes: reason }, { onSuccess: () => setRejecting(null) })
          }
        />
      )}
    </Paper>
  );
}
