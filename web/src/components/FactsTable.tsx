import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/**
 * Facts as label and value rows, each label the header of its row (a course's details, a
 * reservation to confirm, a code): screen readers read "Course, Spanish 101". Long values wrap.
 */
export function FactsTable({
  rows,
  label,
  labelWidth = '40%',
}: {
  rows: [string, ReactNode][];
  label?: string;
  labelWidth?: string | number;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableBody>
        {rows.map(([k, v]) => (
          <TableRow key={k}>
            <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: labelWidth }}>
              {k}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{v}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
