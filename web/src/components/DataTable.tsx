import type { ReactNode } from 'react';
import { Paper, Table, TableBody, TableContainer, TableHead, TableRow, type SxProps, type Theme } from '@mui/material';

interface Props {
  /** The table's accessible name. */
  label: string;
  /** The header cells. */
  head: ReactNode;
  /** The body's rows. */
  children: ReactNode;
  size?: 'small' | 'medium';
  /** On an outlined paper, rather than straight on the page. */
  outlined?: boolean;
  containerSx?: SxProps<Theme>;
  tableSx?: SxProps<Theme>;
}

/** A table in its scrolling container, with one header row. */
export default function DataTable({ label, head, children, size, outlined = false, containerSx, tableSx }: Props) {
  const table = (
    <Table size={size} sx={tableSx} aria-label={label}>
      <TableHead>
        <TableRow>{head}</TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
  return outlined ? (
    <TableContainer component={Paper} variant="outlined" sx={containerSx}>
      {table}
    </TableContainer>
  ) : (
    <TableContainer sx={containerSx}>{table}</TableContainer>
  );
}
