import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { branding, EMPLOYER_ID, MEMBER_ID, mockApi, ok, renderApp, signIn } from '../layout/test-app.tsx';

/** A screen's chunk loads on its route's first showing (routes.tsx): its first paint may take a moment. */
const LAZY_SCREEN = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

const order = (id: string, productname: string, options: string) => ({
  id,
  memberid: MEMBER_ID,
  category: 'healthinsurance',
  productname,
  options,
  description: 'Health insurance plan P-1',
  amountspent: 310,
  vendorname: 'Blue Cross',
  policyholdersname: 'Jane Doe',
  policycarriername: 'Blue Cross',
  policyeffectivedate: '2026-02-01',
  ordernumber: '3F2A-9C1B-07D4',
  createdon: '2026-01-15T10:00:00.000Z',
});

function api(orders: unknown[]) {
  mockApi({
    [`GET /api/Employer/Branding/${EMPLOYER_ID}`]: ok(branding),
    [`GET /api/Employer/${EMPLOYER_ID}`]: ok(branding),
    'GET /api/Member/GetMember': ok({ id: MEMBER_ID, accountid: EMPLOYER_ID, address1: '1 Main St', city: 'Austin' }),
    'GET /api/Order/GetOrderByMember': ok({ orderdetails: orders }),
  });
}

describe('/health-plan', () => {
  it("shows a card per purchase titled 'Health Plan #n' and named by what it is; 'Load More' and 'Show Less' expand and collapse it", async () => {
    signIn();
    const service = {
      ...order('o-2', 'Telehealth Plus', 'Family'),
      category: 'additionalservices',
      description: 'Telehealth Plus (Family)',
      vendorname: 'CareLine Virtual Health',
      policycarriername: null,
    };
    api([order('o-1', 'Silver HSA 3000', 'Silver'), service]);
    renderApp('/health-plan');
    expect(await screen.findByRole('heading', { name: 'Employee Health Plans' }, LAZY_SCREEN)).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Health Plan #1, Health Insurance: Silver HSA 3000' });
    const second = screen.getByRole('article', { name: 'Health Plan #2, Additional Services: Telehealth Plus' });
    expect(within(first).getByRole('heading', { name: 'Health Plan #1' })).toBeInTheDocument();
    expect(within(second).getByRole('heading', { name: 'Health Plan #2' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Family');
    expect(first).toHaveTextContent('Silver HSA 3000');
    expect(first).toHaveTextContent('Silver');

    await userEvent.click(within(first).getByRole('button', { name: 'Load More' }));
    // Collapse opens with a transition; under load it may take more than one tick.
    await waitFor(() => expect(within(first).getByRole('rowheader', { name: 'Order Number' })).toBeVisible());
    const value = (card: HTMLElement, label: string) => within(card).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(value(first, 'Order Number')).toBe('3F2A-9C1B-07D4');
    expect(value(first, 'Policy Effective Date')).toBe('February 1, 2026');
    expect(value(first, "Policy Holder's Name")).toBe('Jane Doe');
    expect(value(first, 'Policy Carrier Name')).toBe('Blue Cross');
    expect(value(first, 'Category')).toBe('Health Insurance');
    expect(first).toHaveTextContent('$310.00');
    expect(first).toHaveTextContent('Acme Benefits Demo');
    await userEvent.click(within(first).getByRole('button', { name: 'Show Less' }));
    expect(within(first).getByRole('button', { name: 'Load More' })).toBeInTheDocument();

    // A value the order does not have (a service has no carrier) is left out, never 'N/A'.
    await userEvent.click(within(second).getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(second).getByRole('rowheader', { name: 'Vendor Name' })).toBeVisible());
    expect(value(second, 'Vendor Name')).toBe('CareLine Virtual Health');
    expect(within(second).queryByRole('rowheader', { name: 'Policy Carrier Name' })).not.toBeInTheDocument();
    expect(screen.queryByText('N/A')).not.toBeInTheDocument();
  });

  it("names the employer's HSA administrator as the HSA card's vendor", async () => {
    signIn();
    const hsa = { ...order('o-4', 'HSA Plan', 'HSA Contribution'), category: 'HSA', description: 'HSA Contribution Order', vendorname: 'Summit HSA Services', policycarriername: null };
    api([order('o-1', 'Silver HSA 3000', 'Silver'), hsa]);
    renderApp('/health-plan');
    const card = await screen.findByRole('article', { name: 'Health Plan #2, HSA: HSA Plan' }, LAZY_SCREEN);
    await userEvent.click(within(card).getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(card).getByRole('rowheader', { name: 'Vendor Name' })).toBeVisible());
    expect(within(card).getByRole('rowheader', { name: 'Vendor Name' }).nextElementSibling?.textContent).toBe('Summit HSA Services');
  });

  it("shows 'NO PLAN FOUND' when coverage was only waived", async () => {
    signIn();
    api([{ ...order('o-3', 'Waive', ''), category: 'waive' }]);
    renderApp('/health-plan');
    expect(await screen.findByText('NO PLAN FOUND')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("shows 'NO PLAN FOUND' without orders", async () => {
    signIn();
    api([]);
    renderApp('/health-plan');
    expect(await screen.findByText('NO PLAN FOUND')).toBeInTheDocument();
  });
});
