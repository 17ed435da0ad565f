import { Box, Tab, Tabs } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { OrgTab } from '../../../lib/groups/rules';

/** A group page's tab bar; each tab is a link to its sub-route. */
export default function TabsBar({ tabs, base, current, label }: { tabs: OrgTab[]; base: string; current: string; label: string }) {
  const selected = tabs.some((tab) => tab.path === current) ? current : false;
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mt: 2 }}>
      <Tabs value={selected} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={label}>
        {tabs.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={tab.label} component={RouterLink} to={tab.path ? `${base}/${tab.path}` : base} />
        ))}
      </Tabs>
    </Box>
  );
}
