/**
 * A save made on a version someone changed since it was loaded (docs/security.md, "Optimistic concurrency"): the
 * console sends the ETag its load answered as If-Match; on 412 RESOURCE_CHANGED it says who changed it and when,
 * and Reload reads the current version in place of the edits, whose tag the next save names.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffFetcher, StaffApiError } from '../../src/staff/api/staff-api.ts';
import { ContactsPanel } from '../../src/staff/employer/contacts-panel.tsx';
import { changeTime, staleChangeOf } from '../../src/staff/layout/stale-change-alert.tsx';

const ACCOUNT = '5d1c2b9e-3f4a-4c6b-8d2e-9a7b6c5d4e3f';
const PATH = `/api/staff/employers/${ACCOUNT}/contacts`;
// Midday UTC: the same day in every time zone a person works in.
const CHANGED_AT = '2026-12-07T12:00:00.000Z';
const contact = (firstname: string) => ({ id: '0c7e5b1a-2d3f-4e5a-9b6c-7d8e9f0a1b2c', contacttype: 3, displaytoemployee: true, firstname, middlename: null, lastname: 'Resources', emailaddress: null, phonenumber: null });

type Sent = { method: string; ifMatch: string | null; body: unknown };

/** The contacts API: GETs answer `stored` and its tag; a PUT naming another tag is refused as the server does. */
function serveContacts() {
  const state = { stored: [contact('Hana')], etag: '"v1"' };
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    expect(path).toBe(PATH);
    const headers = new Headers(init.headers);
    const method = init.method ?? 'GET';
    sent.push({ method, ifMatch: headers.get('if-match'), body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'PUT') {
      if (headers.get('if-match') !== state.etag) {
        const failure = { success: false, code: 'RESOURCE_CHANGED', message: 'bea@staff.test changed the contacts.', data: { changedBy: 'bea@staff.test', changedAt: CHANGED_AT } };
        return new Response(JSON.stringify(failure), { status: 412 });
      }
      state.stored = (JSON.parse(String(init.body)) as { contacts: typeof state.stored }).contacts;
      state.etag = `"v${Number(state.etag.slice(2, -1)) + 1}"`;
    }
    return new Response(JSON.stringify({ success: true, data: state.stored, message: '' }), { status: 200, headers: { etag: state.etag } });
  });
  return { state, sent };
}

function renderPanel() {
  render(
    <MantineProvider>
      <SWRConfig value={{ provider: () => new Map(), fetcher: staffFetcher, revalidateOnFocus: false }}>
        <ContactsPanel accountid={ACCOUNT} canChange />
      </SWRConfig>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a save on a version someone changed since it was loaded', () => {
  it('sends the tag it loaded; on 412 shows who changed it and when; Reload shows the current list, whose tag the next save sends', async () => {
    const { state, sent } = serveContacts();
    renderPanel();
    const firstName = await screen.findByLabelText('Contact 1 first name');
    expect(firstName).toHaveValue('Hana');

    // A colleague saves meanwhile.
    state.stored = [contact('Bea')];
    state.etag = '"v2"';

    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Hanna');
    await userEvent.click(screen.getByRole('button', { name: 'Save Contacts' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Changed by bea@staff.test at ${changeTime(CHANGED_AT)}`);
    expect(alert).toHaveTextContent('Dec 7, 2026');
    expect(alert).toHaveTextContent('Your save was not made');
    expect(sent.filter((call) => call.method === 'PUT').map((call) => call.ifMatch)).toEqual(['"v1"']);
    expect(state.stored).toEqual([contact('Bea')]);

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByDisplayValue('Bea')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save Contacts' }));
    expect(await screen.findByText('Contacts saved.')).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'PUT').map((call) => call.ifMatch)).toEqual(['"v1"', '"v2"']);
    expect(state.etag).toBe('"v3"');
  });

  it('is recognised by its code only, with the changer and time of its data', () => {
    const failure = (code: 'RESOURCE_CHANGED' | 'CONFLICT') => new StaffApiError({ success: false, data: { changedBy: 'bea@staff.test', changedAt: CHANGED_AT }, code, message: 'x' });
    expect(staleChangeOf(failure('RESOURCE_CHANGED'))).toEqual({ changedBy: 'bea@staff.test', changedAt: CHANGED_AT });
    expect(staleChangeOf(failure('CONFLICT'))).toBeNull();
    expect(staleChangeOf(new Error('x'))).toBeNull();
  });
});
