/**
 * The member API client converts money in one place (src/portal/api/money-decoder.ts, by the calls
 * src/contracts/money/member-money.ts declares): each answer's dollars are cents for the app, the cents of a body it
 * composes are dollars on the wire, and a call without money goes as it came.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_MONEY_CALLS } from '#contracts/money/member-money.ts';
import { api, call } from '#portal/api/api-client.ts';
import { moneyDecoder } from '#portal/api/money-decoder.ts';

const member = moneyDecoder(MEMBER_MONEY_CALLS);

describe('the member decoder', () => {
  it("turns an answer's dollars into cents where its call declares them, and leaves the rest", () => {
    const path = '/api/EmployerContribution/GetWaivedContribution/acc/2027-01-01/1985-04-12/OR';
    expect(member.centsOfAnswer('GET', path, 450.5)).toBe(45050);
    const quote = { healthplans: [{ planid: 'X', rate: 412.5, annualdeductibleindividual: null, annualdeductiblefamily: 14000, benefits: { copay: '$40' } }], planyear: 2027 };
    expect(member.centsOfAnswer('POST', '/api/HealthPlanQuote', quote)).toEqual({
      healthplans: [{ planid: 'X', rate: 41250, annualdeductibleindividual: null, annualdeductiblefamily: 1_400_000, benefits: { copay: '$40' } }],
      planyear: 2027,
    });
    expect(quote.healthplans[0]!.rate).toBe(412.5);
    // The path's query is not part of the call; another method is another call.
    expect(member.centsOfAnswer('GET', '/api/Dependent?memberid=m1', { dependents: [{ id: 'd', contributionamt: 12.34 }] })).toEqual({ dependents: [{ id: 'd', contributionamt: 1234 }] });
    expect(member.centsOfAnswer('GET', '/api/Member/GetMember', { currentplanyear: 2027 })).toEqual({ currentplanyear: 2027 });
    expect(member.centsOfAnswer('DELETE', '/api/Product', { productlist: [{ options: [{ cost: 9.99 }] }] })).toEqual({ productlist: [{ options: [{ cost: 9.99 }] }] });
  });

  it('refuses an amount that is not whole cents rather than rounding it', () => {
    expect(() => member.centsOfAnswer('GET', '/api/Hsa/Limit', { annuallimit: 4400.005 })).toThrow();
  });

  it("writes the cents of a body the app composes as the wire's dollars", () => {
    expect(member.dollarsOfBody('POST', '/api/Enrollment/Authorize', { effectivedate: '2027-01-01', hsamonthly: 36666, rate: 40000 })).toEqual({
      effectivedate: '2027-01-01',
      hsamonthly: 366.66,
      rate: 400,
    });
    // The affordability form's income is typed dollars, sent as typed.
    expect(member.dollarsOfBody('POST', '/api/Affordability', { householdincome: 52000.5 })).toEqual({ householdincome: 52000.5 });
  });
});

describe('the member API client', () => {
  let sent: { path: string; body: unknown }[] = [];
  beforeEach(() => {
    sent = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      sent.push({ path: String(input), body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
      const data = String(input).startsWith('/api/Hsa/Limit') ? { annuallimit: 4400, maxmonthly: 366.66, monthsleft: 12 } : { state: 'unknown' };
      return new Response(JSON.stringify({ success: true, data, message: '' }), { status: 200 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('hands every screen cents, and sends dollars', async () => {
    expect(await api.get('/api/Hsa/Limit?effectivedate=2027-01-01')).toEqual({ success: true, data: { annuallimit: 440_000, maxmonthly: 36_666, monthsleft: 12 }, message: '' });
    await call('POST', '/api/Enrollment/Authorize', { effectivedate: '2027-01-01', healthoption: 'waive', hsamonthly: 0, contribution: 45000 });
    expect(sent.at(-1)).toEqual({ path: '/api/Enrollment/Authorize', body: { effectivedate: '2027-01-01', healthoption: 'waive', hsamonthly: 0, contribution: 450 } });
  });
});
