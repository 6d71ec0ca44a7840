/**
 * Step 2, Contributions, as a person meets it after the profile: the server's effective dates (not the browser's
 * own computation), the contribution circle with two decimals, the dependents read-only, the health option
 * (Shop Off Exchange by default), the waived contribution on choosing waive, and the two events with the
 * effective date. Plus what entering step 2 resets.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HealthPlan } from '#contracts/entities.ts';
import { emptyChoices, resetOnEnteringStepTwo } from '#portal/wizard/wizard-context.tsx';
import { EMPLOYER_ID, MEMBER_ID, mockApi, ok, renderApp, signIn, type Handler } from '../../web/layout/test-app.tsx';
import { appHandlers, appMember, employer, monthlyContributionRequest, waivedContributionRequest } from './step-harness.tsx';

const contributionsDocument = JSON.parse(readFileSync(path.join(process.cwd(), 'schemas', 'forms', 'contributions.schema.json'), 'utf8'));

/** Dates no local computation would offer today: the screen must show the server's. */
const SERVER_DATES = ['2031-03-01', '2031-04-01'];

/** Not HSA-only, in the business year of the server's dates; the member with a Texan ZIP. */
const contributionsEmployer = { ...employer, hsaonly: 0, businessyear: 2031 };
const member = { ...appMember, postalcode: '78701' };

const spouse = { id: 'dep-1', memberid: MEMBER_ID, firstname: 'Alex', lastname: 'Doe', dateofbirth: '1982-02-02', relationship: 'spouse', gender: 'Male', istobaccouser: false, additionalid: '***-**-1111' };

function handlers(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return appHandlers(
    {
      'GET /api/EffectiveDates': ok({ effectivedates: SERVER_DATES, today: '2031-01-25' }),
      [monthlyContributionRequest(SERVER_DATES[0]!)]: ok(1234.5),
      [monthlyContributionRequest(SERVER_DATES[1]!)]: ok(1300),
      [waivedContributionRequest(SERVER_DATES[0]!)]: ok(612.25),
      'GET /api/Product': ok({ productlist: [] }),
      ...extra,
    },
    { member, employer: contributionsEmployer },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const events = (requests: Array<{ path: string; body: unknown }>) =>
  requests.filter((r) => r.path === '/api/LogFact/v2').map((r) => r.body as Record<string, unknown>);

const readable = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

async function enterStepTwo() {
  signIn();
  await userEvent.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 10_000 }));
  expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 5000 })).toBeInTheDocument();
}

