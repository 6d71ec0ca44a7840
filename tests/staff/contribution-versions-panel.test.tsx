/**
 * The contribution rules' draft in the console (docs/decisions/048-contribution-rules-are-published-versions.md):
 * Discard Draft asks first (Cancel sends nothing), then deletes the draft the editor shows (If-Match: its tag), and
 * the editor and the versions show the rules in force again; a save shows the new draft in the versions. The preview
 * names each employee's effective date.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffFetcher } from '../../src/staff/api/staff-api.ts';
import { ContributionsPanel } from '../../src/staff/employer/contributions-panel.tsx';

const ACCOUNT = '5d1c2b9e-3f4a-4c6b-8d2e-9a7b6c5d4e3f';
const PATH = `/api/staff/employers/${ACCOUNT}/contribution-rules`;
const rules = (amount: number) =>
  ['employee', 'employee-spouse', 'employee-children', 'family'].map((tier) => ({ contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier, state: null, ratingArea: null, amount }));
const version = (number: number, status: string) => ({ version: number, status, createdon: '2026-12-07T12:00:00.000Z', publishedon: null, staffEmail: 'ana@staff.test', publishedByEmail: null, copiedFrom: null });

type Sent = { method: string; path: string; ifMatch: string | null };

/** The rules API with a published version 1 ($400) and (`draft`) a draft version 2 ($500, tag "d2"). */
function serveRules(draft = true) {
  const state = { draft };
  const sent: Sent[] = [];
  const answer = (data: unknown, etag?: string) => new Response(JSON.stringify({ success: true, data, message: '' }), { status: 200, headers: etag ? { etag } : {} });
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    sent.push({ method, path, ifMatch: new Headers(init.headers).get('if-match') });
    if (path === `${PATH}/versions`) return answer(state.draft ? [version(2, 'draft'), version(1, 'published')] : [version(1, 'published')]);
    if (path === PATH && method === 'PUT') {
      state.draft = true;
      return answer((JSON.parse(String(init.body)) as { rules: unknown }).rules, '"d2"');
    }
    if (path === `${PATH}/draft` && method === 'DELETE') {
      state.draft = false;
      return answer(rules(400), '"p1"');
    }
    if (path === `${PATH}/draft`) return state.draft ? answer(rules(500), '"d2"') : answer(rules(400), '"p1"');
    if (path === `${PATH}/draft/preview`) {
      const employee = { memberid: '0c7e5b1a-2d3f-4e5a-9b6c-7d8e9f0a1b2c', name: 'Nia Newly', contributionclass: 'ALL', state: 'GA', effectiveDate: '2026-04-01', before: 400, after: 500, noBirthdate: false, intendedZero: false, zero: false, cut: false };
      return answer({ draftVersion: 2, draftEtag: '"d2"', publishedVersion: 1, employees: [employee], refusals: [] });
    }
    throw new Error(`Not served: ${method} ${path}`);
  });
  return { sent };
}

function renderPanel() {
  render(
    <MantineProvider>
      <SWRConfig value={{ provider: () => new Map(), fetcher: staffFetcher, revalidateOnFocus: false }}>
        <ContributionsPanel accountid={ACCOUNT} canChange />
      </SWRConfig>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the draft of the contribution rules', () => {
  it('discards the draft after a confirmation, naming its tag; the panel shows the published rules again', async () => {
    const { sent } = serveRules();
    renderPanel();
    expect(await screen.findByLabelText('Rule 1 monthly amount')).toHaveValue('500');
    await screen.findByText(/Version 2 is a draft/);

    // Cancel sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Discard Draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the draft?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.filter((call) => call.method === 'DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Discard Draft' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Discard the draft?' })).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Draft discarded: the rules shown are the rules in force.')).toBeVisible();
    expect(sent.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', path: `${PATH}/draft`, ifMatch: '"d2"' }]);
    expect(await screen.findByText(/There is no draft/)).toBeVisible();
    expect(screen.getByLabelText('Rule 1 monthly amount')).toHaveValue('400');
    expect(screen.queryByRole('button', { name: 'Discard Draft' })).toBeNull();
  });

  it('shows the draft a save made in the versions, with Discard Draft', async () => {
    serveRules(false);
    renderPanel();
    await screen.findByText(/There is no draft/);
    expect(screen.queryByRole('button', { name: 'Discard Draft' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText(/Version 2 is a draft/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Discard Draft' })).toBeVisible();
  });

  it("shows each employee's effective date in the preview", async () => {
    serveRules();
    renderPanel();
    await screen.findByText(/Version 2 is a draft/);
    await userEvent.click(screen.getByRole('button', { name: 'Preview Changes' }));
    const preview = await screen.findByRole('region', { name: 'Preview of the draft' });
    expect(within(preview).getByRole('columnheader', { name: 'Effective Date' })).toBeVisible();
    expect(within(preview).getByRole('row', { name: /Nia Newly/ })).toHaveTextContent('2026-04-01');
  });
});
