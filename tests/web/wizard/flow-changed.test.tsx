/**
 * A tab left open across a publish (issue 19): each move to another step reads the enrollment flow again; when the
 * server names another version than the one the tab ran, the person is told (a status notice with the catalogue's
 * text) on the step they moved to, and the wizard continues on the new flow. The same version says nothing.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowDocument } from '#engine/runtime/types.ts';
import { effectiveDateChoices } from '#domain/enrollment/effective-dates.ts';
import { messages } from '#portal/messages.ts';
import { mockApi, ok, renderApp, signIn } from '../layout/test-app.tsx';
import { appHandlers, flow, monthlyContributionRequest, today } from '../../portal/wizard/step-harness.tsx';

const effectiveDates = effectiveDateChoices(today, { edocPeriod: null, planYearStart: '2000-01-01', planYearEnd: '2100-12-31' });

/** The flow as an employer's publish left it: the additional services step renamed. */
const published: FlowDocument = {
  ...flow,
  steps: { ...flow.steps, 'additional-services': { ...flow.steps['additional-services']!, title: 'Extra Benefits' } },
};

/** Serves the base flow (version 0) for the first `reads` reads, then the published one (version 4). */
function flowHandlers(reads: number) {
  let served = 0;
  return appHandlers({
    'GET /api/EffectiveDates': ok({ effectivedates: effectiveDates, today }),
    [monthlyContributionRequest(effectiveDates[0]!)]: ok(400),
    'GET /api/content/flows/enrollment': () => {
      served += 1;
      return served <= reads ? ok({ document: flow, etag: '"base"', version: 0 }) : ok({ document: published, etag: '"v4"', version: 4 });
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a tab left open across a publish', () => {
  it('is told at its next step that the steps changed, and continues on the new flow', async () => {
    signIn();
    const requests = mockApi(flowHandlers(1));
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 10_000 }));
    const notice = await screen.findByRole('status', {}, { timeout: 5000 });
    expect(notice).toHaveTextContent(messages['flow-changed']);
    // Step 2 of the new flow: its renamed sub-step is the one listed.
    expect(await screen.findByRole('button', { name: 'IV. Extra Benefits' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'IV. Additional Services' })).not.toBeInTheDocument();
    expect(screen.getByText('Select your Health Plan Option Below')).toBeInTheDocument();
    expect(requests.filter((r) => r.path.startsWith('/api/content/flows/enrollment')).length).toBeGreaterThanOrEqual(2);
  });

  it('says nothing when the flow is the one the tab ran', async () => {
    signIn();
    const requests = mockApi(flowHandlers(Number.POSITIVE_INFINITY));
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 10_000 }));
    expect(await screen.findByText('Select your Health Plan Option Below', {}, { timeout: 5000 })).toBeInTheDocument();
    // The flow was read again on the move, and named the same version.
    await vi.waitFor(() => expect(requests.filter((r) => r.path.startsWith('/api/content/flows/enrollment')).length).toBe(2));
    expect(screen.queryByText(messages['flow-changed'])).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'IV. Additional Services' })).toBeInTheDocument();
  });
});
