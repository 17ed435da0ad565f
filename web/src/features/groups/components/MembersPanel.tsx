import { useState } from 'react';
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
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import CountrySelect from '../../../components/profileForm/CountrySelect';
import OptionSelect from '../../../components/profileForm/OptionSelect';
import { useDebouncedValue } from '../../../components/profileForm/useDebouncedValue';
import { SEARCH_DEBOUNCE_MS, searchText } from '../../../lib/profile/topics';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import type { Identity } from '../../../lib/auth/identity';
import {
  confirmPayment,
  downloadMembersCsv,
  MEMBERS_PAGE_SIZE,
  removeMember,
  respondJoinRequest,
  sendVerificationFollowup,
} from '../../../lib/groups/membership';
import { MANAGE_MESSAGES, serverMessage } from '../../../lib/groups/messages';
import { isAdministrator } from '../../../lib/groups/rules';
import type { Group, Member, MembersQuery, MemberStatusTab, RespondAction } from '../../../lib/groups/types';
import { useRefreshGroups } from '../api/group';
import { useMembers } from '../api/members';
import AddMemberDialog from './AddMemberDialog';
import ConfirmDialog from './ConfirmDialog';
import LoadError from './LoadError';
import MemberRow, { type MemberAction } from './MemberRow';
import { AddIcon, DownloadIcon } from './icons';

function statusQuery(tab: MemberStatusTab): MembersQuery {
  return tab === 'unverified' ? { is_verified: false } : { status: tab };
}

