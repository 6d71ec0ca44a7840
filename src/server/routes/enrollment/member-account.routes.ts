/** The caller's latest member account record (spec §7 Member account): the waiver reason /welcome shows. */
import type { FastifyInstance } from 'fastify';
import { MemberAccountMoney } from '#contracts/money/member-money.ts';
import * as memberAccounts from '#db/repositories/enrollment/member-account.repository.ts';
import { bearer, envelope, failures, nullable, ok, uuid, nullableString } from '../../http/route-schemas.ts';
import { dollarsOnTheWire } from '../../http/money-wire.ts';


export const memberAccountSchema = {
  type: 'object',
  properties: {
    id: uuid,
    memberid: uuid,
    memberaccounttype: { type: 'integer' },
    status: { type: 'integer' },
    familystatus: nullableString,
    currentbalance: MemberAccountMoney.currentbalance,
    currenthealthinsurancepremium: MemberAccountMoney.currenthealthinsurancepremium,
    currentemployercontribution: MemberAccountMoney.currentemployercontribution,
    currentemployeeclass: nullableString,
    currentpayrolldeduction: MemberAccountMoney.currentpayrolldeduction,
    currenthsadeduction: MemberAccountMoney.currenthsadeduction,
    waivecoverage: { type: 'integer' },
    waivecoveragereason: nullableString,
    spousemedicareeligible: { type: 'integer' },
    createdon: { type: 'string' },
    modifiedon: { type: 'string' },
  },
} as const;

export async function memberAccountRoutes(app: FastifyInstance): Promise<void> {
  // Amounts are cents in the repository; the edge writes dollars (money-wire.ts).
  dollarsOnTheWire(app);
  app.get(
    '/api/MemberAccount/GetMemberAccount',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Order'],
        summary: "The caller's latest member account, or null before the first authorization",
        security: bearer,
        response: { 200: envelope(nullable(memberAccountSchema)), ...failures },
      },
    },
    async (request) => {
      const row = await memberAccounts.findLatestByMember(app.db, request.member!.memberId);
      return ok(row ? memberAccounts.toWire(row) : null);
    },
  );
}
