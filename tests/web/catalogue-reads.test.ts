/**
 * The entry renders only once the page's catalogue is loaded (main.tsx), but it imports every module before:
 * no module of the portal or the console may read a catalogue text as it is evaluated. Each module is imported
 * here into a fresh module registry whose catalogue is not loaded, where such a read throws.
 */
import { describe, expect, it, vi } from 'vitest';

const modules = import.meta.glob(['../../src/portal/**/*.{ts,tsx}', '../../src/web/**/*.{ts,tsx}', '../../src/staff/**/*.{ts,tsx}', '!**/main.tsx']);

describe('catalogue reads', () => {
  it('no module reads a catalogue text as it is evaluated', { timeout: 120_000 }, async () => {
    vi.resetModules();
    const catalogue = await import('#portal/messages.ts');
    expect(() => catalogue.messages['close']).toThrow(/before the catalogue was loaded/);
    const failures: string[] = [];
    for (const [file, load] of Object.entries(modules)) {
      try {
        await load();
      } catch (error) {
        // Only a catalogue read counts: a module jsdom cannot load for another reason (the console's code editor)
        // is the staff tests' to load.
        const message = (error as Error).message;
        if (message.includes('before the catalogue was loaded')) failures.push(`${file}: ${message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(Object.keys(modules).length).toBeGreaterThan(50);
  });
});
