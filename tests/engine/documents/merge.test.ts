import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDocument } from '#engine/authoring/index.ts';
import { mergeDocument, mergePatch, patchLimitProblem, resolveDocument } from '#engine/documents/index.ts';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../schemas/meta/${file}`, import.meta.url), 'utf8'));
const meta = { form: read('form.schema.json'), flow: read('flow.schema.json'), flags: read('flags.schema.json') };

// RFC 7396 Appendix A: every example, as [target, patch, result].
const rfcExamples: Array<[unknown, unknown, unknown]> = [
  [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
  [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
  [{ a: 'b' }, { a: null }, {}],
  [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
  [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
  [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
  [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
  [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  [['a', 'b'], ['c', 'd'], ['c', 'd']],
  [{ a: 'b' }, ['c'], ['c']],
  [{ a: 'foo' }, null, null],
  [{ a: 'foo' }, 'bar', 'bar'],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [[1, 2], { a: 'b', c: null }, { a: 'b' }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

describe('mergePatch (RFC 7396)', () => {
  it.each(rfcExamples)('%j patched with %j is %j', (target, patch, result) => {
    expect(mergePatch(target, patch)).toEqual(result);
  });

  it('changes neither the target nor the patch, and shares no objects with the patch', () => {
    const target = { a: { b: 1 }, list: [1] };
    const patch = { a: { c: 2 }, list: [{ x: 1 }] };
    const merged = mergePatch(target, patch) as { list: unknown[] };
    expect(target).toEqual({ a: { b: 1 }, list: [1] });
    expect(patch).toEqual({ a: { c: 2 }, list: [{ x: 1 }] });
    expect(merged.list[0]).not.toBe(patch.list[0]);
  });

  it('keeps a __proto__ member of a patch as a plain member', () => {
    const merged = mergePatch({}, JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.keys(merged)).toEqual(['__proto__']);
  });
});

describe('resolveDocument', () => {
  it('answers a copy of the base without a patch, and the merged document with one', () => {
    const base = { id: 'x', messages: { a: 'A', b: 'B' } };
    const copy = resolveDocument(base);
    expect(copy).toEqual(base);
    expect(copy).not.toBe(base);
    expect(resolveDocument(base, { messages: { a: 'Changed', b: null } })).toEqual({ id: 'x', messages: { a: 'Changed' } });
  });
});

describe('mergeDocument: conditions are replaced whole', () => {
  const flow = {
    id: 'f',
    version: 1,
    kind: 'flow',
    title: 'Flow',
    steps: {
      a: { title: 'A', order: 1, when: { '!=': [{ var: 'employer.hsaonly' }, 1] }, canProceed: { and: [true, { var: 'employer.hsaonly' }] } },
      b: { title: 'B', order: 2, calls: { load: [{ id: 'l', method: 'GET', path: '/x' }] } },
    },
  };

  it('replaces a condition a patch touches instead of merging two operators into one object', () => {
    const patch = { steps: { a: { when: { '==': [{ var: 'employer.hsaonly' }, 1] } } } };
    // Plain RFC 7396 makes an object of both operators, which JSON Logic reads as a value (always true)...
    expect((mergePatch(flow, patch) as typeof flow).steps.a.when).toEqual({ '!=': [{ var: 'employer.hsaonly' }, 1], '==': [{ var: 'employer.hsaonly' }, 1] });
    expect(checkDocument(mergePatch(flow, patch), meta)).toEqual(["/steps/a/when: an object must be one operation, not '!=' and '=='"]);
    // ...the document merge replaces it whole.
    const merged = mergeDocument(flow, patch, meta.flow) as typeof flow;
    expect(merged.steps.a.when).toEqual({ '==': [{ var: 'employer.hsaonly' }, 1] });
    expect(merged.steps.a.canProceed).toEqual(flow.steps.a.canProceed);
    expect(checkDocument(merged, meta)).toEqual([]);
  });

  it('still merges what is not a condition, removes a condition with null, and changes neither input', () => {
    const before = structuredClone(flow);
    const merged = mergeDocument(flow, { title: 'New', steps: { a: { title: 'AA', canProceed: null }, c: { title: 'C', order: 3, when: { var: 'x' } } } }, meta.flow) as Record<string, any>;
    expect(merged.title).toBe('New');
    expect(merged.steps.a).toEqual({ title: 'AA', order: 1, when: flow.steps.a.when });
    expect(merged.steps.c.when).toEqual({ var: 'x' });
    expect(merged.steps.b).toEqual(flow.steps.b);
    expect(flow).toEqual(before);
  });

  it("replaces a form's ui:showWhen whole, and merges the rest of the uiSchema", () => {
    const form = { id: 'x', version: 1, kind: 'form', schema: { type: 'object' }, messages: {}, uiSchema: { a: { 'ui:showWhen': { '==': [{ var: 'data.b' }, 1] }, 'ui:widget': 'text' } } };
    const merged = mergeDocument(form, { uiSchema: { a: { 'ui:showWhen': { '!': { var: 'data.b' } } } } }, meta.form) as Record<string, any>;
    expect(merged.uiSchema.a).toEqual({ 'ui:showWhen': { '!': { var: 'data.b' } }, 'ui:widget': 'text' });
  });

  it('answers the base copied without a patch, and merges through resolveDocument with a meta-schema', () => {
    expect(resolveDocument(flow, { steps: { a: { when: { var: 'y' } } } }, meta.flow).steps.a.when).toEqual({ var: 'y' });
  });
});

describe('patchLimitProblem', () => {
  const limits = { maxBytes: 64 * 1024, maxDepth: 32 };
  const nested = (levels: number) => {
    let value: unknown = 1;
    for (let i = 0; i < levels; i += 1) value = { a: value };
    return value;
  };

  it('accepts a patch within both limits', () => {
    expect(patchLimitProblem({ messages: { a: 'x' } }, limits)).toBeNull();
    expect(patchLimitProblem(nested(32), limits)).toBeNull();
  });

  it('refuses a patch nested too deep, even 100,000 levels, without overflowing the stack', () => {
    expect(patchLimitProblem(nested(33), limits)).toBe('the patch is nested more than 32 levels deep');
    expect(patchLimitProblem(nested(100_000), limits)).toBe('the patch is nested more than 32 levels deep');
    let list: unknown = [];
    for (let i = 0; i < 5000; i += 1) list = [list];
    expect(patchLimitProblem({ a: list }, limits)).toBe('the patch is nested more than 32 levels deep');
  });

  it('refuses a patch larger than the size limit, counting UTF-8 bytes', () => {
    expect(patchLimitProblem({ messages: { a: 'x'.repeat(64 * 1024) } }, limits)).toMatch(/^the patch is 655\d\d bytes; at most 65536 are allowed$/);
    expect(patchLimitProblem({ a: 'é'.repeat(33_000) }, limits)).toMatch(/at most 65536 are allowed/);
  });
});
