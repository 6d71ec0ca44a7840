/**
 * Step 1, Profile, as a person uses it: every text is read from the profile document here, so a text changed in
 * the document but not on screen (or written into a component) fails these tests.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstOfNextYear } from '#domain/values/dates.ts';
import { message } from '#engine/runtime/index.ts';
import { messages } from '#portal/messages.ts';
import { afterProfile } from '#portal/wizard/profile-data.ts';
import { baseForm, EMPLOYER_ID, MEMBER_ID, fail, mockApi, ok, renderApp, signIn, type Handler, type RecordedRequest } from '../../web/layout/test-app.tsx';
import { appHandlers, appMember, today } from './step-harness.tsx';

const profile = baseForm('profile');
const text = (key: string, params?: Record<string, unknown>) => message(profile, key, params);

const handlers = (extra: Record<string, Handler> = {}) => appHandlers({ 'GET /api/EffectiveDates': ok({ effectivedates: [firstOfNextYear(today)], today }), ...extra });

const puts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT' && r.path === '/api/Member');

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openProfile(extra: Record<string, Handler> = {}, stored: Record<string, unknown> = {}) {
  signIn();
  const requests = mockApi(handlers({ 'GET /api/Member/GetMember': ok({ ...appMember, ...stored }), ...extra }));
  const app = renderApp('/profile');
  await screen.findByRole('button', { name: text('next') }, { timeout: 10_000 });
  return { requests, ...app };
}

describe('profile step', () => {
  it("shows the document's heading, title, buttons and SSN notice; PCP name and PCP ID marked required", async () => {
    await openProfile({}, { additionalid: null });
    expect(screen.getByRole('heading', { name: text('heading') })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: profile.title! })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text('cancel') })).toBeInTheDocument();
    expect(screen.getByText(text('ssn-notice'))).toBeInTheDocument();
    // Before the first save: for safety, the SSN is kept only once Next is pressed.
    expect(screen.getByText(text('ssn-kept-on-next'))).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'SSN last 4 digits' })).toHaveAttribute('placeholder', '####');
    expect(screen.getByRole('textbox', { name: /^PCP Name/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /^PCP ID/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /^APT/ })).not.toBeRequired();
    const gender = screen.getByRole('radiogroup', { name: /^Gender/ });
    expect(within(gender).getAllByRole('radio').map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Male', 'Female']);
    expect(within(gender).getByRole('radio', { name: 'Female' })).toBeChecked();
  });

  it('shows a saved SSN as on file by its last four, not required, and saves without asking it again', async () => {
    const { requests } = await openProfile({ 'PUT /api/Member': ok({ ...appMember }) });
    expect(screen.getByText(text('ssn-on-file', { ssn: '***-**-1234' }))).toBeInTheDocument();
    expect(screen.queryByText(text('ssn-kept-on-next'))).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'SSN last 4 digits' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'SSN last 4 digits' })).toHaveAttribute('placeholder', '1234');
    expect(screen.getByRole('group', { name: 'SSN' })).toBeInTheDocument();
    expect(screen.queryByText(/^SSN\s*\*/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: text('ssn-required-title') })).not.toBeInTheDocument();
    // Only the mask goes back, which the server answers by keeping the stored SSN.
    expect((puts(requests)[0]!.body as { member: Record<string, unknown> }).member.additionalid).toBe('***-**-1234');
  });

  it('lists each missing field in the modal, a dependent\'s named by its number, and saves nothing', async () => {
    const { requests } = await openProfile({}, { firstname: '   ', pcpid: null });
    await userEvent.click(screen.getByRole('button', { name: 'Add Dependent' }));
    const dependent = screen.getByRole('group', { name: 'Dependent #1' });
    await userEvent.type(within(dependent).getByRole('textbox', { name: 'First Name' }), 'Sam');
    const smoker = within(dependent).getByRole('radiogroup', { name: /^Smoker/ });
    expect(within(smoker).getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    expect(within(smoker).getByRole('radio', { name: 'No' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: text('next') }));

    const dialog = await screen.findByRole('dialog', { name: text('missing-fields') });
    const items = within(dialog).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'First Name',
      'PCP ID',
      'Dependent #1: Last Name',
      'Dependent #1: Date of Birth',
      'Dependent #1: Gender',
      'Dependent #1: Smoker',
      'Dependent #1: SSN',
    ]);
    expect(screen.getByText(text('firstname-required'))).toBeInTheDocument();
    expect(screen.getByText(text('dependent-dob-missing', { number: 1 }))).toBeInTheDocument();
    expect(screen.queryByText(text('dependent-dob-range', { number: 1 }))).not.toBeInTheDocument();
    expect(screen.getByText(text('dependent-ssn-missing', { number: 1 }))).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);
  }, 30_000);

  it('shows the §5 texts on Next: date of birth, smoker, dependent date of birth, ZIP', async () => {
    await openProfile({}, { birthdate: '1930-01-01', istobaccouser: undefined, postalcode: '123' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Dependent' }));
    fireEvent.change(within(screen.getByRole('group', { name: 'Dependent #1' })).getByLabelText(/^Date of Birth/), { target: { value: '1930-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    expect(await screen.findByText(text('dob-range'))).toBeInTheDocument();
    expect(screen.getByText(text('smoker-choice'))).toBeInTheDocument();
    expect(screen.queryByText(text('smoker-required'))).not.toBeInTheDocument();
    // A child born in 1930 is also past the dependent age: the field shows both, one a line.
    expect(screen.getByText(text('dependent-dob-range', { number: 1 }), { exact: false })).toHaveTextContent(text('dependent-child-too-old', { number: 1 }));
  }, 30_000);

  it('fills all three SSN boxes from one paste into the first, and refuses an SSN that cannot be issued', async () => {
    const { requests } = await openProfile();
    const first = screen.getByRole('textbox', { name: 'SSN first 3 digits' });
    await userEvent.click(first);
    await userEvent.paste('666-12-3456');
    expect(first).toHaveValue('666');
    expect(screen.getByRole('textbox', { name: 'SSN middle 2 digits' })).toHaveValue('12');
    expect(screen.getByRole('textbox', { name: 'SSN last 4 digits' })).toHaveValue('3456');
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    expect(await screen.findByText(text('ssn-invalid'))).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);

    await userEvent.click(first);
    await userEvent.paste('123456789');
    await waitFor(() => expect(screen.queryByText(text('ssn-invalid'))).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect((puts(requests)[0]!.body as { member: Record<string, unknown> }).member.additionalid).toBe('123456789');
  }, 30_000);

  it("says 'Saved Successfully', logs PROFILE ENTERED and goes to step 2 when there is no order this year; one save for a double click", async () => {
    const { requests } = await openProfile();
    const next = screen.getByRole('button', { name: text('next') });
    await userEvent.dblClick(next);
    expect(await screen.findByText(text('saved'))).toBeInTheDocument();
    expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(1);
    expect(requests.filter((r) => r.path === '/api/LogFact/v2').map((r) => (r.body as { action: string }).action)[0]).toBe('PROFILE ENTERED');
    // Without a current plan id there is nothing to look for: no plan search.
    expect(requests.some((r) => r.path === '/api/HealthPlanQuote')).toBe(false);
  }, 30_000);

  it('with an order this year and the current plan in the next-year list, saves and goes to /welcome', async () => {
    const order = { id: 'order-0', category: 'healthinsurance', createdon: `${today}T09:00:00Z`, policyeffectivedate: null, amountspent: 0 };
    const quote = { healthplans: [{ planid: 'OTHER' }, { planid: 'PLAN-1' }], planyear: 2027, ratesyear: 2027, estimated: false, message: null };
    const { requests, router } = await openProfile(
      { 'GET /api/Order/GetOrderByMember': ok({ orderdetails: [order] }), 'POST /api/HealthPlanQuote': ok(quote) },
      { currentplanid: 'PLAN-1' },
    );
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    const search = requests.find((r) => r.method === 'POST' && r.path === '/api/HealthPlanQuote');
    expect(search?.body).toMatchObject({ policyeffectivedaterequested: firstOfNextYear(today), postalcode: '07301', accountid: EMPLOYER_ID });
    expect(JSON.stringify(search?.body)).not.toContain('1234');
    const order_ = requests.map((r) => `${r.method} ${r.path.split('?')[0]}`);
    expect(order_.indexOf('PUT /api/Member')).toBeLessThan(order_.indexOf('POST /api/HealthPlanQuote'));
  }, 30_000);

  it.each([
    ['the current plan is not in the list', ok({ healthplans: [{ planid: 'OTHER' }], planyear: 2027, ratesyear: 2027, estimated: false, message: null })],
    ['the plan search fails', fail(404, 'NOT_FOUND', 'Not found.')],
  ])('with an order this year goes to /health-plan when %s', async (_label, answer) => {
    const order = { id: 'order-0', category: 'waive', createdon: `${today}T09:00:00Z`, policyeffectivedate: null, amountspent: 0 };
    const { router } = await openProfile(
      { 'GET /api/Order/GetOrderByMember': ok({ orderdetails: [order] }), 'POST /api/HealthPlanQuote': answer },
      { currentplanid: 'PLAN-1' },
    );
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/health-plan'));
    expect(screen.queryByText(text('saved'))).toBeInTheDocument();
  }, 30_000);

  it('adds a blank dependent (relationship child, empty date), and sends its 9-digit SSN and smoker answer as true/false', async () => {
    const { requests } = await openProfile({ 'POST /api/Dependent': (request) => ok({ ...(request.body as object), id: 'dep-1', memberid: MEMBER_ID }) });
    await userEvent.click(screen.getByRole('button', { name: 'Add Dependent' }));
    const dependent = screen.getByRole('group', { name: 'Dependent #1' });
    expect(within(within(dependent).getByRole('radiogroup', { name: /^Relationship/ })).getByRole('radio', { name: 'Child' })).toBeChecked();
    expect(within(dependent).getByLabelText(/^Date of Birth/)).toHaveValue('');
    await userEvent.type(within(dependent).getByRole('textbox', { name: 'First Name' }), 'Sam');
    await userEvent.type(within(dependent).getByRole('textbox', { name: 'Last Name' }), 'Doe');
    fireEvent.change(within(dependent).getByLabelText(/^Date of Birth/), { target: { value: '2015-04-03' } });
    await userEvent.click(within(within(dependent).getByRole('radiogroup', { name: /^Gender/ })).getByRole('radio', { name: 'Male' }));
    await userEvent.click(within(within(dependent).getByRole('radiogroup', { name: /^Smoker/ })).getByRole('radio', { name: 'Yes' }));
    const ssn = within(dependent).getByRole('textbox', { name: 'SSN' });
    await userEvent.click(ssn);
    await userEvent.paste('123-45-6789');
    expect(ssn).toHaveValue('123456789');
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/api/Dependent')).toBe(true));
    expect(requests.find((r) => r.method === 'POST' && r.path === '/api/Dependent')?.body).toMatchObject({
      firstname: 'Sam',
      relationship: 'child',
      istobaccouser: true,
      additionalid: '123456789',
    });
  }, 30_000);
});

describe('profile modals', () => {
  const dialogNamed = (key: string) => screen.findByRole('dialog', { name: text(key) });

  it("opens 'Enter Additional Enrollment Information' on Next when only that is missing; its Save fills it and goes on with Next", async () => {
    const { requests } = await openProfile({}, { pcpname: null, pcpid: '  ' });
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    const dialog = await dialogNamed('additional-info-title');
    expect(screen.queryByRole('dialog', { name: text('missing-fields') })).not.toBeInTheDocument();
    // The profile document's own fields, marks and texts: PCP Name, PCP ID (required), Existing Patient yes/no.
    expect(within(dialog).getByRole('textbox', { name: /^PCP Name/ })).toBeRequired();
    expect(within(dialog).getByRole('textbox', { name: /^PCP ID/ })).toBeRequired();
    const existing = within(dialog).getByRole('radiogroup', { name: /^Existing Patient/ });
    expect(within(existing).getAllByRole('radio').map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Yes', 'No']);
    expect(within(existing).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(within(dialog).queryByRole('textbox', { name: /^First Name/ })).not.toBeInTheDocument();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    // Its Save checks the fields with the profile's rules and texts.
    await userEvent.click(within(dialog).getByRole('button', { name: text('additional-info-save') }));
    expect(await within(dialog).findByText(text('pcpname-required'))).toBeInTheDocument();
    expect(within(dialog).getByText(text('pcpid-required'))).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^PCP Name/ }), 'Dr. Ana Lee');
    const pcpid = within(dialog).getByRole('textbox', { name: /^PCP ID/ });
    expect(pcpid).toHaveValue('  ');
    await userEvent.clear(pcpid);
    await userEvent.type(pcpid, 'PCP-4411');
    await userEvent.click(within(existing).getByRole('radio', { name: 'No' }));
    await userEvent.click(within(dialog).getByRole('button', { name: text('additional-info-save') }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect((puts(requests)[0]!.body as { member: Record<string, unknown> }).member).toMatchObject({
      pcpname: 'Dr. Ana Lee',
      pcpid: 'PCP-4411',
      existingpatient: 'no',
      firstname: 'Jane',
    });
    expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 5000 })).toBeInTheDocument();
  }, 30_000);

  it('lists the missing fields as before when more than the additional information is missing', async () => {
    await openProfile({}, { address1: null, pcpname: null });
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    const dialog = await dialogNamed('missing-fields');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Home Address', 'PCP Name']);
    expect(screen.queryByRole('dialog', { name: text('additional-info-title') })).not.toBeInTheDocument();
  }, 30_000);

  it('Cancel asks before discarding what was typed, then puts back what is on file, and saves nothing', async () => {
    const { requests } = await openProfile();
    const name = () => screen.getByRole('textbox', { name: /^PCP Name/ });
    const confirm = () => screen.queryByRole('dialog', { name: messages['discard-changes-title'] });
    // Nothing typed: Cancel has nothing to discard and does not ask.
    await userEvent.click(screen.getByRole('button', { name: text('cancel') }));
    expect(confirm()).not.toBeInTheDocument();
    expect(name()).toHaveValue('Dr. Who');
    await userEvent.clear(name());
    await userEvent.type(name(), 'Dr. No');
    await userEvent.click(screen.getByRole('button', { name: text('cancel') }));
    const dialog = await screen.findByRole('dialog', { name: messages['discard-changes-title'] });
    expect(dialog).toHaveTextContent(messages['discard-changes-text']);
    await userEvent.click(within(dialog).getByRole('button', { name: messages['keep-editing'] }));
    await waitFor(() => expect(confirm()).not.toBeInTheDocument());
    expect(name()).toHaveValue('Dr. No');
    await userEvent.click(screen.getByRole('button', { name: text('cancel') }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: messages['discard-changes-title'] })).getByRole('button', { name: messages['discard-changes'] }));
    await waitFor(() => expect(name()).toHaveValue('Dr. Who'));
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  }, 30_000);

  it('marks the SSN required while none is on file, and keeps every digit typed into its boxes', async () => {
    await openProfile({}, { additionalid: null, istobaccouser: null });
    expect(screen.getByText(/^SSN/, { selector: 'label' }).textContent).toBe('SSN *');
    // The smoker question left unanswered shows no error before it is touched or Next is pressed.
    expect(screen.queryByText(profile.messages['smoker-required']!)).not.toBeInTheDocument();
    expect(screen.queryByText(profile.messages['smoker-choice']!)).not.toBeInTheDocument();
    const boxes = ['SSN first 3 digits', 'SSN middle 2 digits', 'SSN last 4 digits'].map((name) => screen.getByRole('textbox', { name }));
    await userEvent.click(boxes[0]!);
    await userEvent.keyboard('123456789');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['123', '45', '6789']);
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    expect(await screen.findByText(profile.messages['smoker-choice']!)).toBeInTheDocument();
  }, 30_000);

  it('opens from its button to fill the fields only: Save puts them on the profile, Cancel leaves it; focus comes back', async () => {
    const { requests } = await openProfile();
    const open = screen.getByRole('button', { name: text('additional-info-title') });
    await userEvent.click(open);
    let dialog = await dialogNamed('additional-info-title');
    const name = within(dialog).getByRole('textbox', { name: /^PCP Name/ });
    expect(name).toHaveValue('Dr. Who');
    await userEvent.clear(name);
    await userEvent.type(name, 'Dr. No');
    await userEvent.click(within(dialog).getByRole('button', { name: text('cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /^PCP Name/ })).toHaveValue('Dr. Who');
    await waitFor(() => expect(open).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    dialog = await dialogNamed('additional-info-title');
    const again = within(dialog).getByRole('textbox', { name: /^PCP Name/ });
    expect(again).toHaveValue('Dr. Who');
    await userEvent.clear(again);
    await userEvent.type(again, 'Dr. Strange');
    await userEvent.click(within(dialog).getByRole('button', { name: text('additional-info-save') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /^PCP Name/ })).toHaveValue('Dr. Strange');
    await waitFor(() => expect(open).toHaveFocus());
    expect(puts(requests)).toHaveLength(0);
  }, 30_000);

  it('shows the SSN notice in a modal on Next when no SSN is entered or on file; closing it focuses the first SSN box', async () => {
    const { requests } = await openProfile({}, { additionalid: null, pcpid: null });
    // The notice under the boxes stays.
    expect(screen.getByText(text('ssn-notice'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    const dialog = await dialogNamed('ssn-required-title');
    expect(within(dialog).getByText(text('ssn-notice'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: text('additional-info-title') })).not.toBeInTheDocument();
    const enter = within(dialog).getByRole('button', { name: text('ssn-required-enter') });
    await waitFor(() => expect(enter).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const first = screen.getByRole('textbox', { name: 'SSN first 3 digits' });
    await waitFor(() => expect(first).toHaveFocus());
    expect(puts(requests)).toHaveLength(0);

    // Escape closes it the same way.
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    await dialogNamed('ssn-required-title');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(first).toHaveFocus());

    // With the SSN typed, the next Next asks for the additional information that is still missing.
    await userEvent.paste('123456789');
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    const info = await dialogNamed('additional-info-title');
    await userEvent.type(within(info).getByRole('textbox', { name: /^PCP ID/ }), 'P-9');
    await userEvent.click(within(info).getByRole('button', { name: text('additional-info-save') }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect((puts(requests)[0]!.body as { member: Record<string, unknown> }).member).toMatchObject({ additionalid: '123456789', pcpid: 'P-9' });
  }, 30_000);

  it('lists the SSN among the missing fields, without the notice modal, when other fields are missing too', async () => {
    await openProfile({}, { additionalid: null, lastname: null });
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    const dialog = await dialogNamed('missing-fields');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Last Name', 'SSN']);
    expect(screen.queryByRole('dialog', { name: text('ssn-required-title') })).not.toBeInTheDocument();
  }, 30_000);

  it('keeps a stored SSN: no notice modal when it is on file', async () => {
    await openProfile({}, { pcpname: null });
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    await dialogNamed('additional-info-title');
    expect(screen.queryByRole('dialog', { name: text('ssn-required-title') })).not.toBeInTheDocument();
  }, 30_000);
});

describe('afterProfile', () => {
  const thisYear = [{ createdon: `${today}T00:00:00Z` }];
  const lastYear = [{ createdon: `${Number(today.slice(0, 4)) - 1}-06-01T00:00:00Z`, policyeffectivedate: `${Number(today.slice(0, 4)) - 1}-07-01` }];
  it.each([
    ['no orders', undefined, [{ planid: 'P' }], 'P', 'next'],
    ['orders of an earlier year only', lastYear, [{ planid: 'P' }], 'P', 'next'],
    ['an order this year and the current plan found', thisYear, [{ planid: 'P' }], 'P', 'welcome'],
    ['an order this year, the current plan not in the list', thisYear, [{ planid: 'Q' }], 'P', 'health-plan'],
    ['an order this year, the plan search failed', thisYear, undefined, 'P', 'health-plan'],
    ['an order this year, no current plan id', thisYear, [{ planid: 'P' }], null, 'health-plan'],
  ] as const)('%s -> %s', (_label, orders, plans, currentplanid, expected) => {
    expect(afterProfile({ today, orders, plans, currentplanid })).toBe(expected);
  });

  it('goes on to the next step for a member changing their elections, whatever they ordered', () => {
    expect(afterProfile({ today, changing: true, orders: thisYear, plans: [{ planid: 'P' }], currentplanid: 'P' })).toBe('next');
    expect(afterProfile({ today, changing: true, orders: thisYear, plans: undefined, currentplanid: null })).toBe('next');
  });

  it('keeps what was typed when a save fails on the network, says so with Retry, and Retry saves it', async () => {
    let down = true;
    const { requests } = await openProfile({
      'PUT /api/Member': (request) => {
        if (down) throw new TypeError('Failed to fetch');
        return ok({ ...appMember, ...(request.body as { member: object }).member });
      },
    });
    const firstName = screen.getByRole('textbox', { name: /^First Name/ });
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Janet');
    await userEvent.click(screen.getByRole('button', { name: text('next') }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('The server cannot be reached. Please try again.');
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveValue('Janet');
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(text('saved'), {}, { timeout: 5000 })).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(2);
    expect(puts(requests).map((r) => (r.body as { member: { firstname: string } }).member.firstname)).toEqual(['Janet', 'Janet']);
  }, 30_000);

  it('says so with Retry when the dependents cannot be loaded, and shows the form once Retry reads them', async () => {
    let down = true;
    signIn();
    mockApi(
      handlers({
        'GET /api/Dependent': () => {
          if (down) throw new TypeError('Failed to fetch');
          return ok({ dependents: [] });
        },
      }),
    );
    renderApp('/profile');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('The server cannot be reached. Please try again.');
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: text('next') }, { timeout: 10_000 })).toBeInTheDocument();
  }, 30_000);
});
