/**
 * The employer's monthly contribution for the caller (spec §7 Employer contribution, Waived contribution), in
 * dollars. The path keeps the spec's shape; the contribution class is the member's own, whatever the path says,
 * because the class decides what the employer pays and only the employer sets it.
 */
import type { FastifyInstance } from 'fastify';
import { monthlyContributionCents, waivedContributionCents } from '#domain/contribution.ts';
import { isIsoDate } from '#domain/dates.ts';
import { centsToDollars } from '#domain/money.ts';
import * as contributions from '#db/repositories/contribution.repository.ts';
import * as members from '#db/repositories/member.repository.ts';
import { badRequest, forbidden, unauthorized } from '../errors.ts';
import { bearer, envelope, failures, isoDate, ok, uuid } from '../route-schemas.ts';

const DEPENDENT_SLOTS = ['d1', 'd2', 'd3', 'd4', 'd5'] as const;
const INVALID_DATE = 'Please enter a real date (YYYY-MM-DD).';

type WaivedParams = { accountid: string; effectiveDate: string; dob: string; state: string };
type MonthlyParams = WaivedParams & { contributionclass: string } & Record<(typeof DEPENDENT_SLOTS)[number], string>;

const waivedParams = {
  type: 'object',
  required: ['accountid', 'effectiveDate', 'dob', 'state'],
  properties: {
    accountid: uuid,
    effectiveDate: isoDate,
    dob: isoDate,
    state: { type: 'string', minLength: 1, maxLength: 50 },
  },
} as const;

const monthlyParams = {
  type: 'object',
  required: [...waivedParams.required, 'contributionclass', ...DEPENDENT_SLOTS],
  properties: {
    ...waivedParams.properties,
    contributionclass: { type: 'string', minLength: 1, maxLength: 100, description: "The member's class or the word empty" },
    ...Object.fromEntries(DEPENDENT_SLOTS.map((slot) => [slot, { ...isoDate, description: 'A dependent birthdate; 1920-01-01 is no dependent' }])),
  },
} as const;

const amountAnswer = { 200: envelope({ type: 'number', description: 'Dollars per month' }), ...failures };

/** Real calendar dates only: the schema's pattern lets 2025-02-30 through. */
function requireDates(params: Record<string, string>, names: readonly string[]): void {
  const fieldErrors = Object.fromEntries(names.filter((name) => !isIsoDate(params[name]!)).map((name) => [`params/${name}`, [INVALID_DATE]]));
  if (Object.keys(fieldErrors).length > 0) throw badRequest(INVALID_DATE, fieldErrors);
}

export async function contributionRoutes(app: FastifyInstance): Promise<void> {
  async function scheduleOf(accountid: string, memberId: string, callerAccount: string) {
    if (accountid !== callerAccount) throw forbidden();
    const member = await members.findById(app.db, memberId);
    if (!member) throw unauthorized();
    const rows = (await contributions.listByAccount(app.db, accountid)).map(contributions.toDomain);
    return { rows, contributionclass: member.contributionclass };
  }

  app.get<{ Params: MonthlyParams }>(
    '/api/EmployerContribution/GetMonthlyEmployerContributionWithClass/:accountid/:effectiveDate/:dob/:state/:contributionclass/:d1/:d2/:d3/:d4/:d5',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Contribution'],
        summary: 'The monthly employer contribution for the caller on an effective date, with up to five dependents',
        security: bearer,
        params: monthlyParams,
        response: amountAnswer,
      },
    },
    async (request) => {
      const { params } = request;
      requireDates(params, ['effectiveDate', 'dob', ...DEPENDENT_SLOTS]);
      const { rows, contributionclass } = await scheduleOf(params.accountid, request.member!.memberId, request.member!.accountId);
      const cents = monthlyContributionCents({
        rows,
        contributionclass,
        birthdate: params.dob,
        effectiveDate: params.effectiveDate,
        dependentBirthdates: DEPENDENT_SLOTS.map((slot) => params[slot]),
      });
      return ok(centsToDollars(cents));
    },
  );

  app.get<{ Params: WaivedParams }>(
    '/api/EmployerContribution/GetWaivedContribution/:accountid/:effectiveDate/:dob/:state',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Contribution'],
        summary: 'The employee-only contribution when the caller waives coverage',
        security: bearer,
        params: waivedParams,
        response: amountAnswer,
      },
    },
    async (request) => {
      const { params } = request;
      requireDates(params, ['effectiveDate', 'dob']);
      const { rows, contributionclass } = await scheduleOf(params.accountid, request.member!.memberId, request.member!.accountId);
      return ok(centsToDollars(waivedContributionCents({ rows, contributionclass, birthdate: params.dob, effectiveDate: params.effectiveDate })));
    },
  );
}
