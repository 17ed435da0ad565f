// The admin members table (spec 002 §2 "/members", §4 "Membership", §7 "Admin", §8): the
// organization's members by status with search, country, professional field, role and the
// system agents' filters in the address; accept or reject one or many, remove with a reason,
// invite, the verification follow-up mail, rerun a system agent, mark payment, history.
import { useMemo, useState } from 'react';
import { Alert, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useAppConfig } from '../../../lib/config/appConfig';
import { useSnackbar } from '../../../lib/snackbar';
import { serverMessage } from '../../../lib/groups/messages';
import { confirmPayment, removeMember, respondJoinRequest, sendVerificationFollowup } from '../../../lib/groups/membership';
import SearchField from '../../../components/lists/SearchField';
import FilterSelect from '../../../components/lists/FilterSelect';
import { readPage, readValue, withFilter, withPage } from '../../../components/lists/listParams';
import { COUNTRY_OPTIONS } from '../../../components/lists/countryFilter';
import { ADMIN_KEY } from '../api/metrics';
import { rerunSystemAgent, useAdminMembers, useSystemAgents, type AdminMember, type AdminMembersQuery } from '../api/members';
import {
  AGENT_ACTIONS,
  agentResponseParam,
  bulkMessages,
  ENTHUSIASM_LEVELS,
  MEMBER_TABS,
  readPageSize,
  readTab,
  tabQuery,
} from '../adminRules';
import AdminFilterBar from '../components/AdminFilterBar';
import MembersTable from '../components/MembersTable';
import { InviteDialog, ReasonDialog, RerunDialog } from '../components/MemberDialogs';

const ROLE_OPTIONS = ['admin', 'leader', 'facilitator', 'member'].map((role) => ({
  value: role,
  label: role.charAt(0).toUpperCase() + role.slice(1),
}));

type Dialog =
  | { kind: 'reject'; users: AdminMember[] }
  | { kind: 'remove'; member: AdminMember }
  | { kind: 'invite' }
  | { kind: 'rerun'; users: number[] }
  | null;

