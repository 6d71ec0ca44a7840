/**
 * Renders one wizard step's screen on its own: the app's providers, the toast, and a wizard context holding the
 * given member, employer and choices (changes kept, readable through `choices()`), with the flow's resolved step.
 * `next`, `goTo` and `log` are recorded. API calls go through the test fetch (test-app.tsx mockApi).
 * The same member and employer serve the tests that walk the whole app from /profile: `appMember`, `appHandlers`
 * and step 2's contribution requests.
 */
import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useState, type ComponentType } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { vi, type Mock } from 'vitest';
import type { Dependent, Employer, Member } from '#contracts/entities.ts';
import { monthlyContributionPath } from '#contracts/paths.ts';
import { padDependentBirthdates } from '#domain/enrollment/contribution.ts';
import { todayUtc } from '#domain/values/dates.ts';
import { evaluateFlow } from '#engine/runtime/index.ts';
import type { FlowDocument } from '#engine/runtime/types.ts';
import type { FlowPosition, StepScreenProps } from '#engine/react/index.ts';
import { AppProviders } from '#web/engine-root.tsx';
import { ToastHost } from '#portal/layout/feedback/toast.tsx';
import { emptyChoices, WizardContext, type WizardChoices, type WizardShared } from '#portal/wizard/wizard-context.tsx';
import { branding, documentHandlers, EMPLOYER_ID, MEMBER_ID, ok, type Handler } from '../../web/layout/test-app.tsx';

export const flow = JSON.parse(readFileSync(path.join(process.cwd(), 'flows', 'enrollment.flow.json'), 'utf8')) as FlowDocument;
export const today = todayUtc(new Date());

export const employer: Employer = {
  ...branding,
  teamid: 'team-1',
  employeazecustomer: 1,
  hsaonly: 1,
  edoc_period: null,
  hsaadministrator: null,
  planyearstart: '2000-01-01',
  planyearend: '2100-12-31',
  businessyear: 2026,
};

export const member = {
  id: MEMBER_ID,
  accountid: EMPLOYER_ID,
  priormemberid: '00000000-0000-0000-0000-000000000000',
  externalid: '00000000-0000-0000-0000-000000000000',
  firstname: 'Jane',
  lastname: 'Doe',
  address1: '1 Main St',
  address2: null,
  city: 'Jersey City',
  county: 'Hudson',
  stateorprovince: 'NJ',
  postalcode: '07301',
  birthdate: '1980-05-05',
  phonenumber: '5125550100',
  gender: 'Female',
  istobaccouser: 'No',
  additionalid: '***-**-1234',
  pcpname: 'Dr. Who',
  pcpid: 'P-1',
  existingpatient: 'yes',
  emailaddress: 'jane@example.com',
  personalemailaddress: 'jane@example.com',
  hiredate: null,
  origination: 1,
  relationship: 1,
  primarymemberid: '00000000-0000-0000-0000-000000000000',
  isdisabled: null,
  status: 'Active',
  terminationdate: null,
  division: null,
  currentplanid: null,
  currentplanyear: null,
  contributionclass: 'ALL',
  irsdependent: null,
  ispasswordchanged: '2026-01-01T00:00:00Z',
  language: null,
  createdon: '2026-01-01T00:00:00Z',
  createdby: 'Register',
  modifiedon: '2026-01-01T00:00:00Z',
  modifiedby: 'Register',
} satisfies Member;

/** `member` as the tests that walk the whole app read it: of Austin, Texas, the state step 2's contribution requests carry. */
export const appMember = { ...member, city: 'Austin', county: 'Travis', stateorprovince: 'TX' };

/**
 * The API as the whole app (renderApp at /profile) reads it for `who`: the enrollment flow, the documents, branding,
 * the member and employer, no dependents and no orders; the saved member echoed back, events accepted.
 * `extra` adds or replaces answers (the effective dates, step 2's contributions, the products...).
 */
