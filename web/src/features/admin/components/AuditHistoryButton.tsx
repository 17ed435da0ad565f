// The history of administrators' actions on one member or item (issue 19 audit log): a
// button that opens a dialog listing who did what, when and why, newest first, 10 a page.
// Used by the members table and the jobs, resources, AI tools and use cases tables.
import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Pagination,
  Typography,
} from '@mui/material';
import { AUDIT_PAGE_SIZE, useAuditLog, type AuditEntityType, type AuditEntry } from '../api/auditLog';
import { auditActionLabel } from '../adminRules';

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

function Entry({ entry }: { entry: AuditEntry }) {
  const who = entry.actor_name || 'A former administrator';
  return (
    <ListItem divider alignItems="flex-start" disableGutters>
      <ListItemText
        primary={`${auditActionLabel(entry.action)} by ${who}`}
        secondary={
          <>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {when(entry.created_at)}
            </Typography>
            {entry.reason && (
              <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                Reason: {entry.reason}
              </Typography>
            )}
          </>
        }
      />
    </ListItem>
  );
}

function HistoryList({ entityType, entityId }: { entityType: AuditEntityType; entityId: number }) {
  const [page, setPage] = useState(1);
  const history = useAuditLog(entityType, entityId, page, true);
  if (history.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={28} aria-label="Loading history" />
      </Box>
    );
  }
  if (history.isError) return <Alert severity="error">Could not fetch history</Alert>;
  const { data, pagination } = history.data;
  if (data.length === 0) return <Typography color="text.secondary">No actions recorded yet.</Typography>;
  const pages = Math.ceil(pagination.count / AUDIT_PAGE_SIZE);
  return (
    <>
      <List dense aria-label="History">
        {data.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </List>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, value) => setPage(value)}
          size="small"
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          aria-label="History pages"
        />
      )}
    </>
  );
}

interface Props {
  entityType: AuditEntityType;
  entityId: number;
  /** Named in the dialog's title ('History of Ada Lovelace'). */
  name?: string;
  /** A small text button (tables) by default. */
  size?: 'small' | 'medium';
}

/** 'History' and its dialog; the history loads when the dialog opens. */
export default function AuditHistoryButton({ entityType, entityId, name, size = 'small' }: Props) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)} aria-label={name ? `History of ${name}` : 'History'}>
        History
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{name ? `History of ${name}` : 'History'}</DialogTitle>
        <DialogContent>{open && <HistoryList entityType={entityType} entityId={entityId} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
