import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '#web/engine-root.tsx';
import { AffordabilityModal } from '#portal/wizard/affordability-modal.tsx';
import { baseForm, documentHandlers, EMPLOYER_ID, mockApi, ok } from '../../web/layout/test-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const checked = {
  status: 'checked',
  message: 'The 2027 rates are not published in our catalogue yet: these premiums are estimates from the 2024 rates.',
  planyear: 2027,
  ratesyear: 2024,
  estimated: true,
  percentyear: 2026,
  householdincome: 60000,
  householdsize: 1,
  silverplan: { planid: '71287OR0420012', planname: 'KP OR Silver 4000/40', issuername: 'Kaiser Foundation Healthplan of the NW' },
  selfonlypremium: 478,
  allowance: 450,
  employeecost: 28,
  requiredpercent: 9.96,
  monthlyincome: 5000,
  threshold: 498,
  povertyguideline: 15960,
  percentofpoverty: 375,
  affordable: true,
  verdict: 'shop-off-exchange',
  statewithoutplans: null,
};

function renderModal() {
  render(
    <AppProviders>
      <AffordabilityModal opened onClose={() => {}} accountid={EMPLOYER_ID} effectiveDate="2027-01-01" />
    </AppProviders>,
  );
}

describe('Calculate Subsidy', () => {
  it('sends the household and shows the numbers and the verdict in plain words', async () => {
    const requests = mockApi({ ...documentHandlers(), 'POST /api/Affordability': ok(checked) });
    renderModal();
    const document = baseForm('affordability');
    const dialog = await screen.findByRole('dialog', { name: 'Calculate Subsidy' });
    await userEvent.type(within(dialog).getByLabelText(/Household Income/), '60000');
    await userEvent.type(within(dialog).getByLabelText(/Household Size/), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: document.messages.submit }));
    const result = await screen.findByTestId('affordability-result');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ effectivedate: '2027-01-01', householdincome: 60000, householdsize: 1 });
    expect(result).toHaveTextContent('KP OR Silver 4000/40 (Kaiser Foundation Healthplan of the NW)');
    expect(within(result).getByRole('rowheader', { name: document.messages['silver-premium'] }).nextSibling).toHaveTextContent('$478.00');
    expect(within(result).getByRole('rowheader', { name: document.messages.allowance }).nextSibling).toHaveTextContent('$450.00');
    expect(within(result).getByRole('rowheader', { name: document.messages['employee-cost'] }).nextSibling).toHaveTextContent('$28.00');
    expect(result).toHaveTextContent('9.96%');
    expect(result).toHaveTextContent('$498.00');
    expect(within(result).getByRole('status')).toHaveTextContent(
      'The ICHRA is affordable for you: your cost of $28.00 a month is at most $498.00. You cannot take a premium tax credit on the exchange',
    );
    expect(result).toHaveTextContent('estimates from the 2024 rates');
  });

  it('says so when no plan data covers the state', async () => {
    mockApi({
      ...documentHandlers(),
      'POST /api/Affordability': ok({ ...checked, status: 'no-plan-data', verdict: null, affordable: null, statewithoutplans: 'Texas', message: 'x', estimated: false }),
    });
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Calculate Subsidy' });
    await userEvent.type(within(dialog).getByLabelText(/Household Income/), '50000');
    await userEvent.type(within(dialog).getByLabelText(/Household Size/), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByTestId('affordability-result')).toHaveTextContent('We do not have health plans for Texas in our catalogue yet');
  });

  it('checks the form before asking the server', async () => {
    const requests = mockApi({ ...documentHandlers(), 'POST /api/Affordability': ok(checked) });
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Calculate Subsidy' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Calculate' }));
    expect(await within(dialog).findByText('Please enter your household income for the year.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('keeps a number outside its range as typed and says what range it must be in, asking nothing', async () => {
    const requests = mockApi({ ...documentHandlers(), 'POST /api/Affordability': ok(checked) });
    renderModal();
    const document = baseForm('affordability');
    const dialog = await screen.findByRole('dialog', { name: 'Calculate Subsidy' });
    const size = within(dialog).getByLabelText(/Household Size/);
    await userEvent.type(within(dialog).getByLabelText(/Household Income/), '60000');
    await userEvent.type(size, '25');
    await userEvent.tab();
    expect(size).toHaveValue('25');
    await userEvent.click(within(dialog).getByRole('button', { name: document.messages.submit }));
    expect(await within(dialog).findByText(document.messages['size-range']!)).toBeInTheDocument();
    expect(size).toHaveValue('25');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
