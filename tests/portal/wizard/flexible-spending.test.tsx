import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HsaLimit } from '#contracts/entities.ts';
import { FlexibleSpendingScreen, hsaAmountText } from '#portal/wizard/flexible-spending-screen.tsx';
import { fail, ok } from '../../web/layout/test-app.tsx';
import { choicesWith, plan, renderStep } from './screen-harness.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIMIT = 'GET /api/Hsa/Limit?effectivedate=2026-02-01';
/** Family coverage in 2026 ($8,750) with the catch-up ($1,000), 11 months left: at most $886.36 a month. */
const family: HsaLimit = {
  annuallimit: 9750,
  monthsleft: 11,
  maxmonthly: 886.36,
  tier: 'family',
  catchup: 1000,
  figuresyear: 2026,
  eligiblemonths: 11,
  proratedlimit: 8937.5,
};
const self: HsaLimit = {
  annuallimit: 4400,
  monthsleft: 11,
  maxmonthly: 400,
  tier: 'self-only',
  catchup: 0,
  figuresyear: 2026,
  eligiblemonths: 11,
  proratedlimit: 4033.33,
};

describe('hsaAmountText', () => {
  it.each([
    ['0075', '75'],
    ['12a3', '123'],
    ['$1,000', '1000'],
    ['000', ''],
    ['123456789', '12345'],
    ['', ''],
    ['3.50', '3.50'],
    ['3.', '3.'],
    ['729.165', '729.16'],
    ['0.5', '0.5'],
    ['.75', '.75'],
    ['1.2.3', '1.2'],
  ])('keeps %j as %j (dollars with at most two decimals, no leading zeros)', (typed, kept) => {
    expect(hsaAmountText(typed)).toBe(kept);
  });
});

describe('Flexible Spending Options', () => {
  it('explains the HSA, shows the annual limit for the tier and year with the catch-up, and keeps the amount', async () => {
    const { current, next, requests } = renderStep('flexible-spending', FlexibleSpendingScreen, {
      choices: choicesWith({ plan }),
      handlers: { [LIMIT]: ok(family) },
    });
    expect(screen.getByRole('heading', { name: 'Flexible Spending Options' })).toBeInTheDocument();
    expect(screen.getByText(/Health Savings Account \(HSA\)/)).toBeInTheDocument();
    const limit = await screen.findByTestId('hsa-limit');
    expect(limit).toHaveTextContent('Annual HSA limit for family coverage in 2026: $9,750.00');
    expect(limit).toHaveTextContent('Includes the $1,000.00 catch-up contribution for age 55 or older.');
    expect(limit).toHaveTextContent('At most $886.36 a month for the 11 months left in the plan year.');
    expect(requests.some((r) => r.path === '/api/Hsa/Limit?effectivedate=2026-02-01')).toBe(true);

    const amount = screen.getByRole('textbox', { name: 'Monthly HSA Contribution' });
    await userEvent.type(amount, '00x25');
    expect(amount).toHaveValue('25');
    expect(current.choices.hsaMonthlyCents).toBe(2500);
    // Cents typed after a point stay cents: 3.50 is $3.50, never $350.
    await userEvent.clear(amount);
    await userEvent.type(amount, '3.50');
    expect(amount).toHaveValue('3.50');
    expect(current.choices.hsaMonthlyCents).toBe(350);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('refuses a monthly amount that, over the months left, exceeds the annual limit', async () => {
    const { next } = renderStep('flexible-spending', FlexibleSpendingScreen, {
      choices: choicesWith({ plan }),
      handlers: { [LIMIT]: ok(self) },
    });
    expect(await screen.findByTestId('hsa-limit')).toHaveTextContent('Annual HSA limit for self-only coverage in 2026: $4,400.00');
    expect(screen.getByTestId('hsa-limit')).not.toHaveTextContent(/catch-up/);
    const amount = screen.getByRole('textbox', { name: 'Monthly HSA Contribution' });
    await userEvent.type(amount, '401');
    expect(
      screen.getByText(
        '$401.00 a month for the 11 months left in the plan year is $4,411.00, more than your annual HSA limit of $4,400.00. Please enter $400.00 or less.',
      ),
    ).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(next).not.toHaveBeenCalled();

    await userEvent.type(amount, '{Backspace}0');
    expect(amount).toHaveValue('400');
    expect(screen.queryByText(/more than your annual HSA limit/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('opens and closes the instructions', async () => {
    renderStep('flexible-spending', FlexibleSpendingScreen, { choices: choicesWith({ plan }), handlers: { [LIMIT]: ok(self) } });
    await userEvent.click(screen.getByRole('button', { name: 'Instructions' }));
    const dialog = await screen.findByRole('dialog', { name: 'How to choose your HSA contribution' });
    expect(dialog).toHaveTextContent(/catch-up amount from age 55/);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the limit cannot be read, and shows the amount chosen before', async () => {
    renderStep('flexible-spending', FlexibleSpendingScreen, {
      choices: choicesWith({ plan, hsaMonthlyCents: 12000 }),
      handlers: { [LIMIT]: fail(500, 'INTERNAL', 'Something went wrong.') },
    });
    expect(await screen.findByText(/The annual HSA limit cannot be shown right now/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Monthly HSA Contribution' })).toHaveValue('120');
    expect(within(document.body).queryByTestId('hsa-limit')).not.toBeInTheDocument();
  });

  it('explains the proration of the limit and the last-month rule beside the amount when coverage starts after January 1', async () => {
    renderStep('flexible-spending', FlexibleSpendingScreen, { choices: choicesWith({ plan }), handlers: { [LIMIT]: ok(self) } });
    expect(await screen.findByTestId('hsa-limit')).toHaveTextContent(
      'Your coverage starts after January 1, so your 2026 limit is prorated to 11 of 12 months, $4,033.33 (1/12 of $4,400.00 for each month you are covered on the 1st), unless the last-month rule applies: if you are HSA-eligible on December 1, you may contribute the full $4,400.00, provided you stay eligible through December 31, 2027.',
    );
    expect(screen.getByTestId('hsa-limit')).not.toHaveTextContent(/not yet published/);
  });

  it('labels the figures with their own year when the plan year has none yet, and prorates nothing from January 1', async () => {
    const choices = choicesWith({ plan, contributions: { effectivedate: '2028-01-01', healthoption: 'buy' } });
    renderStep('flexible-spending', FlexibleSpendingScreen, {
      choices,
      handlers: {
        'GET /api/Hsa/Limit?effectivedate=2028-01-01': ok({ ...self, annuallimit: 4500, maxmonthly: 375, monthsleft: 12, figuresyear: 2027, eligiblemonths: 12, proratedlimit: 4500 }),
      },
    });
    const limit = await screen.findByTestId('hsa-limit');
    expect(limit).toHaveTextContent('Annual HSA limit for self-only coverage in 2027: $4,500.00');
    expect(limit).toHaveTextContent('The IRS has not yet published the HSA limits for 2028; the limits shown are those for 2027.');
    expect(limit).not.toHaveTextContent(/prorated/);
  });
});
