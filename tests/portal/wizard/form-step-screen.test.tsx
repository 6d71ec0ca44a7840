import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mergePatch } from '#engine/documents/index.ts';
import { type FlowDocument } from '#engine/runtime/index.ts';
import { FormStepScreen } from '#portal/wizard/form-step-screen.tsx';
import { OWN_FORM, OWN_FORM_ID, OWN_STEP_EVENT, OWN_STEP_FLOW_PATCH } from '../../fixtures/own-step.ts';
import { documentHandlers, fail, mockApi, ok, signIn, type Handler } from '../../web/layout/test-app.tsx';
import { flow, renderStep } from './step-harness.tsx';

const SAVED_PATH = '/api/test/commuter-answers';

/**
 * The screen serves any step that is only a form. A step of the employer's own requires nothing and its call is
 * optional (docs/staff.md), so the screen's refusals are shown with the commute required and the step's call one
 * that must succeed.
 */
const STRICT_FORM = { ...OWN_FORM, schema: { ...OWN_FORM.schema, required: ['commutemode'] } };
const ownStep = OWN_STEP_FLOW_PATCH.steps[OWN_FORM_ID];
/** The enrollment flow with that step, which also loads what was answered before. */
const ownFlow = mergePatch(flow, { steps: { [OWN_FORM_ID]: { ...ownStep, calls: { submit: ownStep.calls.submit.map((call) => ({ ...call, optional: false })) } } } }) as FlowDocument;
const withLoad = mergePatch(ownFlow, {
  steps: { [OWN_FORM_ID]: { calls: { load: [{ id: 'saved', method: 'GET', path: SAVED_PATH }] } } },
}) as FlowDocument;

function setup(extra: Record<string, Handler> = {}) {
  signIn();
  return mockApi({
    ...documentHandlers(),
    [`GET /api/content/forms/${OWN_FORM_ID}`]: ok({ document: STRICT_FORM, etag: '"own-1"' }),
    'POST /api/LogFact/v2': ok({ id: 'event-1' }),
    ...extra,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the generic screen of a step that is only a form', () => {
  it("shows the document's title and fields, refuses by its rules, then saves with the step's call and goes on", async () => {
    const requests = setup();
    const harness = renderStep(OWN_FORM_ID, FormStepScreen, { flow: ownFlow });
    expect(await screen.findByRole('heading', { name: 'Commuter Benefits' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('Please choose how you get to work.')).not.toHaveLength(0);
    expect(harness.next).not.toHaveBeenCalled();

    await userEvent.click(within(screen.getByRole('radiogroup', { name: /How do you get to work/ })).getByLabelText('Bicycle'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(harness.next).toHaveBeenCalledTimes(1));
    const saved = requests.find((r) => r.method === 'POST' && r.path === '/api/LogFact/v2');
    expect(saved?.body).toEqual({ title: OWN_STEP_EVENT, action: OWN_STEP_EVENT, data: { commutemode: 'Bicycle' } });
  });

  it('starts from the answer of its first load call, and shows a refused save without going on', async () => {
    setup({
      [`GET ${SAVED_PATH}`]: ok({ commutemode: 'Car' }),
      'POST /api/LogFact/v2': fail(400, 'VALIDATION_FAILED', 'The answers were refused.', null, { fieldErrors: { '/commutemode': ['Not this one.'] } }),
    });
    const harness = renderStep(OWN_FORM_ID, FormStepScreen, { flow: withLoad });
    const car = await screen.findByLabelText('Car');
    expect(car).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('Not this one.')).not.toHaveLength(0);
    expect(harness.next).not.toHaveBeenCalled();
  });
});
