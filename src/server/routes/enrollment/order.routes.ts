/**
 * Orders (spec §4 Placing an order, §9 Order values): POST /api/Order keeps the spec's shape for single orders
 * under the money rules of services/enrollment/enrollment-checks.ts (amounts from what the server stores; a differing amount is
 * refused and nothing is written). A main order (waive, health insurance) supersedes the plan year's earlier
 * enrollment (kept as history) and writes its member account in the same transaction; an HSA or additional-services
 * order joins the current enrollment, replacing its order of that kind. GetOrderByMember lists the current orders
 * only. The whole cart is authorized at once by POST /api/Enrollment/Authorize (enrollment.routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { CreateOrderRequest } from '#contracts/requests.ts';
import type { Language } from '#contracts/language.ts';
import { OrderMoney } from '#contracts/money/member-money.ts';
import { Dollars } from '#contracts/wire-schema.ts';
import { isIsoDate, todayUtc } from '#domain/values/dates.ts';
import {
  additionalServicesOrder,
  healthInsuranceOrder,
  hsaOrder,
  ORDER_CATEGORIES,
  OTHER_WAIVER_REASON,
  storedWaiverReason,
  waiveOrder,
} from '#domain/enrollment/orders.ts';
import * as orders from '#db/repositories/enrollment/order.repository.ts';
import { transactionWithCaches } from '#db/transaction.ts';
import { message } from '#engine/runtime/index.ts';
import { catalogueText } from '../../content/catalogue-messages.ts';
import { badRequest } from '../../errors.ts';
import { refuseOthersIds } from '../../security/ownership.ts';
import { bearer, envelope, failures, isoDate, nullable, ok, uuid, nullableString, propertiesOf } from '../../http/route-schemas.ts';
import { checkMessages } from '../../services/enrollment/enrollment-checks.ts';
import { MESSAGES } from '../../services/enrollment/enrollment-messages.ts';
import { dateMessages } from '../../services/enrollment/enrollment-checks.ts';
import { placeSingleOrder, type JoinedOrderMessages, type SingleOrder } from '../../services/enrollment/single-order.ts';
import { documentsInForce, ichraDocumentNames } from '../../services/enrollment/enrollment-invariants.ts';
import { storageIn } from '../../infra/storage.ts';
import { dollarsOnTheWire } from '../../http/money-wire.ts';

export const UNKNOWN_SERVICE_MESSAGE = MESSAGES.serviceUnknown;
const DATE_MESSAGE = catalogueText('error-date-invalid');

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
    amountspent: OrderMoney.amountspent,
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
        amountspent: Dollars('amount', "Dollars per month: the HSA amount; for other orders the amount the cart showed, refused when it is not the server's", {
          minimum: 0,
          maximum: 1_000_000,
          refusal: 'enroll-amount-invalid',
        }),
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
        planid: { type: 'string', pattern: '^[A-Za-z0-9-]{1,40}$', description: "healthinsurance: the plan's id; else the member's currentplanid" },
        countycode: { type: 'string', pattern: '^[0-9]{5}$', description: 'healthinsurance: the county (FIPS) the plan was quoted for' },
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
    ichraacknowledged: { type: 'boolean', description: "healthinsurance: true, the member's ICHRA acknowledgment (a purchase without it is refused)" },
  },
} as const;

type CreateOrderBody = Omit<CreateOrderRequest, 'order'> & {
  order: CreateOrderRequest['order'] & { planid?: string; countycode?: string };
  member?: { id?: string; accountid?: string };
  employer_id?: string;
  employer_name?: string;
};

/**
 * The waiver a request chose, checked by the employer's 'waiver' document. A reason that document accepts but an
 * order cannot store (none, or 'Other' without its text, once an override relaxed the document) is refused with
 * the same document's texts.
 */
