// The right panel (spec 000 §4, 002 §2): large screens, signed-in members, on the listed pages;
// tabs AMA (open by default) and Recommendations; collapsible. Loaded lazily by the layout.
import { useState } from 'react';
import { Box, IconButton, Paper, Stack, Tab, Tabs, Tooltip } from '@mui/material';
import AssistantChat from '../../components/assistant/AssistantChat';
import RecommendationsList from './components/RecommendationsList';

export const RIGHT_PANEL_WIDTH = 360;

export default function RightPanel() {
  const [tab, setTab] = useState<'ama' | 'recommendations'>('ama');
  const [open, setOpen] = useState(true);
  if (!open)
    return (
      <Box component="aside" aria-label="Assistant" sx={{ pt: 9, px: 0.5 }}>
        <Tooltip title="Open the assistant">
          <IconButton aria-label="Open the assistant" onClick={() => setOpen(true)}>
            «
          </IconButton>
        </Tooltip>
      </Box>
    );
  return (
    <Box
      component="aside"
      aria-label="Assistant"
      sx={{ width: RIGHT_PANEL_WIDTH, flexShrink: 0, pt: 8, position: 'sticky', top: 0, height: '100vh', boxSizing: 'border-box' }}
    >
      <Paper variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderRadius: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
          <Tabs value={tab} onChange={(_, v: 'ama' | 'recommendations') => setTab(v)} sx={{ flex: 1 }}>
            <Tab value="ama" label="AMA" />
            <Tab value="recommendations" label="Recommendations" />
          </Tabs>
          <Tooltip title="Collapse">
            <IconButton aria-label="Collapse the assistant" onClick={() => setOpen(false)}>
              »
            </IconButton>
          </Tooltip>
        </Stack>
        <Box sx={{ p: 1.5, flex: 1, minHeight: 0, overflowY: 'auto' }}>
          {tab === 'ama' ? <AssistantChat /> : <RecommendationsList />}
        </Box>
      </Paper>
    </Box>
  );
}
