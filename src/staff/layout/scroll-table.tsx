/**
 * A console table: its column headings and rows, in a container that scrolls on its own on a phone rather than
 * widening the page past the screen.
 */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function ScrollTable({ label, minWidth, headings, children }: { label?: string; minWidth: number; headings: readonly string[]; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {headings.map((heading, index) => (
              <Table.Th key={index}>{heading}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