export default function MembersPage() {
  const config = useAppConfig();
  const orgId = config.organization.id;
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get('status'));
  const page = readPage(params);
  const pageSize = readPageSize(params.get('page_size'));
  const search = readValue(params, 'q');
  const country = readValue(params, 'country');
  const field = readValue(params, 'professional_fields');
  const role = readValue(params, 'role');
  const agent = readValue(params, 'system_agent_id');
  const action = readValue(params, 'agent_action');
  const level = readValue(params, 'ai_enthusiasm_level');
  const query: AdminMembersQuery = {
    ...tabQuery(tab),
    search: search ?? undefined,
    country: country ?? undefined,
    professional_fields: field ?? undefined,
    role: role ?? undefined,
    system_agent_id: agent && /^\d+$/.test(agent) ? Number(agent) : undefined,
    agent_response: agentResponseParam(action, level),
    page,
    page_size: pageSize,
  };
  const members = useAdminMembers(orgId, query);
  const agents = useSystemAgents(orgId);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  // A new page, tab or filter starts with nothing selected.
  const listKey = params.toString();
  const [seenKey, setSeenKey] = useState(listKey);
  if (seenKey !== listKey) {
    setSeenKey(listKey);
    setSelected([]);
  }

  const setFilter = (key: string, value: string | null) => setParams(withFilter(params, key, value));
  const refresh = () => client.invalidateQueries({ queryKey: ADMIN_KEY });

  const respond = useMutation({
    mutationFn: ({ users, act, notes }: { users: number[]; act: 'accept' | 'reject'; notes?: string }) =>
      respondJoinRequest(orgId, users, act, notes),
    onSuccess: (answer, { users, act }) => {
      const message = (answer as { message?: string } | undefined)?.message;
      enqueueSnackbar(message ?? (users.length > 1 ? bulkMessages(act).done : `Successfully ${act}ed`), { variant: 'success' });
      setSelected([]);
      setDialog(null);
      void refresh();
    },
    onError: (error, { users, act }) => {
      const fallback = users.length > 1 ? bulkMessages(act).failed : `Could not ${act} member`;
      enqueueSnackbar(users.length > 1 ? fallback : (serverMessage(error) ?? fallback), { variant: 'error' });
    },
  });
  const remove = useMutation({
    mutationFn: ({ user, reason }: { user: number; reason: string }) => removeMember(orgId, user, reason),
    onSuccess: () => {
      enqueueSnackbar('Member removed successfully', { variant: 'success' });
      setDialog(null);
      void refresh();
    },
    onError: (error) => enqueueSnackbar(serverMessage(error) ?? 'Could not remove member', { variant: 'error' }),
  });
  const payment = useMutation({
    mutationFn: ({ user, act }: { user: number; act: 'accept' | 'reject' }) => confirmPayment(orgId, user, act),
    onSuccess: (answer, { act }) => {
      const message = (answer as { message?: string } | undefined)?.message;
      enqueueSnackbar(message ?? `Successfully ${act}ed payment status`, { variant: 'success' });
      void refresh();
    },
    onError: (error, { act }) => enqueueSnackbar(serverMessage(error) ?? `Could not ${act} payment status`, { variant: 'error' }),
  });
  const followup = useMutation({
    mutationFn: (users: number[]) => sendVerificationFollowup(orgId, users),
    onSuccess: () => {
      enqueueSnackbar('Verification follow-up email sent successfully', { variant: 'success' });
      setSelected([]);
    },
    onError: () => enqueueSnackbar('Could not send verification follow-up email', { variant: 'error' }),
  });
  const rerun = useMutation({
    mutationFn: ({ agentId, users }: { agentId: number; users: number[] }) => rerunSystemAgent(agentId, users),
    onSuccess: (answer) => {
      enqueueSnackbar(answer?.message ?? 'Agent rerun successfully.', { variant: 'success' });
      setDialog(null);
      void refresh();
    },
    onError: (error) => enqueueSnackbar(`Failed to rerun agent: ${serverMessage(error) ?? 'Unknown error'}`, { variant: 'error' }),
  });

  const rows = useMemo(() => members.data?.data ?? [], [members.data]);
  const byId = (ids: number[]) => rows.filter((row) => ids.includes(row.id));
  const agentOptions = (agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const busy = respond.isPending || followup.isPending;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Members
        </Typography>
        <Button variant="contained" onClick={() => setDialog({ kind: 'invite' })}>
          Invite
        </Button>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_event, value: string) => setParams(withFilter(params, 'status', value === 'accepted' ? null : value))}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Member status"
      >
        {MEMBER_TABS.map((item) => (
          <Tab key={item.value} value={item.value} label={item.label} />
        ))}
      </Tabs>
      <AdminFilterBar label="Member filters">
        <SearchField value={search} onSearch={(text) => setFilter('q', text)} label="Search members" />
        <FilterSelect label="Country" options={COUNTRY_OPTIONS} value={country} onChange={(next) => setFilter('country', next)} />
        <FilterSelect
          label="Professional field"
          options={config.options.professional_fields.map((option) => ({ value: String(option.value), label: option.label }))}
          value={field}
          onChange={(next) => setFilter('professional_fields', next)}
        />
        <FilterSelect label="Role" options={ROLE_OPTIONS} value={role} onChange={(next) => setFilter('role', next)} />
        <FilterSelect label="System agent" options={agentOptions} value={agent} onChange={(next) => setFilter('system_agent_id', next)} allLabel="Any agent" />
        <FilterSelect label="Agent action" options={AGENT_ACTIONS} value={action} onChange={(next) => setFilter('agent_action', next)} />
        <FilterSelect label="AI enthusiasm" options={ENTHUSIASM_LEVELS} value={level} onChange={(next) => setFilter('ai_enthusiasm_level', next)} />
      </AdminFilterBar>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Bulk actions" role="toolbar">
        {tab === 'pending' && (
          <>
            <Button
              variant="contained"
              disabled={selected.length === 0 || busy}
              onClick={() => respond.mutate({ users: selected, act: 'accept' })}
            >
              Accept selected ({selected.length})
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={selected.length === 0 || busy}
              onClick={() => setDialog({ kind: 'reject', users: byId(selected) })}
            >
              Reject selected ({selected.length})
            </Button>
          </>
        )}
        {tab === 'unverified' && (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => {
              if (selected.length === 0) enqueueSnackbar('No users selected for follow-up email.', { variant: 'warning' });
              else followup.mutate(selected);
            }}
          >
            Send verification follow-up
          </Button>
        )}
        <Button variant="outlined" disabled={selected.length === 0} onClick={() => setDialog({ kind: 'rerun', users: selected })}>
          Rerun agent
        </Button>
      </Stack>
      {members.isError && !members.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void members.refetch()}>
              Retry
            </Button>
          }
        >
          Could not fetch members
        </Alert>
      ) : (
        <MembersTable
          rows={rows}
          loading={members.isPending}
          count={members.data?.pagination.count ?? 0}
          page={page}
          pageSize={pageSize}
          selectable={true}
          selected={selected}
          onSelect={setSelected}
          onPage={(next) => setParams(withPage(params, next))}
          onPageSize={(size) => setParams(withFilter(params, 'page_size', String(size)))}
          onAccept={(member) => respond.mutate({ users: [member.id], act: 'accept' })}
          onReject={(member) => setDialog({ kind: 'reject', users: [member] })}
          onRemove={(member) => setDialog({ kind: 'remove', member })}
          onPayment={(member, act) => payment.mutate({ user: member.id, act })}
          agentNames={Object.fromEntries((agents.data ?? []).map((a) => [a.id, a.name]))}
        />
      )}
      {dialog?.kind === 'reject' && (
        <ReasonDialog
          title={dialog.users.length > 1 ? `Reject ${dialog.users.length} members` : `Reject ${dialog.users[0]?.name ?? 'member'}`}
          label="Reason"
          required={false}
          confirmLabel="Reject"
          pending={respond.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={(notes) => respond.mutate({ users: dialog.users.map((u) => u.id), act: 'reject', notes })}
        />
      )}
      {dialog?.kind === 'remove' && (
        <ReasonDialog
          title={`Remove ${dialog.member.name}`}
          label="Reason"
          required
          confirmLabel="Remove"
          pending={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={(reason) => remove.mutate({ user: dialog.member.id, reason })}
        />
      )}
      {dialog?.kind === 'invite' && <InviteDialog orgId={orgId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rerun' && (
        <RerunDialog
          agents={agents.data ?? []}
          count={dialog.users.length}
          pending={rerun.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={(agentId) => rerun.mutate({ agentId, users: dialog.users })}
        />
      )}
    </Stack>
  );
}
