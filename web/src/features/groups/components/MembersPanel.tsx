import { lazy, Suspense, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  List,
  MenuItem,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import CountrySelect from '../../../components/profileForm/CountrySelect';
import OptionSelect from '../../../components/profileForm/OptionSelect';
import { useDebouncedValue } from '../../../components/profileForm/useDebouncedValue';
import { SEARCH_DEBOUNCE_MS, searchText } from '../../../lib/profile/topics';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import type { Identity } from '../../../lib/auth/identity';
import {
  downloadMembersCsv,
  MEMBERS_PAGE_SIZE,
  removeMember,
  sendVerificationFollowup,
  type MembersFilters,
} from '../../../lib/groups/membership';
import { memberActions, type MemberAction } from '../memberActions';
import { MANAGE_MESSAGES } from '../../../lib/groups/messages';
import { isAdministrator } from '../../../lib/groups/rules';
import type { Group, Member, MembersQuery, MemberStatusTab, RespondAction } from '../../../lib/groups/types';
import { useRefreshGroups } from '../api/group';
import { useMembers } from '../api/members';
import { usePaymentConfirmation } from '../api/paymentConfirmation';
import { useRespondJoinRequest } from '../api/respondJoinRequest';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { ListError } from '../../../components/lists/ListStates';
import StatusTabs from '../../../components/lists/StatusTabs';
import MemberRow from './MemberRow';
import RejectDialog from './RejectDialog';
import { AddIcon } from '../../../components/icons';
import { DownloadIcon } from './icons';

// Add member (with its user search) and an applicant's details download when first opened, not
// with the People tab: a closed dialog renders nothing anyway.
const AddMemberDialog = lazy(() => import('./AddMemberDialog'));
const ApplicantDetailsDialog = lazy(() => import('./ApplicantDetailsDialog'));
// The Recommendations tab (its group search and source choice) loads when an administrator opens it.
const RecommendationsPanel = lazy(() => import('./RecommendationsPanel'));

/** The status tabs, and for administrators the Recommendations tab (spec 001 §5). */
type MembersTab = MemberStatusTab | 'recommendations';

function statusQuery(tab: MemberStatusTab): MembersFilters {
  return tab === 'unverified' ? { is_verified: false } : { status: tab };
}

/**
 * The tabs with a bulk action, where Manage is offered: Pending (accept or reject:
 * respond-join-request takes pending requests only) and Unverified (the follow-up e-mail).
 * Accepted members are removed one at a time with a reason; rejected people are added back.
 */
const BULK_TABS: readonly MemberStatusTab[] = ['pending', 'unverified'];
const BULK_ACTIONS: RespondAction[] = ['accept', 'reject'];

function isBulkTab(tab: MembersTab): boolean {
  return tab !== 'recommendations' && BULK_TABS.includes(tab);
}

/** A reject waiting for its optional reason: one member (row menu) or the selection. */
interface Rejecting {
  users: number[];
  who: string;
  bulk: boolean;
}

function tabLabel(group: Group, tab: MembersTab): string {
  if (tab === 'recommendations') return 'Recommendations';
  return `${tab.charAt(0).toUpperCase()}${tab.slice(1)} (${countOf(group, tab)})`;
}

function countOf(group: Group, tab: MemberStatusTab): number {
  switch (tab) {
    case 'accepted':
      return group.total_members;
    case 'pending':
      return group.pending_members_count ?? 0;
    case 'rejected':
      return group.rejected_members_count ?? 0;
    default:
      return group.unverified_members_count ?? 0;
  }
}

function ListSkeleton() {
  return (
    <Stack spacing={1} sx={{ p: 2 }} aria-label="Loading members">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} variant="rounded" height={48} />
      ))}
    </Stack>
  );
}

