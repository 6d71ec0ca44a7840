import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HealthPlan, HealthPlanQuote } from '#contracts/entities.ts';
import { ShopHealthPlansScreen } from '#portal/wizard/shop/shop-health-plans-screen.tsx';
import { baseForm, documentHandlers, fail, mockApi, ok, signIn, type Handler, type RecordedRequest } from '../../web/layout/test-app.tsx';
import { narrowScreen } from '../../web/media-query.ts';
import { renderStep, today } from './step-harness.tsx';

const EFFECTIVE = '2027-01-01';
const NEXT_YEAR = `${Number(today.slice(0, 4)) + 1}-01-01`;
const LONG_NAME = `Silver Choice ${'Extra Coverage '.repeat(8)}`.trim();

const plan = (planid: string, fields: Partial<HealthPlan> = {}): HealthPlan => ({
  id: `id-${planid}`,
  planid,
  planname: `Plan ${planid}`,
  issuername: 'Aetna',
  plantype: 'HMO',
  metallevel: 'Silver',
  rate: 300,
  planeffectivedate: EFFECTIVE,
  ishsaeligible: 'No',
  annualdeductibleindividual: 2000,
  annualdeductiblefamily: 4000,
  annualoopmaxindividual: 8000,
  annualoopmaxfamily: 16000,
  primarycarevisit: '$30 copay',
  genericdrugs: '$10',
  urgentcare: '$75 copay',
  emergencyroomservices: '$500 after deductible',
  inpatienthospitalservices: '30% coinsurance',
  urlforbenefitsummarycoverage: 'https://insurer.example/sbc.pdf',
  providerlink: 'https://insurer.example/providers',
  benefits: { specialistvisit: '$60 copay', hospiceservices: null },
  ...fields,
});

const plans = [
  plan('A1', { issuername: 'Aetna', metallevel: 'Gold', rate: 650, annualdeductibleindividual: 500 }),
  plan('B1', { issuername: 'Blue Cross', metallevel: 'Bronze', rate: 250, annualdeductibleindividual: 7000, ishsaeligible: 'Yes', planname: LONG_NAME }),
  plan('C1', { issuername: 'Cigna', metallevel: 'Silver', rate: 420, annualdeductibleindividual: 3000, primarycarevisit: null, genericdrugs: '' }),
  plan('B2', { issuername: 'Blue Cross', metallevel: 'Expanded Bronze', rate: 180, annualdeductibleindividual: 20000, ishsaeligible: 'Yes', providerlink: null }),
];

const quote = (healthplans: HealthPlan[], extra: Partial<HealthPlanQuote> = {}): HealthPlanQuote => ({
  healthplans,
  planyear: 2027,
  ratesyear: 2027,
  estimated: false,
  message: null,
  ...extra,
});

const locations = [
  { city: 'Jersey City', countyname: 'Bergen', countycode: '34003', statename: 'New Jersey', state: 'NJ', zipcode: '07301', share: 0.6 },
  { city: 'Jersey City', countyname: 'Hudson', countycode: '34017', statename: 'New Jersey', state: 'NJ', zipcode: '07301', share: 0.4 },
];

function setup(quoteHandler: Handler = ok(quote(plans)), extra: Record<string, Handler> = {}) {
  signIn();
  return mockApi({
    ...documentHandlers(),
    'GET /api/USZipCounty/07301/': ok({ locationlist: locations }),
    'POST /api/HealthPlanQuote': quoteHandler,
    'POST /api/LogFact/v2': ok({ id: 'log-1' }),
    ...extra,
  });
}

