import { Fragment, useState } from 'react';
import {
  Avatar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
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
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router';
import { applicantAnswers } from '../../../lib/groups/applicants';
import { respondJoinRequest } from '../../../lib/groups/membership';
import { serverMessage } from '../../../lib/groups/messages';
import { capitalize, paymentLabel } from '../../../lib/groups/rules';
import type { Group, Member, MembershipStatus, RespondAction } from '../../../lib/groups/types';
import { useRefreshGroups } from '../api/group';
import { useMembers } from '../api/members';
import LoadError from './LoadError';
import { CollapseIcon, ExpandIcon } from './icons';

const STATUSES: MembershipStatus[] = ['accepted', 'pending', 'rejected'];

function Answers({ member, group }: { member: Member; group: Group }) {
  const lines = applicantAnswers(member, group.extra_info?.questions ?? []);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No answers.
      </Typography>
    );
  }
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 1fr) 3fr' }, gap: 1 }}>
      {lines.map((line) => (
        <Fragment key={line.key}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {line.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {line.value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}

/**
 * The applicants table of the Admin tab (spec 001 §2, §9): Accepted, Pending and Rejected
 * with counts (accepted first), expandable rows with the answers, a details dialog, accept
 * or reject for pending ones; a pending payment shows as 'submitted'.
 */
export default function ApplicantsTable({ group, pageSize }: { group: Group; pageSize: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshGroups();
  const [status, setStatus] = useState<MembershipStatus>('accepted');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [details, setDetails] = useState<Member | null>(null);
  const applicants = useMembers(group.id, { status, page, page_size: pageSize });
  const respond = useMutation({
    mutationFn: ({ user, act }: { user: number; act: RespondAction }) => respondJoinRequest(group.id, [user], act),
    meta: { silent: true },
  });
  const counts: Record<MembershipStatus, number> = {
    accepted: group.total_members,
    pending: group.pending_members_count,
    rejected: group.rejected_members_count,
  };
  const act = (member: Member, action: RespondAction) =>
    respond.mutate(
      { user: member.id, act: action },
      {
        onSuccess: async () => {
          enqueueSnackbar(`Successfully ${action}ed`, { variant: 'success' });
          setDetails(null);
          await refresh();
        },
        onError: (error) => enqueueSnackbar(serverMessage(error) ?? `Could not ${action} member`, { variant: 'error' }),
      },
    );
  const rows = applicants.data?.data ?? [];
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Paper variant="outlined" component="section" aria-label="Applicants" sx={{ borderRadius: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, px: 2, pt: 2 }}>
        Applicants
      </Typography>
      <Tabs
        value={status}
        onChange={(_event, next: MembershipStatus) => {
          setStatus(next);
          setPage(1);
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Applicant status"
        sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {STATUSES.map((item) => (
          <Tab key={item} value={item} label={`${capitalize(item)} (${counts[item]})`} />
        ))}
      </Tabs>
      {applicants.isPending && (
        <Stack spacing={1} sx={{ p: 2 }}>
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
        </Stack>
      )}
      {applicants.isError && (
        <Box sx={{ p: 2 }}>
          <LoadError message="Could not fetch members" onRetry={() => void applicants.refetch()} />
        </Box>
      )}
      {applicants.data && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          No applicants.
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
                      <TableCell>
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
                      <TableCell>{paymentLabel(member.payment_status)}</TableCell>
                      <TableCell align="right">
                        <Button size="small" onClick={() => setDetails(member)}>
                          Details
                        </Button>
                      </TableCell>
                    </TableRow>
                    {expanded && (
                      <TableRow>
                        <TableCell colSpan={5} sx={{ bgcolor: 'action.hover' }}>
                          <Answers member={member} group={group} />
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
      <Dialog open={details !== null} onClose={() => setDetails(null)} fullWidth maxWidth="sm" aria-labelledby="applicant-title">
        <DialogTitle id="applicant-title">{details?.name}</DialogTitle>
        <DialogContent dividers>
          {details && (
            <Stack spacing={2}>
              <Typography variant="body2">
                Status: <strong>{details.membership_status}</strong> · Payment: <strong>{paymentLabel(details.payment_status)}</strong>
              </Typography>
              {details.reason && <Typography variant="body2">Reason: {details.reason}</Typography>}
              <Answers member={details} group={group} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {details?.membership_status === 'pending' && (
            <>
              <Button color="error" onClick={() => act(details, 'reject')} disabled={respond.isPending}>
                Reject
              </Button>
              <Button variant="contained" onClick={() => act(details, 'accept')} loading={respond.isPending}>
                Accept
              </Button>
            </>
          )}
          <Button onClick={() => setDetails(null)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
