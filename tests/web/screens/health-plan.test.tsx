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
  ordernumber: '1001',
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
  it("shows a card per plan; 'Load More' and 'Show Less' expand and collapse it", async () => {
    signIn();
    api([order('o-1', 'Silver HSA 3000', 'Silver'), order('o-2', 'Gold 500', 'Gold')]);
    renderApp('/health-plan');
    expect(await screen.findByRole('heading', { name: 'Employee Health Plans' }, LAZY_SCREEN)).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Health Plan #1' });
    expect(screen.getByRole('article', { name: 'Health Plan #2' })).toHaveTextContent('Gold 500');
    expect(first).toHaveTextContent('Silver HSA 3000');
    expect(first).toHaveTextContent('Silver');

    await userEvent.click(within(first).getByRole('button', { name: 'Load More' }));
    // Collapse opens with a transition; under load it may take more than one tick.
    await waitFor(() => expect(within(first).getByRole('rowheader', { name: 'Order Number' })).toBeVisible());
    expect(first).toHaveTextContent('$310.00');
    expect(first).toHaveTextContent('Acme Benefits Demo');
    await userEvent.click(within(first).getByRole('button', { name: 'Show Less' }));
    expect(within(first).getByRole('button', { name: 'Load More' })).toBeInTheDocument();
  });

  it("shows 'NO PLAN FOUND' when coverage was only waived", async () => {
    signIn();
    api([{ ...order('o-3', 'Waive', 'N/A'), category: 'waive' }]);
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
