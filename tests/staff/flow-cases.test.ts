/** The preview's cases: every case the publish proof walks, an employer's own found by its settings, each walked with its settings. */
import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '#engine/runtime/index.ts';
import flowJson from '../../flows/enrollment.flow.json';
import { casesFor, casesInOrder, FLOW_CASES, stepOfForm, caseSteps, stepTitles } from '../../src/staff/documents/preview/flow-cases.ts';

const flow = flowJson as unknown as FlowDocument;
const TODAY = '2026-01-01';
const names = (hsaonly: number, employeazecustomer: number) => casesFor({ hsaonly, employeazecustomer }).map((flowCase) => flowCase.name);

describe('the cases an employer allows', () => {
  it("names every case in the employer form's plain words, never by a spec code", () => {
    for (const flowCase of FLOW_CASES) expect(flowCase.name).not.toMatch(/hsaonly|employeazecustomer|edoc_period|\d/);
  });

  it("finds an employer's own cases by its settings: each choice of the employee with them", () => {
    expect(names(1, 1)).toEqual([
      'buys an HSA-eligible plan; HSA-eligible plans only, additional services offered',
      'buys a plan not HSA-eligible; HSA-eligible plans only, additional services offered',
      'waives; HSA-eligible plans only, additional services offered',
    ]);
    expect(names(0, 2)).toEqual(['buys an HSA-eligible plan; every plan offered, no additional services', 'buys a plan not HSA-eligible; every plan offered, no additional services', 'waives; every plan offered, no additional services']);
    expect(casesInOrder({ hsaonly: 0, employeazecustomer: 2 }).map((flowCase) => flowCase.name).slice(0, 3)).toEqual(names(0, 2));
    expect(casesInOrder({ hsaonly: 0, employeazecustomer: 2 })).toHaveLength(FLOW_CASES.length);
  });

  it('offers an employeazecustomer 0 employer only the profile with Next disabled', () => {
    const [only, ...rest] = casesFor({ hsaonly: 1, employeazecustomer: 0 });
    expect(rest).toEqual([]);
    expect(only!.name).toMatch(/Next disabled/);
    expect(caseSteps(flow, { hsaonly: 1, employeazecustomer: 0 }, only!, TODAY)[0]).toMatchObject({ id: 'profile', canProceed: false });
  });

  it("walks a case with the case's settings, whatever the employer's", () => {
    const noServices = FLOW_CASES.find((flowCase) => flowCase.name === 'buys an HSA-eligible plan; HSA-eligible plans only, no additional services')!;
    expect(stepTitles(flow, { hsaonly: 0, employeazecustomer: 1 }, noServices, TODAY)).toContain('Shopping and Cart › Flexible Spending');
    expect(stepTitles(flow, { hsaonly: 0, employeazecustomer: 1 }, noServices, TODAY)).not.toContain('Shopping and Cart › Additional Services');
  });

  it("walks a case with the employer's own settings", () => {
    const employer = { hsaonly: 1, employeazecustomer: 1 };
    const [buy, , waive] = casesFor(employer);
    expect(stepTitles(flow, employer, buy!, TODAY)).toEqual(expect.arrayContaining(['Shopping and Cart › Flexible Spending', 'Shopping and Cart › Additional Services', 'Shopping and Cart › ICHRA Acknowledgment']));
    expect(stepTitles(flow, employer, waive!, TODAY)).not.toContain('Shopping and Cart › Shop Health Plans');
    expect(stepTitles(flow, { hsaonly: 0, employeazecustomer: 2 }, casesFor({ hsaonly: 0, employeazecustomer: 2 })[0]!, TODAY)).not.toContain('Shopping and Cart › Flexible Spending');
  });

  it("finds a form's step: a major step's form, a sub-step's form, a form of no step nowhere", () => {
    const employer = { hsaonly: 0, employeazecustomer: 1 };
    const [buy, , waive] = casesFor(employer);
    const buying = caseSteps(flow, employer, buy!, TODAY);
    expect(stepOfForm(buying, 'profile')).toEqual({ step: 'profile' });
    expect(stepOfForm(buying, 'contributions')).toEqual({ step: 'contributions', substep: 'choice' });
    expect(stepOfForm(buying, 'acknowledgements')).toEqual({ step: 'enroll', substep: 'cart' });
    expect(stepOfForm(buying, 'waiver')).toBeNull();
    expect(stepOfForm(caseSteps(flow, employer, waive!, TODAY), 'waiver')).toEqual({ step: 'contributions', substep: 'choice' });
    expect(stepOfForm(buying, 'login')).toBeNull();
  });
});
