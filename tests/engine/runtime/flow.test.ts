import { describe, expect, it } from 'vitest';
import { evaluateFlow, type FlowDocument } from '#engine/runtime/index.ts';

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

  it('joins the sub-steps of consecutive major steps sharing a tabRow into one row of tabs', () => {
    const rows: FlowDocument = {
      id: 'rows',
      version: 1,
      kind: 'flow',
      steps: {
        start: { title: 'Start', order: 1 },
        choose: { title: 'Choose', order: 2, tabRow: 'shop' },
        pick: { title: 'Pick', order: 1, parent: 'choose', screen: 'pick' },
        shop: { title: 'Shop', order: 3, tabRow: 'shop' },
        browse: { title: 'Browse', order: 1, parent: 'shop', when: { '==': [{ var: 'x' }, 1] } },
        pay: { title: 'Pay', order: 2, parent: 'shop' },
        end: { title: 'End', order: 4 },
        closing: { title: 'Closing', order: 1, parent: 'end' },
      },
    };
    const steps = evaluateFlow(rows, { x: 1 });
    const row = (index: number) => steps[index]!.tabs!.map((tab) => [tab.parent, tab.id]);
    expect(row(0)).toEqual([]);
    expect(row(1)).toEqual([
      ['choose', 'pick'],
      ['shop', 'browse'],
      ['shop', 'pay'],
    ]);
    expect(row(2)).toEqual(row(1));
    expect(row(3)).toEqual([['end', 'closing']]);
    expect(steps[1]!.substeps.map((s) => s.id)).toEqual(['pick']);
    expect(evaluateFlow(rows, { x: 2 })[2]!.tabs!.map((tab) => tab.id)).toEqual(['pick', 'pay']);
  });
});