const cards = () => screen.getAllByRole('article');
const cardNames = () => cards().map((card) => card.getAttribute('aria-label'));
const card = (name: string) => screen.getByRole('article', { name });
const quotes = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.path === '/api/HealthPlanQuote');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Shop Health Plans', () => {
  it('offers Skip to plans before the filters: it moves the focus to the plans, whose first card is the next Tab', async () => {
    setup();
    renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    const skip = screen.getByRole('link', { name: 'Skip to plans' });
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(skip.compareDocumentPosition(filters) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    skip.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    expect(within(cards()[0]!).getByRole('checkbox', { name: 'Compare' })).toHaveFocus();
  });

  it("searches for the member on file at the chosen date and shows the ZIP, the count and the plans; logs the entry and the search", async () => {
    const requests = setup();
    const harness = renderStep('shop-health-plans', ShopHealthPlansScreen);
    expect(await screen.findByText(/Plans Found/)).toHaveTextContent('Zip Code: 07301 · 4 Plans Found');
    expect(screen.getByRole('heading', { name: 'Shop Health Plans' })).toBeInTheDocument();
    expect(cardNames()).toEqual(['Plan A1', LONG_NAME, 'Plan C1', 'Plan B2']);

    const [search] = quotes(requests);
    expect(search?.body).toMatchObject({
      empinfo: { firstname: 'Jane', lastname: 'Doe', createdby: 'Register', birthdate: '1980-05-05' },
      postalcode: '07301',
      policyeffectivedaterequested: EFFECTIVE,
      gender: 'Female',
      issmoker: false,
      countycode: '34017',
      countyname: 'Hudson',
      state: 'NJ',
      city: 'Jersey City',
      memberdependentlist: [],
    });
    expect(harness.logged).toEqual(['ENTERED SHOP HEALTH PLANS']);
    const log = requests.find((r) => r.path === '/api/LogFact/v2')?.body as { title: string; data: { description: string; User: string } };
    expect(log.title).toBe('SHOP HEALTH PLANS');
    expect(log.data.User).toBe('jane@example.com');
    expect(JSON.parse(log.data.description)).toMatchObject({
      logtype: 1,
      logtypetitle: 'SHOP HEALTH PLANS',
      quotesource: 'NFOR1',
      dependentcount: 0,
      totalplans: 0,
      employername: 'Acme Benefits Demo',
      membername: 'Jane Doe',
      zipcode: '07301',
      policyeffectivedate: EFFECTIVE,
      error: false,
    });
  });

  it('cuts long names at 80 characters with an ellipsis, marks HSA-eligible plans from their data, links the providers', async () => {
    setup();
    renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    const long = card(LONG_NAME);
    expect(within(long).getByText(`${LONG_NAME.slice(0, 80)}...`)).toBeInTheDocument();
    expect(within(long).getByText('HSA Eligible')).toBeInTheDocument();
    expect(within(card('Plan A1')).queryByText('HSA Eligible')).not.toBeInTheDocument();
    expect(within(card('Plan A1')).getByText('$650.00')).toBeInTheDocument();
    const providers = within(card('Plan A1')).getByRole('link', { name: 'Search for Providers' });
    expect(providers).toHaveAttribute('href', 'https://insurer.example/providers');
    expect(providers).toHaveAttribute('target', '_blank');
    expect(within(card('Plan B2')).queryByRole('link', { name: 'Search for Providers' })).not.toBeInTheDocument();
  });

  it('filters by carrier, metal tier, deductible band, price band and HSA eligibility, sorts by price, and says NO PLAN FOUND', async () => {
    setup();
    renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    const filters = screen.getByRole('region', { name: 'Filters' });
    const group = (name: string) => within(filters).getByRole('group', { name });

    await userEvent.click(within(group('Carrier')).getByRole('checkbox', { name: 'Blue Cross' }));
    expect(cardNames()).toEqual([LONG_NAME, 'Plan B2']);
    expect(screen.getByText(/Plans Found/)).toHaveTextContent('2 Plans Found');
    await userEvent.click(within(group('Carrier')).getByRole('checkbox', { name: 'Blue Cross' }));

    await userEvent.click(within(group('Metal Tier')).getByRole('checkbox', { name: 'Gold' }));
    expect(cardNames()).toEqual(['Plan A1']);
    await userEvent.click(within(group('Metal Tier')).getByRole('checkbox', { name: 'Gold' }));

    await userEvent.click(within(group('Deductible')).getByRole('checkbox', { name: '$1001-$3500' }));
    expect(cardNames()).toEqual(['Plan C1']);
    await userEvent.click(within(group('Deductible')).getByRole('checkbox', { name: '$15001 or higher' }));
    expect(cardNames()).toEqual(['Plan C1', 'Plan B2']);
    await userEvent.click(within(group('Deductible')).getByRole('checkbox', { name: '$1001-$3500' }));
    await userEvent.click(within(group('Deductible')).getByRole('checkbox', { name: '$15001 or higher' }));

    await userEvent.click(within(group('Monthly Premium')).getByRole('checkbox', { name: '$200-$400' }));
    expect(cardNames()).toEqual([LONG_NAME]);
    await userEvent.click(within(group('Monthly Premium')).getByRole('checkbox', { name: '$200-$400' }));

    await userEvent.click(within(filters).getByRole('checkbox', { name: 'HSA Eligible' }));
    expect(cardNames()).toEqual([LONG_NAME, 'Plan B2']);
    await userEvent.click(within(filters).getByRole('checkbox', { name: 'HSA Eligible' }));

    const sort = within(filters).getByRole('combobox', { name: 'Sort by Price' });
    await userEvent.selectOptions(sort, 'Price: Low to High');
    expect(cardNames()).toEqual(['Plan B2', LONG_NAME, 'Plan C1', 'Plan A1']);
    await userEvent.selectOptions(sort, 'Price: High to Low');
    expect(cardNames()).toEqual(['Plan A1', 'Plan C1', LONG_NAME, 'Plan B2']);

    await userEvent.click(within(group('Metal Tier')).getByRole('checkbox', { name: 'Platinum' }));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('NO PLAN FOUND')).toBeInTheDocument();
  });

  it('shows Plan Details with N/A for empty texts and dollars on the money', async () => {
    setup();
    renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    await userEvent.click(within(card('Plan C1')).getByRole('button', { name: 'Plan Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan C1' });
    const value = (label: string) => within(dialog).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(value('Monthly Premium')).toBe('$420.00');
    expect(value('Annual Deductible (Individual)')).toBe('$3,000.00');
    expect(value('Primary Care Visit')).toBe('N/A');
    expect(value('Generic Drugs')).toBe('N/A');
    expect(value('Urgent Care')).toBe('$75 copay');
    expect(value('Specialist Visit')).toBe('$60 copay');
    expect(value('Hospice Services')).toBe('N/A');
    expect(value('Carrier')).toBe('Cigna');
  });

  it("closes Plan Details with the browser's Back, staying on the list of the step", async () => {
    setup();
    const harness = renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    await userEvent.click(within(card('Plan C1')).getByRole('button', { name: 'Plan Details' }));
    expect(await screen.findByRole('dialog', { name: 'Plan C1' })).toBeInTheDocument();
    expect(harness.search()).toBe('?details=C1');
    act(() => harness.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(harness.search()).toBe('');
    expect(screen.getByText(/Plans Found/)).toBeInTheDocument();
  });

  it('opens the Plan Summary Document screen and goes back', async () => {
    setup();
    renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    await userEvent.click(within(card('Plan A1')).getByRole('button', { name: 'View Plan Summary Document' }));
    expect(screen.getByRole('heading', { name: 'Plan Summary Document' })).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Plan Name',
      'Monthly Premium',
      'Annual Deductible (Individual)',
      'Annual Deductible (Family)',
      'Annual Out-of-Pocket Max (Individual)',
      'Primary Care Visit',
      'Urgent Care',
      'Emergency Room Services',
      'Inpatient Hospital Services',
    ]);
    expect(screen.getByRole('link', { name: 'Summary of Benefits and Coverage' })).toHaveAttribute('href', 'https://insurer.example/sbc.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText(/Plans Found/)).toBeInTheDocument();
  });

  it('compares two or three plans: badge, at least 2, at most 3, the rows of the spec under the issuers, Back', async () => {
    setup();
    const harness = renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    const compareBox = (name: string) => within(card(name)).getByRole('checkbox', { name: 'Compare' });

    // The count is in the button's name (the badge alone is not read with it); none chosen, the spec's text alone.
    expect(screen.getByRole('button', { name: 'Compare Plans' })).toBeInTheDocument();
    await userEvent.click(compareBox('Plan A1'));
    await userEvent.click(screen.getByRole('button', { name: 'Compare Plans (1)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Select at least 2 plans to compare');
    expect(screen.queryByRole('table', { name: 'Plan Comparison' })).not.toBeInTheDocument();

    await userEvent.click(compareBox('Plan C1'));
    await userEvent.click(compareBox(LONG_NAME));
    expect(screen.getByText('3')).toBeInTheDocument();
    await userEvent.click(compareBox('Plan B2'));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can compare up to 3 health plans only');
    expect(compareBox('Plan B2')).not.toBeChecked();
    expect(harness.choices().compare.map((p) => p.planid)).toEqual(['A1', 'C1', 'B1']);

    await userEvent.click(screen.getByRole('button', { name: 'Compare Plans (3)' }));
    const table = await screen.findByRole('table', { name: 'Plan Comparison' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Aetna', 'Cigna', 'Blue Cross']);
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Plan Name',
      'Monthly Premium',
      'Annual Deductible (Individual)',
      'Annual Deductible (Family)',
      'Combined Medical and Drug Deductible (Individual)',
      'Annual Out-of-Pocket Max (Individual)',
      'Annual Out-of-Pocket Max (Family)',
      'Primary Care Visit',
      'Urgent Care',
      'Emergency Room Services',
      'Inpatient Hospital Services',
      'Generic Drugs',
    ]);
    const row = (label: string) => [...within(table).getByRole('rowheader', { name: label }).parentElement!.querySelectorAll('td')].map((c) => c.textContent);
    expect(row('Monthly Premium')).toEqual(['$650.00', '$420.00', '$250.00']);
    expect(row('Combined Medical and Drug Deductible (Individual)')).toEqual(['$500.00', '$3,000.00', '$7,000.00']);
    expect(row('Primary Care Visit')).toEqual(['$30 copay', 'N/A', '$30 copay']);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText(/Plans Found/)).toBeInTheDocument();

    // The comparison is an entry of the history: the browser's Back returns to the list, not to the step before.
    await userEvent.click(screen.getByRole('button', { name: 'Compare Plans (3)' }));
    await screen.findByRole('table', { name: 'Plan Comparison' });
    expect(harness.search()).toBe('?compare=1');
    act(() => harness.back());
    expect(await screen.findByText(/Plans Found/)).toBeInTheDocument();
    expect(harness.search()).toBe('');
  });

  it('holds one plan in the cart: add, refuse a second, remove; logs both events', async () => {
    setup();
    const harness = renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    await userEvent.click(within(card('Plan A1')).getByRole('button', { name: 'Add to Cart' }));
    expect(harness.choices().plan?.planid).toBe('A1');
    // The cart authorizes where the plan was quoted: the county on file (Hudson), not the ZIP's first.
    expect(harness.choices().location).toMatchObject({ zipcode: '07301', countycode: '34017' });
    expect(within(card('Plan A1')).getByText('In Cart')).toBeInTheDocument();

    await userEvent.click(within(card('Plan C1')).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The plan is already selected! You can select only one plan.');
    expect(harness.choices().plan?.planid).toBe('A1');

    await userEvent.click(within(card('Plan A1')).getByRole('button', { name: 'Remove from cart' }));
    expect(harness.choices().plan).toBeNull();
    expect(harness.logged).toEqual(['ENTERED SHOP HEALTH PLANS', 'PLAN ADDED TO CART', 'PLAN REMOVED FROM CART']);
  });

  it('keeps the plan in the cart after a double click on Add to Cart (the second click does not remove it)', async () => {
    setup();
    const harness = renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    await userEvent.dblClick(within(card('Plan A1')).getByRole('button', { name: 'Add to Cart' }));
    expect(harness.choices().plan?.planid).toBe('A1');
    expect(within(card('Plan A1')).getByRole('button', { name: 'Remove from cart' })).toBeInTheDocument();
    expect(harness.logged).toEqual(['ENTERED SHOP HEALTH PLANS', 'PLAN ADDED TO CART']);
  });

  it('opens the SSN prompt instead of adding a plan when the SSN is missing', async () => {
    setup();
    const harness = renderStep('shop-health-plans', ShopHealthPlansScreen, { member: { additionalid: null } });
    await screen.findByText(/Plans Found/);
    await userEvent.click(within(card('Plan A1')).getByRole('button', { name: 'Add to Cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please enter a valid social security number' });
    const notice = (baseForm('profile').messages as Record<string, string>)['ssn-notice']!;
    expect(notice).toBe('Your SSN is required when making an health insurance election, including when waiving coverage.');
    expect(await within(dialog).findByText(notice)).toBeInTheDocument();
    expect(harness.choices().plan).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to Profile' }));
    expect(harness.goTo).toHaveBeenCalledWith({ step: 'profile' });
  });

  it("finds the member's current plan in the next-year search: Keep Current Plan puts it in the cart, Remove takes it out", async () => {
    const current = plan('CUR', { planname: 'Current Gold', issuername: 'Oscar', rate: 510 });
    const requests = setup((request) => {
      const body = request.body as { policyeffectivedaterequested: string };
      return ok(quote(body.policyeffectivedaterequested === NEXT_YEAR ? [current, ...plans] : plans));
    });
    const harness = renderStep('shop-health-plans', ShopHealthPlansScreen, {
      member: { currentplanid: 'CUR' },
      choices: { contributions: { effectivedate: '2027-02-01', healthoption: 'buy' } },
    });
    const section = await screen.findByRole('region', { name: 'Your Current Plan' });
    expect(within(section).getByText('Current Gold')).toBeInTheDocument();
    expect(within(section).getByText('$510.00')).toBeInTheDocument();
    expect(quotes(requests).map((r) => (r.body as { policyeffectivedaterequested: string }).policyeffectivedaterequested).sort()).toEqual(
      ['2027-02-01', NEXT_YEAR].sort(),
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Keep Current Plan' }));
    expect(harness.choices().plan?.planid).toBe('CUR');
    await userEvent.click(within(section).getByRole('button', { name: 'Remove' }));
    expect(harness.choices().plan).toBeNull();
  });

  it("shows the server's notice that the rates are estimates from the catalogue year", async () => {
    const notice = 'The 2027 rates are not published in our catalogue yet: these premiums are estimates from the 2026 rates.';
    setup(ok(quote(plans, { ratesyear: 2026, estimated: true, message: notice })));
    renderStep('shop-health-plans', ShopHealthPlansScreen);
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.getAllByText(/estimates/)).toHaveLength(1);
  });

  it('shows the plain-words notice of a state without plans with NO PLAN FOUND', async () => {
    setup(ok(quote([], { message: 'There are no individual health plans on file for New Jersey.' })));
    renderStep('shop-health-plans', ShopHealthPlansScreen);
    expect(await screen.findByText('There are no individual health plans on file for New Jersey.')).toBeInTheDocument();
    expect(screen.getByText('NO PLAN FOUND')).toBeInTheDocument();
  });

  it('shows a message and Retry when the search fails, and the plans after a successful retry', async () => {
    let attempts = 0;
    setup(() => (++attempts === 1 ? fail(500, 'INTERNAL', 'Something went wrong.') : ok(quote(plans))));
    renderStep('shop-health-plans', ShopHealthPlansScreen);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The health plans could not be loaded. Please check your connection and try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Plans Found/)).toHaveTextContent('4 Plans Found');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it("refuses Next with an empty cart ('Cart is empty !', the cart's own text) and goes on once a plan is in it", async () => {
    setup();
    const harness = renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    expect(screen.queryByRole('button', { name: 'Export Plans' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent((baseForm('acknowledgements').messages as Record<string, string>)['cart-empty']!);
    expect(harness.next).not.toHaveBeenCalled();
    await userEvent.click(within(card('Plan A1')).getByRole('button', { name: 'Add to Cart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(harness.next).toHaveBeenCalledTimes(1);
  });

  it('on a narrow screen exports the filtered plans as CSV and goes on with Proceed', async () => {
    narrowScreen();
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:plans'), revokeObjectURL: () => {} }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    setup();
    const harness = renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    // On a phone the filters start folded.
    await userEvent.click(within(screen.getByRole('region', { name: 'Filters' })).getByRole('button', { name: 'Filters' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Filters' })).getByRole('checkbox', { name: 'Cigna' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export Plans' }));
    await waitFor(() => expect(downloads).toEqual(['health-plans.csv']));
    const csv = await blobs[0]!.text();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Carrier,Plan Name,Metal Tier,Monthly Premium,/);
    expect(lines[1]).toMatch(/^Cigna,Plan C1,Silver,\$420\.00,/);
    await userEvent.click(within(card('Plan C1')).getByRole('button', { name: 'Add to Cart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(harness.next).toHaveBeenCalledTimes(1));
  });

  it('exports a plan text a spreadsheet would run as a formula neutralised (a leading quote, quoted)', async () => {
    narrowScreen();
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:plans'), revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    setup(ok(quote([plan('F1', { issuername: '@Carrier', planname: '=HYPERLINK("https://evil.example","Plan")' })])));
    renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    await userEvent.click(screen.getByRole('button', { name: 'Export Plans' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const [, row] = (await blobs[0]!.text()).trimEnd().split('\r\n');
    expect(row).toMatch(/^"'@Carrier","'=HYPERLINK\(""https:\/\/evil\.example"",""Plan""\)",Silver,/);
  });

  it('folds the filters on a phone behind a button that counts the active ones, beside the count of plans', async () => {
    narrowScreen();
    setup();
    renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    const panel = screen.getByRole('region', { name: 'Filters' });
    const toggle = within(panel).getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(panel).getByText('4 plans')).toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'HSA Eligible' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Gold' }));
    expect(within(panel).getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();
    expect(within(panel).getByText('0 plans')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Gold' }));
    expect(within(panel).getByText('2 plans')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Filters (1)' }));
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument();

    // The step's actions are in their own bar.
    const actions = screen.getByRole('region', { name: 'Step actions' });
    expect(within(actions).getByRole('button', { name: 'Proceed' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Export Plans' })).toBeInTheDocument();
  });

  it('writes the filters and the sort into the address, and Clear Filters takes the filters out', async () => {
    setup();
    const harness = renderStep('shop-health-plans', ShopHealthPlansScreen);
    await screen.findByText(/Plans Found/);
    const filters = screen.getByRole('region', { name: 'Filters' });
    await userEvent.click(within(filters).getByRole('checkbox', { name: 'HSA Eligible' }));
    await userEvent.click(within(filters).getByRole('checkbox', { name: 'Blue Cross' }));
    await userEvent.selectOptions(within(filters).getByRole('combobox', { name: 'Sort by Price' }), 'Price: Low to High');
    expect(harness.search()).toBe('?carrier=Blue+Cross&hsa=1&sort=price-asc');
    expect(cardNames()).toEqual(['Plan B2', LONG_NAME]);

    await userEvent.click(within(filters).getByRole('button', { name: 'Clear Filters' }));
    expect(harness.search()).toBe('?sort=price-asc');
    expect(cardNames()).toEqual(['Plan B2', LONG_NAME, 'Plan C1', 'Plan A1']);
    expect(within(filters).queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
  });

  it('reads the filters and the sort from the address (a reload), ignoring what it does not know, and adds the plan pressed', async () => {
    setup();
    const harness = renderStep('shop-health-plans', ShopHealthPlansScreen, { address: '/?hsa=1&sort=price-desc&metal=Mithril&carrier=Nobody&shown=x' });
    await screen.findByText(/Plans Found/);
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(within(filters).getByRole('checkbox', { name: 'HSA Eligible' })).toBeChecked();
    expect(within(filters).getByRole('combobox', { name: 'Sort by Price' })).toHaveValue('price-desc');
    expect(within(filters).getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    expect(cardNames()).toEqual([LONG_NAME, 'Plan B2']);

    await userEvent.click(within(card('Plan B2')).getByRole('button', { name: 'Add to Cart' }));
    expect(harness.choices().plan).toMatchObject({ planid: 'B2', ishsaeligible: 'Yes' });
  });

  it('keeps the filters in the address while a plan\'s details are open and after Back', async () => {
    setup();
    const harness = renderStep('shop-health-plans', ShopHealthPlansScreen, { address: '/?hsa=1' });
    await screen.findByText(/Plans Found/);
    await userEvent.click(within(card('Plan B2')).getByRole('button', { name: 'Plan Details' }));
    expect(await screen.findByRole('dialog', { name: 'Plan B2' })).toBeInTheDocument();
    expect(harness.search()).toBe('?hsa=1&details=B2');
    act(() => harness.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(harness.search()).toBe('?hsa=1');
    expect(cardNames()).toEqual([LONG_NAME, 'Plan B2']);
  });

  it('shows a page of plans and a page more at each Show More Plans, sorted as a whole list, until every plan shows', async () => {
    const many = Array.from({ length: 13 }, (_, index) => plan(`P${String(index + 1).padStart(2, '0')}`, { rate: 500 - index }));
    setup(ok(quote(many)));
    const harness = renderStep('shop-health-plans', ShopHealthPlansScreen, { address: '/?sort=price-asc' });
    await screen.findByText(/Plans Found/);
    // The cheapest plan is the quote's last: the sort is of the whole list, not of the page shown.
    expect(cards()).toHaveLength(12);
    expect(cardNames()[0]).toBe('Plan P13');
    expect(screen.queryByRole('article', { name: 'Plan P01' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 12 of 13 plans')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show More Plans' }));
    expect(harness.search()).toBe('?sort=price-asc&shown=24');
    expect(cardNames()).toEqual(many.map((p) => p.planname).reverse());
    expect(screen.queryByRole('button', { name: 'Show More Plans' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();

    // The plan beyond the first page goes in the cart by its own button.
    await userEvent.click(within(card('Plan P01')).getByRole('button', { name: 'Add to Cart' }));
    expect(harness.choices().plan?.planid).toBe('P01');
  });
});
