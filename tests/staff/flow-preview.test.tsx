/**
 * A flow's preview (issue 36): the case picker offers every case the publish proof walks, in plain words, this
 * employer's own first; each step of a case shows the sample employee's values (the profile's first name, the
 * plan's premium on the shop and in the cart, the HSA deposit, the waiver's reason), not placeholders.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Json } from '../../src/staff/documents/document-edits.ts';
import { DocumentPreview } from '../../src/staff/documents/document-preview.tsx';
import { FLOW_CASES } from '../../src/staff/documents/flow-cases.ts';
import { PREVIEW_WORDS } from '../../src/staff/documents/sample-screens.tsx';
import cases from '../content/cases/enrollment.cases.json';
import { baseForm } from '../web/layout/test-app.tsx';

const ACCOUNT = '00000000-0000-4000-8000-0000000000ab';
const flow = JSON.parse(readFileSync(path.join(process.cwd(), 'flows/enrollment.flow.json'), 'utf8')) as Json;
const FORMS = ['profile', 'dependent', 'contributions', 'waiver', 'ichra-acknowledgment', 'acknowledgements'];

/** The staff API's answers: an employer with HSA-eligible plans only and additional services, and its base forms. */
const answers: Record<string, unknown> = {
  [`/api/staff/employers/${ACCOUNT}`]: {
    accountid: ACCOUNT,
    name: 'Sample Co',
    teamid: '',
    mediadata: null,
    email: null,
    employeazecustomer: 1,
    hsaonly: 1,
    edoc_period: null,
    hsaadministrator: null,
    planyearstart: '2027-01-01',
    planyearend: '2027-12-31',
    planyear: 2027,
  },
  [`/api/staff/employers/${ACCOUNT}/content/enrollment/preview`]: { documents: Object.fromEntries(FORMS.map((id) => [id, baseForm(id)])) },
};

beforeEach(() => {
  // The published forms' answers name no validators compiled ahead here: the dom project compiles at run time.
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: true, data: {} }), { headers: { 'content-type': 'application/json' } }));
});
afterEach(() => vi.unstubAllGlobals());

function renderPreview() {
  render(
    <MantineProvider>
      <SWRConfig value={{ provider: () => new Map(), fetcher: async (key: string) => answers[key] }}>
        <DocumentPreview document={flow} stale={false} mayCompile={false} accountid={ACCOUNT} documentid="enrollment" />
      </SWRConfig>
    </MantineProvider>,
  );
}

const preview = () => screen.getByRole('region', { name: 'Preview' });

async function nextStep(title: string) {
  fireEvent.click(within(preview()).getByRole('button', { name: PREVIEW_WORDS.nextStep }));
  return within(preview()).findByRole('heading', { name: title, level: 2 });
}

describe('the cases of a flow preview', () => {
  it('offers every case the publish proof walks, in plain words, the employer’s own settings first', async () => {
    renderPreview();
    const picker = await screen.findByRole('combobox', { name: 'Case' });
    const names = within(picker).getAllByRole('option').map((option) => option.textContent);
    expect(names).toHaveLength(FLOW_CASES.length);
    expect(new Set(names)).toEqual(new Set(FLOW_CASES.map((flowCase) => flowCase.name)));
    for (const name of names) expect(name).not.toMatch(/hsaonly|employeazecustomer|\d/);
    expect(names.slice(0, 3)).toEqual([
      'buys an HSA-eligible plan; HSA-eligible plans only, additional services offered',
      'buys a plan not HSA-eligible; HSA-eligible plans only, additional services offered',
      'waives; HSA-eligible plans only, additional services offered',
    ]);
    expect(within(picker).getByRole('group', { name: "This employer's settings" })).toBeInTheDocument();
    // Each case of the proof (settings and choice) is one of the picker's.
    for (const proofCase of cases.cases) {
      const choice = { option: proofCase.choice.option, planHsaEligible: proofCase.choice.planHsaEligible ?? false };
      expect(FLOW_CASES.some((flowCase) => JSON.stringify({ ...flowCase.employer }) === JSON.stringify(proofCase.employer) && JSON.stringify(flowCase.choice) === JSON.stringify(choice)), proofCase.name).toBe(true);
    }
    expect(screen.getByRole('table', { name: 'Steps per case' }).querySelectorAll('tbody tr')).toHaveLength(FLOW_CASES.length);
  });
});

describe("a case's steps with the sample's values", () => {
  it('shows the sample member on the profile, the plan and its premium on the shop, the HSA deposit and the cart lines', async () => {
    renderPreview();
    expect((await within(preview()).findAllByRole('textbox', { name: /First Name/ }))[0]).toHaveValue('Sam');
    // The sample family fills the profile's dependents.
    expect(within(preview()).getAllByRole('textbox', { name: /First Name/ }).map((field) => (field as HTMLInputElement).value)).toEqual(['Sam', 'Alex', 'Riley']);
    await nextStep('Contributions');
    expect(within(preview()).getByText('$450.00')).toBeInTheDocument();
    expect(await within(preview()).findByRole('radio', { name: 'Shop Off Exchange' })).toBeChecked();
    await nextStep('ICHRA Acknowledgment');
    expect(await within(preview()).findByRole('checkbox')).toBeChecked();
    await nextStep('Shop Health Plans');
    const card = within(preview()).getByRole('region', { name: 'Sample Bronze HSA' });
    expect(within(card).getByText('$412.50')).toBeInTheDocument();
    await nextStep('Flexible Spending');
    expect(within(preview()).getByText('$200.00')).toBeInTheDocument();
    await nextStep('Additional Services');
    expect(within(preview()).getByText('$9.99')).toBeInTheDocument();
    await nextStep('Your Cart');
    const lines = within(preview()).getByRole('table', { name: 'Purchase Summary' });
    expect(within(lines).getByText('Sample Health · Sample Bronze HSA')).toBeInTheDocument();
    expect(within(lines).getByText('$412.50')).toBeInTheDocument();
    expect(within(lines).getByText('$200.00')).toBeInTheDocument();
    const totals = within(preview()).getByRole('table', { name: 'Totals' });
    // 412.50 + 9.99 of coverage against 450.00: 27.51 remains, nothing of it goes to the HSA's 200.00.
    expect(within(totals).getByRole('row', { name: /Remaining Contribution/ })).toHaveTextContent('$27.51');
    expect(within(totals).getByRole('row', { name: /Deduction for the HSA/ })).toHaveTextContent('$200.00');
    expect(within(preview()).queryByRole('button', { name: PREVIEW_WORDS.nextStep })).toBeNull();
  });

  it('shows the waiver reason for the waive case, and no contribution', async () => {
    renderPreview();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Case' }), { target: { value: 'waives; HSA-eligible plans only, additional services offered' } });
    await within(preview()).findAllByRole('textbox', { name: /First Name/ });
    await nextStep('Contributions');
    expect(await within(preview()).findByRole('radio', { name: 'Not Buying Health Insurance (Waive Coverage)' })).toBeChecked();
    expect(await within(preview()).findByRole('combobox', { name: /Waiver Reason/ })).toHaveValue('Coverage through Spouse/Partner');
    expect(within(preview()).getByText('$0.00')).toBeInTheDocument();
    await nextStep('Additional Services');
    await nextStep('Your Cart');
    const lines = within(preview()).getByRole('table', { name: 'Purchase Summary' });
    expect(await within(lines).findByText('Coverage through Spouse/Partner')).toBeInTheDocument();
    expect(within(lines).getByText('Waived Coverage')).toBeInTheDocument();
  });
});
