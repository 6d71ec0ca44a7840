/**
 * An employer's employees a page at a time, as the server answers them (GET .../employees, .../reports/enrollment;
 * docs/decisions/050-rosters-in-pages-reports-streamed.md): a search by name or e-mail and a status, applied by the
 * server; Previous and Next; the page's place in the list ("Employees 1–50 of 50,000"), in the table's caption and
 * announced as it changes. Nothing but the page shown is loaded.
 */
import { Button, Group, NativeSelect, TextInput, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { filteredPath } from '../api/staff-api.ts';
import type { EmployeePage, EmployeeStatusName } from '../api/types.ts';
import { useAppliedFilters } from '../layout/use-applied-filters.ts';

const NO_FILTER = { search: '', status: '' };
const STATUSES: EmployeeStatusName[] = ['invited', 'registered', 'enrolled', 'waived'];
/** The server's limit on the search text. */
const SEARCH_MAX = 100;

/** The page of `path` the list is at, its filters and the way to the pages before and after. */
export function useEmployeePages<P extends EmployeePage>(path: string, noun: string) {
  const filters = useAppliedFilters(path, NO_FILTER);
  // The pages before this one and this one (none: the first page), each by its cursor and the place of its first
  // employee, for the filters they were read with.
  type Visited = { after: string; first: number };
  const [trail, setTrail] = useState<{ filters: string; pages: Visited[] }>({ filters: '', pages: [] });
  const applied = JSON.stringify(filters.applied);
  const pages = trail.filters === applied ? trail.pages : [];
  const here = pages.at(-1);
  const answer = useSWR<P>(filteredPath(path, here ? { ...filters.applied, after: here.after } : filters.applied), { keepPreviousData: true });
  const page = answer.data;
  const first = here?.first ?? 1;
  const position = page && page.employees.length > 0 ? `${noun} ${first}–${first + page.employees.length - 1} of ${page.total.toLocaleString('en-US')}` : null;
  return {
    ...answer,
    filters,
    filtered: filters.applied.search.trim() !== '' || filters.applied.status !== '',
    position,
    previous: here ? () => setTrail({ filters: applied, pages: pages.slice(0, -1) }) : null,
    next: page?.next ? () => setTrail({ filters: applied, pages: [...pages, { after: page.next!, first: first + page.employees.length }] }) : null,
  };
}

type Pages = Pick<ReturnType<typeof useEmployeePages>, 'filters' | 'position' | 'previous' | 'next'>;

/** The search box and the status, for the list named `label`. */
export function EmployeeFilters({ pages, label }: { pages: Pages; label: string }) {
  const { editing, set, apply, applyNow } = pages.filters;
  return (
    <form onSubmit={apply} aria-label={`${label} search`} role="search">
      <Group align="end">
        <TextInput label="Name or e-mail" maxLength={SEARCH_MAX} value={editing.search} onChange={(e) => set('search', e.currentTarget.value)} />
        <Button type="submit">Search</Button>
        <NativeSelect
          label="Status"
          value={editing.status}
          onChange={(e) => applyNow('status', e.currentTarget.value)}
          data={[{ value: '', label: 'Every status' }, ...STATUSES.map((status) => ({ value: status, label: status }))]}
        />
      </Group>
    </form>
  );
}

/** Previous and Next, and the page's place said to a screen reader as it changes. */
export function PageButtons({ pages, label }: { pages: Pages; label: string }) {
  return (
    <Group component="nav" aria-label={`${label} pages`}>
      <Button variant="default" disabled={!pages.previous} onClick={() => pages.previous?.()}>
        Previous
      </Button>
      <Button variant="default" disabled={!pages.next} onClick={() => pages.next?.()}>
        Next
      </Button>
      <VisuallyHidden role="status">{pages.position ?? ''}</VisuallyHidden>
    </Group>
  );
}
