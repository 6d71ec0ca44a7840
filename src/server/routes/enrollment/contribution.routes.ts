/**
 * The employer's monthly contribution for the caller (spec §7 Employer contribution, Waived contribution), in
 * dollars on the wire (cents in the handlers), and the effective dates the caller may choose. The paths keep the spec's shape, but the server computes
 * from what is stored (src/server/services/enrollment/contributions.ts, one computation for every path):
 * - the class segment is ignored: the employer, not the caller, decides the class;
 * - the dob, state and dependent birthdates are checked against the stored profile and family; a difference is
 *   refused (400, the contributions document's 'profile-changed') rather than answered with an amount for someone
 *   else, so a stale screen learns it is stale;
 * - the effective date must be one the member is offered today (or the date of the member's own enrollment,
 *   for /welcome), else 400 with the document's 'effective-date-not-offered'.
 */
import type { FastifyInstance } from 'fastify';
import type { Language } from '#contracts/language.ts';
import { DEPENDENT_BIRTHDATE_PAD } from '#domain/parameters/enrollment.ts';
import { sameFamilyBirthdates, SELF_ONLY_TIER } from '#domain/enrollment/contribution.ts';
import { isIsoDate, todayUtc } from '#domain/values/dates.ts';
import { ContributionAmountSchema } from '#contracts/money/member-money.ts';
import { catalogueText } from '../../content/catalogue-messages.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { bearer, envelope, failures, isoDate, ok, uuid } from '../../http/route-schemas.ts';
import { dollarsOnTheWire } from '../../http/money-wire.ts';
import {
  contributionDatesForMember,
  contributionFactsForMember,
  contributionOfFacts,
  contributionsMessage,
  offeredEffectiveDates,
  requireAcceptedDate,
  type MemberContributionFacts,
} from '../../services/enrollment/contributions.ts';

const DEPENDENT_SLOTS = ['d1', 'd2', 'd3', 'd4', 'd5'] as const;
const INVALID_DATE = catalogueText('error-date-invalid');

type WaivedParams = { accountid: string; effectiveDate: string; dob: string; state: string };
type MonthlyParams = WaivedParams & { contributionclass: string } & Record<(typeof DEPENDENT_SLOTS)[number], string>;

const waivedParams = {
  type: 'object',
  required: ['accountid', 'effectiveDate', 'dob', 'state'],
  properties: {
    accountid: uuid,
    effectiveDate: isoDate,
    dob: isoDate,
    state: { type: 'string', minLength: 1, maxLength: 50, description: "The member's stored state (checked)" },
  },
} as const;

const monthlyParams = {
  type: 'object',
  required: [...waivedParams.required, 'contributionclass', ...DEPENDENT_SLOTS],
  properties: {
    ...waivedParams.properties,
    contributionclass: { type: 'string', minLength: 1, maxLength: 100, description: "The member's class or the word empty (ignored: the stored class is used)" },
    ...Object.fromEntries(
      DEPENDENT_SLOTS.map((slot) => [slot, { ...isoDate, description: `A stored dependent's birthdate (checked); ${DEPENDENT_BIRTHDATE_PAD.value} is no dependent` }]),
    ),
  },
} as const;

const amountAnswer = { 200: envelope(ContributionAmountSchema), ...failures };

/** Real calendar dates only: the schema's format lets 2025-02-30 through on some validators. */
function requireDates(params: Record<string, string>, names: readonly string[]): void {
  const fieldErrors = Object.fromEntries(names.filter((name) => !isIsoDate(params[name]!)).map((name) => [`params/${name}`, [INVALID_DATE]]));
  if (Object.keys(fieldErrors).length > 0) throw badRequest(INVALID_DATE, fieldErrors);
}

const sameState = (sent: string, stored: string | null) => stored !== null && sent.trim().toUpperCase() === stored.trim().toUpperCase();

export async function contributionRoutes(app: FastifyInstance): Promise<void> {
  // The handlers answer cents; the edge writes dollars (money-wire.ts).
  dollarsOnTheWire(app);
  /**
   * The caller's stored facts, after refusing another employer's id (403) and a path that does not describe the
   * stored member (400), and a date the member may not ask for (400).
   */
  async function checkedFacts(request: { member: { memberId: string; accountId: string } | null; language: Language }, params: WaivedParams, dependentDates: string[] | null) {
    const { memberId, accountId } = request.member!;
    if (params.accountid !== accountId) throw forbidden();
    const facts: MemberContributionFacts = await contributionFactsForMember(app.db, memberId);
    const changed: string[] = [];
    if (params.dob !== facts.birthdate) changed.push('params/dob');
    if (!sameState(params.state, facts.state)) changed.push('params/state');
    if (dependentDates && !sameFamilyBirthdates(dependentDates, facts.dependentBirthdates)) changed.push(...DEPENDENT_SLOTS.map((slot) => `params/${slot}`));
    if (changed.length > 0) {
      const message = await contributionsMessage(app.content, accountId, request.language, 'profile-changed');
      throw badRequest(message, Object.fromEntries(changed.map((field) => [field, [message]])));
    }
    const accepted = await contributionDatesForMember(app.db, memberId, todayUtc(app.now()));
    await requireAcceptedDate(app.content, accountId, request.language, params.effectiveDate, accepted, 'params/effectiveDate');
    return facts;
  }

  app.get<{ Params: MonthlyParams }>(
    '/api/EmployerContribution/GetMonthlyEmployerContributionWithClass/:accountid/:effectiveDate/:dob/:state/:contributionclass/:d1/:d2/:d3/:d4/:d5',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Contribution'],
        summary: "The caller's monthly employer contribution on an offered effective date, for the stored family tier",
        security: bearer,
        params: monthlyParams,
        response: amountAnswer,
      },
    },
    async (request) => {
      const { params } = request;
      requireDates(params, ['effectiveDate', 'dob', ...DEPENDENT_SLOTS]);
      const facts = await checkedFacts(request, params, DEPENDENT_SLOTS.map((slot) => params[slot]));
      return ok(contributionOfFacts(facts, params.effectiveDate));
    },
  );

  app.get<{ Params: WaivedParams }>(
    '/api/EmployerContribution/GetWaivedContribution/:accountid/:effectiveDate/:dob/:state',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Contribution'],
        summary: 'The self-only (employee tier) contribution when the caller waives coverage',
        security: bearer,
        params: waivedParams,
        response: amountAnswer,
      },
    },
    async (request) => {
      const { params } = request;
      requireDates(params, ['effectiveDate', 'dob']);
      const facts = await checkedFacts(request, params, null);
      return ok(contributionOfFacts(facts, params.effectiveDate, SELF_ONLY_TIER));
    },
  );

  app.get(
    '/api/EffectiveDates',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Contribution'],
        summary: "The effective dates the caller may choose today (spec §9, within the employer's plan year), earliest first",
        security: bearer,
        response: {
          200: envelope({
            type: 'object',
            required: ['effectivedates', 'today'],
            properties: {
              effectivedates: { type: 'array', items: isoDate },
              today: { ...isoDate, description: "The server's UTC date the choices are computed on" },
            },
          }),
          ...failures,
        },
      },
    },
    async (request) => {
      const today = todayUtc(app.now());
      return ok({ effectivedates: await offeredEffectiveDates(app.db, request.member!.memberId, today), today });
    },
  );
}
