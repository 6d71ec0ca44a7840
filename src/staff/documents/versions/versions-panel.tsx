/**
 * A document's versions for one employer: status, dates and who; roll back to any earlier version (a retired
 * one too: the server publishes a copy of it as a new version); and the diff between two versions (0 is the
 * base document), in sentences with the JSON lines behind a disclosure. A roll back first asks for confirmation, listing what changes for employees from what they get
 * now (`current`) to the version's document (the preview route's). It names the tag of what was published when
 * the screen read it: if someone published since, the server refuses it naming who and when, and the screen
 * reads the document again.
 */
import { Button, Group, NativeSelect, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { staffData, StaffApiError } from '../../api/staff-api.ts';
import type { VersionDiff, VersionRow } from '../../api/types.ts';
import { FailureAlert } from '../../layout/failure-alert.tsx';
import { ChangeConfirmation, type PendingChange } from './change-confirmation.tsx';
import { changeSummary } from './change-summary.ts';
import type { Json } from '../document-edits.ts';
import { DiffView } from './diff-view.tsx';

type Props = { base: string; canChange: boolean; current: Json; publishedEtag: string; onChanged: () => Promise<unknown>; onRefused: () => Promise<unknown> };

/** A roll back waiting for confirmation: the version and what it changes. */
type PendingRollBack = PendingChange & { version: number };

export function VersionsPanel({ base, canChange, current, publishedEtag, onChanged, onRefused }: Props) {
  const { data: versions, error, mutate } = useSWR<VersionRow[]>(`${base}/versions`);
  const [failure, setFailure] = useState<unknown>(null);
  const [from, setFrom] = useState('0');
  const [to, setTo] = useState('');
  const [diff, setDiff] = useState<{ lines: VersionDiff; changes: string[] } | null>(null);
  const [confirming, setConfirming] = useState<PendingRollBack | null>(null);
  const [busy, setBusy] = useState(false);

  const askToRollBack = async (version: number) => {
    setFailure(null);
    try {
      const target = await staffData<{ document: Json }>('GET', `${base}/preview?version=${version}`);
      const title = version === 0 ? 'Roll back to the base document?' : `Roll back to version ${version}?`;
      setConfirming({ version, title, changes: changeSummary(current, target.document) });
    } catch (problem) {
      setFailure(problem);
    }
  };
  const rollBack = async (version: number) => {
    setFailure(null);
    setBusy(true);
    setConfirming(null);
    try {
      await staffData('POST', `${base}/rollback`, { version, etag: publishedEtag });
      await Promise.all([mutate(), onChanged()]);
    } catch (problem) {
      setFailure(problem);
      // Published meanwhile (PUBLISHED_CHANGED): the versions and the published tag as they are now.
      if (problem instanceof StaffApiError && problem.failure.code === 'PUBLISHED_CHANGED') await Promise.all([mutate(), onRefused()]);
    } finally {
      setBusy(false);
    }
  };
  const showDiff = async () => {
    setFailure(null);
    try {
      const target = to || String(versions?.[0]?.version ?? 0);
      const documentOf = async (version: string) => (await staffData<{ document: Json }>('GET', `${base}/preview?version=${encodeURIComponent(version)}`)).document;
      const [lines, before, after] = await Promise.all([
        staffData<VersionDiff>('GET', `${base}/diff?from=${encodeURIComponent(from)}&to=${encodeURIComponent(target)}`),
        documentOf(from),
        documentOf(target),
      ]);
      setDiff({ lines, changes: changeSummary(before, after) });
    } catch (problem) {
      setFailure(problem);
    }
  };
  const choices = [{ value: '0', label: 'Base document' }, ...(versions ?? []).map((v) => ({ value: String(v.version), label: `Version ${v.version} (${v.status})` }))];

  return (
    <Stack component="section" aria-labelledby="versions-title">
      <Title order={2} id="versions-title">
        Versions
      </Title>
      <FailureAlert error={error ?? failure} />
      {versions && versions.length > 0 && (
        <Table aria-label="Versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Published</Table.Th>
              <Table.Th>Made By</Table.Th>
              <Table.Th>Published By</Table.Th>
              <Table.Th>Copy Of</Table.Th>
              <Table.Th>Roll Back</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.map((version) => (
              <Table.Tr key={version.version}>
                <Table.Td>{version.version}</Table.Td>
                <Table.Td>{version.status}</Table.Td>
                <Table.Td>{version.createdon}</Table.Td>
                <Table.Td>{version.publishedon ?? ''}</Table.Td>
                <Table.Td>{version.staffEmail ?? ''}</Table.Td>
                <Table.Td>{version.publishedByEmail ?? ''}</Table.Td>
                <Table.Td>{version.copiedFrom === null ? '' : version.copiedFrom === 0 ? 'base document' : `version ${version.copiedFrom}`}</Table.Td>
                <Table.Td>
                  {canChange && version.status !== 'published' && version.status !== 'draft' && (
                    <Button size="xs" variant="default" onClick={() => void askToRollBack(version.version)}>
                      Roll back to version {version.version}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canChange && (
        <Group>
          <Button variant="default" onClick={() => void askToRollBack(0)} loading={busy}>
            Roll back to the base document
          </Button>
        </Group>
      )}
      <Group align="end">
        <NativeSelect label="Diff from" data={choices} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <NativeSelect label="Diff to" data={[{ value: '', label: 'Newest version' }, ...choices]} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Button variant="default" onClick={() => void showDiff()}>
          Show Diff
        </Button>
      </Group>
      {diff && <DiffView diff={diff.lines} changes={diff.changes} />}
      <ChangeConfirmation
        pending={confirming}
        busy={busy}
        onConfirm={() => confirming && void rollBack(confirming.version)}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
