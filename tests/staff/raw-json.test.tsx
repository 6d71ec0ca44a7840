/**
 * The event log and the audit trail say what happened in sentences; the raw JSON is behind "Show raw JSON", a
 * button that says whether it is open and closes again.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { StaffEvent } from '../../src/staff/api/types.ts';
import { EventsScreen } from '../../src/staff/screens/events-screen.tsx';

const EVENT: StaffEvent = {
  id: 'ev1',
  title: 'COMMUTE-SURVEY ANSWERED',
  accountid: 'a1',
  employername: 'Acme',
  memberid: 'm1',
  membername: 'Sam Rivera',
  memberemail: 'sam@example.com',
  action: 'COMMUTE-SURVEY ANSWERED',
  effectivedate: null,
  data: { commuteMode: 'Bike', User: 'sam@example.com' },
  createdon: '2026-12-01T10:00:00Z',
};

function renderEvents(events: StaffEvent[]) {
  return render(
    <MantineProvider>
      <SWRConfig value={{ provider: () => new Map(), fetcher: async () => events }}>
        <EventsScreen />
      </SWRConfig>
    </MantineProvider>,
  );
}

describe("the event log's detail", () => {
  it('reads as sentences, the raw JSON shown only when asked for and hidden again', async () => {
    renderEvents([EVENT]);
    expect(await screen.findByText("Answered commute mode: 'Bike'.")).toBeVisible();
    expect(screen.getByText('By sam@example.com.')).toBeVisible();
    expect(screen.queryByText(/"commuteMode"/)).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show raw JSON' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide raw JSON' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/"commuteMode": "Bike"/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Hide raw JSON' }));
    expect(screen.queryByText(/"commuteMode"/)).toBeNull();
  });

  it('offers no raw JSON for an event without data', async () => {
    renderEvents([{ ...EVENT, data: null }]);
    expect(await screen.findByText('Acme')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show raw JSON' })).toBeNull();
  });
});