function countOf(group: Group, tab: MemberStatusTab): number {
  switch (tab) {
    case 'accepted':
      return group.total_members;
    case 'pending':
      return group.pending_members_count;
    case 'rejected':
      return group.rejected_members_count;
    default:
      return group.unverified_members_count;
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
          <LoadError message="Could not fetch members" onRetry={() => void admins.refetch()} />
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
 * administrators a manage mode, row actions, Add member and the CSV download.
 */
export default function MembersPanel({ group, identity, showAdministrators = true }: Props) {
  const admin = isAdministrator(group);
  const options = useOptionsConfig();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshGroups();
  const [tab, setTab] = useState<MemberStatusTab>('accepted');
  const [country, setCountry] = useState('');
  const [field, setField] = useState<string | null>(null);
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const [managing, setManaging] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [action, setAction] = useState<'' | RespondAction>('');
  const [notes, setNotes] = useState('');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const search = useDebouncedValue(searchText(input), SEARCH_DEBOUNCE_MS);

  const query: MembersQuery = {
    ...statusQuery(tab),
    page,
    page_size: MEMBERS_PAGE_SIZE,
    search: search ?? undefined,
    country: country || undefined,
    professional_fields: field ?? undefined,
  };
  const members = useMembers(group.id, query);
  const tabs: MemberStatusTab[] = admin ? ['accepted', 'pending', 'rejected', 'unverified'] : ['accepted'];
  const count = members.data?.pagination.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / MEMBERS_PAGE_SIZE));
  const rows = members.data?.data ?? [];

  const resetSelection = () => setSelected(new Set());
  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
    resetSelection();
  };

  const respond = useMutation({
    mutationFn: ({ users, act, text }: { users: number[]; act: RespondAction; text?: string }) =>
      respondJoinRequest(group.id, users, act, text),
    meta: { silent: true },
  });
  const payment = useMutation({
    mutationFn: ({ user, act }: { user: number; act: RespondAction }) => confirmPayment(group.id, user, act),
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: ({ user, text }: { user: number; text: string }) => removeMember(group.id, user, text),
    meta: { silent: true },
  });
  const followup = useMutation({
    mutationFn: (users: number[]) => sendVerificationFollowup(group.id, users),
    meta: { silent: true },
  });

  const rowActions = (member: Member): MemberAction[] => {
    if (!admin || managing) return [];
    const self = identity?.id === member.id;
    const list: MemberAction[] = [];
    if (member.membership_status === 'pending') list.push('accept', 'reject');
    if (member.membership_status === 'rejected') list.push('accept');
    if (member.membership_status === 'accepted') {
      if (group.is_paid && member.payment_status !== 'confirmed') list.push('mark-paid', 'mark-unpaid');
      if (!self) list.push('remove');
    }
    return list;
  };

  const onRowAction = (act: MemberAction, member: Member) => {
    if (act === 'remove') {
      setRemoving(member);
      setReason('');
      setReasonError(null);
      return;
    }
    if (act === 'mark-paid' || act === 'mark-unpaid') {
      const paymentAction: RespondAction = act === 'mark-paid' ? 'accept' : 'reject';
      payment.mutate(
        { user: member.id, act: paymentAction },
        {
          onSuccess: async () => {
            enqueueSnackbar(act === 'mark-paid' ? 'Marked as paid' : 'Marked as unpaid', { variant: 'success' });
            await refresh();
          },
          onError: () => enqueueSnackbar(`Could not ${paymentAction} payment status`, { variant: 'error' }),
        },
      );
      return;
    }
    respond.mutate(
      { users: [member.id], act },
      {
        onSuccess: async () => {
          enqueueSnackbar(`Successfully ${act}ed`, { variant: 'success' });
          await refresh();
        },
        onError: (error) => enqueueSnackbar(serverMessage(error) ?? `Could not ${act} member`, { variant: 'error' }),
      },
    );
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
    respond.mutate(
      { users: [...selected], act: action, text: notes },
      {
        onSuccess: async () => {
          enqueueSnackbar(`Members ${action}ed successfully`, { variant: 'success' });
          resetSelection();
          setNotes('');
          await refresh();
        },
        onError: () => enqueueSnackbar(`Could not ${action} members`, { variant: 'error' }),
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
      await downloadMembersCsv(group.id, `${group.name_slug}-members.csv`, tab === 'unverified' ? undefined : tab);
    } catch {
      enqueueSnackbar('Could not download group members', { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const bulkActions: RespondAction[] = tab === 'accepted' ? ['reject'] : tab === 'rejected' ? ['accept'] : ['accept', 'reject'];

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
              <Button
                variant={managing ? 'contained' : 'outlined'}
                onClick={() => {
                  setManaging((value) => !value);
                  resetSelection();
                }}
                aria-pressed={managing}
              >
                {managing ? 'Done' : 'Manage'}
              </Button>
              <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                Add member
              </Button>
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} loading={downloading}>
                Download
              </Button>
            </Stack>
          )}
        </Stack>
        {tabs.length > 1 && (
          <Tabs
            value={tab}
            onChange={(_event, next: MemberStatusTab) => changeFilter(() => setTab(next))}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Member status"
            sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((item) => (
              <Tab key={item} value={item} label={`${item.charAt(0).toUpperCase()}${item.slice(1)} (${countOf(group, item)})`} />
            ))}
          </Tabs>
        )}
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
        {managing && (
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
                  {bulkActions.map((item) => (
                    <MenuItem key={item} value={item}>
                      {item === 'accept' ? 'Accept' : 'Reject'}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField label="Notes (optional)" value={notes} onChange={(event) => setNotes(event.target.value)} sx={{ flex: 1 }} />
                <Button variant="contained" onClick={applyBulk} loading={respond.isPending}>
                  Apply
                </Button>
              </>
            )}
          </Stack>
        )}
        {members.isPending && <ListSkeleton />}
        {members.isError && (
          <Box sx={{ p: 2 }}>
            <LoadError message="Could not fetch members" onRetry={() => void members.refetch()} />
          </Box>
        )}
        {members.data && rows.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No members found.
          </Typography>
        )}
        {rows.length > 0 && (
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
        {pages > 1 && (
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
      {adding && <AddMemberDialog group={group} onClose={() => setAdding(false)} />}
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
