/**
 * The publish proof over the base documents (src/server/content/publish-proof.ts): the product's own configuration
 * passes it, every case of the enrollment table reaching the authorization as the last step, through the spec's
 * sequence table; the walk covers every case of the table the console previews; and a harm that every other check
 * lets through (the SSN hidden) is found in every case, so the proof can fail. The API tests (tests/server/
 * publish-proof.test.ts) take each harm of issue 33 through a publish.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLOSED_CASE, ENROLLING_CASES, FLOW_CASES } from '#domain/enrollment/enrollment-cases.ts';
import { SAMPLE_EMPLOYEE, SAMPLE_FAMILY } from '#domain/enrollment/sample-employee.ts';
import type { FormDocument } from '#engine/runtime/index.ts';
import { loadBaseContent } from '#server/content/base-content.ts';
import { provePublish, type ProofInput } from '#server/content/publish-proof.ts';

type TableCase = { employer: { hsaonly: number; employeazecustomer: number }; choice: { option: 'buy' | 'waive'; planHsaEligible?: boolean }; substeps: string[] };
const table = JSON.parse(readFileSync(new URL('./cases/enrollment.cases.json', import.meta.url), 'utf8')) as { cases: TableCase[] };
const base = loadBaseContent();
const today = '2026-03-10';

const input = (forms: ReadonlyMap<string, FormDocument> = base.forms): ProofInput => ({
  flow: base.flows.get('enrollment')!,
  baseFlow: base.flows.get('enrollment')!,
  forms,
  baseForms: base.forms,
  cases: ENROLLING_CASES,
  employees: [{ label: 'the sample employee', loaded: SAMPLE_EMPLOYEE, family: SAMPLE_FAMILY }],
  today,
  effectiveDates: ['2026-04-01', '2026-05-01'],
});

describe('the publish proof over the base documents', () => {
  const proof = provePublish(input());

  it('finds no problem: every case reaches the authorization, last', () => {
    expect(proof.problems).toEqual([]);
    expect(proof.walks.map((walk) => [walk.case.name, walk.authorized])).toEqual(ENROLLING_CASES.map((flowCase) => [flowCase.name, true]));
    for (const walk of proof.walks) expect(walk.steps.at(-1)!.substeps.at(-1)!.id).toBe('cart');
  });

  it("walks the spec's sequence table: each of its cases is one the proof walks, with the table's tabs", () => {
    for (const row of table.cases) {
      const walk = proof.walks.find(({ case: flowCase }) => flowCase.employer.hsaonly === row.employer.hsaonly && flowCase.employer.employeazecustomer === row.employer.employeazecustomer && flowCase.choice.option === row.choice.option && flowCase.choice.planHsaEligible === (row.choice.planHsaEligible ?? false));
      expect(walk, JSON.stringify(row)).toBeDefined();
      expect(walk!.steps[2]!.tabs!.map((tab) => tab.title)).toEqual(row.substeps);
    }
  });

  it('walks every case the console previews but the employer closed at the profile', () => {
    expect(FLOW_CASES).toEqual([...ENROLLING_CASES, CLOSED_CASE]);
    expect(ENROLLING_CASES).toHaveLength(12);
  });

  it('finds the SSN hidden in every case, at the Profile', () => {
    const profile = structuredClone(base.forms.get('profile')!) as FormDocument & { uiSchema: Record<string, Record<string, unknown>> };
    profile.uiSchema.additionalid = { ...profile.uiSchema.additionalid, 'ui:widget': 'hidden' };
    const { problems, walks } = provePublish(input(new Map([...base.forms, ['profile', profile]])));
    expect(problems).toEqual([expect.objectContaining({ step: 'Profile', field: 'SSN', document: 'profile', pointer: '/uiSchema/additionalid', cases: ENROLLING_CASES.map((flowCase) => flowCase.name) })]);
    expect(walks.every((walk) => !walk.authorized)).toBe(true);
  });
});
