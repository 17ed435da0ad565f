// The staff recommendation package (spec 002 §2, §4, §5, §8): search a member (more than 1
// character, 16 a page), pick up to 5 people, 5 groups and 5 resources, Next opens the email
// template, Send Email asks for confirmation, then mails it and returns to /. People can also be
// fetched from a chosen group as mentors, mentees or fellow members (GroupPeoplePicker).
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import ConfirmDialog from '../../components/ConfirmDialog';
import { useIdentity } from '../../lib/auth/identity';
import { useSnackbar } from '../../lib/snackbar';
import {
  DEFAULT_BODY,
  DEFAULT_FOOTER,
  DEFAULT_SUBJECT,
  MSG_FAILED,
  MSG_NO_ACCESS,
  MSG_SENT,
  toggle,
  type MemberPickerProps,
  type PackageKind,
  type Picked,
} from './packageRules';
import { fetchMemberReports, sendPackage } from './api';
import { Finder, type Source } from './Finder';
import GroupPeoplePicker from './GroupPeoplePicker';

type Tab = Source | 'group_people' | 'agent_reports';

/** The member's own CareerGPS reports, newest first (staff may list anyone's). */
function ReportsPicker({ memberId, selected, onToggle }: MemberPickerProps) {
  const reports = useQuery({
    queryKey: ['recommendation-package', 'agent_reports', memberId],
    queryFn: ({ signal }) => fetchMemberReports(memberId, signal),
  });
  if (reports.isPending) return <Skeleton variant="rounded" height={48} />;
  if (reports.isError) return <Alert severity="error">Could not load the member's agent reports.</Alert>;
  if (reports.data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        There are no agent reports for this member yet.
      </Typography>
    );
  return (
    <List dense sx={{ maxHeight: 320, overflowY: 'auto' }} aria-label="Agent reports">
      {reports.data.map((report) => {
        const on = selected.some((s) => s.id === report.id);
        return (
          <ListItemButton key={report.id} onClick={() => onToggle({ id: report.id, name: report.title })} selected={on}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <Checkbox edge="start" size="small" checked={on} tabIndex={-1} disableRipple />
            </ListItemIcon>
            <ListItemText primary={report.title} secondary={new Date(report.created_at).toLocaleDateString()} />
          </ListItemButton>
        );
      })}
    </List>
  );
}

export default function RecommendationPackagePage() {
  const { identity, isPending } = useIdentity();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [recipient, setRecipient] = useState<Picked | null>(null);
  const [tab, setTab] = useState<Tab>('users');
  const [picked, setPicked] = useState<Record<PackageKind, Picked[]>>({ users: [], groups: [], resources: [], agent_reports: [] });
  const [limitError, setLimitError] = useState<string | null>(null);
  const [template, setTemplate] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [subject, setSubject] = useState(DEFAULT_SUBJECT);
  const [body, setBody] = useState(DEFAULT_BODY);
  const [footer, setFooter] = useState(DEFAULT_FOOTER);

  const send = useMutation({
    mutationFn: async () => {
      if (!recipient) throw new Error('No member chosen');
      return sendPackage(recipient.id, {
        subject,
        body,
        footer,
        users: picked.users.map((p) => p.id),
        groups: picked.groups.map((p) => p.id),
        internal_resources: picked.resources.map((p) => p.id),
        external_resources: [],
        agent_reports: picked.agent_reports.map((p) => p.id),
      });
    },
    meta: { silent: true },
    onSuccess: (answer) => {
      enqueueSnackbar(answer.message || MSG_SENT, { variant: 'success' });
      void navigate('/');
    },
    onError: () => {
      setConfirm(false);
      enqueueSnackbar(MSG_FAILED, { variant: 'error' });
    },
  });

  if (isPending) return <Skeleton variant="rounded" height={200} sx={{ m: 3 }} />;
  if (!identity?.is_staff)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="warning">{MSG_NO_ACCESS}</Alert>
      </Box>
    );

  const onToggle = (kind: PackageKind) => (item: Picked) => {
    const { next, error } = toggle(picked[kind], item, kind);
    setLimitError(error);
    setPicked((all) => ({ ...all, [kind]: next }));
  };
  const total = picked.users.length + picked.groups.length + picked.resources.length + picked.agent_reports.length;

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Recommendation Package
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          1. The member
        </Typography>
        {recipient ? (
          <Chip label={recipient.name} onDelete={() => setRecipient(null)} color="primary" />
        ) : (
          <Finder source="users" label="Search a member" selected={[]} single onToggle={(item) => setRecipient(item)} />
        )}
      </Paper>
      {recipient && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            2. Recommendations
          </Typography>
          <Tabs value={tab} onChange={(_, v: Tab) => setTab(v)} variant="scrollable" allowScrollButtonsMobile>
            <Tab value="users" label={`People (${picked.users.length})`} />
            <Tab value="group_people" label="Mentors and mentees" />
            <Tab value="groups" label={`Groups (${picked.groups.length})`} />
            <Tab value="resources" label={`Resources (${picked.resources.length})`} />
            <Tab value="agent_reports" label={`Agent reports (${picked.agent_reports.length})`} />
          </Tabs>
          <Box sx={{ pt: 2 }}>
            {limitError && (
              <Alert severity="warning" sx={{ mb: 1 }} onClose={() => setLimitError(null)}>
                {limitError}
              </Alert>
            )}
            {tab === 'users' && <Finder source="users" label="Search people" selected={picked.users} onToggle={onToggle('users')} />}
            {tab === 'group_people' && (
              <GroupPeoplePicker memberId={recipient.id} selected={picked.users} onToggle={onToggle('users')} />
            )}
            {tab === 'groups' && <Finder source="groups" label="Search groups" selected={picked.groups} onToggle={onToggle('groups')} />}
            {tab === 'resources' && (
              <Finder source="resources" label="Search resources" selected={picked.resources} onToggle={onToggle('resources')} />
            )}
            {tab === 'agent_reports' && (
              <ReportsPicker memberId={recipient.id} selected={picked.agent_reports} onToggle={onToggle('agent_reports')} />
            )}
          </Box>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 2 }}>
            {(['users', 'groups', 'resources', 'agent_reports'] as PackageKind[]).flatMap((kind) =>
              picked[kind].map((p) => <Chip key={`${kind}-${p.id}`} label={p.name} onDelete={() => onToggle(kind)(p)} />),
            )}
          </Stack>
          <Button variant="contained" disabled={total === 0} onClick={() => setTemplate(true)}>
            Next
          </Button>
        </Paper>
      )}
      <Dialog open={template} onClose={() => setTemplate(false)} fullWidth maxWidth="sm" aria-labelledby="package-template-title">
        <DialogTitle id="package-template-title">Email template</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} required slotProps={{ htmlInput: { maxLength: 200 } }} />
            <TextField label="Body" value={body} onChange={(e) => setBody(e.target.value)} required multiline minRows={5} slotProps={{ htmlInput: { maxLength: 5000 } }} />
            <TextField label="Footer" value={footer} onChange={(e) => setFooter(e.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 1000 } }} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTemplate(false)}>Back</Button>
          <Button variant="contained" disabled={!subject.trim() || !body.trim()} onClick={() => setConfirm(true)}>
            Send Email
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirm}
        title="Send this email?"
        message={`The recommendations will be mailed to ${recipient?.name ?? 'the member'}.`}
        confirmLabel="Send"
        pending={send.isPending}
        onConfirm={() => send.mutate()}
        onCancel={() => setConfirm(false)}
      />
    </Box>
  );
}
