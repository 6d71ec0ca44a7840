/**
 * A console table: its column headings and rows, in a container that scrolls on its own on a phone rather than
 * widening the page past the screen; a caption says what it shows (a page's place in a long list).
 */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function ScrollTable({ label, caption, minWidth, headings, children }: { label?: string; caption?: string; minWidth: number; headings: readonly string[]; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table aria-label={label} captionSide="top">
        {caption && <Table.Caption>{caption}</Table.Caption>}
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
