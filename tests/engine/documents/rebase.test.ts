import { describe, expect, it } from 'vitest';
import { rebaseDraft } from '#engine/documents/index.ts';

const base = {
  firstname: 'Dana',
  telephone: '5035550100',
  pcpname: 'Dr. Old',
  dependents: [
    { id: 'd1', firstname: 'Riley', lastname: 'Park' },
    { id: 'd2', firstname: 'Sam', lastname: 'Park' },
  ],
};

describe('rebaseDraft', () => {
  it('keeps what was saved elsewhere and applies only what the draft changed', () => {
    const mine = { ...base, pcpname: 'Dr. New' };
    const newest = { ...base, telephone: '5035550199', dependents: [...base.dependents, { id: 'd3', firstname: 'Newborn', lastname: 'Park' }] };
    expect(rebaseDraft(base, mine, newest)).toEqual({ ...newest, pcpname: 'Dr. New' });
  });

  it('merges dependents by id: one edited here, one removed here, one added here, one deleted elsewhere', () => {
    const mine = {
      ...base,
      dependents: [{ id: 'd1', firstname: 'Riley', lastname: 'Park-Lee' }, { firstname: 'Added', lastname: 'Here' }],
    };
    const newest = {
      ...base,
      dependents: [
        { id: 'd1', firstname: 'Riley', lastname: 'Park', gender: 'Female' },
        { id: 'd2', firstname: 'Sam', lastname: 'Park' },
        { id: 'd3', firstname: 'Added', lastname: 'Elsewhere' },
      ],
    };
    expect(rebaseDraft(base, mine, newest)).toEqual({
      ...base,
      dependents: [
        { id: 'd1', firstname: 'Riley', lastname: 'Park-Lee', gender: 'Female' },
        { firstname: 'Added', lastname: 'Here' },
        { id: 'd3', firstname: 'Added', lastname: 'Elsewhere' },
      ],
    });
    const deletedElsewhere = { ...base, dependents: [base.dependents[1]] };
    expect(rebaseDraft(base, mine, deletedElsewhere)).toEqual({ ...base, dependents: [{ firstname: 'Added', lastname: 'Here' }] });
  });

  it('clears a field cleared here, and gives the newest data whole when nothing was changed here', () => {
    const { pcpname: _cleared, ...mine } = base;
    expect(rebaseDraft(base, mine, { ...base, telephone: '1' })).toEqual({ ...mine, telephone: '1' });
    const newest = { ...base, firstname: 'Dani' };
    expect(rebaseDraft(base, structuredClone(base), newest)).toBe(newest);
  });
});
