/**
 * The contribution rules' versions (docs/decisions/048-contribution-rules-are-published-versions.md): the saved
 * draft previewed against the census (each employee's contribution now and under the draft; who changes, who
 * would get $0.00, who would lose more than 10%), published as previewed (the preview's tag), earlier versions
 * rolled back to and each version's changes from the one before. A draft can be discarded (after a confirmation):
 * the editor shows the rules in force again. Employees are paid by the published rules only; the server refuses a
 * publish that leaves someone at $0.00 without a no-contribution rule, naming them. Each employee is previewed on
 * their own effective date, shown beside them.
 */
import { Alert, Badge, Button, Group, List, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { formatCents } from '#domain/values/money.ts';
import { staffData, staffFetcher, staffTagged } from '../api/staff-api.ts';
import type { ContributionChange, ContributionRulesDiff, ContributionRulesPreview, ContributionRuleVersion } from '../api/types.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';
import { SavedNote } from '../layout/saved-note.tsx';

const STATUS_NAMES: Record<ContributionRuleVersion['status'], string> = { draft: 'Draft', published: 'Published', retired: 'Retired' };

/** What the preview says of one employee beside the amounts. */
function noteOf(change: ContributionChange): string {
  if (change.noBirthdate) return 'No date of birth yet';
  if (change.zero) return 'Would get $0.00';
  if (change.intendedZero) return 'No contribution (intended)';
  if (change.cut) return 'Loses more than 10%';
  return change.before === change.after ? 'No change' : 'Changes';
}

const names = (changes: ContributionChange[]) => changes.map((change) => change.name).join(', ');

type Props = {
  accountid: string;
  canChange: boolean;
  /** The tag of the draft the editor shows (the rules in force' while there is none): what a discard names. */
  editedOn: string | null;
  /** After a publish, rollback or discard, so the editor reads the draft (or the rules in force) again. */
  onChanged: () => Promise<void>;
};

export function ContributionVersionsPanel({ accountid, canChange, editedOn, onChanged }: Props) {
  const path = `/api/staff/employers/${accountid}/contribution-rules`;
  const versions = useSWR<ContributionRuleVersion[]>(`${path}/versions`, staffFetcher);
  const [preview, setPreview] = useState<ContributionRulesPreview | null>(null);
  const [diff, setDiff] = useState<ContributionRulesDiff | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState('');
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const act = async (work: () => Promise<void>) => {
    setError(null);
    setDone('');
    try {
      await work();
    } catch (failure) {
      setError(failure);
    }
  };
  const showPreview = () => act(async () => setPreview(await staffData<ContributionRulesPreview>('GET', `${path}/draft/preview`)));
  const publish = (previewed: ContributionRulesPreview) =>
    act(async () => {
      await staffData('POST', `${path}/publish`, undefined, { 'if-match': previewed.draftEtag });
      setPreview(null);
      await Promise.all([versions.mutate(), onChanged()]);
      setDone('Contribution rules published: employees are paid by them from now on.');
    });
  const rollBack = (version: number) =>
    act(async () => {
      const inForce = await staffTagged('GET', path);
      await staffData('POST', `${path}/rollback`, { version }, inForce.etag ? { 'if-match': inForce.etag } : {});
      setPreview(null);
      await Promise.all([versions.mutate(), onChanged()]);
      setDone(`Version ${version} is in force again, as a new version.`);
    });
  const discard = () =>
    act(async () => {
      setConfirmingDiscard(false);
      // The draft the editor shows: one a colleague saved since is refused (412), naming them.
      await staffData('DELETE', `${path}/draft`, undefined, editedOn ? { 'if-match': editedOn } : {});
      setPreview(null);
      await Promise.all([versions.mutate(), onChanged()]);
      setDone('Draft discarded: the rules shown are the rules in force.');
    });
  const showChanges = (version: number) => act(async () => setDiff(await staffData<ContributionRulesDiff>('GET', `${path}/diff?from=${version - 1}&to=${version}`)));

  const list = versions.data ?? [];
  const draft = list.find((version) => version.status === 'draft');
  const published = list.find((version) => version.status === 'published');
  const employees = preview?.employees ?? [];
  const changing = employees.filter((change) => change.before !== change.after);
  const zero = employees.filter((change) => change.zero);
  const cut = employees.filter((change) => change.cut);

  return (
    <Stack>
      <Title order={3}>Draft and Publish</Title>
      <Text>
        {published ? `Employees are paid by version ${published.version}, published.` : 'Employees are paid by the rules in force.'}{' '}
        {draft ? `Version ${draft.version} is a draft: it changes nothing until it is published.` : 'There is no draft: Save Draft above makes one.'}
      </Text>
      <Group>
        <Button variant="default" onClick={() => void showPreview()}>
          Preview Changes
        </Button>
        {canChange && draft && (
          <Button variant="default" color="red" onClick={() => setConfirmingDiscard(true)}>
            Discard Draft
          </Button>
        )}
      </Group>
      <Modal opened={confirmingDiscard} onClose={() => setConfirmingDiscard(false)} title="Discard the draft?">
        <Stack>
          <Text>{draft ? `Version ${draft.version}, the draft, is deleted with its changes.` : ''} Employees are still paid by the rules in force, which the editor shows again.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingDiscard(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void discard()}>
              Discard
            </Button>
          </Group>
        </Stack>
      </Modal>
      <FailureAlert error={error ?? versions.error} plain title={error ? 'Not done' : undefined} />
      <SavedNote shown={done !== ''} text={done} />
      {preview && (
        <Stack gap="xs" role="region" aria-label="Preview of the draft">
          <Text>
            {preview.draftVersion === null ? 'No draft is saved: the rules in force compared with themselves.' : `Draft version ${preview.draftVersion}, for ${employees.length} employees, each on their effective date.`}
          </Text>
          <List>
            <List.Item>Who changes: {changing.length === 0 ? 'nobody' : names(changing)}</List.Item>
            <List.Item>Who would get $0.00: {zero.length === 0 ? 'nobody' : names(zero)}</List.Item>
            <List.Item>Who would lose more than 10%: {cut.length === 0 ? 'nobody' : names(cut)}</List.Item>
          </List>
          {preview.refusals.length > 0 && (
            <Alert color="red" role="alert" title="This draft cannot be published">
              <List>
                {preview.refusals.map((refusal) => (
                  <List.Item key={refusal}>{refusal}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Employee</Table.Th>
                  <Table.Th>Class</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Effective Date</Table.Th>
                  <Table.Th>Now</Table.Th>
                  <Table.Th>Draft</Table.Th>
                  <Table.Th>Note</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {employees.map((change) => (
                  <Table.Tr key={change.memberid}>
                    <Table.Td>{change.name}</Table.Td>
                    <Table.Td>{change.contributionclass}</Table.Td>
                    <Table.Td>{change.state ?? ''}</Table.Td>
                    <Table.Td>{change.effectiveDate}</Table.Td>
                    <Table.Td>{formatCents(change.before)}</Table.Td>
                    <Table.Td>{formatCents(change.after)}</Table.Td>
                    <Table.Td>{noteOf(change)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {canChange && preview.draftVersion !== null && (
            <Group>
              <Button onClick={() => void publish(preview)}>Publish Draft</Button>
            </Group>
          )}
        </Stack>
      )}
      <Title order={4}>Versions</Title>
      {list.length === 0 ? (
        <Text>No versions yet: the rules in force become version 1 when the first draft is saved.</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Saved by</Table.Th>
              <Table.Th>Published</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((version) => (
              <Table.Tr key={version.version}>
                <Table.Td>
                  {version.version}
                  {version.copiedFrom !== null && ` (copy of ${version.copiedFrom})`}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={version.status === 'published' ? 'green' : version.status === 'draft' ? 'blue' : 'gray'}>
                    {STATUS_NAMES[version.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>{version.staffEmail ?? ''}</Table.Td>
                <Table.Td>{version.publishedon ? `${version.publishedon.slice(0, 10)} ${version.publishedByEmail ?? ''}` : ''}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="subtle" onClick={() => void showChanges(version.version)}>
                      Changes in version {version.version}
                    </Button>
                    {canChange && version.status === 'retired' && (
                      <Button size="xs" variant="default" onClick={() => void rollBack(version.version)}>
                        Roll back to version {version.version}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {diff && (
        <Stack gap={2} role="region" aria-label={`Changes from version ${diff.from} to ${diff.to}`}>
          <Text fw={600}>
            Changes from version {diff.from} to {diff.to}
          </Text>
          {diff.lines
            .filter((line) => line.op !== ' ')
            .map((line, index) => (
              <Text key={index} ff="monospace" c={line.op === '+' ? 'green.8' : 'red.8'}>
                {line.op} {line.text}
              </Text>
            ))}
        </Stack>
      )}
    </Stack>
  );
}
