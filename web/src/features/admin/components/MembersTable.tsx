// The admin members table: a row per member with selection, verification label, the system
// agents' answers (2 chips then +N), notes, joined date, the row's actions and its history;
// page sizes 5, 25, 50, 100, 500.
import {
  Avatar,
  Box,
  Button,
  Checkbox,
  Chip,
  Skeleton,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import DataTable from '../../../components/DataTable';
import type { AdminMember } from '../api/members';
import { PAGE_SIZE_OPTIONS, verificationColor, verificationLabel } from '../adminRules';
import AuditHistoryButton from './AuditHistoryButton';
import AdminPagination from './AdminPagination';
import LazyTooltip from '../../../components/LazyTooltip';

interface Props {
  rows: AdminMember[];
  loading: boolean;
  count: number;
  page: number;
  pageSize: number;
  selectable: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onAccept: (member: AdminMember) => void;
  onReject: (member: AdminMember) => void;
  onRemove: (member: AdminMember) => void;
  onPayment: (member: AdminMember, action: 'accept' | 'reject') => void;
  agentNames: Record<number, string>;
}

function joined(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The registration agent's answer, else the membership's status. */
function verification(member: AdminMember): string | null {
  const approval = member.agent_responses?.find((a) => a.agent_type === 'registration_approval');
  return verificationLabel(approval?.response.action ?? member.membership_status);
}

function AgentChips({ member, names }: { member: AdminMember; names: Record<number, string> }) {
  const answers = member.agent_responses ?? [];
  if (answers.length === 0) return <Typography variant="body2" color="text.secondary">—</Typography>;
  const shown = answers.slice(0, 2);
  const rest = answers.length - shown.length;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {shown.map((answer) => {
        const level = answer.response.ai_enthusiasm_level;
        const label = level ? `AI ${level}` : answer.response.action;
        const name = names[answer.agent_id] ?? 'Agent';
        return (
          <LazyTooltip key={answer.agent_id} title={`${name}: ${answer.response.reason ?? ''}`}>
            <Chip size="small" label={label} variant="outlined" />
          </LazyTooltip>
        );
      })}
      {rest > 0 && <Chip size="small" label={`+${rest}`} />}
    </Stack>
  );
}

function RowActions({ member, props }: { member: AdminMember; props: Props }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {member.membership_status === 'pending' && (
        <>
          <Button size="small" onClick={() => props.onAccept(member)} aria-label={`Accept ${member.name}`}>
            Accept
          </Button>
          <Button size="small" color="error" onClick={() => props.onReject(member)} aria-label={`Reject ${member.name}`}>
            Reject
          </Button>
        </>
      )}
      {member.membership_status === 'accepted' && member.payment_status && member.payment_status !== 'confirmed' && (
        <Button size="small" onClick={() => props.onPayment(member, 'accept')} aria-label={`Mark ${member.name} as paid`}>
          Mark paid
        </Button>
      )}
      {member.membership_status === 'accepted' && member.payment_status === 'confirmed' && (
        <Button size="small" onClick={() => props.onPayment(member, 'reject')} aria-label={`Mark ${member.name} as unpaid`}>
          Mark unpaid
        </Button>
      )}
      {member.membership_status === 'accepted' && member.membership_role !== 'admin' && (
        <Button size="small" color="error" onClick={() => props.onRemove(member)} aria-label={`Remove ${member.name}`}>
          Remove
        </Button>
      )}
      <AuditHistoryButton entityType="user" entityId={member.id} name={member.name} />
    </Stack>
  );
}

export default function MembersTable(props: Props) {
  const { rows, loading, count, page, pageSize, selectable, selected, onSelect } = props;
  const ids = rows.map((row) => row.id);
  const all = ids.length > 0 && ids.every((id) => selected.includes(id));
  const some = ids.some((id) => selected.includes(id));
  const toggle = (id: number) => onSelect(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  return (
    <Box>
      <DataTable
        label="Members"
        size="small"
        containerSx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
        head={
          <>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={all}
                  indeterminate={some && !all}
                  onChange={() => onSelect(all ? [] : ids)}
                  slotProps={{ input: { 'aria-label': 'Select all members on this page' } }}
                />
              </TableCell>
            )}
            <TableCell>Member</TableCell>
            <TableCell>Verification</TableCell>
            <TableCell>Agents</TableCell>
            <TableCell>Notes</TableCell>
            <TableCell>Joined</TableCell>
            <TableCell>Actions</TableCell>
          </>
        }
      >
        {loading &&
          [0, 1, 2].map((i) => (
            <TableRow key={`loading-${i}`}>
              <TableCell colSpan={selectable ? 7 : 6}>
                <Skeleton />
              </TableCell>
            </TableRow>
          ))}
        {!loading && rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={selectable ? 7 : 6}>
              <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                No members found.
              </Typography>
            </TableCell>
          </TableRow>
        )}
        {!loading &&
          rows.map((member) => {
            const label = verification(member);
            return (
              <TableRow key={member.id} hover selected={selected.includes(member.id)}>
                {selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.includes(member.id)}
                      onChange={() => toggle(member.id)}
                      slotProps={{ input: { 'aria-label': `Select ${member.name}` } }}
                    />
                  </TableCell>
                )}
                <TableCell sx={{ minWidth: 200 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Avatar src={member.image ?? undefined} alt="" sx={{ width: 32, height: 32 }} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {member.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {[member.membership_role, member.institution_name, member.email].filter(Boolean).join(' · ')}
                      </Typography>
                    </Box>
                  </Stack>
                </TableCell>
                <TableCell>{label && <Chip size="small" color={verificationColor(label)} label={label} />}</TableCell>
                <TableCell>
                  <AgentChips member={member} names={props.agentNames} />
                </TableCell>
                <TableCell sx={{ maxWidth: 220 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {member.notes || member.reason || '—'}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{joined(member.joined_at)}</TableCell>
                <TableCell>
                  <RowActions member={member} props={props} />
                </TableCell>
              </TableRow>
            );
          })}
      </DataTable>
      <AdminPagination
        count={count}
        page={page}
        pageSize={pageSize}
        pageSizes={PAGE_SIZE_OPTIONS}
        onPage={props.onPage}
        onPageSize={(value) => props.onPageSize(Number(value))}
      />
    </Box>
  );
}
