/**
 * A flow's preview (issue 36): the case picker offers every case the publish proof walks, in plain words, this
 * employer's own first; each step of a case shows the sample employee's values, not placeholders: the profile's
 * first name and the employer's contribution beside their forms, and the member wizard's own shop (plan cards),
 * Flexible Spending, Additional Services and cart screens on what the server figured for the sample (its plans,
 * HSA limit, the employer's services), whose buttons act on the preview only: Authorize is refused, never sent.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Json } from '../../src/staff/documents/document-edits.ts';
import { DocumentPreview } from '../../src/staff/documents/preview/document-preview.tsx';
import { FLOW_CASES } from '../../src/staff/documents/preview/flow-cases.ts';
import { PREVIEW_SENDS_NOTHING } from '../../src/staff/documents/preview/preview-sample.ts';
import { PREVIEW_WORDS } from '../../src/staff/documents/preview/sample-screens.tsx';
import es from '../../schemas/messages/es.json';
import cases from '../content/cases/enrollment.cases.json';
import { baseForm } from '../web/layout/test-app.tsx';
import { isSamplePath, sampleOf } from './preview-fixtures.ts';

const ACCOUNT = '00000000-0000-4000-8000-0000000000ab';
/** A document's Spanish texts as the staff API serves them with it (schemas/translations/es). */
const spanishOf = (id: string) => (JSON.parse(readFileSync(path.join(process.cwd(), 'schemas/translations/es', `${id}.json`), 'utf8')) as { texts: Record<string, string> }).texts;
const withSpanish = (document: Json, id: string): Json => ({ ...document, translations: { es: spanishOf(id) } });
const flow = withSpanish(JSON.parse(readFileSync(path.join(process.cwd(), 'flows/enrollment.flow.json'), 'utf8')) as Json, 'enrollment');
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
  [`/api/staff/employers/${ACCOUNT}/content/enrollment/preview`]: { documents: Object.fromEntries(FORMS.map((id) => [id, withSpanish(baseForm(id) as unknown as Json, id)])) },
};

/** What the preview asked the server for: through the console's SWR (the staff API) and by fetch itself. */
let read: string[] = [];

const staffAnswer = async (key: string) => {
  read.push(key);
  if (isSamplePath(key, ACCOUNT)) return sampleOf(key);
  return answers[key];
};

