/**
 * The difference of two versions: what changes for employees in sentences (change-summary.ts), and behind "The
 * JSON lines" a line diff, unified or side by side: lines added on green with a +, lines removed on red with
 * a - (the signs say it without the colours), and long runs of unchanged lines folded behind a button that shows
 * them. The backgrounds are the theme's lightest green and red, so the text keeps its contrast.
 */
import { Box, Button, List, Stack, Switch, Table, Text } from '@mantine/core';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import type { DiffLine, VersionDiff } from '../../api/types.ts';
import { foldUnchanged, sideBySide, type DiffBlock } from './diff-layout.ts';

const BACKGROUND: Record<DiffLine['op'], string | undefined> = { '+': 'var(--mantine-color-green-0)', '-': 'var(--mantine-color-red-0)', ' ': undefined };
const lineStyle = (line: DiffLine | null): CSSProperties => ({
  background: line ? BACKGROUND[line.op] : 'var(--mantine-color-gray-0)',
  fontFamily: 'var(--mantine-font-family-monospace)',
  fontSize: 'var(--mantine-font-size-xs)',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

function Line({ line }: { line: DiffLine }) {
  return (
    <div style={lineStyle(line)} data-op={line.op}>
      {`${line.op} ${line.text}`}
    </div>
  );
}

/** A folded run: a button saying how many lines it hides, showing them when pressed. */
function Folded({ block, children }: { block: DiffBlock; children: (lines: DiffLine[]) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const count = `${block.lines.length} unchanged lines`;
  return (
    <>
      <Button variant="subtle" size="compact-xs" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? `Hide ${count}` : count}
      </Button>
      {open && children(block.lines)}
    </>
  );
}

function Unified({ blocks }: { blocks: DiffBlock[] }) {
  const lines = (shown: DiffLine[]) => shown.map((line, i) => <Line key={i} line={line} />);
  return <Box>{blocks.map((block, i) => (block.folded ? <Folded key={i} block={block}>{lines}</Folded> : <Box key={i}>{lines(block.lines)}</Box>))}</Box>;
}

function SideBySide({ blocks, from, to }: { blocks: DiffBlock[]; from: string; to: string }) {
  const rows = (shown: DiffLine[]) =>
    sideBySide(shown).map((row, i) => (
      <Table.Tr key={i}>
        <Table.Td p={0} style={lineStyle(row.before)}>
          {row.before ? `${row.before.op} ${row.before.text}` : ''}
        </Table.Td>
        <Table.Td p={0} style={lineStyle(row.after)}>
          {row.after ? `${row.after.op} ${row.after.text}` : ''}
        </Table.Td>
      </Table.Tr>
    ));
  return (
    <Table layout="fixed" withColumnBorders aria-label="Diff side by side">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{from}</Table.Th>
          <Table.Th>{to}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {blocks.map((block, i) =>
          block.folded ? (
            <Table.Tr key={i}>
              <Table.Td colSpan={2} p={0}>
                <Folded block={block}>
                  {(lines) => (
                    <Table layout="fixed" withColumnBorders>
                      <Table.Tbody>{rows(lines)}</Table.Tbody>
                    </Table>
                  )}
                </Folded>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows(block.lines)
          ),
        )}
      </Table.Tbody>
    </Table>
  );
}

const versionName = (version: number) => (version === 0 ? 'base document' : `version ${version}`);
const heading = (version: number) => versionName(version).replace(/^./, (first) => first.toUpperCase());

/** `changes`: what changes for employees from the one version to the other, one sentence each. */
export function DiffView({ diff, changes }: { diff: VersionDiff; changes: string[] }) {
  const [twoColumns, setTwoColumns] = useState(false);
  const blocks = useMemo(() => foldUnchanged(diff.lines), [diff]);
  const changed = diff.lines.some((line) => line.op !== ' ');
  return (
    <Stack gap="xs" component="section" aria-label={`Diff from ${versionName(diff.from)} to ${versionName(diff.to)}`}>
      {changes.length > 0 ? (
        <List size="sm" aria-label="Changes for employees">
          {changes.map((change, i) => (
            <List.Item key={i}>{change}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">Nothing changes for employees.</Text>
      )}
      <details>
        <summary>The JSON lines</summary>
        <Stack gap="xs" mt="xs">
          <Switch label="Side by side" checked={twoColumns} onChange={(e) => setTwoColumns(e.currentTarget.checked)} />
          <Text size="sm">{changed ? 'Lines added are marked + (green), lines removed - (red).' : 'The two versions are the same.'}</Text>
          {twoColumns ? <SideBySide blocks={blocks} from={heading(diff.from)} to={heading(diff.to)} /> : <Unified blocks={blocks} />}
        </Stack>
      </details>
    </Stack>
  );
}