function Administrators({ group }: { group: Group }) {
  const admins = useMembers(group.id, { status: 'accepted', role: 'admin,leader', page_size: 50 });
  return (
    <Paper variant="outlined" component="section" aria-label="Administrators" sx={{ borderRadius: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, px: 2, pt: 2 }}>
        Administrators
      </Typography>
      {admins.isPending && <ListSkeleton />}
      {admins.isError && (
        <Box sx={{ p: 2 }}>
          <ListError message="Could not fetch members" onRetry={() => void admins.refetch()} />
        </Box>
      )}
      {admins.data && admins.data.data.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          No administrators yet.
        </Typography>
      )}
      {admins.data && admins.data.data.length > 0 && (
        <List>
          {admins.data.data.map((member) => (
            <MemberRow key={member.id} member={member} actions={[]} onAction={() => {}} />
          ))}
        </List>
      )}
    </Paper>
  );
}

interface Props {
  group: Group;
  identity: Identity | undefined;
  /** Show the Administrators list above the members (the organization's People tab). */
  showAdministrators?: boolean;
}

/**
 * The People tab (spec 001 §2, §4, §5): administrators, then members with status tabs (the
 * non-accepted ones for administrators), filters, search, pages of 15, and for
 * administrators a manage mode, row actions, Add member, the CSV download and the
 * Recommendations tab (people to invite, RecommendationsPanel).
 */
