/**
 * A save or load lost on the network (no answer at all) says so with Retry and keeps what the person chose; Retry
 * sends the same call again (the spec's silent failures are overruled). The profile's cases are in
 * profile-screen.test.tsx, /welcome's in welcome.test.tsx, the shop search's in shop-health-plans.test.tsx.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdditionalServicesScreen } from '#portal/wizard/additional-services-screen.tsx';
import { CartScreen } from '#portal/wizard/cart-screen.tsx';
import { ContributionsScreen } from '#portal/wizard/contributions-screen.tsx';
import { IchraAcknowledgmentScreen } from '#portal/wizard/ichra-acknowledgment-screen.tsx';
import { ok, type Handler, type RecordedRequest } from '../../web/layout/test-app.tsx';
import { choicesWith, plan, product, productOnTheWire, renderStep } from './screen-harness.tsx';

const UNREACHABLE = 'The server cannot be reached. Please try again.';

/** A handler whose first `times` calls never answer (the fetch rejects, as on a lost network), then `answer`. */
function downThen(answer: Handler, times = 1): Handler {
  let calls = 0;
  return (request) => {
    calls += 1;
    if (calls <= times) throw new TypeError('Failed to fetch');
    return typeof answer === 'function' ? answer(request) : answer;
  };
}

async function retryFrom(message = UNREACHABLE) {
  const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
  expect(alert).toHaveTextContent(message);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a call lost on the network', () => {
  it('Additional Services: says so with Retry instead of "no service", and shows the service once read', async () => {
    renderStep('additional-services', AdditionalServicesScreen, {
      choices: choicesWith({}),
      handlers: { 'GET /api/Product': downThen(ok({ productlist: [productOnTheWire] })) },
    });
    await retryFrom();
    expect(await screen.findByRole('heading', { name: 'Wellness Plus' })).toBeInTheDocument();
    expect(screen.queryByText('No additional services are offered right now.')).not.toBeInTheDocument();
  });

  it("ICHRA Acknowledgment: says so with Retry, then lists the employer's documents", async () => {
    const docsPath = '/api/media/getdocs?containerName=ichra-documents&folderName=Acme%20Benefits%20Demo';
    const documents = [{ name: 'ICHRA Plan Document', filename: 'ICHRA Plan Document.pdf', url: '/api/media/file/x/y/z.pdf' }];
    renderStep('ichra-acknowledgment', IchraAcknowledgmentScreen, {
      choices: choicesWith({}),
      handlers: { [`GET ${docsPath}`]: downThen(ok({ documents })) },
    });
    await retryFrom();
    expect(await screen.findByRole('link', { name: 'ICHRA Plan Document' })).toBeInTheDocument();
  });

  it('Contributions: says so with Retry when the offered dates cannot be read, then shows the step', async () => {
    renderStep('contributions', ContributionsScreen, {
      choices: choicesWith({}),
      handlers: { 'GET /api/EffectiveDates': downThen(ok({ effectivedates: ['2026-02-01'], today: '2026-01-10' })) },
    });
    await retryFrom();
    expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('Cart: an authorization lost on the network keeps the cart, says so with Retry, and Retry sends the same request and key', async () => {
    const authorized = ok({ orders: [{ id: 'o-1', category: 'healthinsurance' }], memberAccount: { id: 'ma-1' } });
    const { requests } = renderStep('cart', CartScreen, {
      choices: choicesWith({ plan, hsaMonthlyCents: 0, contributionCents: 60000, service: { product, optionId: 'opt-2', added: true } }),
      handlers: { 'POST /api/Enrollment/Authorize': downThen(authorized) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Authorize Elections' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(UNREACHABLE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Plan and Benefits Summary' })).getByText('Silver HSA 3000')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('dialog', { name: 'Thank you!' })).toBeInTheDocument();
    const calls = requests.filter((r: RecordedRequest) => r.method === 'POST' && r.path === '/api/Enrollment/Authorize');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers['Idempotency-Key']).toBe(calls[0]!.headers['Idempotency-Key']);
    expect(calls[1]!.body).toEqual(calls[0]!.body);
  });
});