export function appHandlers(extra: Record<string, Handler> = {}, who: { member: object; employer: object } = { member: appMember, employer }): Record<string, Handler> {
  return {
    ...documentHandlers(),
    'GET /api/content/flows/enrollment': ok({ document: flow, etag: '"enrollment-1"' }),
    [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
    'GET /api/Version/test': ok('1.0.0'),
    'GET /api/Member/GetMember': ok(who.member),
    [`GET /api/Employer/${EMPLOYER_ID}`]: ok(who.employer),
    'GET /api/Dependent': ok({ dependents: [] }),
    'PUT /api/Member': ok(who.member),
    'POST /api/LogFact/v2': ok({ id: 'log-1' }),
    'GET /api/Order/GetOrderByMember': ok({ orderdetails: [] }),
    ...extra,
  };
}

/** The request of step 2's class-aware monthly contribution for `appMember` on `effectiveDate`, with these dependents' birthdates. */
export const monthlyContributionRequest = (effectiveDate: string, dependentBirthdates: string[] = []) =>
  `GET ${monthlyContributionPath({
    accountid: EMPLOYER_ID,
    effectiveDate,
    birthdate: appMember.birthdate,
    stateorprovince: appMember.stateorprovince,
    contributionclass: appMember.contributionclass,
    dependentBirthdates: padDependentBirthdates(dependentBirthdates),
  })}`;

/** The request of step 2's waived contribution for `appMember` on `effectiveDate`. */
export const waivedContributionRequest = (effectiveDate: string) =>
  `GET /api/EmployerContribution/GetWaivedContribution/${EMPLOYER_ID}/${effectiveDate}/${appMember.birthdate}/${appMember.stateorprovince}`;

export type StepHarness = {
  next: Mock<() => void>;
  goTo: Mock<(position: FlowPosition) => void>;
  logged: string[];
  choices: () => WizardChoices;
  /** The address's search part now, and the browser's Back. */
  search: () => string;
  back: () => void;
};

/**
 * Renders the screen of the flow's step or sub-step `stepId` (of another flow when given) for a buying member, at
 * `address` when given (its search part as a reload would find it).
 */
export function renderStep(
  stepId: string,
  Screen: ComponentType<StepScreenProps>,
  options: { member?: Partial<Member>; dependents?: Dependent[]; choices?: Partial<WizardChoices>; flow?: FlowDocument; address?: string } = {},
): StepHarness {
  const context = { today, employer: { hsaonly: 1, employeazecustomer: 1 }, choice: { option: 'buy', planHsaEligible: false } };
  const steps = evaluateFlow(options.flow ?? flow, context);
  const major = steps.find((s) => s.id === stepId || s.substeps.some((sub) => sub.id === stepId))!;
  const step = major.substeps.find((sub) => sub.id === stepId) ?? major;
  let search = '';
  let back = () => {};
  const harness: StepHarness = {
    next: vi.fn<() => void>(),
    goTo: vi.fn<(position: FlowPosition) => void>(),
    logged: [],
    choices: () => current,
    search: () => search,
    back: () => back(),
  };

  function History() {
    search = useLocation().search;
    const navigate = useNavigate();
    back = () => void navigate(-1);
    return null;
  }
  const initial: WizardChoices = { ...emptyChoices(), contributions: { effectivedate: '2027-01-01', healthoption: 'buy' }, ...options.choices };
  let current = initial;

  function Harness() {
    const [choices, setChoices] = useState(initial);
    current = choices;
    const value: WizardShared = {
      member: { ...member, ...options.member },
      employer,
      dependents: options.dependents ?? [],
      today,
      choices,
      changing: false,
      update: (change) => setChoices((before) => (current = change(before))),
      log: async (action) => {
        harness.logged.push(action);
      },
      reload: async () => {},
    };
    return (
      <WizardContext.Provider value={value}>
        <Screen step={step} major={major} context={context} next={harness.next} goTo={harness.goTo} nextBusy={false} />
      </WizardContext.Provider>
    );
  }

  render(
    <AppProviders>
      <MemoryRouter initialEntries={[options.address ?? '/']}>
        <Harness />
        <History />
        <ToastHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return harness;
}
