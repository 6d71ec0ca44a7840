/**
 * The console shows which of an employer's texts lack Spanish: a "No Spanish version" badge beside each Spanish
 * field left empty, and the panel's count; a Spanish version typed takes its badge away and is sent with the save.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffFetcher } from '../../src/staff/api/staff-api.ts';
import { IchraDocumentsPanel } from '../../src/staff/employer/ichra-documents-panel.tsx';
import { ProductsPanel } from '../../src/staff/employer/products-panel.tsx';
import { missingSpanishWords } from '../../src/staff/employer/spanish-versions.tsx';

const ACCOUNT = '5d1c2b9e-3f4a-4c6b-8d2e-9a7b6c5d4e3f';
const product = {
  id: '0c7e5b1a-2d3f-4e5a-9b6c-7d8e9f0a1b2c',
  productname: 'Vision Care',
  vendorname: 'ClearSight',
  description: 'Eye exams and glasses.',
  description_es: null,
  subcategory: null,
  taxstatus: 'Pre-Tax',
  active: true,
  options: [
    { id: '1c7e5b1a-2d3f-4e5a-9b6c-7d8e9f0a1b2c', option: 'Individual', option_es: 'Individual', cost: 7.5 },
    { id: '2c7e5b1a-2d3f-4e5a-9b6c-7d8e9f0a1b2c', option: 'Family', option_es: null, cost: 15 },
  ],
};
const documents = [
  { filename: 'Plan Document.pdf', size: 900, name_es: 'Documento del plan' },
  { filename: 'Summary.pdf', size: 900, name_es: null },
];

type Sent = { method: string; path: string; body: unknown };

/** The panel's count of its texts without Spanish. */
const count = () => screen.getByText(/no Spanish version|Every text has its Spanish version/, { selector: '[role="status"]' });

/** The staff API as the panels call it: a GET answers `data`, a write answers what it would store. */
function serve(data: unknown, stored: (body: unknown) => unknown) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    const answer = method === 'GET' ? data : stored(body);
    return new Response(JSON.stringify({ success: true, data: answer, message: '' }), { status: 200, headers: { etag: '"v1"' } });
  });
  return sent;
}

function renderIn(panel: React.ReactNode) {
  render(
    <MantineProvider>
      <SWRConfig value={{ provider: () => new Map(), fetcher: staffFetcher, revalidateOnFocus: false }}>{panel}</SWRConfig>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the employer's texts without Spanish", () => {
  it('counts them in words', () => {
    expect(missingSpanishWords(0, 3)).toBe('Every text has its Spanish version.');
    expect(missingSpanishWords(1, 1)).toBe('1 of 1 text has no Spanish version: employees reading Spanish get the English.');
    expect(missingSpanishWords(1, 2)).toBe('1 of 2 texts has no Spanish version: employees reading Spanish get the English.');
    expect(missingSpanishWords(2, 3)).toBe('2 of 3 texts have no Spanish version: employees reading Spanish get the English.');
  });

  it("services: a badge at each Spanish field left empty and the panel's count; typing one takes its badge away and the save sends it", async () => {
    const sent = serve([product], (body) => (body as { products: unknown[] }).products);
    renderIn(<ProductsPanel accountid={ACCOUNT} canChange />);
    const description = await screen.findByLabelText('Service 1 description in Spanish');
    expect(count()).toHaveTextContent('2 of 3 texts have no Spanish version');
    expect(description).toHaveAccessibleDescription('No Spanish version');
    expect(screen.getByLabelText('Service 1 option 1 in Spanish')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Service 1 option 2 in Spanish')).toHaveAccessibleDescription('No Spanish version');

    await userEvent.type(screen.getByLabelText('Service 1 option 2 in Spanish'), 'Familiar');
    expect(screen.getByLabelText('Service 1 option 2 in Spanish')).not.toHaveAccessibleDescription();
    expect(count()).toHaveTextContent('1 of 3 texts has no Spanish version');
    await userEvent.click(screen.getByRole('button', { name: 'Save Services' }));
    const put = sent.find((call) => call.method === 'PUT');
    expect((put!.body as { products: Array<{ options: Array<{ option_es: string | null }> }> }).products[0]!.options.map((option) => option.option_es)).toEqual(['Individual', 'Familiar']);
  });

  it("ICHRA documents: a badge at the document without a Spanish name and the panel's count; Save sends the name typed", async () => {
    const sent = serve(documents, () => [documents[0], { ...documents[1], name_es: 'Resumen' }]);
    renderIn(<IchraDocumentsPanel accountid={ACCOUNT} canChange />);
    const summary = await screen.findByLabelText('Summary in Spanish');
    expect(count()).toHaveTextContent('1 of 2 texts has no Spanish version');
    expect(summary).toHaveAccessibleDescription('No Spanish version');
    expect(screen.getByLabelText('Plan Document in Spanish')).toHaveValue('Documento del plan');
    expect(screen.getByLabelText('Plan Document in Spanish')).not.toHaveAccessibleDescription();

    await userEvent.type(summary, 'Resumen');
    await userEvent.click(screen.getByRole('button', { name: 'Save Spanish name of Summary' }));
    expect(sent.find((call) => call.method === 'PUT')).toMatchObject({ path: `/api/staff/employers/${ACCOUNT}/ichra-documents/Summary.pdf/name-es`, body: { name_es: 'Resumen' } });
    expect(await screen.findByText('Every text has its Spanish version.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'ICHRA documents' })).queryByText('No Spanish version')).not.toBeInTheDocument();
  });
});
