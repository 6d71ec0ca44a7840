import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdditionalServicesScreen } from '#portal/wizard/additional-services-screen.tsx';
import { ok } from '../../web/layout/test-app.tsx';
import { choicesWith, dependent, product, productOnTheWire, renderStep } from './screen-harness.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Additional Services', () => {
  it('shows the product card with its price options; Add To Cart and Remove toggle the service in the cart', async () => {
    const { current, next } = renderStep('additional-services', AdditionalServicesScreen, {
      choices: choicesWith({}),
      handlers: { 'GET /api/Product': ok({ productlist: [productOnTheWire] }) },
    });
    expect(await screen.findByRole('heading', { name: 'Wellness Plus' })).toBeInTheDocument();
    expect(screen.getByText('Acme Wellness')).toBeInTheDocument();
    expect(screen.getByText('Gym and coaching')).toBeInTheDocument();
    const price = screen.getByRole('combobox', { name: 'Price Option' });
    expect(within(price).getAllByRole('option').map((o) => o.textContent)).toEqual(['Individual - $25.00', 'Family - $45.50']);
    await waitFor(() => expect(current.choices.service).toMatchObject({ optionId: 'opt-1', added: false }));

    await userEvent.selectOptions(price, 'Family - $45.50');
    await userEvent.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(current.choices.service).toMatchObject({ optionId: 'opt-2', added: true });
    expect(price).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(current.choices.service).toMatchObject({ added: false });
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('starts at the option that fits the family on file: a family of five gets the family option', async () => {
    const family = [1, 2, 3, 4].map((n) => ({ ...dependent, id: `dep-${n}`, firstname: `Child ${n}` }));
    const { current } = renderStep('additional-services', AdditionalServicesScreen, {
      choices: choicesWith({}),
      dependents: family,
      handlers: { 'GET /api/Product': ok({ productlist: [productOnTheWire] }) },
    });
    const price = await screen.findByRole('combobox', { name: 'Price Option' });
    await waitFor(() => expect(current.choices.service).toMatchObject({ optionId: 'opt-2', added: false }));
    expect(price).toHaveDisplayValue('Family - $45.50');
  });

  it("shows 'In Development' for Details", async () => {
    renderStep('additional-services', AdditionalServicesScreen, {
      choices: choicesWith({}),
      handlers: { 'GET /api/Product': ok({ productlist: [productOnTheWire] }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Details' }));
    expect(await screen.findByRole('dialog', { name: 'Wellness Plus' })).toHaveTextContent('In Development');
  });

  it('says so when no service is offered', async () => {
    renderStep('additional-services', AdditionalServicesScreen, {
      choices: choicesWith({}),
      handlers: { 'GET /api/Product': ok({ productlist: [] }) },
    });
    expect(await screen.findByText('No additional services are offered right now.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add To Cart' })).not.toBeInTheDocument();
  });
});
