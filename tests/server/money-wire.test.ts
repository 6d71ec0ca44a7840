/**
 * The routes' money mapping (src/server/http/money-wire.ts): a body's Dollars become cents once, every refused
 * amount named on its field; an answer's cents become dollars; what is not money is left as it is.
 */
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { StaffContributionRuleAnswerSchema } from '#contracts/staff/staff-employers.ts';
import { Dollars } from '#contracts/wire-schema.ts';
import { AppError } from '#server/errors.ts';
import { centsOfBody, dollarsOfAnswer } from '#server/http/money-wire.ts';

const body = Type.Object({ name: Type.String(), options: Type.Array(Type.Object({ cost: Dollars('price', 'Dollars'), sort: Type.Number() })) });

describe('money at the edge', () => {
  it("turns a body's dollars into cents and leaves the rest", () => {
    const sent = { name: '9.99', options: [{ cost: 9.99, sort: 1 }, { cost: 12, sort: 2 }] };
    expect(centsOfBody(body, sent)).toEqual({ name: '9.99', options: [{ cost: 999, sort: 1 }, { cost: 1200, sort: 2 }] });
    expect(sent.options[0]!.cost).toBe(9.99);
  });

  it('refuses a negative amount and a third decimal on their fields, in one 400', () => {
    const refused = (() => {
      try {
        centsOfBody(body, { name: 'x', options: [{ cost: -0.01, sort: 1 }, { cost: 1.005, sort: 2 }, { cost: 3, sort: 3 }] });
      } catch (error) {
        return error instanceof AppError ? error : null;
      }
      return null;
    })();
    expect(refused?.statusCode).toBe(400);
    expect(refused?.fieldErrorsIn('en')).toEqual({
      '/options/0/cost': ['A price cannot be negative (-0.01 was entered): enter 0 or more.'],
      '/options/1/cost': ['A price is dollars with at most two decimals (1.005 was entered).'],
    });
    expect(refused?.message).toMatch(/^2 prices are refused: /);
  });

  it("turns an answer's cents into dollars", () => {
    const rule = { contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier: 'family', state: null, ratingArea: null, amount: 45050 };
    expect(dollarsOfAnswer(Type.Array(StaffContributionRuleAnswerSchema), [rule])).toEqual([{ ...rule, amount: 450.5 }]);
  });
});
