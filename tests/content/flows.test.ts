import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateFlow } from '#engine/runtime/index.ts';
import { loadBaseContent } from '#server/content/base-content.ts';

type FlowCase = {
  name: string;
  employer: { hsaonly: number; employeazecustomer: number };
  choice: { option: 'buy' | 'waive'; planHsaEligible?: boolean };
  substeps: string[];
};
// A copy of the spec's shared/spec/flow-cases.json, kept in the repository so CI has it.
const table = JSON.parse(readFileSync(new URL('./cases/enrollment.cases.json', import.meta.url), 'utf8')) as { cases: FlowCase[] };
const flow = loadBaseContent().flows.get('enrollment')!;
const today = '2026-11-21';

describe('the enrollment flow reproduces the spec sequence table', () => {
  it.each(table.cases)('$name', ({ employer, choice, substeps }) => {
    const steps = evaluateFlow(flow, { today, employer, choice });
    expect(steps.map((s) => s.title)).toEqual(['Profile', 'Contributions', 'Shopping and Cart']);
    // Steps 2 and 3 show one row of tabs: the choice (tab I) is step 2's only sub-step, step 3 continues the row.
    expect(steps[1]!.tabs!.map((s) => s.title)).toEqual(substeps);
    expect(steps[2]!.tabs!.map((s) => s.title)).toEqual(substeps);
    expect(steps[1]!.substeps.map((s) => s.id)).toEqual(['choice']);
    expect(steps[2]!.substeps.map((s) => s.title)).toEqual(substeps.slice(1));
    expect(steps[0]!.tabs).toEqual([]);
    expect(steps.every((s) => s.canProceed)).toBe(true);
  });

  it('disables Next on the profile when the employer has employeazecustomer 0', () => {
    const steps = evaluateFlow(flow, { today, employer: { hsaonly: 0, employeazecustomer: 0 }, choice: { option: 'buy' } });
    expect(steps[0]).toMatchObject({ id: 'profile', form: 'profile', canProceed: false });
  });

  it('shows the waiver form on the first sub-step only when waiving', () => {
    const subFor = (option: 'buy' | 'waive') =>
      evaluateFlow(flow, { today, employer: { hsaonly: 1, employeazecustomer: 1 }, choice: { option, planHsaEligible: true } })[1]!.substeps[0]!;
    expect(subFor('waive')).toMatchObject({ title: 'Contributions', screen: 'contributions', form: 'waiver' });
    expect(subFor('buy').form).toBeUndefined();
  });

  it('names the screens of every sub-step', () => {
    const steps = evaluateFlow(flow, { today, employer: { hsaonly: 1, employeazecustomer: 1 }, choice: { option: 'buy', planHsaEligible: true } });
    expect(steps[2]!.tabs!.map((s) => s.screen)).toEqual([
      'contributions',
      'ichra-acknowledgment',
      'shop-health-plans',
      'flexible-spending',
      'additional-services',
      'cart',
    ]);
  });

  // The step list of every case, for the demo employer and an employer with an override, is snapshotted in
  // resolved-documents.test.ts.
});
