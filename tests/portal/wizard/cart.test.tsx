import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartScreen } from '#portal/wizard/cart-screen.tsx';
import { authorizeRequest } from '#portal/wizard/cart/authorization.ts';
import { baseForm, fail, MEMBER_ID, ok, type Handler, type RecordedRequest } from '../../web/layout/test-app.tsx';
import { narrowScreen } from '../../web/media-query.ts';
import { choicesWith, dependent, logged, plan, product, renderStep } from './screen-harness.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const acknowledgeLabel = (baseForm('acknowledgements').schema.properties as Record<string, { title: string }>)
  .deductionacknowledged!.title;
const AUTHORIZE = 'POST /api/Enrollment/Authorize';
const authorized = ok({ orders: [{ id: 'o-1', category: 'healthinsurance' }], memberAccount: { id: 'ma-1' } });

/** Buying the plan ($412.37) with $50 HSA and the Family service ($45.50): $507.87 spent. */
const buying = (contributionCents: number) =>
  choicesWith({
    plan,
    hsaMonthlyCents: 5000,
    contributionCents,
    service: { product, optionId: 'opt-2', added: true },
    ichra: { ichracertified: true },
  });

/** The contribution ($600) covers plan and service, and no HSA deposit: nothing comes out of pay. */
const covered = () => ({ ...buying(60000), hsaMonthlyCents: 0 });

const waiving = choicesWith({
  contributions: { effectivedate: '2026-02-01', healthoption: 'waive' },
  waiver: { waivecoveragereason: 'Other', waivecoveragereasonother: '  Covered by my parents ' },
  // Step 2's contribution for buying, loaded before the person chose to waive: a waiver receives none of it.
  contributionCents: 30000,
  plan,
});

const cells = (row: Element) => [...row.children].map((cell) => cell.textContent);
const totals = () =>
  within(screen.getByRole('table', { name: 'Totals' }))
    .getAllByRole('row')
    .map((row) => cells(row));
const authorizeCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/Enrollment/Authorize');