export async function checkedWaiver(
  app: FastifyInstance,
  accountId: string,
  sent: { waivecoveragereason?: string | null; waivecoveragereasonother?: string | null },
  pointerPrefix: string,
  today: string,
  language: Language,
): Promise<{ reason: string; reasonOther: string | null; stored: string }> {
  await app.content.validate('waiver', accountId, sent, { language, pointerPrefix, context: { today } });
  const chosen = sent.waivecoveragereason ?? null;
  const stored = storedWaiverReason(chosen, sent.waivecoveragereasonother);
  if (stored) return { reason: chosen!, reasonOther: sent.waivecoveragereasonother ?? null, stored };
  const [field, key] = chosen === OTHER_WAIVER_REASON ? ['waivecoveragereasonother', 'enter-waiver-reason'] : ['waivecoveragereason', 'select-waiver-reason'];
  const text = message(await app.content.form('waiver', accountId, language), key);
  throw badRequest(text, { [`${pointerPrefix}/${field}`]: [text] });
}

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  // An order's dollars are cents in the handler, its answer's cents dollars on the wire (money-wire.ts).
  dollarsOnTheWire(app);
  const storage = storageIn(app.db);
  app.post<{ Body: CreateOrderBody }>(
    '/api/Order',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Order'],
        summary: 'Places one order of an authorization (HSA, additional service, or the main order: waive or health insurance)',
        security: bearer,
        body: createOrderBody,
        response: { 200: envelope(orderSchema), ...failures },
      },
    },
    async (request) => {
      const caller = request.member!;
      const { body } = request;
      refuseOthersIds(caller, {
        memberIds: [body.order.memberid, body.memberAccount?.memberid, body.member?.id],
        accountIds: [body.member?.accountid, body.employer_id],
      });
      const now = app.now();
      const today = todayUtc(now);
      const sent = body.order;
      if (sent.policyeffectivedate && !isIsoDate(sent.policyeffectivedate)) {
        throw badRequest(DATE_MESSAGE, { '/order/policyeffectivedate': [DATE_MESSAGE] });
      }
      const waiver: SingleOrder['waiver'] =
        sent.category === 'waive' ? await checkedWaiver(app, caller.accountId, body.memberAccount ?? {}, '/memberAccount', today, request.language) : null;
      // Resolved before the transaction opens (the content service reads through app.db).
      const [messages, inForce, ichraDocuments, cart] = await Promise.all([
        dateMessages(app.content, caller.accountId, request.language),
        documentsInForce(app.content, caller.accountId, request.language),
        ichraDocumentNames(storage, caller.accountId),
        app.content.form('acknowledgements', caller.accountId, request.language),
      ]);
      const checkTexts = checkMessages(cart);
      const orderMessages: JoinedOrderMessages = (key, values) => message(cart, key, values);
      const order = await transactionWithCaches(app.db, (trx) =>
        placeSingleOrder(
          { trx, caller, planPremiums: app.planPremiums, dateMessages: messages, checkMessages: checkTexts, orderMessages, inForce, ichraDocuments, now, today },
          {
            category: sent.category,
            effectivedate: sent.policyeffectivedate ?? null,
            amountCents: sent.amountspent,
            productid: sent.productid,
            productfeeid: sent.productfeeid,
            planid: sent.planid,
            countycode: sent.countycode,
            waiver,
            familystatus: body.memberAccount?.familystatus ?? null,
            ichraacknowledged: body.ichraacknowledged,
          },
          {
            waive: (when) => waiveOrder({ ...when, reason: waiver!.reason, reasonOther: waiver!.reasonOther }),
            hsa: (when, monthlyCents, administrator) => hsaOrder({ ...when, monthlyCents, administrator }),
            service: (when, choice) => additionalServicesOrder({ ...when, ...choice }),
            healthinsurance: (when, plan, premiumCents) => healthInsuranceOrder({ ...when, plan, amountSpentCents: premiumCents, hsaCents: 0 }),
          },
        ),
      );
      return ok(order);
    },
  );

  app.get(
    '/api/Order/GetOrderByMember',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Order'],
        summary: "The caller's current orders (not replaced by a later enrollment), newest first",
        security: bearer,
        response: {
          200: envelope({ type: 'object', properties: { orderdetails: { type: 'array', items: orderSchema } } }),
          ...failures,
        },
      },
    },
    async (request) => {
      const rows = await orders.listCurrentByMember(app.db, request.member!.memberId);
      return ok({ orderdetails: rows.map(orders.toWire) });
    },
  );
}
