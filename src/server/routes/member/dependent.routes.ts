/**
 * The caller's dependents (spec §7 Dependents). Bodies are validated twice: the Fastify schema (shape) and the
 * 'dependent' form document (the same rules and messages the browser shows). SSNs are stored encrypted and
 * answered masked. A dependent of anyone else, or a body naming another member, answers 403 and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DependentRequest } from '#contracts/requests.ts';
import { DependentMoney } from '#contracts/money/member-money.ts';
import type { Language } from '#contracts/language.ts';
import { todayUtc } from '#domain/values/dates.ts';
import * as dependents from '#db/repositories/member/dependent.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { firstMessage, isEmptyValue, validateForm } from '#engine/runtime/index.ts';
import { protectSsn } from '../../security/crypto.ts';
import { catalogueText } from '../../content/catalogue-messages.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { refuseOthersIds } from '../../security/ownership.ts';
import { offeredDatesOf } from '../../services/enrollment/contributions.ts';
import { answersToStore, employerFields, storedAnswers, type OwnField } from '../../services/member/employer-fields.ts';
import type { DependentRuleContext } from '../../services/enrollment/enrollment-invariants.ts';
import { type DependentProfileField } from '../../services/member/profile-fields.ts';
import { bearer, envelope, failures, nullable, ok, uuid, nullableString, propertiesOf } from '../../http/route-schemas.ts';
import { dollarsOnTheWire } from '../../http/money-wire.ts';

export const DEPENDENT_NOT_FOUND = catalogueText('dependent-not-found');
const MASKED_SSN = /^\*{3}-\*{2}-\d{4}$/;
/** The fields a dependent row cannot do without, whatever an employer's override says. */
const ROW_NEEDS = ['/firstname', '/lastname', '/relationship', '/additionalid'] as const;

/** A text as stored: without surrounding spaces, and null when nothing is left. */
const storedText = (value: string | null | undefined): string | null => (isEmptyValue(value) ? null : value!.trim());

/** A request body as it may arrive: every field may be missing or null until the document has spoken. */
type DependentBody = { [K in keyof DependentRequest]?: DependentRequest[K] | null } & { memberid?: string };


export const dependentSchema = {
  type: 'object',
  description: "The dependent; with the answers to the employer's own dependent fields (those its dependent document adds), each under its field's name.",
  additionalProperties: true,
  properties: {
    id: uuid,
    memberid: uuid,
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    dateofbirth: nullableString,
    age: nullable({ type: 'integer' }),
    contributionamt: DependentMoney.contributionamt,
    istobaccouser: { type: 'boolean' },
    isdisabled: nullable({ type: 'boolean' }),
    gender: nullableString,
    isonhealthpolicy: { type: 'string' },
    relationship: { type: 'string', enum: ['spouse', 'child'] },
    additionalid: { ...nullableString, description: 'Masked: ***-**-1234' },
    irsdependent: nullable({ type: 'boolean' }),
    pcpname: nullableString,
    pcpid: nullableString,
    existingpatient: nullableString,
    ...propertiesOf({ type: 'string' }, 'createdon', 'createdby', 'modifiedon', 'modifiedby'),
  },
} as const;

/**
 * The shape only: which fields are required and what they must look like is the 'dependent' document's to say
 * (with the spec's messages, and employer overrides), checked in the handler.
 */
const requestProperties = {
  firstname: nullable({ type: 'string', maxLength: 100 }),
  lastname: nullable({ type: 'string', maxLength: 100 }),
  dateofbirth: nullable({ type: 'string', maxLength: 10 }),
  gender: nullable({ type: 'string', maxLength: 10 }),
  relationship: nullable({ type: 'string', maxLength: 10 }),
  istobaccouser: nullable({ type: 'boolean' }),
  additionalid: nullable({ type: 'string', maxLength: 11, description: 'The full SSN (9 digits); omitted, null or masked keeps the stored one' }),
  isdisabled: nullable({ type: 'boolean' }),
  pcpname: nullable({ type: 'string', maxLength: 200 }),
  pcpid: nullable({ type: 'string', maxLength: 100 }),
  existingpatient: nullable({ type: 'string', maxLength: 10 }),
} as const satisfies Record<DependentProfileField | 'additionalid', unknown>;

