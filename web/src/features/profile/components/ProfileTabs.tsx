import type { ReactNode } from 'react';
import { Box, Tabs, type BoxProps, type TabsProps } from '@mui/material';

/** The profile's sections as scrolling tabs over a divider (the profile page's tabs, the edit dialog's). */
export default function ProfileTabs({
  value,
  onChange,
  sx,
  children,
}: {
  value: TabsProps['value'];
  onChange?: TabsProps['onChange'];
  sx?: BoxProps['sx'];
  children: ReactNode;
}) {
  return (
    <Box sx={[{ borderBottom: 1, borderColor: 'divider' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Tabs value={value} onChange={onChange} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label="Profile sections">
        {children}
      </Tabs>
    </Box>
  );
}