export default function MembersPanel({ group, identity, showAdministrators = true }: Props) {
  const admin = isAdministrator(group);
  const options = useOptionsConfig();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshGroups();
  const [tab, setTab] = useState<MembersTab>('accepted');
  const [country, setCountry] = useState('');
  const [field, setField] = useState<string | null>(null);
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const [managing, setManaging] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [action, setAction] = useState<'' | RespondAction>('');
  const [notes, setNotes] = useState('');
  const [adding, setAdding] = useState(false);
  const [addingBack, setAddingBack] = useState<Member | null>(null);
  const [details, setDetails] = useState<Member | null>(null);
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const search = useDebouncedValue(searchText(input), SEARCH_DEBOUNCE_MS);

  const recommending = tab === 'recommendations';
  const statusTab: MemberStatusTab = tab === 'recommendations' ? 'accepted' : tab;
  const filters: MembersFilters = {
    ...statusQuery(statusTab),
    search: search ?? undefined,
    country: country || undefined,
    professional_fields: field ?? undefined,
  };
  const query: MembersQuery = { ...filters, page, page_size: MEMBERS_PAGE_SIZE };
  const members = useMembers(group.id, query, !recommending);
  const tabs: MembersTab[] = admin ? ['accepted', 'pending', 'rejected', 'unverified', 'recommendations'] : ['accepted'];
  const count = members.data?.pagination.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / MEMBERS_PAGE_SIZE));
  const rows = members.data?.data ?? [];

  const resetSelection = () => setSelected(new Set());
  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
    resetSelection();
  };
  /** A new tab starts with nothing selected and no action chosen (each tab has its own actions). */
  const changeTab = (next: MembersTab) =>
    changeFilter(() => {
      setTab(next);
      setAction('');
      setNotes('');
      setManaging((current) => current && isBulkTab(next));
    });

  const respond = useRespondJoinRequest(group.id);
  const payment = usePaymentConfirmation(group.id);
  const remove = useMutation({
    mutationFn: ({ user, text }: { user: number; text: string }) => removeMember(group.id, user, text),
    meta: { silent: true },
  });
  const followup = useMutation({
    mutationFn: (users: number[]) => sendVerificationFollowup(group.id, users),
    meta: { silent: true },
  });

  const rowActions = (member: Member): MemberAction[] =>
    admin && !managing ? memberActions(member, group, identity?.id) : [];

  const onRowAction = (act: MemberAction, member: Member) => {
    switch (act) {
      case 'details':
        setDetails(member);
        return;
      case 'add-back':
        setAddingBack(member);
        return;
      case 'remove':
        setRemoving(member);
        setReason('');
        setReasonError(null);
        return;
      case 'reject':
        setRejecting({ users: [member.id], who: member.name || 'this member', bulk: false });
        return;
      case 'accept':
        respond.mutate({ users: [member.id], action: 'accept' });
        return;
      case 'mark-paid':
      case 'mark-unpaid':
        payment.mutate({ user: member.id, action: act === 'mark-paid' ? 'accept' : 'reject' });
        return;
    }
  };

  const applyBulk = () => {
    if (!action) {
      enqueueSnackbar(MANAGE_MESSAGES.noAction, { variant: 'warning' });
      return;
    }
    if (selected.size === 0) {
      enqueueSnackbar(MANAGE_MESSAGES.noMembers, { variant: 'warning' });
      return;
    }
    const users = [...selected];
    if (action === 'reject') {
      setRejecting({ users, who: users.length === 1 ? '1 member' : `${users.length} members`, bulk: true });
      return;
    }
    respond.mutate(
      { users, action, notes, bulk: true },
      {
        onSuccess: () => {
          resetSelection();
          setNotes('');
        },
      },
    );
  };

  const confirmReject = (text: string) => {
    if (!rejecting) return;
    respond.mutate(
      { users: rejecting.users, action: 'reject', notes: text, bulk: rejecting.bulk },
      {
        onSuccess: () => {
          if (rejecting.bulk) resetSelection();
          setRejecting(null);
        },
      },
    );
  };

  const sendFollowup = () => {
    if (selected.size === 0) {
      enqueueSnackbar(MANAGE_MESSAGES.noFollowup, { variant: 'warning' });
      return;
    }
    followup.mutate([...selected], {
      onSuccess: () => {
        enqueueSnackbar(MANAGE_MESSAGES.followupSent, { variant: 'success' });
        resetSelection();
      },
      onError: () => enqueueSnackbar(MANAGE_MESSAGES.followupFailed, { variant: 'error' }),
    });
  };

  const confirmRemove = () => {
    if (!removing) return;
    if (!reason.trim()) {
      setReasonError('Required');
      return;
    }
    remove.mutate(
      { user: removing.id, text: reason.trim() },
      {
        onSuccess: async () => {
          enqueueSnackbar('Member removed successfully', { variant: 'success' });
          setRemoving(null);
          await refresh();
        },
        onError: () => enqueueSnackbar('Could not remove user', { variant: 'error' }),
      },
    );
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMembersCsv(group.id, `${group.name_slug}-${statusTab}-members.csv`, filters);
    } catch {
      enqueueSnackbar('Could not download group members', { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const canManage = admin && isBulkTab(tab);

  return (
    <Stack spacing={2}>
      {showAdministrators && <Administrators group={group} />}
      <Paper variant="outlined" component="section" aria-label="Members" sx={{ borderRadius: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ px: 2, pt: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            Members
          </Typography>
          {admin && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {canManage && (
                <Button
                  variant={managing ? 'contained' : 'outlined'}
                  onClick={() => {
                    setManaging((value) => !value);
                    resetSelection();
                    setAction('');
                  }}
                  aria-pressed={managing}
                >
                  {managing ? 'Done' : 'Manage'}
                </Button>
              )}
              <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                Add member
              </Button>
              {!recommending && (
                <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} loading={downloading}>
                  Download
                </Button>
              )}
            </Stack>
          )}
        </Stack>
        {tabs.length > 1 && (
          <StatusTabs
            value={tab}
            statuses={tabs}
            label={(item) => tabLabel(group, item)}
            ariaLabel="Member status"
            onChange={(next) => changeTab(next)}
          />
        )}
        {recommending && (
          <Suspense fallback={<ListSkeleton />}>
            <RecommendationsPanel group={group} />
          </Suspense>
        )}
        {!recommending && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ p: 2 }}>
            <TextField
              label="Search members"
              value={input}
              onChange={(event) => changeFilter(() => setInput(event.target.value))}
              sx={{ flex: 2 }}
            />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <CountrySelect value={country} onChange={(value) => changeFilter(() => setCountry(value))} />
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <OptionSelect
                label="Professional field"
                options={options.professional_fields.map((option) => ({ value: String(option.value), label: option.label }))}
                value={field}
                emptyLabel="All"
                onChange={(value) => changeFilter(() => setField(value))}
              />
            </Box>
          </Stack>
        )}
        {managing && canManage && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ px: 2, pb: 2, alignItems: { sm: 'center' } }}
            role="group"
            aria-label="Manage members"
          >
            <FormControlLabel
              control={
                <Checkbox
                  checked={allOnPage}
                  onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((row) => row.id)))}
                />
              }
              label={`Select all (${selected.size} selected)`}
            />
            {tab === 'unverified' ? (
              <Button variant="contained" onClick={sendFollowup} loading={followup.isPending}>
                Send follow-up email
              </Button>
            ) : (
              <>
                <TextField
                  select
                  label="Action"
                  value={action}
                  onChange={(event) => setAction(event.target.value as RespondAction)}
                  sx={{ minWidth: 140 }}
                >
                  {BULK_ACTIONS.map((item) => (
                    <MenuItem key={item} value={item}>
                      {item === 'accept' ? 'Accept' : 'Reject'}
                    </MenuItem>
                  ))}
                </TextField>
                {action !== 'reject' && (
                  <TextField label="Notes (optional)" value={notes} onChange={(event) => setNotes(event.target.value)} sx={{ flex: 1 }} />
                )}
                <Button variant="contained" onClick={applyBulk} loading={respond.isPending}>
                  Apply
                </Button>
              </>
            )}
          </Stack>
        )}
        {!recommending && members.isPending && <ListSkeleton />}
        {!recommending && members.isError && (
          <Box sx={{ p: 2 }}>
            <ListError message="Could not fetch members" onRetry={() => void members.refetch()} />
          </Box>
        )}
        {!recommending && members.data && rows.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No members found.
          </Typography>
        )}
        {!recommending && rows.length > 0 && (
          <List aria-label="Member list">
            {rows.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                actions={rowActions(member)}
                onAction={onRowAction}
                showPayment={group.is_paid && admin}
                selectable={managing}
                selected={selected.has(member.id)}
                onToggle={() =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (next.has(member.id)) next.delete(member.id);
                    else next.add(member.id);
                    return next;
                  })
                }
              />
            ))}
          </List>
        )}
        {!recommending && pages > 1 && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <Pagination
              count={pages}
              page={page}
              onChange={(_event, next) => {
                setPage(next);
                resetSelection();
              }}
              size="small"
            />
          </Box>
        )}
      </Paper>
      <Suspense fallback={null}>
        {adding && <AddMemberDialog group={group} onClose={() => setAdding(false)} />}
        {addingBack && (
          <AddMemberDialog
            group={group}
            initialUser={{
              id: addingBack.id,
              name: addingBack.name,
              name_slug: addingBack.name_slug,
              image: addingBack.image,
              institution_name: addingBack.institution_name,
            }}
            initialRole={addingBack.membership_role}
            onClose={() => setAddingBack(null)}
          />
        )}
        {details && <ApplicantDetailsDialog group={group} member={details} onClose={() => setDetails(null)} />}
      </Suspense>
      {rejecting && (
        <RejectDialog
          who={rejecting.who}
          several={rejecting.bulk && rejecting.users.length > 1}
          pending={respond.isPending}
          onCancel={() => setRejecting(null)}
          onConfirm={confirmReject}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove member"
        message={`Remove ${removing?.name ?? 'this member'} from ${group.name}? They will be told the reason.`}
        confirmLabel="Remove"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      >
        <TextField
          autoFocus
          fullWidth
          required
          multiline
          minRows={2}
          label="Reason"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(null);
          }}
          error={Boolean(reasonError)}
          helperText={reasonError}
          sx={{ mt: 2 }}
        />
      </ConfirmDialog>
    </Stack>
  );
}