describe('Your Cart (Plan and Benefits Summary)', () => {
  it('lists the plan, HSA and additional service lines and the totals with two decimals; logs the cart event', async () => {
    const { requests } = renderStep('cart', CartScreen, { choices: buying(40000) });
    const table = await screen.findByRole('table', { name: 'Plan and Benefits Summary' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Item',
      'Carrier',
      'Plan Type',
      'Plan Name',
      'Metal Tier',
      'Monthly Cost',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Health Plan', 'Blue Cross', 'PPO', 'Silver HSA 3000', 'Silver', '$412.37'],
      ['HSA Contribution', '', '', '', '', '$50.00'],
      ['Additional Service', '', '', 'Wellness Plus (Family)', '', '$45.50'],
    ]);
    expect(totals()).toEqual([
      ['Total Monthly Cost', '$507.87'],
      ['Employer Contribution', '$400.00'],
      ['Pre-Tax Payroll Deduction for Coverage', '$57.87'],
      ['Pre-Tax Payroll Deduction for the HSA', '$50.00'],
      ['Pre-Tax Payroll Deduction', '$107.87'],
    ]);
    expect(screen.getByRole('checkbox', { name: acknowledgeLabel })).not.toBeChecked();
    await waitFor(() => expect(logged(requests)).toEqual(['Plan and Benefits Summary(CART)']));
  });

  it('shows the remaining contribution untouched by the HSA deposit, which comes from pay (and is acknowledged)', async () => {
    renderStep('cart', CartScreen, { choices: buying(60000) });
    await screen.findByRole('table', { name: 'Totals' });
    expect(totals()).toEqual([
      ['Total Monthly Cost', '$507.87'],
      ['Employer Contribution', '$600.00'],
      ['Remaining Contribution', '$142.13'],
      ['Pre-Tax Payroll Deduction for Coverage', '$0.00'],
      ['Pre-Tax Payroll Deduction for the HSA', '$50.00'],
      ['Pre-Tax Payroll Deduction', '$50.00'],
    ]);
    expect(screen.getByText(/Your employer's contribution pays for health coverage only/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: acknowledgeLabel })).toBeInTheDocument();
  });

  it('shows the remaining contribution and no acknowledgment when the contribution covers the cost and there is no HSA deposit', async () => {
    renderStep('cart', CartScreen, { choices: covered() });
    await screen.findByRole('table', { name: 'Totals' });
    expect(totals()).toEqual([
      ['Total Monthly Cost', '$457.87'],
      ['Employer Contribution', '$600.00'],
      ['Remaining Contribution', '$142.13'],
      ['Pre-Tax Payroll Deduction', '$0.00'],
    ]);
    expect(screen.queryByRole('checkbox', { name: acknowledgeLabel })).not.toBeInTheDocument();
  });

  it("says 'Cart is empty !' without a plan and refuses to authorize", async () => {
    const { requests } = renderStep('cart', CartScreen, { choices: choicesWith({ contributionCents: 40000 }) });
    expect(await screen.findByRole('status')).toHaveTextContent('Cart is empty !');
    await userEvent.click(screen.getByRole('button', { name: 'Authorize Elections' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cart is empty !');
    expect(authorizeCalls(requests)).toHaveLength(0);
  });

  it('asks for the acknowledgment, then authorizes with the choices only and an Idempotency-Key', async () => {
    const { requests, router } = renderStep('cart', CartScreen, { choices: buying(40000), handlers: { [AUTHORIZE]: authorized } });
    await userEvent.click(await screen.findByRole('button', { name: 'Authorize Elections' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your Spent Amount is Greater than Your Contribution Amount: please tick the box to acknowledge the pre-tax payroll deduction.');
    expect(authorizeCalls(requests)).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: acknowledgeLabel }));
    await userEvent.click(screen.getByRole('button', { name: 'Authorize Elections' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(dialog).toHaveTextContent('Thank you for completing your benefits elections with Acme Benefits Demo.');
    const [call] = authorizeCalls(requests);
    expect(call?.body).toEqual({
      effectivedate: '2026-02-01',
      healthoption: 'buy',
      planid: '12345NJ0010001',
      postalcode: '07301',
      countycode: '',
      hsamonthly: 50,
      productoptionid: 'opt-2',
      // The ICHRA step's certification, which the server requires of a purchase.
      ichraacknowledged: true,
    });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(call?.headers.authorization).toBe('Bearer access-1');
    expect(requests.some((r) => r.path === '/api/Order')).toBe(false);
    // SUBMITTED REQUEST is the server's, written with the enrollment.
    expect(logged(requests)).toEqual(['Plan and Benefits Summary(CART)']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close Window' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/welcome?authorize=true'));
  });

  it("sends the ICHRA step's certification with a purchase only: false when the box was not ticked, none with a waiver", () => {
    expect(authorizeRequest(buying(40000), { postalcode: '07301' }).ichraacknowledged).toBe(true);
    expect(authorizeRequest({ ...buying(40000), ichra: {} }, { postalcode: '07301' }).ichraacknowledged).toBe(false);
    expect(authorizeRequest({ ...waiving, ichra: { ichracertified: true } }, { postalcode: '07301' })).not.toHaveProperty('ichraacknowledged');
  });

  it('keeps the cart after a failure and sends the same Idempotency-Key on the retry', async () => {
    let calls = 0;
    const { requests } = renderStep('cart', CartScreen, {
      choices: covered(),
      handlers: {
        [AUTHORIZE]: () => (++calls === 1 ? fail(503, 'INTERNAL', 'The elections could not be authorized. Please try again.') : authorized),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Authorize Elections' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('The elections could not be authorized. Please try again.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Authorize Elections' })).toBeEnabled();
    expect(within(screen.getByRole('table', { name: 'Plan and Benefits Summary' })).getByText('Silver HSA 3000')).toBeInTheDocument();
    expect(logged(requests)).not.toContain('SUBMITTED REQUEST');

    await userEvent.click(screen.getByRole('button', { name: 'Authorize Elections' }));
    expect(await screen.findByRole('dialog', { name: 'Thank you!' })).toBeInTheDocument();
    const [first, second] = authorizeCalls(requests);
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    expect(second?.body).toEqual(first?.body);
  });

  it("reads 'Redirecting' while in flight and sends one request for a double click", async () => {
    const { requests } = renderStep('cart', CartScreen, { choices: covered(), handlers: { [AUTHORIZE]: authorized } });
    const recorded = globalThis.fetch;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/Enrollment/Authorize')) await gate;
      return recorded(input, init);
    });
    const button = await screen.findByRole('button', { name: 'Authorize Elections' });
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Redirecting' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Redirecting' }));
    release();
    expect(await screen.findByRole('dialog', { name: 'Thank you!' })).toBeInTheDocument();
    expect(authorizeCalls(requests)).toHaveLength(1);
  });

  it('sends the waiver with its reason in the person’s words and no plan or HSA amount', async () => {
    const { requests } = renderStep('cart', CartScreen, { choices: waiving, handlers: { [AUTHORIZE]: authorized } });
    const table = await screen.findByRole('table', { name: 'Plan and Benefits Summary' });
    // The reason is labelled as a reason, not under the plan name's column.
    expect(within(table).getAllByRole('row').slice(1).map(cells)).toEqual([['Waived Coverage', 'Waiver reason: Covered by my parents', '$0.00']]);
    // A waiver receives no employer contribution: $0.00, no remainder, and the page says so.
    expect(totals()).toEqual([
      ['Total Monthly Cost', '$0.00'],
      ['Employer Contribution', '$0.00'],
      ['Pre-Tax Payroll Deduction', '$0.00'],
    ]);
    expect(screen.getByText(/You are waiving coverage: no health plan is bought for you and a waiver receives no employer contribution/)).toBeInTheDocument();
    expect(screen.queryByText('Remaining Contribution')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Authorize Elections' }));
    await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(authorizeCalls(requests)[0]?.body).toEqual({
      effectivedate: '2026-02-01',
      healthoption: 'waive',
      postalcode: '07301',
      countycode: '',
      hsamonthly: 0,
      waivecoveragereason: 'Other',
      waivecoveragereasonother: 'Covered by my parents',
    });
  });

  it('neither shows nor sends an HSA amount set for an HSA plan that was swapped for one that is not HSA eligible', async () => {
    const choices = { ...buying(60000), plan: { ...buying(60000).plan!, ishsaeligible: 'No' as const } };
    const { requests } = renderStep('cart', CartScreen, { choices, handlers: { [AUTHORIZE]: authorized } });
    const table = await screen.findByRole('table', { name: 'Plan and Benefits Summary' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => cells(row)[0])).toEqual(['Health Plan', 'Additional Service']);
    expect(totals()[0]).toEqual(['Total Monthly Cost', '$457.87']);
    await userEvent.click(screen.getByRole('button', { name: 'Authorize Elections' }));
    await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(authorizeCalls(requests)[0]?.body).toMatchObject({ healthoption: 'buy', hsamonthly: 0 });
  });

  it('sends the quoted location when the shop screens chose one', async () => {
    const location = { city: 'Jersey City', countyname: 'Hudson', countycode: '34017', statename: 'New Jersey', state: 'NJ', zipcode: '07302', share: 1 };
    const { requests } = renderStep('cart', CartScreen, {
      choices: { ...covered(), location },
      handlers: { [AUTHORIZE]: authorized },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Authorize Elections' }));
    await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(authorizeCalls(requests)[0]?.body).toMatchObject({ postalcode: '07302', countycode: '34017' });
  });

  it('shows the Summary Information: the fund explanation, the purchase summary and a drawn Member Fund Chart', async () => {
    renderStep('cart', CartScreen, { choices: buying(40000) });
    await userEvent.click(await screen.findByRole('button', { name: 'Summary Information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Summary Information' });
    expect(within(dialog).getByRole('region', { name: 'Member Benefit Fund Explanation' })).toHaveTextContent(/Member Benefit Fund/);
    const purchase = within(dialog).getByRole('region', { name: 'Purchase Summary' });
    expect(purchase).toHaveTextContent('Silver HSA 3000');
    expect(purchase).toHaveTextContent('Pre-Tax Payroll Deduction$107.87');
    const chart = within(dialog).getByRole('img', { name: /Member Fund Chart/ });
    expect(chart).toHaveAccessibleName(
      'Member Fund Chart Employer contribution $400.00 a month against $507.87 spent: remaining contribution $0.00, pre-tax payroll deduction $107.87.',
    );
    const bars = [...chart.querySelectorAll('rect')].map((rect) => [rect.dataset.part, Number(rect.dataset.cents), Number(rect.getAttribute('height'))]);
    expect(bars.map(([part, cents]) => [part, cents])).toEqual([
      ['contribution', 40000],
      ['plan', 41237],
      ['hsa', 5000],
      ['service', 4550],
    ]);
    // Drawn to scale: the spend is the tallest bar, the contribution 400/507.87 of it.
    const spendHeight = bars.slice(1).reduce((sum, [, , h]) => sum + (h as number), 0);
    expect((bars[0]![2] as number) / spendHeight).toBeCloseTo(40000 / 50787, 5);
    // A legend names each bar with its colour in words, for a screen reader and for who cannot tell the colours.
    const legend = within(dialog).getByRole('list', { name: 'Member Fund Chart legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Employer Contribution (teal): $400.00',
      'Health Plan (blue): $412.37',
      'HSA Contribution (purple): $50.00',
      'Additional Service (orange): $45.50',
    ]);
    // One figure for what comes out of pay, its parts listed above it; no second 'what I pay' beside it.
    expect(within(dialog).getByText('Pre-Tax Payroll Deduction: $107.87')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Employee Cost/)).not.toBeInTheDocument();
  });

  it('prints the same numbers in a new window and asks it to print from the opener', async () => {
    const printed = document.implementation.createHTMLDocument('');
    const target = { document: printed, focus: vi.fn(), print: vi.fn() };
    const open = vi.fn(() => target);
    vi.stubGlobal('open', open);
    renderStep('cart', CartScreen, { choices: buying(40000), dependents: [dependent] });
    await userEvent.click(await screen.findByRole('button', { name: 'Print' }));
    // The spec's Print modal, whose button prints in a new window.
    const modal = await screen.findByRole('dialog', { name: 'Print the Plan and Benefits Summary' });
    expect(open).not.toHaveBeenCalled();
    await userEvent.click(within(modal).getByRole('button', { name: 'Print in a New Window' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).toHaveBeenCalledWith('', '_blank', expect.any(String));
    expect(target.print).toHaveBeenCalledTimes(1);
    expect(printed.querySelector('script')).toBeNull();
    expect(printed.title).toBe('Plan and Benefits Summary');
    expect(printed.body.textContent).toContain('Plan and Benefits Summary for Jane Doe');
    const printedTotals = [...printed.querySelectorAll('table[aria-label="Totals"] tr')].map(cells);
    expect(printedTotals).toEqual(totals());
    const printedLines = [...printed.querySelectorAll('table')[0]!.querySelectorAll('tbody tr')].map(cells);
    const table = screen.getByRole('table', { name: 'Plan and Benefits Summary' });
    expect(printedLines).toEqual(within(table).getAllByRole('row').slice(1).map(cells));
    expect(printed.body.textContent).toContain('Sam Doe (Child, born April 3, 2015)');
  });

  it('says so when the print window is blocked', async () => {
    vi.stubGlobal('open', vi.fn(() => null));
    renderStep('cart', CartScreen, { choices: buying(40000) });
    await userEvent.click(await screen.findByRole('button', { name: 'Print' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Print in a New Window' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The print window could not be opened.');
  });

  it('goes back to the profile with Edit Info', async () => {
    const { goTo } = renderStep('cart', CartScreen, { choices: buying(40000) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Info' }));
    expect(goTo).toHaveBeenCalledWith({ step: 'profile' });
  });

  it('stacks the lines, the family and the totals as cards with sticky buttons on narrow screens', async () => {
    narrowScreen();
    renderStep('cart', CartScreen, { choices: buying(40000), dependents: [dependent] });
    const planCard = await screen.findByRole('region', { name: 'Health Plan' });
    expect(planCard).toHaveTextContent('Silver HSA 3000');
    expect(planCard).toHaveTextContent('$412.37');
    expect(screen.getByRole('region', { name: 'Covered Family' })).toHaveTextContent('Sam Doe (Child, born April 3, 2015)');
    expect(screen.getByRole('region', { name: 'Totals' })).toHaveTextContent('Pre-Tax Payroll Deduction$107.87');
    expect(screen.queryByRole('table', { name: 'Plan and Benefits Summary' })).not.toBeInTheDocument();
    const sticky = screen.getByTestId('cart-sticky-buttons');
    expect(within(sticky).getByRole('button', { name: 'Authorize Elections' })).toBeInTheDocument();
    expect(within(sticky).getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it("a waiver's narrow cart: the reason labelled, no covered family, no contribution, the service from pay", async () => {
    narrowScreen();
    const choices = { ...waiving, service: { product, optionId: 'opt-2', added: true } };
    renderStep('cart', CartScreen, { choices, dependents: [dependent] });
    const card = await screen.findByRole('region', { name: 'Waived Coverage' });
    expect(card).toHaveTextContent('Waiver reason: Covered by my parents');
    expect(card).not.toHaveTextContent('Plan Name');
    expect(screen.queryByRole('region', { name: 'Covered Family' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Sam Doe/)).not.toBeInTheDocument();
    const rows = within(screen.getByRole('region', { name: 'Totals' })).getAllByText(/\$/).map((amount) => amount.parentElement?.textContent);
    expect(rows).toEqual(['Total Monthly Cost$45.50', 'Employer Contribution$0.00', 'Pre-Tax Payroll Deduction$45.50']);
  });

  describe('a reload while Authorize was sent', () => {
    const STATE = 'GET /api/Enrollment/Authorize';
    const sentBefore = (key: string) => sessionStorage.setItem(`authorizing:${MEMBER_ID}`, key);
    const state = (value: 'confirmed' | 'pending' | 'unknown') => ok({ state: value, enrollmentid: value === 'confirmed' ? 'e-1' : null });

    it('says the elections are being confirmed while the server writes them, then goes to /welcome', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      sentBefore('key-1');
      let asked = 0;
      const { requests, router } = renderStep('cart', CartScreen, { choices: covered(), handlers: { [STATE]: () => state(++asked === 1 ? 'pending' : 'confirmed') } });
      expect(await screen.findByRole('status')).toHaveTextContent('Your elections are being confirmed.');
      expect(screen.queryByRole('button', { name: 'Authorize Elections' })).not.toBeInTheDocument();
      await waitFor(() => expect(asked).toBe(1));
      await vi.advanceTimersByTimeAsync(1000);
      await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/welcome?authorize=true'));
      expect(requests.filter((r) => r.method === 'GET' && r.path === '/api/Enrollment/Authorize').map((r) => r.headers['Idempotency-Key'])).toEqual(['key-1', 'key-1']);
      expect(authorizeCalls(requests)).toHaveLength(0);
      expect(sessionStorage.getItem(`authorizing:${MEMBER_ID}`)).toBeNull();
    });

    it('shows the cart again when the server has nothing of it, and Authorize sends the same key', async () => {
      sentBefore('key-2');
      const { requests } = renderStep('cart', CartScreen, { choices: covered(), handlers: { [STATE]: state('unknown'), [AUTHORIZE]: authorized } });
      await userEvent.click(await screen.findByRole('button', { name: 'Authorize Elections' }));
      await screen.findByRole('dialog', { name: 'Thank you!' });
      expect(authorizeCalls(requests).map((r) => r.headers['Idempotency-Key'])).toEqual(['key-2']);
      expect(sessionStorage.getItem(`authorizing:${MEMBER_ID}`)).toBeNull();
    });

    it('keeps the key in the tab while Authorize is in flight, and forgets it when the server refuses', async () => {
      const { requests } = renderStep('cart', CartScreen, {
        choices: covered(),
        handlers: { [AUTHORIZE]: () => (sessionStorage.getItem(`authorizing:${MEMBER_ID}`) ? fail(400, 'VALIDATION_FAILED', 'Refused.') : authorized) },
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Authorize Elections' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Refused.');
      // The key was in the tab when the request left; the refusal wrote nothing, so nothing is left to ask about.
      expect(authorizeCalls(requests)).toHaveLength(1);
      expect(sessionStorage.getItem(`authorizing:${MEMBER_ID}`)).toBeNull();
      expect(Object.keys(sessionStorage).filter((key) => key.startsWith('authorizing:'))).toEqual([]);
    });
  });
});
