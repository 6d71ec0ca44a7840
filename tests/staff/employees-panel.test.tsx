/**
 * The Employees panel a page at a time (docs/decisions/050-rosters-in-pages-reports-streamed.md): the caption and
 * the announcement say the page's place ("Employees 1–2 of 5"); Next asks the server for the page after the last
 * employee shown and Previous goes back; the search (sent on Search) and the status (sent when chosen) are the
 * server's to apply, and start again from the first page; nothing but the page shown is loaded.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffFetcher } from '../../src/staff/api/staff-api.ts';
import { EmployeesPanel } from '../../src/staff/employer/employees-panel.tsx';

const ACCOUNT = '5d1c2b9e-3f4a-4c6b-8d2e-9a7b6c5d4e3f';
const PATH = `/api/staff/employers/${ACCOUNT}/employees`;
const NAMES = ['Ada Able', 'Ben Bell', 'Cy Cole', 'Di Dunn', 'Ed Eve'];
const id = (index: number) => `00000000-0000-4000-8000-00000000000${index}`;
const employee = (index: number) => {
  const [firstname, lastname] = NAMES[index]!.split(' ');
  return { memberid: id(index), firstname, lastname, email: `${firstname!.toLowerCase()}@example.test`, contributionclass: 'ALL', status: 'invited', statusdate: '2026-03-01', plan: null, employerfields: [] };
};

/** The employees API, two a page, searching the names as the server would; each request's query is kept. */
function serveEmployees() {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://console.test');
    if (url.pathname !== PATH) throw new Error(`Not served: ${path}`);
    asked.push(url.searchParams);
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const kept = NAMES.map((_, index) => index).filter((index) => NAMES[index]!.toLowerCase().includes(search));
    const after = url.searchParams.get('after');
    const start = after === null ? 0 : kept.findIndex((index) => id(index) === after) + 1;
    const page = kept.slice(start, start + 2);
    const next = start + 2 < kept.length ? id(page.at(-1)!) : null;
    return new Response(JSON.stringify({ success: true, data: { employees: page.map(employee), next, total: kept.length }, message: '' }), { status: 200 });
  });
  return { asked };
}

function renderPanel() {
  render(
    <MantineProvider>
      <SWRConfig value={{ provider: () => new Map(), fetcher: staffFetcher, revalidateOnFocus: false }}>
        <EmployeesPanel accountid={ACCOUNT} canChange={false} />
      </SWRConfig>
    </MantineProvider>,
  );
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Employees' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Employees panel in pages', () => {
  it('says the page’s place, and moves with Next and Previous by the server’s cursor', async () => {
    const { asked } = serveEmployees();
    renderPanel();
    expect(await screen.findByText('Employees 1–2 of 5', { selector: 'caption' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Employees 1–2 of 5');
    expect(rowNames()).toEqual(['Ada Able', 'Ben Bell']);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Employees 3–4 of 5', { selector: 'caption' })).toBeVisible();
    expect(rowNames()).toEqual(['Cy Cole', 'Di Dunn']);
    expect(asked.at(-1)!.get('after')).toBe(id(1));

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Employees 5–5 of 5', { selector: 'caption' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Employees 3–4 of 5', { selector: 'caption' })).toBeVisible();
    // One page at a time: never a request for more than a page.
    expect(asked.every((query) => query.get('limit') === null)).toBe(true);
  });

  it('sends the search and the status to the server, from the first page again', async () => {
    const { asked } = serveEmployees();
    renderPanel();
    await screen.findByText('Employees 1–2 of 5', { selector: 'caption' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Employees 3–4 of 5', { selector: 'caption' });

    await userEvent.type(screen.getByLabelText('Name or e-mail'), 'e');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Employees 1–2 of 4', { selector: 'caption' })).toBeVisible();
    expect(rowNames()).toEqual(['Ada Able', 'Ben Bell']);
    expect(asked.at(-1)!.get('search')).toBe('e');
    expect(asked.at(-1)!.get('after')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'enrolled');
    expect(asked.at(-1)!.get('status')).toBe('enrolled');
    expect(asked.at(-1)!.get('search')).toBe('e');

    await userEvent.clear(screen.getByLabelText('Name or e-mail'));
    await userEvent.type(screen.getByLabelText('Name or e-mail'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No employees match this search.')).toBeVisible();
  });
});
