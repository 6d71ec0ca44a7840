import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isIsoDate } from '#domain/values/dates.ts';

/**
 * Every value a parameters module exports is a parameter with its date and its reference, so a constant added
 * without them fails here. Functions (the `parameter` maker, `stateOfCounty`) are rules, not constants.
 */
const folder = path.join(process.cwd(), 'src', 'domain', 'parameters');
const modules = readdirSync(folder).filter((file) => file.endsWith('.ts'));

const exported = await Promise.all(
  modules.map(async (file) => Object.entries((await import(path.join(folder, file))) as Record<string, unknown>).map(([name, value]) => ({ name: `${file} ${name}`, value }))),
);
const constants = exported.flat().filter(({ value }) => typeof value !== 'function');

describe('parameters', () => {
  it('finds the constants of every parameters module', () => {
    expect(modules).toEqual(expect.arrayContaining(['affordability.ts', 'enrollment.ts', 'hsa.ts', 'rating.ts', 'states.ts']));
    expect(constants.length).toBeGreaterThanOrEqual(20);
  });

  it.each(constants)('$name has a value, an ISO date from which it holds and a reference', ({ value }) => {
    expect(value).toEqual({ value: expect.anything(), from: expect.any(String), reference: expect.any(Array) });
    const { from, reference } = value as { from: string; reference: { title: unknown; href?: unknown }[] };
    expect(isIsoDate(from), `from ${from}`).toBe(true);
    expect(reference.length).toBeGreaterThan(0);
    for (const { title, href } of reference) {
      expect(typeof title === 'string' && title.trim().length > 0).toBe(true);
      if (href !== undefined) expect(String(href)).toMatch(/^https:\/\/\S+$/);
    }
  });
});
