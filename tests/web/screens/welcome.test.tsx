import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Broker, EmployerContact, Order } from '#contracts/entities.ts';
import { monthlyContributionPath } from '#contracts/paths.ts';
import { padDependentBirthdates } from '#domain/enrollment/contribution.ts';
import { asFlowDocument, fillCalls } from '#engine/runtime/index.ts';
import { branding, EMPLOYER_ID, fail, MEMBER_ID, mockApi, ok, renderApp, signIn, type Handler } from '../layout/test-app.tsx';
import { narrowScreen } from '../media-query.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TEAM_ID = '22222222-3333-4444-8555-666666666666';
const member = {
  id: MEMBER_ID,
  accountid: EMPLOYER_ID,
  firstname: 'Jane',
  lastname: 'Doe',
  birthdate: '1985-04-12',
  stateorprovince: 'TX',
  contributionclass: 'ALL',
};
const employer = { ...branding, teamid: TEAM_ID, businessyear: 2026, employeazecustomer: 1, hsaonly: 1 };

function order(fields: Partial<Order>): Order {
  return {
    id: crypto.randomUUID(),
    memberid: MEMBER_ID,
    productid: '00000000-0000-0000-0000-000000000000',
    productfeeid: '00000000-0000-0000-0000-000000000000',
    orderid: '00000000-0000-0000-0000-000000000000',
    options: null,
    description: null,
    category: 'healthinsurance',
    status: 0,
    amountspent: 0,
    productname: null,
    vendorname: null,
    externalvendorid: null,
    policyholdersname: null,
    policycarriername: null,
    policynumber: null,
    policyeffectivedate: '2026-02-01',
    policyishsaeligible: 0,
    policyisgovsubsidy: 0,
    ordernumber: '0',
    waivecoverage: 0,
    summary_link: null,
    tax_status: null,
    businessyear: null,
    createdon: '2026-01-15T10:00:00.000Z',
    createdby: 'member',
    modifiedon: '2026-01-15T10:00:00.000Z',
    modifiedby: 'member',
    modifiedreason: null,
    ...fields,
  };
}

function contact(type: EmployerContact['contacttype'], name: string, shown: boolean): EmployerContact {
  const names = { 1: 'Insurance Broker', 2: 'Premium Payments/Banking', 3: 'HR', 4: 'Billing/Accounting', 5: 'Support' };
  return {
    id: crypto.randomUUID(),
    accountid: EMPLOYER_ID,
    contacttype: type,
    contacttypename: names[type],
    displaytoemployee: shown,
    firstname: name,
    middlename: null,
    lastname: 'Smith',
    emailaddress: `${name.toLowerCase()}@acme.example`,
    phonenumber: '555-0100',
  };
}

const teamBroker: Broker = { firstName: 'Bob', lastName: 'Broker', emailAddress: 'bob@brokers.example', phoneNumber: null };

const waiveOrder = order({
  category: 'waive',
  description: 'I choose not to purchase health insurance',
  waivecoverage: 1,
  createdon: '2026-01-20T10:00:00.000Z',
});
const serviceOrder = order({
  category: 'additionalservices',
  options: 'Family',
  description: 'Telehealth Plus (Family)',
  productname: 'Telehealth Plus',
  vendorname: 'CareLine Virtual Health',
  amountspent: 19.9,
  createdon: '2026-01-20T09:59:59.000Z',
});

/** What Authorize stored: the contribution then, the coverage's and the HSA's deductions, the remainder. */
const storedAccount = {
  id: 'ma-1',
  memberid: MEMBER_ID,
  currentemployercontribution: 450,
  currentpayrolldeduction: 0,
  currenthsadeduction: 200,
  currentbalance: 98.01,
  waivecoveragereason: 'Coverage through Spouse/Partner',
};

