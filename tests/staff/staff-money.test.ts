/**
 * The console's client decodes the money of the answers it shows (src/staff/api/staff-money.ts): the preview's
 * sample and the contribution previews come as cents; the lists staff edit keep the dollars they type.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffData } from '../../src/staff/api/staff-api.ts';

const ACCOUNT = '00000000-0000-4000-8000-0000000000a1';

describe('the staff API client', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = String(input);
      const data = path.includes('/preview-sample')
        ? { quote: { healthplans: [{ rate: 412.5 }] }, hsalimit: { maxmonthly: 366.66 }, productlist: [{ options: [{ cost: 9.99 }] }], contribution: 450 }
        : path.endsWith('/contribution-preview')
          ? { amount: 450.5, text: '$450.50 a month' }
          : [{ id: 'p', options: [{ option: 'Individual', cost: 9.99 }] }];
      return new Response(JSON.stringify({ success: true, data, message: '' }), { status: 200 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("turns the preview sample's dollars into cents", async () => {
    expect(await staffData('GET', `/api/staff/employers/${ACCOUNT}/preview-sample?zip=97201&birthdate=1985-04-12&effectivedate=2027-01-01`)).toEqual({
      quote: { healthplans: [{ rate: 41250 }] },
      hsalimit: { maxmonthly: 36666 },
      productlist: [{ options: [{ cost: 999 }] }],
      contribution: 45000,
    });
  });

  it("turns a contribution preview's amount into cents", async () => {
    expect(await staffData('POST', `/api/staff/employers/${ACCOUNT}/contribution-preview`, { age: 40, zip: '97201', spouse: false, children: 0 })).toEqual({ amount: 45050, text: '$450.50 a month' });
  });

  it('keeps the dollars of a list staff edit (their inputs show and send what is typed)', async () => {
    expect(await staffData('GET', `/api/staff/employers/${ACCOUNT}/products`)).toEqual([{ id: 'p', options: [{ option: 'Individual', cost: 9.99 }] }]);
  });
});
