/**
 * Renders one wizard screen as the flow runner shows it (the step of flows/enrollment.flow.json with its declared
 * calls), inside the app's providers and a WizardContext holding the given choices, over the recorded fetch of
 * test-app. Faster than walking the wizard from the profile, so each screen's cases can be tested on their own.
 */
import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useState, type ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { type Dependent, type Employer, type HealthPlan, type Member, type Product } from '#contracts/entities.ts';
import { MEMBER_MONEY_CALLS } from '#contracts/money/member-money.ts';
import { moneyDecoder } from '#portal/api/money-decoder.ts';
import { api } from '#portal/api/api-client.ts';
import { AppProviders } from '#web/engine-root.tsx';
import { ToastHost } from '#portal/layout/feedback/toast.tsx';
import type { FlowDocument, ResolvedStep } from '#engine/runtime/types.ts';
import type { FlowPosition, StepScreenProps } from '#engine/react/index.ts';
import { emptyChoices, WizardContext, type WizardChoices, type WizardShared } from '#portal/wizard/wizard-context.tsx';
import { branding, documentHandlers, EMPLOYER_ID, MEMBER_ID, mockApi, ok, signIn, type Handler } from '../../web/layout/test-app.tsx';

export const flow = JSON.parse(readFileSync(path.join(process.cwd(), 'flows', 'enrollment.flow.json'), 'utf8')) as FlowDocument;

export const member = {
  id: MEMBER_ID,
  accountid: EMPLOYER_ID,
  firstname: 'Jane',
  lastname: 'Doe',
  postalcode: '07301',
  birthdate: '1980-05-05',
  stateorprovince: 'NJ',
  emailaddress: 'jane@example.com',
  contributionclass: 'ALL',
} as Member;

export const employer = {
  ...branding,
  teamid: 'team-1',
  employeazecustomer: 1,
  hsaonly: 1,
  edoc_period: null,
  hsaadministrator: null,
  planyearstart: '2026-01-01',
  planyearend: '2026-12-31',
  businessyear: 2026,
} as Employer;

const decoder = moneyDecoder(MEMBER_MONEY_CALLS);
/** A product as the app holds it: the wire's (dollars) decoded by the API client's decoder into cents. */
export const inCents = (wire: Product): Product => (decoder.centsOfAnswer('GET', '/api/Product', { productlist: [wire] }) as { productlist: Product[] }).productlist[0]!;
/** A plan as the app holds it, from the quote's wire (dollars). */
export const planInCents = (wire: HealthPlan): HealthPlan => (decoder.centsOfAnswer('POST', '/api/HealthPlanQuote', { healthplans: [wire] }) as { healthplans: HealthPlan[] }).healthplans[0]!;

/** An additional service as GET /api/Product answers it (dollars); `product` is the app's, in cents. */
export const productOnTheWire: Product = {
  id: 'prod-1',
  productname: 'Wellness Plus',
  vendorname: 'Acme Wellness',
  description: 'Gym and coaching',
  descriptionlang: 'en',
  category: 'additionalservices',
  subcategory: null,
  taxstatus: 'post-tax',
  options: [
    { id: 'opt-1', option: 'Individual', optionlang: 'en', cost: 25 },
    { id: 'opt-2', option: 'Family', optionlang: 'en', cost: 45.5 },
  ],
};

export const product = inCents(productOnTheWire);

/** A plan as the quote answers it (dollars); `plan` is the app's, in cents. */
export const planOnTheWire: HealthPlan = {
  id: 'hp-1',
  planid: '12345NJ0010001',
  planname: 'Silver HSA 3000',
  issuername: 'Blue Cross',
  plantype: 'PPO',
  metallevel: 'Silver',
  rate: 412.37,
  planeffectivedate: '2026-02-01',
  ishsaeligible: 'Yes',
  annualdeductibleindividual: 3000,
  annualdeductiblefamily: 6000,
  annualoopmaxindividual: 7000,
  annualoopmaxfamily: 14000,
  primarycarevisit: '$30',
  genericdrugs: '$10',
  urgentcare: '$50',
  emergencyroomservices: '$300',
  inpatienthospitalservices: '20%',
  urlforbenefitsummarycoverage: 'https://plans.example/sbc.pdf',
  providerlink: null,
  benefits: {},
};

export const plan = planInCents(planOnTheWire);

export const dependent = {
  id: 'dep-1',
  memberid: MEMBER_ID,
  firstname: 'Sam',
  lastname: 'Doe',
  dateofbirth: '2015-04-03T00:00:00Z',
  relationship: 'child',
} as Dependent;

export function stepOf(id: string): ResolvedStep {
  const declared = flow.steps[id];
  if (!declared) throw new Error(`no step ${id}`);
  return {
    id,
    title: declared.title,
    form: declared.form,
    screen: declared.screen,
    calls: declared.calls,
    canProceed: true,
    parent: declared.parent,
    substeps: [],
  };
}

export function choicesWith(change: Partial<WizardChoices>): WizardChoices {
  return { ...emptyChoices(), contributions: { effectivedate: '2026-02-01', healthoption: 'buy' }, ...change };
}

type Options = {
  choices: WizardChoices;
  handlers?: Record<string, Handler>;
  dependents?: Dependent[];
  today?: string;
};

/** Renders `Screen` for step `id`; answers the requests, the choices as they change, and the spies of next/goTo. */
export function renderStep(id: string, Screen: ComponentType<StepScreenProps>, options: Options) {
  signIn();
  const requests = mockApi({
    ...documentHandlers(),
    'POST /api/LogFact/v2': ok({ id: 'log-1' }),
    [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
    ...options.handlers,
  });
  const next = vi.fn();
  const goTo = vi.fn<(position: FlowPosition) => void>();
  const current: { choices: WizardChoices } = { choices: options.choices };
  const step = stepOf(id);
  const major = stepOf(step.parent ?? id);

  function Harness() {
    const [choices, setChoices] = useState(options.choices);
    current.choices = choices;
    const shared: WizardShared = {
      member,
      employer,
      dependents: options.dependents ?? [],
      today: options.today ?? '2026-01-10',
      choices,
      changing: false,
      update: setChoices,
      log: async (action: string) => {
        await api.post('/api/LogFact/v2', { title: action, data: { description: action, User: member.emailaddress }, action });
      },
      reload: async () => undefined,
    };
    return (
      <WizardContext.Provider value={shared}>
        <Screen step={step} major={major} context={{}} next={next} goTo={goTo} nextBusy={false} />
        <ToastHost />
      </WizardContext.Provider>
    );
  }

  const router = createMemoryRouter(
    [
      { path: '/profile', element: <Harness /> },
      { path: '/welcome', element: <p>welcome page</p> },
    ],
    { initialEntries: ['/profile'] },
  );
  const rendered = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...rendered, router, requests, next, goTo, current };
}

export const logged = (requests: Array<{ path: string; body: unknown }>) =>
  requests.filter((r) => r.path === '/api/LogFact/v2').map((r) => (r.body as { action: string }).action);