function api(orders: Order[], extra: Record<string, Handler> = {}) {
  return mockApi({
    [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
    'GET /api/Member/GetMember': ok(member),
    [`GET /api/Employer/${EMPLOYER_ID}`]: ok(employer),
    'GET /api/Order/GetOrderByMember': ok({ orderdetails: orders }),
    'GET /api/MemberAccount/GetMemberAccount': ok(storedAccount),
    [`GET /api/Contacts/${EMPLOYER_ID}`]: ok({ contacts: [] }),
    [`GET /api/Brocker/${TEAM_ID}`]: ok([teamBroker]),
    [`GET /api/Dependent?memberid=${MEMBER_ID}`]: ok({ dependents: [] }),
    ...extra,
  });
}

describe('/welcome', () => {
  it('welcomes back and shows the waived view with the business year and the waive reason', async () => {
    signIn();
    api([serviceOrder, waiveOrder], { 'GET /api/MemberAccount/GetMemberAccount': ok({ ...storedAccount, currentemployercontribution: 0, currenthsadeduction: 0, currentbalance: 0, currentpayrolldeduction: 19.9 }) });
    renderApp('/welcome');
    expect(await screen.findByRole('heading', { name: 'Welcome Back, Jane' })).toBeInTheDocument();
    expect(screen.getByText('Your enrollment is complete. No further action is needed.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const waived = screen.getByRole('region', { name: 'Coverage waived' });
    expect(waived).toHaveTextContent(/WAIVED for the business year 2026/);
    expect(waived).toHaveTextContent(/contact your broker or HR/);
    expect(await within(waived).findByText('Waive reason: Coverage through Spouse/Partner')).toBeInTheDocument();
    // The stored contribution (a waiver's is $0.00: a waiver receives none), and the page says why.
    expect(within(waived).getByText("Employer's Monthly Contribution to your Benefit Fund: $0.00")).toBeInTheDocument();
    expect(within(waived).getByText(/^A waiver receives no employer contribution/)).toBeInTheDocument();
    expect(screen.queryByText(/Health Plan Selected/)).not.toBeInTheDocument();

    const services = screen.getByRole('region', { name: 'Additional Services' });
    const row = within(services).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'CareLine Virtual Health',
      'Telehealth Plus (Family)',
      '$19.90',
    ]);
  });

  it("congratulates after authorizing and uses the default business year 2025 when the employer has none", async () => {
    signIn();
    api([waiveOrder], { [`GET /api/Employer/${EMPLOYER_ID}`]: ok({ ...employer, businessyear: null }) });
    renderApp('/welcome?authorize=true');
    expect(await screen.findByRole('heading', { name: 'Congratulations! Jane' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Coverage waived' })).toHaveTextContent(/WAIVED for the business year 2025/);
  });

  it('shows the contacts flagged for employees, at most three', async () => {
    signIn();
    api([waiveOrder], {
      [`GET /api/Contacts/${EMPLOYER_ID}`]: ok({
        contacts: [
          contact(1, 'Alice', true),
          contact(2, 'Paula', false),
          contact(3, 'Hank', true),
          contact(4, 'Betty', true),
          contact(5, 'Sam', true),
        ],
      }),
    });
    renderApp('/welcome');
    const hr = await screen.findByRole('region', { name: 'Contact Your HR' });
    expect(hr).toHaveTextContent('Acme Benefits Demo');
    expect(hr).toHaveTextContent('Hank Smith');
    expect(hr).toHaveTextContent('hank@acme.example');
    expect(hr).toHaveTextContent('555-0100');
    expect(screen.getByRole('region', { name: 'Contact Your Insurance Broker' })).toHaveTextContent('Alice Smith');
    expect(screen.getByRole('region', { name: 'Contact Your Billing/Accounting' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Contact Your Support' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Contact Your Premium Payments/Banking' })).not.toBeInTheDocument();
  });

  it("shows the team's broker when the employer has no contacts", async () => {
    signIn();
    api([waiveOrder]);
    renderApp('/welcome');
    const card = await screen.findByRole('region', { name: 'Contact Your Insurance Broker' });
    expect(card).toHaveTextContent('Bob Broker');
    expect(card).toHaveTextContent('bob@brokers.example');
    expect(card).toHaveTextContent('Not Available');
  });

  it('shows the enrolled view: the plan card with the stored contribution, deductions and effective date, and the plan table', async () => {
    signIn();
    const plan = order({
      category: 'healthinsurance',
      productname: 'Silver HSA 3000',
      options: 'Silver',
      policycarriername: 'Blue Cross',
      vendorname: 'Blue Cross',
      tax_status: 'Pre-Tax',
      amountspent: 412.5,
      summary_link: 'https://plans.example/sbc.pdf',
      businessyear: 2026,
      createdon: '2026-01-20T10:00:00.000Z',
    });
    const contributionPath =
      `GET /api/EmployerContribution/GetMonthlyEmployerContributionWithClass/${EMPLOYER_ID}/2026-02-01/1985-04-12/TX/ALL/` +
      '2015-06-01/1920-01-01/1920-01-01/1920-01-01/1920-01-01';
    const requests = api([plan], {
      [`GET /api/Dependent?memberid=${MEMBER_ID}`]: ok({ dependents: [{ dateofbirth: '2015-06-01' }] }),
      [contributionPath]: ok(999),
    });
    renderApp('/welcome');
    const card = await screen.findByRole('region', { name: '2026 Health Plan Selected' });
    expect(within(card).getByRole('link', { name: 'View Summary Plan Description' })).toHaveAttribute(
      'href',
      'https://plans.example/sbc.pdf',
    );
    // The amounts Authorize stored, not today's contribution rules (they answer $999.00 here).
    expect(await within(card).findByText("Employer's Monthly Contribution to your Benefit Fund: $450.00")).toBeInTheDocument();
    expect(within(card).getByText('Coverage effective date: February 1, 2026')).toBeInTheDocument();
    expect(within(card).getByText('Pre-tax payroll deduction for coverage each month: $0.00')).toBeInTheDocument();
    expect(within(card).getByText('Pre-tax payroll deduction for your HSA each month: $200.00')).toBeInTheDocument();
    expect(within(card).getByText('Remaining contribution each month: $98.01')).toBeInTheDocument();
    expect(requests.some((r) => `GET ${r.path}` === contributionPath)).toBe(false);

    const table = screen.getByRole('table', { name: 'Selected plans' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Area',
      'Product Name',
      'Company Name',
      'Options',
      'Tax Status',
      'Cost',
      'Date of Selection',
    ]);
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Health Insurance',
      'Silver HSA 3000',
      'Blue Cross',
      'Silver',
      'Pre-Tax',
      '$412.50',
      'January 20, 2026',
    ]);
    expect(screen.queryByRole('region', { name: 'Coverage waived' })).not.toBeInTheDocument();
  });

  it('says enrollment is complete only after authorizing: without a main order it leads back to the wizard', async () => {
    signIn();
    api([serviceOrder]);
    const { router } = renderApp('/welcome');
    expect(await screen.findByRole('heading', { name: 'Welcome Back, Jane' })).toBeInTheDocument();
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Your enrollment is not complete: authorize your elections in Your Cart.');
    expect(screen.queryByText(/enrollment is complete/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Coverage waived' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Health Plan Selected/)).not.toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('link', { name: 'Continue Enrollment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('says nothing about completion when the orders cannot be read', async () => {
    signIn();
    api([], { 'GET /api/Order/GetOrderByMember': fail(500, 'INTERNAL', 'Something went wrong.') });
    renderApp('/welcome');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(screen.queryByText(/enrollment is (not )?complete/)).not.toBeInTheDocument();
  });

  it('lists the HSA order beside the plan, each with its date of selection only', async () => {
    signIn();
    const plan = order({ productname: 'Silver HSA 3000', vendorname: 'Prairie Health', policycarriername: 'Prairie Health', options: 'Silver', amountspent: 362.37, createdon: '2026-01-20T10:00:00.000Z' });
    // The employer has no HSA administrator: the HSA order names no vendor.
    const hsa = order({
      category: 'HSA',
      productname: 'HSA Plan',
      options: 'HSA Contribution',
      amountspent: 50,
      createdon: '2026-01-20T09:59:58.000Z',
    });
    api([hsa, plan, serviceOrder]);
    renderApp('/welcome?authorize=true');
    expect(await screen.findByText('Your enrollment is complete. No further action is needed.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Selected plans' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Health Insurance', 'Silver HSA 3000', 'Prairie Health', 'Silver', '', '$362.37', 'January 20, 2026'],
      ['HSA', 'HSA Plan', '', 'HSA Contribution', '', '$50.00', 'January 20, 2026'],
    ]);
    // A value that does not exist is left empty: no placeholder.
    expect(screen.queryByText('N/A')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Additional Services' })).toHaveTextContent('Telehealth Plus (Family)');
  });

  it("names the employer's HSA administrator as the HSA order's vendor", async () => {
    signIn();
    const plan = order({ productname: 'Silver HSA 3000', policycarriername: 'Prairie Health', options: 'Silver', amountspent: 362.37, createdon: '2026-01-20T10:00:00.000Z' });
    const hsa = order({
      category: 'HSA',
      productname: 'HSA Plan',
      vendorname: 'Summit HSA Services',
      options: 'HSA Contribution',
      amountspent: 50,
      createdon: '2026-01-20T09:59:58.000Z',
    });
    api([hsa, plan]);
    renderApp('/welcome?authorize=true');
    const table = await screen.findByRole('table', { name: 'Selected plans' });
    const hsaRow = within(table).getAllByRole('row').find((row) => within(row).queryByRole('cell', { name: 'HSA' }));
    expect(within(hsaRow!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['HSA', 'HSA Plan', 'Summit HSA Services', 'HSA Contribution', '', '$50.00', 'January 20, 2026']);
  });

  it('on a phone shows each order as a table of its own, every column named beside its value, nothing scrolling sideways', async () => {
    narrowScreen();
    signIn();
    const plan = order({ productname: 'Silver HSA 3000', amountspent: 362.37, createdon: '2026-01-20T10:00:00.000Z' });
    const hsa = order({ category: 'HSA', productname: 'HSA Plan', options: 'HSA Contribution', amountspent: 50, createdon: '2026-01-20T09:59:58.000Z' });
    api([hsa, plan, serviceOrder]);
    renderApp('/welcome?authorize=true');
    expect(await screen.findByText('Your enrollment is complete. No further action is needed.')).toBeInTheDocument();
    const selected = screen.getByRole('region', { name: 'Selected plans' });
    const pairs = (name: string) =>
      within(within(selected).getByRole('table', { name })).getAllByRole('row').map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row).getByRole('cell').textContent,
      ]);
    expect(pairs('Health Insurance')).toEqual([
      ['Area', 'Health Insurance'],
      ['Product Name', 'Silver HSA 3000'],
      ['Cost', '$362.37'],
      ['Date of Selection', 'January 20, 2026'],
    ]);
    // What an order does not have is left out on a phone.
    expect(pairs('HSA')).toEqual([
      ['Area', 'HSA'],
      ['Product Name', 'HSA Plan'],
      ['Options', 'HSA Contribution'],
      ['Cost', '$50.00'],
      ['Date of Selection', 'January 20, 2026'],
    ]);
    expect(screen.queryByRole('columnheader', { name: 'Area' })).not.toBeInTheDocument();
  });

  it('shows no amounts until the stored account is read', async () => {
    signIn();
    api([order({ productname: 'Bronze 6000', createdon: '2026-01-20T10:00:00.000Z' })], {
      'GET /api/MemberAccount/GetMemberAccount': fail(500, 'INTERNAL', 'Something went wrong.'),
    });
    renderApp('/welcome');
    const card = await screen.findByRole('region', { name: '2026 Health Plan Selected' });
    expect(card).not.toHaveTextContent('$');
  });
});

describe("the contribution path of step 2 that the tests' mock API answers", () => {
  const flow = asFlowDocument(JSON.parse(readFileSync(path.join(process.cwd(), 'flows', 'enrollment.flow.json'), 'utf8')));

  it.each([
    { contributionclass: null, dependents: ['2015-06-01'] },
    { contributionclass: 'Full Time/West', dependents: [] },
  ])('is the one the enrollment flow declares for step 2 (class $contributionclass)', ({ contributionclass, dependents }) => {
    const dependentBirthdates = padDependentBirthdates(dependents);
    const scope = {
      data: { effectivedate: '2026-02-01', healthoption: 'buy' },
      loaded: { member: { ...member, contributionclass } },
      screens: { contributions: { dependentBirthdates } },
    };
    const declared = fillCalls(flow.steps.contributions!.calls!.load!, scope).find((call) => call.id === 'contribution');
    expect(
      monthlyContributionPath({
        accountid: EMPLOYER_ID,
        effectiveDate: '2026-02-01',
        birthdate: member.birthdate,
        stateorprovince: member.stateorprovince,
        contributionclass,
        dependentBirthdates,
      }),
    ).toBe(declared?.path);
  });

  it('says so with Retry when the orders are lost on the network, and shows them once Retry reads them', async () => {
    signIn();
    let calls = 0;
    api([], {
      'GET /api/Order/GetOrderByMember': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return ok({ orderdetails: [] });
      },
    });
    renderApp('/welcome');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server cannot be reached. Please try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Continue Enrollment')).toBeInTheDocument();
    expect(screen.queryByText('The server cannot be reached. Please try again.')).not.toBeInTheDocument();
  });
});
