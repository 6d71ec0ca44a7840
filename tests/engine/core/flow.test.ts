import { describe, expect, it } from 'vitest';
import { evaluateFlow, type FlowDocument } from '#engine/core/index.ts';

const flow: FlowDocument = {
  id: 'sample',
  version: 1,
  kind: 'flow',
  steps: {
    second: { title: 'Second', order: 2, form: 'b', formWhen: { '==': [{ var: 'x' }, 1] } },
    first: { title: 'First', order: 1, form: 'a', canProceed: { '!=': [{ var: 'x' }, 0] } },
    hidden: { title: 'Hidden', order: 3, when: false },
    'sub-b': { title: 'Sub B', order: 2, parent: 'second', screen: 'sb', when: { '==': [{ var: 'x' }, 1] } },
    'sub-a': { title: 'Sub A', order: 1, parent: 'second', screen: 'sa' },
  },
};

describe('evaluateFlow', () => {
  it('orders major steps and sub-steps and drops those whose when is falsy', () => {
    const steps = evaluateFlow(flow, { x: 1 });
    expect(steps.map((s) => s.id)).toEqual(['first', 'second']);
    expect(steps[1]!.substeps.map((s) => [s.id, s.title, s.screen])).toEqual([
      ['sub-a', 'Sub A', 'sa'],
      ['sub-b', 'Sub B', 'sb'],
    ]);
    expect(evaluateFlow(flow, { x: 2 })[1]!.substeps.map((s) => s.id)).toEqual(['sub-a']);
  });

  it('evaluates canProceed (true when absent) and formWhen', () => {
    expect(evaluateFlow(flow, { x: 0 }).map((s) => [s.id, s.canProceed, s.form])).toEqual([
      ['first', false, 'a'],
      ['second', true, undefined],
    ]);
    expect(evaluateFlow(flow, { x: 1 })[1]!.form).toBe('b');
  });
});
