import { useId, type ReactNode } from 'react';
import { Badge, Box, CircularProgress, IconButton, Popover, Typography } from '@mui/material';
import LazyTooltip from '../LazyTooltip';
import type { PanelAnchor } from './usePanelAnchor';

interface Props {
  /** The button's tooltip and name ('Messages'), followed by the unread count when there is one. */
  name: string;
  unread: number;
  icon: ReactNode;
  /** The unread badge's test id. */
  badgeTestId?: string;
  panel: PanelAnchor;
  /** Called when the button opens the panel. */
  onOpen?: () => void;
  /** The panel's width from small screens up (phones get the screen's width). */
  width: number;
  children: ReactNode;
}

/** The badge shows at most 99 ('99+'). */
const MAX_COUNT = 99;

/** The unread count as the badge shows it, so that the button's name holds the badge's text. */
function countLabel(unread: number): string {
  return unread > MAX_COUNT ? `${MAX_COUNT}+` : String(unread);
}

/** A top-bar icon with an unread badge that opens a panel under it (spec 000 §2 "Shell"). */
export default function TopBarPanel({ name, unread, icon, badgeTestId, panel, onOpen, width, children }: Props) {
  const panelId = useId();
  return (
    <>
      <LazyTooltip title={name}>
        <IconButton
          aria-label={unread > 0 ? `${name}, ${countLabel(unread)} unread` : name}
          aria-haspopup="dialog"
          aria-controls={panel.open ? panelId : undefined}
          aria-expanded={panel.open}
          onClick={(event) => {
            panel.show(event.currentTarget);
            onOpen?.();
          }}
        >
          {/* With no unread items, no badge: MUI keeps a hidden badge's last text (a '0') in the
              button, where it contradicts the button's name (issue 30). */}
          {unread > 0 ? (
            <Badge badgeContent={unread} color="error" max={MAX_COUNT} data-testid={badgeTestId}>
              {icon}
            </Badge>
          ) : (
            icon
          )}
        </IconButton>
      </LazyTooltip>
      <Popover
        id={panelId}
        open={panel.open}
        anchorEl={panel.anchor}
        onClose={panel.close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 16px)', sm: width }, maxHeight: '70vh' } } }}
      >
        {children}
      </Popover>
    </>
  );
}

interface StatesProps {
  query: { isPending: boolean; isError: boolean; isSuccess: boolean };
  /** The list came back with nothing in it. */
  empty: boolean;
  loadingLabel: string;
  emptyText: ReactNode;
}

/** A panel list's loading spinner, 'Could not fetch items.' and empty text. */
export function PanelStates({ query, empty, loadingLabel, emptyText }: StatesProps) {
  return (
    <>
      {query.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={24} aria-label={loadingLabel} />
        </Box>
      )}
      {query.isError && (
        <Typography sx={{ p: 2 }} color="error">
          Could not fetch items.
        </Typography>
      )}
      {query.isSuccess && empty && (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {emptyText}
        </Typography>
      )}
    </>
  );
}
