import { Fragment, useState } from 'react';
import { Button, MenuItem, Paper, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import DataTable from '../../../components/DataTable';
import * as Applicants from '../../../components/applicants/ApplicantsParts';
import StatusTabs from '../../../components/lists/StatusTabs';
import { useApplicantsView } from '../../../components/applicants/useApplicantsView';
import { canMarkPayment, type MemberAction } from '../memberActions';
import { capitalize, EVENT_REGISTRATION_ROLES, paymentLabel } from '../../../lib/groups/rules';
import type { Group, Member, MembershipStatus } from '../../../lib/groups/types';
import { useMembers } from '../api/members';
import { usePaymentConfirmation } from '../api/paymentConfirmation';
import { useRespondJoinRequest } from '../api/respondJoinRequest';
import AnswerList from './AnswerList';
import ApplicantDetailsDialog from './ApplicantDetailsDialog';
import MemberActionsMenu from './MemberActionsMenu';
import RejectDialog from './RejectDialog';

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
  const { status, setStatus, input, setInput, search, page, setPage, open, toggleOpen, changeFilter } =
    useApplicantsView<MembershipStatus>('accepted');
  const [role, setRole] = useState('');
  const [details, setDetails] = useState<Member | null>(null);
  const [rejecting, setRejecting] = useState<Member | null>(null);
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
      <StatusTabs
        ariaLabel="Applicant status"
        value={status}
        statuses={STATUSES}
        label={(item) => `${capitalize(item)} (${counts[item]})`}
        onChange={(next) => changeFilter(() => setStatus(next))}
      />
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
      <Applicants.States
        query={applicants}
        rowCount={rows.length}
        errorMessage="Could not fetch members"
        emptyMessage={filtering ? 'No applicants match these filters.' : 'No applicants.'}
      />
      {rows.length > 0 && (
        <DataTable
          label="Applicants table"
          size="small"
          head={
            <>
              <TableCell padding="checkbox" />
              <TableCell>Name</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Institution</TableCell>
              {isEvent && <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Role</TableCell>}
              <TableCell>Payment</TableCell>
              <TableCell align="right">Actions</TableCell>
            </>
          }
        >
          {rows.map((member) => {
            const expanded = open.has(member.id);
            return (
              <Fragment key={member.id}>
                <TableRow hover>
                  <Applicants.AnswersToggle name={member.name} expanded={expanded} onToggle={() => toggleOpen(member.id)} />
                  <Applicants.NameCell name={member.name} slug={member.name_slug} image={member.image} />
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
                  <Applicants.AnswersRow columns={isEvent ? 6 : 5}>
                    <AnswerList member={member} group={group} />
                  </Applicants.AnswersRow>
                )}
              </Fragment>
            );
          })}
        </DataTable>
      )}
      <Applicants.Pagination count={applicants.data?.pagination.count ?? 0} page={page} pageSize={pageSize} onPage={setPage} />
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
