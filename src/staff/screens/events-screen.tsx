/**
 * The event log (LogFact) with each event's employer and member by name, filtered by employer (id or name), member
 * (id, or name or e-mail), action and dates; the filters are the query. An event's detail reads as sentences
 * (audit-words.ts eventLines), its recorded data as JSON behind "Show raw JSON".
 */
import { Button, Group, List, Stack, Table, TextInput, Title } from '@mantine/core';
import useSWR from 'swr';
import type { StaffEvent } from '../api/types.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';
import { RawJson } from '../layout/raw-json.tsx';
import { ScrollTable } from '../layout/scroll-table.tsx';
import { useAppliedFilters } from '../layout/use-applied-filters.ts';
import { eventLines } from './audit-words.ts';

type Filters = { employer: string; employee: string; accountid: string; memberid: string; action: string; from: string; to: string };
const none: Filters = { employer: '', employee: '', accountid: '', memberid: '', action: '', from: '', to: '' };
/** The server's limit on a filter by name or e-mail. */
const NAME_FILTER_MAX = 100;

export function EventsScreen() {
  const { editing, set, apply, path } = useAppliedFilters('/api/staff/events', none);
  const { data, error } = useSWR<StaffEvent[]>(path);
  return (
    <Stack>
      <Title order={1}>Event Log</Title>
      <form onSubmit={apply} aria-label="Event filters">
        <Group align="end">
          <TextInput label="Employer name" maxLength={NAME_FILTER_MAX} value={editing.employer} onChange={(e) => set('employer', e.currentTarget.value)} />
          <TextInput label="Employee name or e-mail" maxLength={NAME_FILTER_MAX} value={editing.employee} onChange={(e) => set('employee', e.currentTarget.value)} />
          <TextInput label="Employer ID" value={editing.accountid} onChange={(e) => set('accountid', e.currentTarget.value)} />
          <TextInput label="Member ID" value={editing.memberid} onChange={(e) => set('memberid', e.currentTarget.value)} />
          <TextInput label="Action" value={editing.action} onChange={(e) => set('action', e.currentTarget.value)} />
          <TextInput label="From" type="date" value={editing.from} onChange={(e) => set('from', e.currentTarget.value)} />
          <TextInput label="To" type="date" value={editing.to} onChange={(e) => set('to', e.currentTarget.value)} />
          <Button type="submit">Filter</Button>
        </Group>
      </form>
      <FailureAlert error={error} />
      {data && (
        <ScrollTable label="Events" minWidth={900} headings={['When', 'Event', 'Action', 'Employer', 'Member', 'Detail']}>
          {data.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>{event.createdon}</Table.Td>
              <Table.Td>{event.title}</Table.Td>
              <Table.Td>{event.action ?? ''}</Table.Td>
              <Table.Td>{event.employername ?? event.accountid ?? ''}</Table.Td>
              <Table.Td>{memberWords(event)}</Table.Td>
              <Table.Td>
                <EventDetail event={event} />
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </Stack>
  );
}

/** The member by name and e-mail; by id when they are gone; nothing when the event is of no member. */
function memberWords(event: StaffEvent): string {
  if (event.membername !== null) return event.memberemail ? `${event.membername} (${event.memberemail})` : event.membername;
  return event.memberid ?? '';
}

/** An event's detail in sentences, its recorded data behind "Show raw JSON". */
function EventDetail({ event }: { event: StaffEvent }) {
  const lines = eventLines(event);
  return (
    <Stack gap={4}>
      {lines.length > 0 && (
        <List size="sm" listStyleType="none" spacing={2}>
          {lines.map((line, index) => (
            <List.Item key={index}>{line}</List.Item>
          ))}
        </List>
      )}
      {event.data !== null && event.data !== undefined && <RawJson parts={[{ value: event.data }]} />}
    </Stack>
  );
}
