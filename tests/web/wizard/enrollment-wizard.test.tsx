import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { effectiveDateChoices } from '#domain/enrollment/effective-dates.ts';
import { restoreZip } from '#portal/widgets/index.ts';
import { baseForm, EMPLOYER_ID, MEMBER_ID, fail, mockApi, ok, renderApp, signIn, type Handler } from '../layout/test-app.tsx';
import { productOnTheWire } from '../../portal/wizard/screen-harness.tsx';
import { appHandlers, appMember, employer, monthlyContributionRequest, today, waivedContributionRequest } from '../../portal/wizard/step-harness.tsx';

/** The cart's acknowledgment checkbox is labelled by the 'acknowledgements' document. */
const acknowledgeLabel = (baseForm('acknowledgements').schema.properties as Record<string, { title: string }>).deductionacknowledged!.title;

/** The dates the server offers for the employer's plan year; step 2 chooses the first. */
const effectiveDates = effectiveDateChoices(today, { edocPeriod: null, planYearStart: '2000-01-01', planYearEnd: '2100-12-31' });
const firstDate = effectiveDates[0]!;

function handlers(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return appHandlers({
    'GET /api/EffectiveDates': ok({ effectivedates: effectiveDates, today }),
    [monthlyContributionRequest(firstDate)]: ok(400),
    [waivedContributionRequest(firstDate)]: ok(300),
    'GET /api/Product': ok({ productlist: [productOnTheWire] }),
    'POST /api/Enrollment/Authorize': ok({ orders: [{ id: 'order-1' }], memberAccount: { id: 'ma-1' } }),
    ...extra,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Next on a sub-step, after the runner's one-second throttle since the last Next has passed. */
async function nextAfterThrottle() {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
}

/**
 * From the profile to the cart on the waive path (reason 'Coverage under Medicare'), with the additional service
 * in the cart or not. Step 2 shows a waiver no contribution ($0.00), though it loads the spec's waived contribution.
 */
async function waiveToCart({ addService }: { addService: boolean }) {
  await userEvent.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 10_000 }));
  expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 5000 })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('radio', { name: 'Not Buying Health Insurance (Waive Coverage)' }));
  expect(await screen.findByText(/^A waiver receives no employer contribution/)).toBeInTheDocument();
  expect(screen.getByTestId('contribution-amount')).toHaveTextContent('$0.00');
  await userEvent.click(await screen.findByRole('combobox', { name: /Waiver Reason/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Coverage under Medicare', hidden: true }));
  await nextAfterThrottle();
  expect(await screen.findByText('Wellness Plus')).toBeInTheDocument();
  if (addService) await userEvent.click(screen.getByRole('button', { name: 'Add To Cart' }));
  await nextAfterThrottle();
  expect(await screen.findByText('Plan and Benefits Summary')).toBeInTheDocument();
}

const authorizations = (requests: Array<{ method: string; path: string; body: unknown }>) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/Enrollment/Authorize');

const logged = (requests: Array<{ method: string; path: string; body: unknown }>) =>
  requests.filter((r) => r.path === '/api/LogFact/v2').map((r) => (r.body as { action: string }).action);

describe('enrollment wizard', () => {
  it('lists the missing required fields in a modal titled from the profile document', async () => {
    signIn();
    const requests = mockApi(handlers({ 'GET /api/Member/GetMember': ok({ ...appMember, address1: null, pcpname: null }) }));
    renderApp('/profile');
    expect(await screen.findByText('Welcome to your Benefits Package Creator', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Personal Details')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please enter all required fields. Missing fields are:' });
    expect(within(dialog).getByText('Home Address')).toBeInTheDocument();
    expect(within(dialog).getByText('PCP Name')).toBeInTheDocument();
    expect(screen.getByText('Home Address is required')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("fills the profile from the step's load calls, which share the wizard's reads of the member and dependents", async () => {
    signIn();
    const stored = { id: 'dep-1', memberid: MEMBER_ID, firstname: 'Sam', lastname: 'Doe', dateofbirth: '2015-04-03T00:00:00Z', istobaccouser: false };
    const requests = mockApi(handlers({ 'GET /api/Dependent': ok({ dependents: [stored] }) }));
    renderApp('/profile');
    const dependent = await screen.findByRole('group', { name: 'Dependent #1' }, { timeout: 10_000 });
    expect(within(dependent).getByRole('textbox', { name: 'First Name' })).toHaveValue('Sam');
    expect(within(dependent).getByLabelText(/^Date of Birth/)).toHaveValue('2015-04-03');
    expect(within(within(dependent).getByRole('radiogroup', { name: 'Smoker' })).getByRole('radio', { name: 'No' })).toBeChecked();
    const reads = (path: string) => requests.filter((r) => r.method === 'GET' && r.path === path);
    expect(reads('/api/Member/GetMember')).toHaveLength(1);
    expect(reads(`/api/Dependent?memberid=${MEMBER_ID}`)).toHaveLength(1);
  });

  it('shows the profile rules messages (date of birth range)', async () => {
    signIn();
    mockApi(handlers({ 'GET /api/Member/GetMember': ok({ ...appMember, birthdate: '1930-01-01' }) }));
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 10_000 }));
    expect(await screen.findByText('DOB must be between 1941-01-01 and today.')).toBeInTheDocument();
  });

  it('saves a dependent added on the profile and lists it read-only on step 2', async () => {
    signIn();
    const stored: Array<Record<string, unknown>> = [];
    const withDependent = monthlyContributionRequest(firstDate, ['2015-04-03']);
    const requests = mockApi(
      handlers({
        [withDependent]: ok(450),
        'GET /api/Dependent': () => ok({ dependents: stored }),
        'POST /api/Dependent': (request) => {
          const saved = { ...(request.body as Record<string, unknown>), id: 'dep-1', memberid: MEMBER_ID };
          stored.push(saved);
          return ok(saved);
        },
      }),
    );
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Dependent' }, { timeout: 10_000 }));
    const dependent = screen.getByRole('group', { name: 'Dependent #1' });
    await userEvent.type(within(dependent).getByRole('textbox', { name: 'First Name' }), 'Sam');
    await userEvent.type(within(dependent).getByRole('textbox', { name: 'Last Name' }), 'Doe');
    fireEvent.change(within(dependent).getByLabelText(/^Date of Birth/), { target: { value: '2015-04-03' } });
    await userEvent.click(within(within(dependent).getByRole('radiogroup', { name: 'Gender' })).getByRole('radio', { name: 'Male' }));
    await userEvent.click(within(within(dependent).getByRole('radiogroup', { name: 'Smoker' })).getByRole('radio', { name: 'No' }));
    await userEvent.type(within(dependent).getByRole('textbox', { name: 'SSN' }), '123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 5000 })).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST' && r.path === '/api/Dependent');
    expect(post?.body).toMatchObject({
      firstname: 'Sam',
      lastname: 'Doe',
      dateofbirth: '2015-04-03',
      gender: 'Male',
      relationship: 'child',
      istobaccouser: false,
      additionalid: '123456789',
    });
    expect(await screen.findByRole('row', { name: 'Sam Doe Child April 3, 2015' })).toBeInTheDocument();
    // The contribution call carries the dependent's birthdate, the other four slots padded.
    expect(await screen.findByText('$450.00')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'First Name' })).not.toBeInTheDocument();
  }, 30_000);

  it('walks the waive path to the confirmation and authorizes the elections in one call', async () => {
    signIn();
    const requests = mockApi(handlers());
    const { router } = renderApp('/profile');

    await userEvent.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 10_000 }));
    expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I. Contributions' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: 'II. ICHRA Acknowledgment' })).toBeDisabled();
    const [first, second] = effectiveDates;
    const readable = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    expect(readable('2027-01-01')).toBe('January 1, 2027');
    const effective = screen.getByRole('combobox', { name: /^Effective Date/ });
    expect(effective).toHaveValue(readable(first!));
    await userEvent.click(effective);
    expect(await screen.findByRole('option', { name: readable(second!), hidden: true })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    const put = requests.find((r) => r.method === 'PUT' && r.path === '/api/Member');
    expect(put?.body).toMatchObject({ member: { firstname: 'Jane', postalcode: '07301' } });
    // The stored SSN goes back only masked, as it was answered: the server reads that as "keep the stored one".
    expect((put?.body as { member: Record<string, unknown> }).member.additionalid).toBe('***-**-1234');

    await userEvent.click(screen.getByRole('radio', { name: 'Not Buying Health Insurance (Waive Coverage)' }));
    expect(await screen.findByText(/^A waiver receives no employer contribution/)).toBeInTheDocument();
    const reason = await screen.findByRole('combobox', { name: /Waiver Reason/ });
    await userEvent.click(reason);
    await userEvent.click(await screen.findByRole('option', { name: 'Coverage under Medicare', hidden: true }));
    expect(reason).toHaveValue('Coverage under Medicare');
    expect(screen.getByRole('button', { name: 'II. Additional Services' })).toBeDisabled();

    await new Promise((resolve) => setTimeout(resolve, 1000));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Wellness Plus')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'II. Additional Services' })).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByText('Select your Health Plan Option Below')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Plan and Benefits Summary')).toBeInTheDocument();
    expect(screen.getByText('Waiver reason: Coverage under Medicare')).toBeInTheDocument();
    // A waiver receives no contribution: the service comes from pay, acknowledged first.
    await userEvent.click(screen.getByRole('checkbox', { name: acknowledgeLabel }));
    await userEvent.click(screen.getByRole('button', { name: 'Authorize Elections' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(/Acme Benefits Demo/).length).toBeGreaterThan(0);
    // Authorized: the tab no longer keeps the wizard's place.
    expect(sessionStorage.getItem(`wizard:${MEMBER_ID}`)).toBeNull();
    const sent = authorizations(requests);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      effectivedate: first,
      healthoption: 'waive',
      postalcode: '07301',
      countycode: '',
      hsamonthly: 0,
      waivecoveragereason: 'Coverage under Medicare',
      productoptionid: 'opt-1',
    });
    expect(requests.some((r) => r.path === '/api/Order' && r.method === 'POST')).toBe(false);
    expect(logged(requests)).toEqual([
      'PROFILE ENTERED',
      'SELECT CONTRIBUTION PAGE',
      'HEALTH PLAN OPTION SELECTED',
      'Plan and Benefits Summary(CART)',
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close Window' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/welcome?authorize=true'));
  }, 30_000);

  it('walks the buy path: ICHRA Acknowledgment, Shop Health Plans, and an HSA-eligible plan in the cart brings Flexible Spending', async () => {
    signIn();
    const hsaPlan = {
      id: 'id-H1', planid: 'H1', planname: 'HSA Bronze', issuername: 'Aetna', plantype: 'HMO', metallevel: 'Bronze', rate: 250,
      planeffectivedate: firstDate, ishsaeligible: 'Yes', annualdeductibleindividual: 7000, annualdeductiblefamily: 14000,
      annualoopmaxindividual: 8000, annualoopmaxfamily: 16000, primarycarevisit: null, genericdrugs: null, urgentcare: null,
      emergencyroomservices: null, inpatienthospitalservices: null, urlforbenefitsummarycoverage: null, providerlink: null, benefits: {},
    };
    const location = { city: 'Jersey City', countyname: 'Travis', countycode: '48453', statename: 'Texas', state: 'TX', zipcode: '07301', share: 1 };
    const requests = mockApi(
      handlers({
        'GET /api/media/getdocs': ok({ documents: [{ name: 'ICHRA Plan Document', filename: 'ICHRA Plan Document.pdf', url: '/api/media/file/x' }] }),
        'GET /api/USZipCounty/07301/': ok({ locationlist: [location] }),
        'POST /api/HealthPlanQuote': ok({ healthplans: [hsaPlan], planyear: 2027, ratesyear: 2027, estimated: false, message: null }),
      }),
    );
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 10_000 }));
    expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 5000 })).toBeInTheDocument();
    await nextAfterThrottle();

    expect(await screen.findByRole('link', { name: 'ICHRA Plan Document' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'II. ICHRA Acknowledgment' })).toHaveAttribute('aria-current', 'step');
    await userEvent.click(screen.getByRole('checkbox', { name: /I certify/ }));
    await nextAfterThrottle();

    const card = await screen.findByRole('article', { name: 'HSA Bronze' });
    expect(screen.queryByRole('button', { name: /Flexible Spending/ })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('button', { name: 'IV. Flexible Spending' })).toBeInTheDocument();
    const quote = requests.find((r) => r.path === '/api/HealthPlanQuote');
    expect(quote?.body).toMatchObject({ policyeffectivedaterequested: firstDate, postalcode: '07301', countycode: '48453' });
    expect(logged(requests)).toEqual(
      expect.arrayContaining(['ENTERED ICHRA ACKNOWLEDGEMENT', 'ICHRA DOC ACKNOWLEDGEMENT COMPLETED', 'ENTERED SHOP HEALTH PLANS', 'PLAN ADDED TO CART']),
    );
  }, 30_000);

  it("disables Next on the profile when the employer's employeazecustomer is 0", async () => {
    signIn();
    const requests = mockApi(handlers({ [`GET /api/Employer/${EMPLOYER_ID}`]: ok({ ...employer, employeazecustomer: 0 }) }));
    renderApp('/profile');
    const next = await screen.findByRole('button', { name: 'Next' }, { timeout: 10_000 });
    expect(next).toBeDisabled();
    await userEvent.click(next);
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    expect(screen.queryByText('Select your Health Plan Option Below')).not.toBeInTheDocument();
  });

  it('goes to /health-plan from profile Next when an order was placed this year and no current plan is found, after saving the member', async () => {
    signIn();
    const order = { id: 'order-0', category: 'waive', createdon: `${today}T09:00:00Z`, policyeffectivedate: null, amountspent: 0 };
    const requests = mockApi(handlers({ 'GET /api/Order/GetOrderByMember': ok({ orderdetails: [order] }) }));
    const { router } = renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/health-plan'));
    expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/Member')).toBe(true);
    expect(logged(requests)).toContain('PROFILE ENTERED');
    expect(screen.queryByText('Select your Health Plan Option Below')).not.toBeInTheDocument();
  });

  describe('a member who has authorized the plan year', () => {
    const enrolled = { id: 'order-9', category: 'healthinsurance', businessyear: employer.businessyear, createdon: `${today}T09:00:00Z`, policyeffectivedate: null, amountspent: 0 };

    it('is led to the summary at /welcome, from any step (a reload on the confirmation, signing in again), never step 1', async () => {
      signIn();
      mockApi(handlers({ 'GET /api/Order/GetOrderByMember': ok({ orderdetails: [enrolled] }) }));
      // What the tab kept was dropped by the authorization: the cart's address alone is left.
      const { router } = renderApp('/profile/enroll/cart');
      await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), { timeout: 10_000 });
      expect(screen.queryByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).not.toBeInTheDocument();
    });

    it('changes the elections from /welcome: the wizard opens at step 1 and profile Next goes on to step 2', async () => {
      signIn();
      const requests = mockApi(handlers({ 'GET /api/Order/GetOrderByMember': ok({ orderdetails: [enrolled] }) }));
      const { router } = renderApp('/welcome');
      await userEvent.click(await screen.findByRole('button', { name: 'Change My Elections' }, { timeout: 10_000 }));
      expect(await screen.findByRole('heading', { name: 'Welcome to your Benefits Package Creator' }, { timeout: 10_000 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/profile');
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/profile/contributions/choice');
      expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/Member')).toBe(true);
    }, 30_000);
  });

  it("stays in the wizard when the member's orders are from an earlier year", async () => {
    signIn();
    const lastYear = String(Number(today.slice(0, 4)) - 1);
    const order = { id: 'order-0', category: 'waive', createdon: `${lastYear}-03-01T09:00:00Z`, policyeffectivedate: `${lastYear}-04-01` };
    mockApi(handlers({ 'GET /api/Order/GetOrderByMember': ok({ orderdetails: [order] }) }));
    const { router } = renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 10_000 }));
    expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/contributions/choice');
  });

  it('keeps the ZIP code to 5 digits with its leading zero, and offers the states by name', async () => {
    signIn();
    // The new ZIP's lookup finds it in the county and state on file (an unknown ZIP would clear them).
    const boston = { city: 'Boston', countyname: 'Hudson County', countycode: '34017', statename: 'Texas', state: 'TX', zipcode: '02134', share: 1 };
    const requests = mockApi(handlers({ 'GET /api/USZipCounty/02134/': ok({ locationlist: [boston] }) }));
    renderApp('/profile');
    const zip = await screen.findByRole('textbox', { name: /^ZIP Code/ }, { timeout: 10_000 });
    expect(zip).toHaveValue('07301');
    await userEvent.clear(zip);
    await userEvent.type(zip, '0a2-1345678');
    expect(zip).toHaveValue('02134');
    expect(restoreZip(2134)).toBe('02134');

    const state = screen.getByRole('combobox', { name: /^State/ });
    expect(state).toHaveValue('TX');
    expect(within(state).getByRole('option', { name: 'Texas' })).toHaveProperty('selected', true);
    await userEvent.selectOptions(state, 'New Jersey');
    expect(state).toHaveValue('NJ');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/Member')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT' && r.path === '/api/Member');
    expect(put?.body).toMatchObject({ member: { postalcode: '02134', stateorprovince: 'NJ' } });
  }, 30_000);

  it('asks for the acknowledgment when the cost exceeds the employer contribution (a waiver receives none), then authorizes', async () => {
    signIn();
    const requests = mockApi(handlers());
    renderApp('/profile');
    await waiveToCart({ addService: true });

    const acknowledgment = screen.getByRole('checkbox', { name: acknowledgeLabel });
    expect(acknowledgment).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Authorize Elections' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your Spent Amount is Greater than Your Contribution Amount: please tick the box to acknowledge the pre-tax payroll deduction.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(authorizations(requests)).toHaveLength(0);

    await userEvent.click(acknowledgment);
    await userEvent.click(screen.getByRole('button', { name: 'Authorize Elections' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Close Window' })).toBeInTheDocument();
    expect(authorizations(requests)).toHaveLength(1);
  }, 30_000);

  it('asks for no acknowledgment when nothing comes from pay (a waiver without a service)', async () => {
    signIn();
    mockApi(handlers());
    renderApp('/profile');
    await waiveToCart({ addService: false });
    expect(screen.queryByRole('checkbox', { name: acknowledgeLabel })).not.toBeInTheDocument();
  }, 30_000);

  it('shows the red toast and no confirmation when the authorization fails', async () => {
    signIn();
    const requests = mockApi(handlers({ 'POST /api/Enrollment/Authorize': fail(500, 'INTERNAL', 'The order could not be placed.') }));
    renderApp('/profile');
    await waiveToCart({ addService: false });
    await userEvent.click(screen.getByRole('button', { name: 'Authorize Elections' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('The order could not be placed.');
    expect(within(toast).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(authorizations(requests)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Authorize Elections' })).toBeEnabled();
    expect(logged(requests)).not.toContain('SUBMITTED REQUEST');
  }, 30_000);

  describe('keeps its place', () => {
    /** Everything the tab keeps, as one text. */
    const stored = () => JSON.stringify(Object.fromEntries(Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key)])));
    /** What the browser does first when the tab reloads: the page is hidden (what is typed is kept then). */
    const pageHidden = () => window.dispatchEvent(new Event('pagehide'));

    it('gives each step its address: Next pushes it, Back and Forward move between steps, an address not reached lands on the furthest reached', async () => {
      signIn();
      mockApi(handlers());
      const { router } = renderApp('/profile/enroll/cart');
      expect(await screen.findByText('Welcome to your Benefits Package Creator', {}, { timeout: 10_000 })).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));

      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/profile/contributions/choice');
      await userEvent.click(screen.getByRole('radio', { name: 'Not Buying Health Insurance (Waive Coverage)' }));
      await userEvent.click(await screen.findByRole('combobox', { name: /Waiver Reason/ }));
      await userEvent.click(await screen.findByRole('option', { name: 'Coverage under Medicare', hidden: true }));
      await nextAfterThrottle();
      expect(await screen.findByText('Wellness Plus')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/profile/enroll/additional-services');

      void router.navigate(-1);
      expect(await screen.findByText('Select your Health Plan Option Below')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/profile/contributions/choice');
      expect(screen.getByRole('combobox', { name: /Waiver Reason/ })).toHaveValue('Coverage under Medicare');
      void router.navigate(1);
      expect(await screen.findByText('Wellness Plus')).toBeInTheDocument();
      void router.navigate(-2);
      expect(await screen.findByText('Welcome to your Benefits Package Creator')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/profile');

      // Reached by Next: a deep link to it works; the cart was never reached, so its address lands on the furthest.
      void router.navigate('/profile/enroll/cart');
      expect(await screen.findByText('Wellness Plus')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile/enroll/additional-services'));
    }, 30_000);

    it('shows the same step and cart after a reload; a reload of step 2 keeps the cart, entering step 2 from a later step resets it', async () => {
      signIn();
      mockApi(handlers());
      const first = renderApp('/profile');
      await waiveToCart({ addService: true });
      expect(first.router.state.location.pathname).toBe('/profile/enroll/cart');
      first.unmount();

      const reloaded = renderApp('/profile/enroll/cart');
      expect(await screen.findByText('Plan and Benefits Summary', {}, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.getByText('Waiver reason: Coverage under Medicare')).toBeInTheDocument();
      expect(screen.getByText('Wellness Plus (Individual)')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'III. Your Cart' })).toHaveAttribute('aria-current', 'step');
      reloaded.unmount();

      // A reload on step 2 enters nothing: the service stays in the cart.
      const onStepTwo = renderApp('/profile/contributions/choice');
      expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 10_000 })).toBeInTheDocument();
      await nextAfterThrottle();
      expect(await screen.findByText('Wellness Plus')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
      await nextAfterThrottle();
      expect(await screen.findByText('Plan and Benefits Summary')).toBeInTheDocument();

      // Tapping tab I from the cart enters step 2: the service leaves the cart.
      await userEvent.click(screen.getByRole('button', { name: 'I. Contributions' }));
      expect(await screen.findByText('Select your Health Plan Option Below')).toBeInTheDocument();
      await nextAfterThrottle();
      expect(await screen.findByText('Wellness Plus')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeInTheDocument();
      expect(onStepTwo.router.state.location.pathname).toBe('/profile/enroll/additional-services');
    }, 40_000);

    it('a reload puts back only what was typed here over what another tab saved since: its dependent and phone stay', async () => {
      signIn();
      mockApi(handlers());
      const first = renderApp('/profile');
      const pcp = await screen.findByRole('textbox', { name: /^PCP Name/ }, { timeout: 10_000 });
      await userEvent.clear(pcp);
      await userEvent.type(pcp, 'Dr. Typed Here');
      pageHidden();
      first.unmount();

      // Meanwhile another tab saved a new telephone number and a newborn.
      const newborn = { id: 'dep-9', memberid: MEMBER_ID, firstname: 'Newborn', lastname: 'Doe', dateofbirth: '2026-10-01T00:00:00Z', istobaccouser: false };
      mockApi(
        handlers({
          'GET /api/Member/GetMember': ok({ ...appMember, phonenumber: '5035550199' }),
          'GET /api/Dependent': ok({ dependents: [newborn] }),
        }),
      );
      renderApp('/profile');
      const dependent = await screen.findByRole('group', { name: 'Dependent #1' }, { timeout: 10_000 });
      expect(within(dependent).getByRole('textbox', { name: 'First Name' })).toHaveValue('Newborn');
      expect(screen.getByRole('textbox', { name: /^PCP Name/ })).toHaveValue('Dr. Typed Here');
      expect(screen.getByRole('textbox', { name: /^Telephone/ })).toHaveValue('5035550199');
    }, 40_000);

    it('keeps what was saved in the additional information modal through a reload', async () => {
      signIn();
      mockApi(handlers());
      const first = renderApp('/profile');
      await userEvent.click(await screen.findByRole('button', { name: 'Enter Additional Enrollment Information' }, { timeout: 10_000 }));
      const dialog = await screen.findByRole('dialog', { name: 'Enter Additional Enrollment Information' });
      const pcp = within(dialog).getByRole('textbox', { name: /^PCP Name/ });
      await userEvent.clear(pcp);
      await userEvent.type(pcp, 'Dr. From The Modal');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      first.unmount();

      renderApp('/profile');
      expect(await screen.findByRole('textbox', { name: /^PCP Name/ }, { timeout: 10_000 })).toHaveValue('Dr. From The Modal');
    }, 40_000);

    it('keeps what is typed on the profile through a reload, never an SSN, and drops it once saved', async () => {
      signIn();
      const requests = mockApi(handlers());
      const first = renderApp('/profile');
      const firstName = await screen.findByRole('textbox', { name: /^First Name/ }, { timeout: 10_000 });
      await userEvent.type(firstName, 'ne');
      const memberFirstName = () => screen.getAllByRole('textbox', { name: /^First Name/ })[0];
      await userEvent.click(screen.getByRole('textbox', { name: 'SSN first 3 digits' }));
      await userEvent.paste('123-45-6789');
      await userEvent.click(screen.getByRole('button', { name: 'Add Dependent' }));
      const dependent = screen.getByRole('group', { name: 'Dependent #1' });
      await userEvent.type(within(dependent).getByRole('textbox', { name: 'First Name' }), 'Sam');
      await userEvent.type(within(dependent).getByRole('textbox', { name: 'SSN' }), '234567890');
      pageHidden();
      expect(stored()).toContain('Janene');
      expect(stored()).toContain('Sam');
      expect(stored()).not.toMatch(/123\D*45\D*6789|234\D*56\D*7890|6789|7890/);
      first.unmount();

      renderApp('/profile');
      expect(await screen.findByRole('group', { name: 'Dependent #1' }, { timeout: 10_000 })).toBeInTheDocument();
      expect(memberFirstName()).toHaveValue('Janene');
      // The member's SSN as saved (masked, the boxes empty), the dependent's empty: never as typed.
      expect(screen.getByRole('textbox', { name: 'SSN first 3 digits' })).toHaveValue('');
      expect(screen.getByRole('textbox', { name: 'SSN last 4 digits' })).toHaveValue('');
      expect(screen.getByRole('textbox', { name: 'SSN last 4 digits' })).toHaveAttribute('placeholder', '1234');
      const restored = screen.getByRole('group', { name: 'Dependent #1' });
      expect(within(restored).getByRole('textbox', { name: 'First Name' })).toHaveValue('Sam');
      expect(within(restored).getByRole('textbox', { name: 'SSN' })).toHaveValue('');
      await userEvent.click(within(restored).getByRole('button', { name: /Remove|Delete/ }));

      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 5000 })).toBeInTheDocument();
      const put = requests.find((r) => r.method === 'PUT' && r.path === '/api/Member');
      expect(put?.body).toMatchObject({ member: { firstname: 'Janene' } });
      // The stored SSN goes back only masked, as it was answered: the server reads that as "keep the stored one".
      expect((put?.body as { member: Record<string, unknown> }).member.additionalid).toBe('***-**-1234');
      expect(stored()).not.toContain('Janene');
    }, 40_000);
  });
});
