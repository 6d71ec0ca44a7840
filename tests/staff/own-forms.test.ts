/** A form of the employer's own started in the console, and the step of its own that shows it in the flow. */
import { describe, expect, it } from 'vitest';
import flow from '../../flows/enrollment.flow.json' with { type: 'json' };
import { stepsOf } from '../../src/staff/documents/document-edits.ts';
import { addOwnStep, emptyOwnForm, ownFormIdProblem, ownStepEvent } from '../../src/staff/documents/own-steps/own-forms.ts';

describe('own forms', () => {
  it("takes an id the server takes and no document has", () => {
    const taken = new Set(['profile', 'enrollment']);
    expect(ownFormIdProblem('commute-survey', taken)).toBeNull();
    expect(ownFormIdProblem('profile', taken)).toMatch(/is taken/);
    for (const id of ['', 'Commute', '1survey', 'commute_survey', 'a'.repeat(101), 'x/../y']) expect(ownFormIdProblem(id, taken), id).toMatch(/lowercase letters/);
  });

  it('starts from an empty form that requires nothing', () => {
    expect(emptyOwnForm('commute-survey', 'Commute Survey')).toEqual({
      id: 'commute-survey',
      version: 1,
      kind: 'form',
      title: 'Commute Survey',
      schema: { type: 'object', properties: {} },
      uiSchema: {},
      messages: {},
    });
  });

  it('puts a step of its own before the chosen major step, or last, with one optional call recording the answers', () => {
    const first = addOwnStep(flow, { form: 'commute-survey', title: 'Commute Survey', before: 'profile' });
    expect(stepsOf(first).filter((step) => step.parent === null).map((step) => step.id)).toEqual(['commute-survey', 'profile', 'contributions', 'enroll']);
    const added = (first.steps as Record<string, Record<string, unknown>>)['commute-survey']!;
    expect(added).toMatchObject({ title: 'Commute Survey', form: 'commute-survey', calls: { submit: [{ method: 'POST', optional: true, path: '/api/LogFact/v2' }] } });
    expect(added).not.toHaveProperty('canProceed');
    expect(JSON.stringify(added)).toContain(ownStepEvent('commute-survey'));

    const between = addOwnStep(flow, { form: 'commute-survey', title: 'Commute Survey', before: 'enroll' });
    expect(stepsOf(between).filter((step) => step.parent === null).map((step) => step.id)).toEqual(['profile', 'contributions', 'commute-survey', 'enroll']);
    const last = addOwnStep(flow, { form: 'commute-survey', title: 'Commute Survey', before: null });
    expect(stepsOf(last).filter((step) => step.parent === null).map((step) => step.id).at(-1)).toBe('commute-survey');
  });
});
