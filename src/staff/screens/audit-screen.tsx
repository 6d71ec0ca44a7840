/**
 * The audit trail: every staff change, read of personal data and failed sign-in, newest first, filtered by who,
 * entity, its id and days; each entry in words, with what changed and the full before and after behind "Show raw
 * JSON".
 */
import { Button, Group, List, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import useSWR from 'swr';
import type { StaffAuditEntry } from '#contracts/staff/staff-audit.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';
import { RawJson } from '../layout/raw-json.tsx';
import { ScrollTable } from '../layout/scroll-table.tsx';
import { useAppliedFilters } from '../layout/use-applied-filters.ts';
import type { EmployerContent } from '../api/types.ts';
import type { Json } from '../documents/document-edits.ts';
import { actionWords, approvalSentences, changeLines, documentSentences, ENTITIES, entityWords, whenWords, whoWords } from './audit-words.ts';

type Filters = { who: string; entity: string; entityid: string; from: string; to: string };
const none: Filters = { who: '', entity: '', entityid: '', from: '', to: '' };
const ENTITY_OPTIONS = [{ value: '', label: 'Any' }, ...ENTITIES.map(([value, label]) => ({ value, label }))];

export function AuditScreen() {
  const { editing, set, apply, path } = useAppliedFilters('/api/staff/audit', none);
  const { data, error } = useSWR<StaffAuditEntry[]>(path);
  return (
    <Stack>
      <Title order={1}>Audit Trail</Title>
      <form onSubmit={apply} aria-label="Audit filters">
        <Group align="end">
          <TextInput label="Who (e-mail)" maxLength={320} value={editing.who} onChange={(e) => set('who', e.currentTarget.value)} />
          <NativeSelect label="Entity" data={ENTITY_OPTIONS} value={editing.entity} onChange={(e) => set('entity', e.currentTarget.value)} />
          <TextInput label="Entity ID" maxLength={200} value={editing.entityid} onChange={(e) => set('entityid', e.currentTarget.value)} />
          <TextInput label="From" type="date" value={editing.from} onChange={(e) => set('from', e.currentTarget.value)} />
          <TextInput label="To" type="date" value={editing.to} onChange={(e) => set('to', e.currentTarget.value)} />
          <Button type="submit">Filter</Button>
        </Group>
      </form>
      <FailureAlert error={error} />
      {data && data.length === 0 && <Text>Nothing in the audit trail matches these filters.</Text>}
      {data && data.length > 0 && (
        <ScrollTable label="Audit trail" minWidth={760} headings={['When', 'Who', 'Action', 'Entity', 'What Changed']}>
          {data.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{whenWords(entry.createdon)}</Table.Td>
              <Table.Td>{whoWords(entry)}</Table.Td>
              <Table.Td>{actionWords(entry.action)}</Table.Td>
              <Table.Td>{entityWords(entry)}</Table.Td>
              <Table.Td>
                <Change entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </Stack>
  );
}

/**
 * What changed in sentences; a change's whole before and after as JSON behind "Show raw JSON". A document's change
 * is said with its labels, read from the employer's document (its base) once per document shown.
 */
function Change({ entry }: { entry: StaffAuditEntry }) {
  const [accountid, documentid] = entry.entityId.split('/');
  const isDocument = entry.entity === 'document_override' && accountid && documentid && entry.action !== 'read' && entry.action !== 'approve';
  const { data: content } = useSWR<EmployerContent>(isDocument ? `/api/staff/employers/${accountid}/content/${encodeURIComponent(documentid)}` : null);
  const lines = entry.action === 'approve' ? approvalSentences(entry.before, entry.after) : !isDocument ? changeLines(entry) : content ? documentSentences(content.base as Json | null, entry.before, entry.after) : [];
  const full = entry.action !== 'read' && entry.action !== 'sign-in-failed' && (entry.before !== null || entry.after !== null);
  return (
    <Stack gap={4}>
      {lines.length > 0 && (
        <List size="sm" listStyleType="none" spacing={2}>
          {lines.map((line, index) => (
            <List.Item key={index}>{line}</List.Item>
          ))}
        </List>
      )}
      {full && (
        <RawJson
          parts={[
            { heading: 'Before', value: entry.before },
            { heading: 'After', value: entry.after },
          ]}
        />
      )}
    </Stack>
  );
}