beforeEach(() => {
  read = [];
  // The published forms' answers name no validators compiled ahead here: the dom project compiles at run time.
  vi.stubGlobal('fetch', async (url: string | URL | Request) => {
    read.push(String(url instanceof Request ? url.url : url));
    return new Response(JSON.stringify({ success: true, data: {} }), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderPreview() {
  render(
    <MantineProvider>
      <MemoryRouter>
        <SWRConfig value={{ provider: () => new Map(), fetcher: staffAnswer }}>
          <DocumentPreview document={flow} stale={false} mayCompile={false} accountid={ACCOUNT} documentid="enrollment" />
        </SWRConfig>
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** The cart's heading and table name: its document's title. */
const CART_TITLE = 'Plan and Benefits Summary';

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

/** Moves on with a screen's own button (the member wizard's Next, or the console's Next step) to the step titled so. */
async function moveOn(button: string, title: string) {
  fireEvent.click(within(preview()).getByRole('button', { name: button }));
  return within(preview()).findByRole('heading', { name: title, level: 2 });
}

describe("a case's steps with the sample's values", () => {
  it("shows the member wizard's shop, HSA, services and cart screens on the sample's plans, limit and services", async () => {
    renderPreview();
    expect((await within(preview()).findAllByRole('textbox', { name: /First Name/ }))[0]).toHaveValue('Sam');
    // The sample family fills the profile's dependents.
    expect(within(preview()).getAllByRole('textbox', { name: /First Name/ }).map((field) => (field as HTMLInputElement).value)).toEqual(['Sam', 'Alex', 'Riley']);
    await nextStep('Contributions');
    // The employer's contribution for the sample, as the server figured it.
    expect(within(preview()).getByText('$450.00')).toBeInTheDocument();
    expect(await within(preview()).findByRole('radio', { name: 'Shop Off Exchange' })).toBeChecked();
    await nextStep('ICHRA Acknowledgment');
    expect(await within(preview()).findByRole('checkbox')).toBeChecked();

    await nextStep('Shop Health Plans');
    expect(within(preview()).getByText(PREVIEW_WORDS.screenNote)).toBeInTheDocument();
    const hsaPlan = await within(preview()).findByRole('article', { name: 'Sample Bronze HSA' });
    expect(within(hsaPlan).getByText('$412.50')).toBeInTheDocument();
    expect(within(hsaPlan).getByText('In Cart')).toBeInTheDocument();
    expect(within(hsaPlan).getByText('HSA Eligible')).toBeInTheDocument();
    const other = within(preview()).getByRole('article', { name: 'Sample Silver PPO' });
    expect(within(preview()).getByText(/97201/)).toBeInTheDocument();
    expect(within(other).getByText('$528.75')).toBeInTheDocument();
    // Remove and Add to Cart act on the preview's own cart.
    fireEvent.click(within(hsaPlan).getByRole('button', { name: 'Remove from cart' }));
    expect(within(hsaPlan).queryByText('In Cart')).toBeNull();
    fireEvent.click(within(hsaPlan).getByRole('button', { name: 'Add to Cart' }));
    expect(await within(hsaPlan).findByText('In Cart')).toBeInTheDocument();

    await moveOn('Next', 'Flexible Spending Options');
    expect(within(preview()).getByRole('textbox', { name: 'Monthly HSA Contribution' })).toHaveValue('200');
    expect(within(preview()).getByTestId('hsa-limit')).toHaveTextContent('$4,400.00');

    await moveOn('Next', 'Additional Services');
    expect(within(preview()).getByRole('heading', { name: 'Sample Vision Care' })).toBeInTheDocument();
    expect(within(preview()).getByRole('combobox', { name: 'Price Option' })).toHaveDisplayValue('Individual - $9.99');
    expect(within(preview()).getByRole('button', { name: 'Remove' })).toBeInTheDocument();

    await moveOn('Next', CART_TITLE);
    const lines = within(preview()).getByRole('table', { name: CART_TITLE });
    expect(within(lines).getByRole('row', { name: /Health Plan/ })).toHaveTextContent(/Sample Health.*EPO.*Sample Bronze HSA.*\$412\.50/);
    expect(within(lines).getByRole('row', { name: /HSA Contribution/ })).toHaveTextContent('$200.00');
    expect(within(lines).getByRole('row', { name: /Additional Service/ })).toHaveTextContent(/Sample Vision Care \(Individual\).*\$9\.99/);
    const totals = within(preview()).getByRole('table', { name: 'Totals' });
    // 412.50 + 9.99 of coverage against 450.00: 27.51 remains, nothing of it goes to the HSA's 200.00.
    expect(within(totals).getByRole('row', { name: /Remaining Contribution/ })).toHaveTextContent('$27.51');
    expect(within(totals).getByRole('row', { name: /Deduction for the HSA/ })).toHaveTextContent('$200.00');
    // Authorize is the preview's to refuse: it says so and sends nothing.
    fireEvent.click(within(preview()).getByRole('checkbox'));
    fireEvent.click(within(preview()).getByRole('button', { name: 'Authorize Elections' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PREVIEW_SENDS_NOTHING);
    // Only the staff API and the published forms' validators were asked for: no member API call, no write.
    expect(read.filter((path) => !path.startsWith(`/api/staff/employers/${ACCOUNT}`) && !path.startsWith('/api/content/forms/'))).toEqual([]);
  });

  it('labels the waiver reason in the cart of the waive case, with no contribution', async () => {
    renderPreview();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Case' }), { target: { value: 'waives; HSA-eligible plans only, additional services offered' } });
    await within(preview()).findAllByRole('textbox', { name: /First Name/ });
    await nextStep('Contributions');
    expect(await within(preview()).findByRole('radio', { name: 'Not Buying Health Insurance (Waive Coverage)' })).toBeChecked();
    expect(await within(preview()).findByRole('combobox', { name: /Waiver Reason/ })).toHaveValue('Coverage through Spouse/Partner');
    expect(within(preview()).getByText('$0.00')).toBeInTheDocument();
    await nextStep('Additional Services');
    await moveOn('Next', CART_TITLE);
    const lines = within(preview()).getByRole('table', { name: CART_TITLE });
    expect(within(lines).getByRole('row', { name: /Waived Coverage/ })).toHaveTextContent('Waiver reason: Coverage through Spouse/Partner');
    expect(within(lines).queryByRole('row', { name: /Health Plan/ })).toBeNull();
  });

  it('shows the screens in Spanish with Español, where the preview stands, the waiver reason labelled in Spanish', async () => {
    renderPreview();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Case' }), { target: { value: 'waives; HSA-eligible plans only, additional services offered' } });
    await within(preview()).findAllByRole('textbox', { name: /First Name/ });
    await nextStep('Contributions');
    await nextStep('Additional Services');
    await moveOn('Next', CART_TITLE);
    // Español on the cart: the cart's document, the catalogue and the employer's service read again in Spanish.
    fireEvent.click(screen.getByRole('radio', { name: 'Español' }));
    const m = es.messages;
    const cartTitle = spanishOf('acknowledgements')['/title']!;
    await within(preview()).findByRole('heading', { name: cartTitle, level: 2 });
    const lines = within(preview()).getByRole('table', { name: cartTitle });
    expect(within(lines).getByRole('row', { name: new RegExp(m['cart-line-waive']) })).toHaveTextContent(/Motivo de la renuncia: /);
    expect(within(lines).getByRole('row', { name: new RegExp(m['cart-line-service']) })).toHaveTextContent('Individual (es)');
    fireEvent.click(within(preview()).getByRole('button', { name: new RegExp(spanishOf('enrollment')['/steps/additional-services/title']!) }));
    expect(await within(preview()).findByText('Exámenes de la vista y lentes.')).toBeInTheDocument();
  });
});
