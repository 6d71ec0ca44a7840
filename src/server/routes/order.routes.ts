/**
 * Orders (spec §4 Placing an order, §9 Order values). The server decides what an order is worth: a waive order
 * spends nothing, an additional service costs what its price option costs in the database, and the member
 * account's contribution comes from the employer's schedule. A main order (waive, health insurance) writes its
 * member account record in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EMPTY_ID } from '#contracts/api.ts';
import type { CreateOrderRequest } from '#contracts/requests.ts';
import { isIsoDate, todayUtc } from '#domain/dates.ts';
import { currentBalanceCents, dollarsToCents, payrollDeductionCents, type Cents } from '#domain/money.ts';
import {
  additionalServicesOrder,
  hsaOrder,
  MAIN_ORDER_CATEGORIES,
  memberAccountDefaults,
  ORDER_CATEGORIES,
  orderDefaults,
  OTHER_WAIVER_REASON,
  storedWaiverReason,
  waiveOrder,
  type OrderValues,
} from '#domain/orders.ts';
import * as employers from '#db/repositories/employer.repository.ts';
import * as memberAccounts from '#db/repositories/member-account.repository.ts';
import * as members from '#db/repositories/member.repository.ts';
import * as orders from '#db/repositories/order.repository.ts';
import * as products from '#db/repositories/product.repository.ts';
import { badRequest, unauthorized } from '../errors.ts';
import { refuseOthersIds } from '../ownership.ts';
import { monthlyContributionForMember, offeredEffectiveDates, requireAcceptedDate, selfOnlyContributionForMember } from '../services/contributions.ts';
import { bearer, envelope, failures, isoDate, nullable, ok, uuid, nullableString, propertiesOf } from '../route-schemas.ts';

export const UNKNOWN_SERVICE_MESSAGE = 'Please choose an additional service that is offered.';
const SELECT_REASON_MESSAGE = 'Please select a waiver reason';
const ENTER_REASON_MESSAGE = 'Please enter a waiver reason';
const AMOUNT_MESSAGE = 'Please enter an amount in dollars with at most two decimals.';
const DATE_MESSAGE = 'Please enter a real date (YYYY-MM-DD).';

const flag = { type: 'integer', enum: [0, 1] } as const;

export const orderSchema = {
  type: 'object',
  properties: {
    id: uuid,
    memberid: uuid,
    productid: uuid,
    productfeeid: uuid,
    orderid: uuid,
    options: nullableString,
    description: nullableString,
    category: { type: 'string', enum: ORDER_CATEGORIES },
    status: { type: 'integer' },
    amountspent: { type: 'number', description: 'Dollars per month' },
    productname: nullableString,
    vendorname: nullableString,
    externalvendorid: nullableString,
    policyholdersname: nullableString,
    policycarriername: nullableString,
    policynumber: nullableString,
    policyeffectivedate: nullableString,
    policyishsaeligible: { type: 'integer' },
    policyisgovsubsidy: { type: 'integer' },
    ordernumber: { type: 'string' },
    waivecoverage: { type: 'integer' },
    summary_link: nullableString,
    tax_status: nullableString,
    businessyear: nullable({ type: 'integer' }),
    ...propertiesOf({ type: 'string' }, 'createdon', 'createdby', 'modifiedon', 'modifiedby'),
    modifiedreason: nullableString,
  },
} as const;

const text = (maxLength: number) => nullable({ type: 'string', maxLength });

const createOrderBody = {
  type: 'object',
  required: ['order'],
  properties: {
    order: {
      type: 'object',
      required: ['category'],
      properties: {
        category: { type: 'string', enum: ORDER_CATEGORIES },
        memberid: uuid,
        productid: uuid,
        productfeeid: uuid,
        orderid: uuid,
        options: text(200),
        description: text(500),
        amountspent: { type: 'number', minimum: 0, maximum: 1_000_000, description: 'Dollars per month; ignored for waive and additional services' },
        productname: text(300),
        vendorname: text(300),
        externalvendorid: text(100),
        policyholdersname: text(200),
        policycarriername: text(300),
        policynumber: text(100),
        policyeffectivedate: nullable({ ...isoDate }),
        policyishsaeligible: flag,
        policyisgovsubsidy: flag,
        summary_link: text(2000),
        tax_status: text(50),
      },
    },
    memberAccount: {
      type: 'object',
      properties: {
        memberid: uuid,
        familystatus: text(50),
        waivecoveragereason: text(200),
        waivecoveragereasonother: { type: 'string', maxLength: 500 },
      },
    },
    member: { type: 'object', properties: { id: uuid, accountid: uuid } },
    employer_id: uuid,
    employer_name: { type: 'string' },
  },
} as const;

type CreateOrderBody = CreateOrderRequest & {
  member?: { id?: string; accountid?: string };
  employer_id?: string;
  employer_name?: string;
};

function amountCents(amount: number | undefined): Cents {
  try {
    return dollarsToCents(amount ?? 0);
  } catch {
    throw badRequest(AMOUNT_MESSAGE, { '/order/amountspent': [AMOUNT_MESSAGE] });
  }
}

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: CreateOrderBody }>(
    '/api/Order',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Order'],
        summary: 'Places one order of an authorization (HSA, additional service, or the main order: waive or health insurance)',
        security: bearer,
        body: createOrderBody,
        response: { 200: envelope(orderSchema), ...failures },
      },
    },
    async (request) => {
      const { memberId, accountId, email } = request.member!;
      const { body } = request;
      refuseOthersIds(request.member!, {
        memberIds: [body.order.memberid, body.memberAccount?.memberid, body.member?.id],
        accountIds: [body.member?.accountid, body.employer_id],
      });
      const [member, employer] = await Promise.all([members.findById(app.db, memberId), employers.findById(app.db, accountId)]);
      if (!member || !employer) throw unauthorized();

      const today = todayUtc(app.now());
      const sent = body.order;
      // A main order's date decides the contribution (the age band): it must be one the member is offered, and
      // without one the server takes the first offered (docs/decisions.md, Contribution rules).
      const isMainCategory = MAIN_ORDER_CATEGORIES.includes(sent.category);
      const offered = isMainCategory ? await offeredEffectiveDates(app.db, memberId, today) : [];
      const effectiveDate = sent.policyeffectivedate || (isMainCategory ? (offered[0] ?? today) : today);
      if (!isIsoDate(effectiveDate)) throw badRequest(DATE_MESSAGE, { '/order/policyeffectivedate': [DATE_MESSAGE] });
      if (isMainCategory) await requireAcceptedDate(app.content, accountId, effectiveDate, offered, '/order/policyeffectivedate');
      const when = { today, effectiveDate };

      let values: OrderValues;
      let waiverReason: string | null = null;
      switch (sent.category) {
        case 'waive': {
          const account = body.memberAccount ?? {};
          await app.content.validate('waiver', accountId, account, { pointerPrefix: '/memberAccount', context: { today } });
          const chosen = account.waivecoveragereason ?? null;
          waiverReason = storedWaiverReason(chosen, account.waivecoveragereasonother);
          if (!waiverReason) {
            throw chosen === OTHER_WAIVER_REASON
              ? badRequest(ENTER_REASON_MESSAGE, { '/memberAccount/waivecoveragereasonother': [ENTER_REASON_MESSAGE] })
              : badRequest(SELECT_REASON_MESSAGE, { '/memberAccount/waivecoveragereason': [SELECT_REASON_MESSAGE] });
          }
          values = waiveOrder({ ...when, reason: chosen!, reasonOther: account.waivecoveragereasonother }).order;
          break;
        }
        case 'additionalservices': {
          const found =
            sent.productid && sent.productfeeid ? await products.findActiveOption(app.db, sent.productid, sent.productfeeid) : undefined;
          if (!found) throw badRequest(UNKNOWN_SERVICE_MESSAGE, { '/order/productfeeid': [UNKNOWN_SERVICE_MESSAGE] });
          values = additionalServicesOrder({
            ...when,
            product: found.product,
            option: { id: found.option.id, option: found.option.option, costCents: found.option.cost_cents },
          }).order;
          break;
        }
        case 'HSA':
          values = hsaOrder({ ...when, monthlyCents: amountCents(sent.amountspent) }).order;
          break;
        case 'healthinsurance':
          values = {
            ...orderDefaults('healthinsurance', today, effectiveDate),
            productid: sent.productid ?? EMPTY_ID,
            productfeeid: sent.productfeeid ?? EMPTY_ID,
            options: sent.options ?? null,
            description: sent.description ?? null,
            productname: sent.productname ?? null,
            vendorname: sent.vendorname ?? null,
            policycarriername: sent.policycarriername ?? null,
            policyishsaeligible: (sent.policyishsaeligible ?? 0) as 0 | 1,
            policyisgovsubsidy: (sent.policyisgovsubsidy ?? 0) as 0 | 1,
            summary_link: sent.summary_link ?? null,
            tax_status: sent.tax_status ?? null,
            amountspentCents: amountCents(sent.amountspent),
          };
          break;
      }

      const isMain = MAIN_ORDER_CATEGORIES.includes(values.category);
      let contributionCents: Cents = 0;
      if (isMain) {
        contributionCents =
          values.category === 'waive'
            ? await selfOnlyContributionForMember(app.db, memberId, effectiveDate)
            : await monthlyContributionForMember(app.db, memberId, effectiveDate);
      }

      const { amountspentCents, ...orderColumns } = values;
      const order = await app.db.transaction().execute(async (trx) => {
        const row = await orders.insert(trx, {
          ...orderColumns,
          id: randomUUID(),
          memberid: memberId,
          amountspent_cents: amountspentCents,
          externalvendorid: values.category === 'healthinsurance' ? (sent.externalvendorid ?? null) : null,
          policyholdersname: values.category === 'healthinsurance' ? (sent.policyholdersname ?? null) : null,
          policynumber: values.category === 'healthinsurance' ? (sent.policynumber ?? null) : null,
          businessyear: employer.businessyear,
          createdby: email,
          modifiedby: email,
          modifiedreason: null,
        });
        if (isMain) {
          const spent = { contributionCents, spentCents: amountspentCents };
          const defaults = memberAccountDefaults();
          await memberAccounts.insert(trx, {
            id: randomUUID(),
            memberid: memberId,
            memberaccounttype: defaults.memberaccounttype,
            status: defaults.status,
            familystatus: body.memberAccount?.familystatus ?? null,
            currentbalance_cents: currentBalanceCents(spent),
            currenthealthinsurancepremium_cents: amountspentCents,
            currentemployercontribution_cents: contributionCents,
            currentemployeeclass: member.contributionclass,
            currentpayrolldeduction_cents: payrollDeductionCents(spent),
            waivecoverage: values.waivecoverage,
            waivecoveragereason: waiverReason,
            spousemedicareeligible: defaults.spousemedicareeligible,
          });
        }
        return row;
      });
      return ok(orders.toWire(order));
    },
  );

  app.get(
    '/api/Order/GetOrderByMember',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Order'],
        summary: "The caller's orders, newest first",
        security: bearer,
        response: {
          200: envelope({ type: 'object', properties: { orderdetails: { type: 'array', items: orderSchema } } }),
          ...failures,
        },
      },
    },
    async (request) => {
      const rows = await orders.listByMember(app.db, request.member!.memberId);
      return ok({ orderdetails: rows.map(orders.toWire) });
    },
  );
}
