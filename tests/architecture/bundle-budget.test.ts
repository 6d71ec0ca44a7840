/**
 * The size budget of the portal's JavaScript at first paint (docs/decisions/028-a-size-budget-for-the-portals-javascript-in-npm.md), read from the build that
 * `npm test` makes before it runs the tests (dist/web and its Vite manifest; bench/route-javascript.ts computes
 * it, as the bundle bench does): the landing page at most 150 KB gzip, each wizard step at most 361 KB gzip. Sizes
 * are gzip level 9 of each chunk, summed. No build fails the test: run `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import { routeSizes } from '../../bench/route-javascript.ts';

const LANDING_LIMIT_KB = 150;
const WIZARD_LIMIT_KB = 361;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

describe('bundle budget (the built web app)', () => {
  // Throws, saying to run `npm run build`, when there is no build.
  const routes = () => routeSizes();

  it(`the landing page loads at most ${LANDING_LIMIT_KB} KB of JavaScript gzip, without rjsf`, () => {
    const landing = routes().find((route) => route.route.startsWith('/ '))!;
    expect(kb(landing.gzip), `the landing page's JavaScript (${landing.files.join(', ')})`).toBeLessThanOrEqual(LANDING_LIMIT_KB);
    expect(landing.rjsf, 'rjsf among the landing page\'s chunks').toBe(false);
  });

  it(`each wizard step loads at most ${WIZARD_LIMIT_KB} KB of JavaScript gzip`, () => {
    const wizard = routes().filter((route) => route.route.startsWith('/profile'));
    expect(wizard.length).toBeGreaterThan(0);
    for (const route of wizard) expect(kb(route.gzip), `${route.route} (${route.files.join(', ')})`).toBeLessThanOrEqual(WIZARD_LIMIT_KB);
  });
});