const createBody = { type: 'object', properties: { memberid: { ...uuid, description: "When given, the caller's own id" }, ...requestProperties } } as const;
const changeBody = { type: 'object', required: ['id'], properties: { id: uuid, ...createBody.properties } } as const;

const dependentAnswer = { 200: envelope(dependentSchema), ...failures };

export async function dependentRoutes(app: FastifyInstance): Promise<void> {
  // A dependent's amount is cents in the repository; the edge writes dollars (money-wire.ts).
  dollarsOnTheWire(app);
  /**
   * The fields a dependent row takes from a request, after the employer's 'dependent' document accepted it.
   * Whatever the document says, the row's own needs hold: names, a relationship, a real date of birth in range
   * and only a 9-digit SSN stored.
   */
  async function validatedFields(body: DependentBody, accountId: string, language: Language, context: DependentRuleContext, ownFields: readonly OwnField[], storedOwn: unknown) {
    const keepSsn = isEmptyValue(body.additionalid) || MASKED_SSN.test(body.additionalid!);
    // The form's view of the body: a null is an empty field, as in the browser.
    const data = Object.fromEntries(
      Object.entries(body).filter(
        ([field, value]) => value !== null && value !== undefined && field !== 'memberid' && !(field === 'additionalid' && keepSsn),
      ),
    );
    const fieldErrors = await app.content.check('dependent', accountId, data, { language, context });
    // Whatever the employer's document says, the row's own needs hold (names, a relationship, a date of birth in
    // range and of an age that can be covered, only an issuable SSN stored): the base document's rules on those fields, with the employer's texts.
    const employerDocument = await app.content.form('dependent', accountId, language);
    const base = app.content.baseForm('dependent');
    const needs = { ...base, messages: { ...base.messages, ...employerDocument.messages } };
    const verdict = validateForm(needs, data, context, 'server');
    const needed: readonly string[] = body.dateofbirth ? [...ROW_NEEDS, '/dateofbirth'] : ROW_NEEDS;
    for (const pointer of needed) if (verdict[pointer]) fieldErrors[pointer] ??= verdict[pointer];
    // Only the employer's own fields are kept apart; any other key of the body is dropped here.
    const own = answersToStore(ownFields, body, storedOwn);
    for (const [pointer, messages] of Object.entries(own.problems)) fieldErrors[pointer] ??= messages;
    const first = firstMessage(fieldErrors);
    if (first !== null) throw badRequest(first, fieldErrors);
    return {
      firstname: body.firstname!.trim(),
      lastname: body.lastname!.trim(),
      dateofbirth: body.dateofbirth ?? null,
      gender: storedText(body.gender),
      relationship: body.relationship as 'spouse' | 'child',
      istobaccouser: body.istobaccouser ?? false,
      isdisabled: body.isdisabled ?? null,
      pcpname: storedText(body.pcpname),
      pcpid: storedText(body.pcpid),
      existingpatient: storedText(body.existingpatient),
      employerfields: JSON.stringify(own.answers),
      ...(keepSsn ? {} : protectSsn(body.additionalid!, app.config.SSN_KEY)),
    };
  }

  /**
   * What the dependent document's rules read besides the dependent: today, the first coverage effective date the
   * member may choose now, today when the plan year offers none (the spouse's and child's ages are counted on it;
   * an authorization counts them again on the date chosen) and the member's stored date of birth (a child is
   * younger).
   */
  async function ruleContext(memberId: string, today: string): Promise<DependentRuleContext> {
    const family = await members.findFamily(app.db, memberId);
    if (!family) return { today, effectiveDate: today };
    const [first] = offeredDatesOf(family.employer, today);
    return { today, effectiveDate: first ?? today, employeeBirthdate: family.member.birthdate ?? undefined };
  }

  /** The dependent's answer: the row, with the answers to the employer's own dependent fields under their names. */
  const answerOf = (row: dependents.DependentRow, today: string, ownFields: readonly OwnField[]) => ({
    ...storedAnswers(ownFields, row.employerfields),
    ...dependents.toWire(row, today),
  });

  /** 404 for a dependent nobody has, 403 for another member's. */
  async function requireOwn(memberId: string, id: string): Promise<void> {
    const owner = await dependents.ownerOf(app.db, id);
    if (owner === undefined) throw notFound(DEPENDENT_NOT_FOUND);
    if (owner !== memberId) throw forbidden();
  }

  app.get<{ Querystring: { memberid?: string } }>(
    '/api/Dependent',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Dependent'],
        summary: "The caller's dependents; memberid, when given, must be the caller's own id",
        security: bearer,
        querystring: { type: 'object', properties: { memberid: uuid } },
        response: {
          200: envelope({ type: 'object', properties: { dependents: { type: 'array', items: dependentSchema } } }),
          ...failures,
        },
      },
    },
    async (request) => {
      const { memberId, accountId } = request.member!;
      if (request.query.memberid !== undefined && request.query.memberid !== memberId) throw forbidden();
      const today = todayUtc(app.now());
      const rows = await dependents.listByMember(app.db, memberId);
      const ownFields = await employerFields(app.content, 'dependent', accountId, request.language);
      return ok({ dependents: rows.map((row) => answerOf(row, today, ownFields)) });
    },
  );

  app.post<{ Body: DependentBody }>(
    '/api/Dependent',
    {
      onRequest: app.authenticate,
      schema: { tags: ['Dependent'], summary: 'Adds a dependent to the caller', security: bearer, body: createBody, response: dependentAnswer },
    },
    async (request) => {
      const { memberId, accountId, email } = request.member!;
      refuseOthersIds(request.member!, { memberIds: [request.body.memberid] });
      const today = todayUtc(app.now());
      const ownFields = await employerFields(app.content, 'dependent', accountId, request.language);
      const fields = await validatedFields(request.body, accountId, request.language, await ruleContext(memberId, today), ownFields, {});
      const row = await dependents.insert(app.db, { id: randomUUID(), memberid: memberId, ...fields, createdby: email, modifiedby: email });
      return ok(answerOf(row, today, ownFields));
    },
  );

  app.put<{ Body: DependentBody & { id: string } }>(
    '/api/Dependent',
    {
      onRequest: app.authenticate,
      schema: { tags: ['Dependent'], summary: "Changes one of the caller's dependents", security: bearer, body: changeBody, response: dependentAnswer },
    },
    async (request) => {
      const { memberId, accountId, email } = request.member!;
      refuseOthersIds(request.member!, { memberIds: [request.body.memberid] });
      await requireOwn(memberId, request.body.id);
      const today = todayUtc(app.now());
      const ownFields = await employerFields(app.content, 'dependent', accountId, request.language);
      const stored = await dependents.findOfMember(app.db, memberId, request.body.id);
      const fields = await validatedFields(request.body, accountId, request.language, await ruleContext(memberId, today), ownFields, stored?.employerfields);
      const row = await dependents.updateOfMember(app.db, memberId, request.body.id, { ...fields, modifiedby: email, modifiedon: new Date() });
      if (!row) throw notFound(DEPENDENT_NOT_FOUND);
      return ok(answerOf(row, today, ownFields));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/Dependent/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Dependent'],
        summary: "Removes one of the caller's dependents",
        security: bearer,
        params: { type: 'object', required: ['id'], properties: { id: uuid } },
        response: { 200: envelope({ type: 'null' }), ...failures },
      },
    },
    async (request) => {
      await requireOwn(request.member!.memberId, request.params.id);
      const removed = await dependents.deleteOfMember(app.db, request.member!.memberId, request.params.id);
      if (!removed) throw notFound(DEPENDENT_NOT_FOUND);
      return ok(null);
    },
  );
}