describe('step 2, Contributions', () => {
  it("offers the server's effective dates, the first chosen, and shows its contribution with two decimals", async () => {
    signIn();
    const requests = mockApi(handlers());
    renderApp('/profile');
    await enterStepTwo();
    const effective = screen.getByRole('combobox', { name: /^Effective Date/ });
    await waitFor(() => expect(effective).toHaveValue(readable(SERVER_DATES[0]!)));
    expect(await screen.findByTestId('contribution-amount')).toHaveTextContent('$1,234.50');
    expect(screen.getByText(contributionsDocument.messages['contribution-label'])).toBeInTheDocument();
    await userEvent.click(effective);
    // The date picker's options (the header's language switch has options of its own).
    const options = within(await screen.findByRole('listbox', { hidden: true })).getAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(SERVER_DATES.map(readable));
    await userEvent.click(screen.getByRole('option', { name: readable(SERVER_DATES[1]!), hidden: true }));
    await waitFor(() => expect(screen.getByTestId('contribution-amount')).toHaveTextContent('$1,300.00'));
    expect(requests.some((r) => r.path === '/api/EffectiveDates')).toBe(true);
  }, 30_000);

  it('defaults the health option to Shop Off Exchange and lists the dependents read-only', async () => {
    signIn();
    mockApi(handlers({ 'GET /api/Dependent': ok({ dependents: [spouse] }), 'PUT /api/Dependent': ok(spouse), [monthlyContributionRequest(SERVER_DATES[0]!, ['1982-02-02'])]: ok(900) }));
    renderApp('/profile');
    await enterStepTwo();
    expect(screen.getByRole('radio', { name: 'Shop Off Exchange' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Not Buying Health Insurance (Waive Coverage)' })).not.toBeChecked();
    const table = screen.getByRole('table', { name: contributionsDocument.messages['dependents-label'] });
    expect(within(table).getByRole('row', { name: 'Alex Doe Spouse February 2, 1982' })).toBeInTheDocument();
    expect(within(table).queryByRole('textbox')).not.toBeInTheDocument();
    expect(await screen.findByText('$900.00')).toBeInTheDocument();
  }, 30_000);

  it('logs SELECT CONTRIBUTION PAGE on entering and HEALTH PLAN OPTION SELECTED on waiving, with account, member and effective date; a waiver is shown no contribution', async () => {
    signIn();
    const requests = mockApi(handlers());
    renderApp('/profile');
    await enterStepTwo();
    await waitFor(() => expect(events(requests).map((e) => e.action)).toContain('SELECT CONTRIBUTION PAGE'));
    expect(events(requests).find((e) => e.action === 'SELECT CONTRIBUTION PAGE')).toMatchObject({
      accountid: EMPLOYER_ID,
      memberid: MEMBER_ID,
      action: 'SELECT CONTRIBUTION PAGE',
      effectivedate: SERVER_DATES[0],
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Not Buying Health Insurance (Waive Coverage)' }));
    // The spec's waived-contribution call is still made, but a waiver receives no contribution: $0.00, and it says so.
    await waitFor(() => expect(requests.some((r) => `GET ${r.path}` === waivedContributionRequest(SERVER_DATES[0]!))).toBe(true));
    expect(screen.getByTestId('contribution-amount')).toHaveTextContent('$0.00');
    expect(screen.queryByText('$612.25')).not.toBeInTheDocument();
    expect(screen.getByText(contributionsDocument.messages['waiver-no-contribution']!)).toBeInTheDocument();
    expect(events(requests).filter((e) => e.action === 'HEALTH PLAN OPTION SELECTED')).toEqual([
      expect.objectContaining({ accountid: EMPLOYER_ID, memberid: MEMBER_ID, effectivedate: SERVER_DATES[0] }),
    ]);
    expect(screen.getByRole('combobox', { name: /Waiver Reason/ })).toBeInTheDocument();
  }, 30_000);

  it('says so and keeps Next disabled when the server offers no date', async () => {
    signIn();
    mockApi(handlers({ 'GET /api/EffectiveDates': ok({ effectivedates: [], today: '2031-12-05' }) }));
    renderApp('/profile');
    await enterStepTwo();
    expect(await screen.findByRole('alert')).toHaveTextContent(contributionsDocument.messages['no-effective-dates']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  }, 30_000);
});

describe('entering step 2 resets (spec §4)', () => {
  it('clears the plan and compare list, zeroes the HSA amount and takes the service out of the cart; keeps the date and option', () => {
    const plan = { planid: 'P1' } as HealthPlan;
    const before = {
      ...emptyChoices(),
      contributions: { effectivedate: '2031-03-01', healthoption: 'buy' },
      plan,
      compare: [plan, { planid: 'P2' } as HealthPlan],
      hsaMonthlyCents: 5000,
      service: { product: { id: 'prod-1' } as never, optionId: 'opt-1', added: true },
      contributionCents: 123450,
    };
    expect(resetOnEnteringStepTwo(before)).toEqual({
      ...before,
      plan: null,
      compare: [],
      hsaMonthlyCents: 0,
      service: { product: { id: 'prod-1' }, optionId: 'opt-1', added: false },
    });
    expect(resetOnEnteringStepTwo(emptyChoices())).toEqual(emptyChoices());
  });
});
