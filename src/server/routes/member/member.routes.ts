/**
 * The member's own record and its life cycle: registration (with the e-mailed set-password link), resending or
 * withdrawing a pending registration (through the opaque handle Register's 409 gives, never a member id), setting
 * the password once, reading and updating the profile. Forgot password and reset are password-reset.routes.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMPTY_ID } from '#contracts/api.ts';
import { LANGUAGES, type Language } from '#contracts/language.ts';
import type { MemberPasswordInfo } from '#contracts/requests.ts';
import type { MemberUpdate } from '#contracts/entities.ts';
import type { DbOrTx } from '#db/database.ts';
import { isUniqueViolation } from '#db/errors.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import * as setPasswordTokens from '#db/repositories/sign-in/set-password-token.repository.ts';
import { firstMessage, isEmptyValue, message } from '#engine/runtime/index.ts';
import { PRODUCT_PATTERNS as PATTERNS } from '#product/index.ts';
import { catalogueMessage, catalogueText } from '../../content/catalogue-messages.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../errors.ts';
import { hashPassword, protectSsn, sha256 } from '../../security/crypto.ts';
import { refuseOthersIds } from '../../security/ownership.ts';
import { addressFieldErrors, profileMessages } from '../../services/member/locations.ts';
import { answersToStore, employerFields, memberOwnAnswers, ownValuesIn } from '../../services/member/employer-fields.ts';
import { MEMBER_PROFILE_FIELDS } from '../../services/member/profile-fields.ts';
import { optionalMember } from '../../plugins/auth.plugin.ts';
import {
  clearRegistrantCookie,
  isRegistrantOf,
  openRegistrationHandle,
  sealRegistrationHandle,
  setRegistrantCookie,
} from '../../security/registration-handle.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { mailInvitation as sendInvitation, newInvitationLink } from '../../services/member/invitations.ts';
import { authRateLimit, bearer, envelope, failures, nullable, ok, propertiesOf, uuid, nullableString } from '../../http/route-schemas.ts';

const NO_EMPLOYER_MESSAGE = catalogueText('register-employer-unknown');
export const TOKEN_INVALID_MESSAGE = catalogueText('invitation-link-invalid');

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MASKED_SSN = /^\*{3}-\*{2}-\d{4}$/;


/** The profile fields a member may leave empty: all but the names, which registration asks for. */
const NULLABLE_PROFILE_FIELDS = MEMBER_PROFILE_FIELDS.filter(
  (field): field is Exclude<(typeof MEMBER_PROFILE_FIELDS)[number], 'firstname' | 'lastname'> => field !== 'firstname' && field !== 'lastname',
);

export const memberSchema = {
  type: 'object',
  description: "The member; with the answers to the employer's own profile fields (those its profile document adds), each under its field's name.",
  additionalProperties: true,
  properties: {
    ...propertiesOf(uuid, 'id', 'accountid', 'priormemberid', 'externalid', 'primarymemberid'),
    ...propertiesOf({ type: 'string' }, 'firstname', 'lastname', 'emailaddress', 'personalemailaddress', 'status', 'contributionclass'),
    ...propertiesOf(nullableString, ...NULLABLE_PROFILE_FIELDS, 'hiredate', 'terminationdate', 'division', 'currentplanid', 'ispasswordchanged'),
    ...propertiesOf({ type: 'integer' }, 'origination', 'relationship'),
    ...propertiesOf(nullable({ type: 'boolean' }), 'isdisabled', 'irsdependent'),
    currentplanyear: nullable({ type: 'integer' }),
    language: { ...nullable({ type: 'string', enum: [...LANGUAGES, null] }), description: 'The language the member chose; null: never chosen' },
    additionalid: { ...nullableString, description: 'Masked: ***-**-1234' },
    ...propertiesOf({ type: 'string' }, 'createdon', 'createdby', 'modifiedon', 'modifiedby'),
  },
} as const;

/**
 * The two answers of GET /api/Member/{id}, told apart by their fields: the serializer writes an answer with the
 * first schema it matches, so a member must not match the password facts (it would lose all but three fields).
 */
const passwordInfoSchema = {
  type: 'object',
  required: ['id', 'accountid', 'ispasswordchanged'],
  additionalProperties: false,
  properties: { id: uuid, accountid: uuid, ispasswordchanged: nullableString },
} as const;
const memberOrPasswordInfo = { oneOf: [{ ...memberSchema, required: ['id', 'firstname', 'emailaddress'] }, passwordInfoSchema] };

const memberUpdateSchema = {
  type: 'object',
  description: 'The profile fields; other member fields may be sent and are ignored, except ids, which must be the caller\'s. additionalid: the full SSN, or omitted/masked to keep it.',
  properties: {
    ...Object.fromEntries(MEMBER_PROFILE_FIELDS.map((field) => [field, memberSchema.properties[field]])),
    id: uuid,
    accountid: uuid,
    additionalid: nullableString,
    // The employer's own profile fields come as further members, checked by the employer's profile document.
    // The member object the screens send back carries the current plan: checked like any field, never stored
    // (only an authorization or a main order sets it).
    currentplanid: memberSchema.properties.currentplanid,
    currentplanyear: memberSchema.properties.currentplanyear,
  },
} as const;

/** Withdraw from a browser other than the registrant's (or for a member created by staff). */
const NOT_THE_REGISTRANT_MESSAGE = catalogueText('registration-other-browser');



export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const inviteMember = (db: DbOrTx, member: members.MemberRow) => newInvitationLink(db, app.config, member);
  // The registering person is on the page: the mail is in its language unless the member chose one.
  const mailInvitation = (request: FastifyRequest, member: members.MemberRow, employerName: string | null, link: string) =>
    sendInvitation(app.mail, member, employerName, link, request.language);

  app.post<{ Body: { memberdto: Record<string, unknown> & { accountid: string; personalemailaddress?: string; firstname?: string; lastname?: string } } }>(
    '/api/Member/Register',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['member'],
        summary: 'Register: create a pending member and e-mail the set-password link',
        body: {
          type: 'object',
          required: ['memberdto'],
          properties: {
            memberdto: {
              type: 'object',
              required: ['accountid'],
              properties: {
                firstname: { type: 'string', maxLength: 100 },
                lastname: { type: 'string', maxLength: 100 },
                personalemailaddress: { type: 'string', maxLength: 254 },
                accountid: { type: 'string', maxLength: 36 },
                terms: { type: 'boolean', description: 'The terms and the privacy notice accepted: must be true (the registration document says so).' },
              },
            },
            company: { type: 'string', description: 'Informational; the server uses its own employer name.' },
            url: { type: 'string', description: 'Ignored: the link is built from PUBLIC_URL.' },
            plan_year: { type: 'integer' },
          },
        },
        response: { 200: envelope({ type: 'object', properties: { memberid: uuid } }), ...failures },
      },
    },
    async (request, reply) => {
      const dto = request.body.memberdto;
      const employer = UUID_PATTERN.test(dto.accountid) ? await employers.findById(app.db, dto.accountid) : undefined;
      if (!employer) throw badRequest(NO_EMPLOYER_MESSAGE, { '/memberdto/accountid': [NO_EMPLOYER_MESSAGE] });
      await app.content.validate('registration', employer.accountid, dto, { language: request.language, pointerPrefix: '/memberdto' });

      const email = String(dto.personalemailaddress).trim();
      // No member id in the answer: a pending registration gets an opaque handle for the modal's two actions.
      const registration = await app.content.form('registration', employer.accountid, request.language);
      // The handle only for a pending registration with this employer: another employer's link learns nothing.
      // An active account is said as such, so the page offers Sign In and Forgot Password (spec §8).
      const alreadyRegistered = async (member: members.MemberRow) =>
        new AppError('ALREADY_REGISTERED', 409, message(registration, 'register-failed'), undefined,
          member.ispasswordchanged !== null
            ? { registered: true }
            : member.accountid === employer.accountid
              ? { handle: await sealRegistrationHandle(app.config, member.id) }
              : null);
      const existing = await members.findByEmail(app.db, email);
      if (existing) throw await alreadyRegistered(existing);

      let created: { member: members.MemberRow; link: string };
      try {
        created = await app.db.transaction().execute(async (tx) => {
          const member = await members.insert(tx, {
            id: randomUUID(),
            accountid: employer.accountid,
            priormemberid: EMPTY_ID,
            externalid: EMPTY_ID,
            primarymemberid: EMPTY_ID,
            firstname: String(dto.firstname).trim(),
            lastname: String(dto.lastname).trim(),
            emailaddress: email,
            personalemailaddress: email,
            origination: 1,
            relationship: 1,
            gender: null,
            status: 'Active',
            contributionclass: 'ALL',
            createdby: 'Register',
            modifiedby: 'Register',
          });
          return { member, link: await inviteMember(tx, member) };
        });
      } catch (error) {
        // Two registrations with one e-mail at once: the unique index decides, the loser hears "already".
        const winner = isUniqueViolation(error) ? await members.findByEmail(app.db, email) : undefined;
        if (winner) throw await alreadyRegistered(winner);
        throw error;
      }
      await mailInvitation(request, created.member, employer.accountname, created.link);
      await setRegistrantCookie(reply, app.config, created.member.id);
      return ok({ memberid: created.member.id });
    },
  );

  const handleBody = {
    type: 'object',
    required: ['handle'],
    properties: { handle: { type: 'string', minLength: 1, maxLength: 1000, description: "Register's 409 data.handle" } },
  } as const;

  /** The pending member a registration handle names; 404 when the handle is not good (or the member is gone). */
  async function memberOfHandle(db: DbOrTx, handle: string): Promise<members.MemberRow> {
    const memberId = await openRegistrationHandle(app.config, handle);
    const member = memberId ? await members.findById(db, memberId) : undefined;
    if (!member) throw notFound(catalogueText('registration-not-found'));
    return member;
  }

  app.post<{ Body: { handle: string } }>(
    '/api/Member/ResendInvitation',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['member'],
        summary: "E-mail a new set-password link to a pending registration named by Register's handle",
        body: handleBody,
        response: { 200: envelope({ type: 'null' }), ...failures },
      },
    },
    async (request) => {
      const member = await memberOfHandle(app.db, request.body.handle);
      if (member.ispasswordchanged !== null) {
        throw new AppError('CONFLICT', 409, catalogueText('registration-has-password'));
      }
      const employer = await employers.findById(app.db, member.accountid);
      const link = await app.db.transaction().execute((tx) => inviteMember(tx, member));
      await mailInvitation(request, member, employer?.accountname ?? null, link);
      return ok(null, catalogueMessage('invitation-resent', {}, request.language));
    },
  );

  const activeAccount = () => new AppError('CONFLICT', 409, catalogueText('registration-active'));

  /** Deletes a member whose password was never set, with its links; 409 for an active account. */
  async function withdrawPending(tx: DbOrTx, member: members.MemberRow): Promise<void> {
    if (member.ispasswordchanged !== null || member.password_hash !== null) throw activeAccount();
    await setPasswordTokens.deleteForMember(tx, member.id);
    if (!(await members.deletePending(tx, member.id))) throw activeAccount();
  }

  app.post<{ Body: { handle: string } }>(
    '/api/Member/WithdrawRegistration',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['member'],
        summary:
          "Withdraw a pending registration named by Register's handle, from the browser that registered it (its bp_registrant_ cookie of that registration), only while the password was never set",
        body: handleBody,
        response: { 200: envelope({ type: 'null' }), ...failures },
      },
    },
    async (request, reply) => {
      const withdrawn = await app.db.transaction().execute(async (tx) => {
        const member = await memberOfHandle(tx, request.body.handle);
        if (!(await isRegistrantOf(request, app.config, member.id))) throw forbidden(NOT_THE_REGISTRANT_MESSAGE);
        await withdrawPending(tx, member);
        return member.id;
      });
      clearRegistrantCookie(reply, app.config, withdrawn);
      return ok(null);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/Member/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: "The signed-in member's own id only: withdraw a registration whose password was never set (an active account answers 409)",
        security: bearer,
        params: { type: 'object', required: ['id'], properties: { id: uuid } },
        response: { 200: envelope({ type: 'null' }), ...failures },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id !== request.member!.memberId) throw forbidden();
      await app.db.transaction().execute(async (tx) => {
        const member = await members.findById(tx, id);
        if (!member) throw notFound(catalogueText('registration-not-found'));
        await withdrawPending(tx, member);
      });
      return ok(null);
    },
  );

  // Registered before /api/Member/:id; find-my-way prefers the static path anyway.
  app.get(
    '/api/Member/GetMember',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: 'The signed-in member (SSN masked)',
        security: bearer,
        response: { 200: envelope(memberSchema), ...failures },
      },
    },
    async (request) => ok(await memberAnswer(app, await signedInMember(app, request), request.language)),
  );

  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    '/api/Member/:id',
    {
      schema: {
        tags: ['member'],
        summary: 'With ?token= (a set-password link): { id, accountid, ispasswordchanged }; with the bearer of that member: the member',
        params: { type: 'object', required: ['id'], properties: { id: uuid } },
        querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } },
        response: { 200: envelope(memberOrPasswordInfo), ...failures },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { token } = request.query;
      if (token) {
        const usable = await setPasswordTokens.findUsable(app.db, id, sha256(token), new Date());
        const member = usable ? await members.findById(app.db, id) : undefined;
        if (member) {
          const info: MemberPasswordInfo = {
            id: member.id,
            accountid: member.accountid,
            ispasswordchanged: member.ispasswordchanged?.toISOString() ?? null,
          };
          return ok(info);
        }
      }
      const caller = await optionalMember(app, request);
      if (caller?.memberId === id) {
        const member = await members.findById(app.db, id);
        if (member) return ok(await memberAnswer(app, member, request.language));
      }
      throw forbidden();
    },
  );

  app.put<{ Body: { member: MemberUpdate & { id?: string; accountid?: string } & Record<string, unknown> } }>(
    '/api/Member',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: "Update the signed-in member's profile",
        security: bearer,
        body: { type: 'object', required: ['member'], properties: { member: memberUpdateSchema } },
        response: { 200: envelope(memberSchema), ...failures },
      },
    },
    async (request) => {
      const input = request.body.member;
      refuseOthersIds(request.member!, { memberIds: [input.id], accountIds: [input.accountid] });
      const current = await signedInMember(app, request);
      // An SSN is changed only by a new one: left out, left empty or sent masked, the stored one is kept (the profile
      // shows a saved SSN as on file and does not ask it again), so a save never loses it.
      const keepSsn = isEmptyValue(input.additionalid) || (typeof input.additionalid === 'string' && MASKED_SSN.test(input.additionalid));
      // The form's view of the body: a null is an empty field, as in the browser (and the document's validation
      // counts a value of only spaces as empty too).
      const ownFields = await employerFields(app.content, 'profile', current.accountid, request.language);
      const data: Record<string, unknown> = ownValuesIn(ownFields, input);
      for (const field of MEMBER_PROFILE_FIELDS) if (input[field] !== undefined && input[field] !== null) data[field] = input[field];
      if (!keepSsn) data.additionalid = input.additionalid;
      const fieldErrors = await app.content.check('profile', current.accountid, data, {
        language: request.language,
        pointerPrefix: '/member',
      });
      // Whatever the employer's profile document says, only an issuable SSN is ever encrypted and stored (the
      // refusal's text is still the employer's).
      const ssn = keepSsn ? null : String(input.additionalid);
      if (ssn !== null && !PATTERNS.ssn!.test(ssn)) {
        fieldErrors['/member/additionalid'] ??= [message(await app.content.form('profile', current.accountid, request.language), 'ssn-invalid')];
      }
      // The ZIP, county and state must be a real combination of the crosswalk (what the ZIP lookup offers).
      const text = await profileMessages(app, current.accountid, request.language);
      Object.assign(fieldErrors, await addressFieldErrors(app.db, text, data, '/member', fieldErrors));
      // Only the employer's own fields are kept apart; any other key of the body is dropped here.
      const own = answersToStore(ownFields, input, current.employerfields, '/member');
      for (const [pointer, messages] of Object.entries(own.problems)) fieldErrors[pointer] ??= messages;
      const first = firstMessage(fieldErrors);
      if (first !== null) throw badRequest(first, fieldErrors);

      const changes: members.MemberChanges = {};
      for (const field of MEMBER_PROFILE_FIELDS) {
        const value = input[field];
        // A text of only spaces is stored as no value.
        if (value !== undefined) (changes as Record<string, unknown>)[field] = typeof value === 'string' && isEmptyValue(value) ? null : value;
      }
      if (ssn !== null) Object.assign(changes, protectSsn(ssn, app.config.SSN_KEY));
      const updated = await members.update(app.db, current.id, {
        ...changes,
        employerfields: JSON.stringify(own.answers),
        modifiedon: new Date(),
        modifiedby: current.emailaddress,
      });
      if (!updated) throw unauthorized();
      return ok({ ...own.answers, ...members.toWire(updated) });
    },
  );

  app.post<{ Body: { id: string; password: string; token: string } }>(
    '/api/changepassword',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['member'],
        summary: 'Set the password once, with the token from the set-password link',
        body: {
          type: 'object',
          required: ['id', 'password', 'token'],
          properties: { id: { type: 'string' }, password: { type: 'string', maxLength: 200 }, token: { type: 'string', maxLength: 200 } },
        },
        response: { 200: envelope({ type: 'null' }), ...failures },
      },
    },
    async (request) => {
      const { id, password, token } = request.body;
      const tokenInvalid = () => new AppError('TOKEN_INVALID', 403, TOKEN_INVALID_MESSAGE);
      if (!UUID_PATTERN.test(id)) throw tokenInvalid();
      const usable = await setPasswordTokens.findUsable(app.db, id, sha256(token), new Date());
      const member = usable ? await members.findById(app.db, id) : undefined;
      if (!usable || !member || member.ispasswordchanged !== null) throw tokenInvalid();
      await app.content.validate('set-password', member.accountid, { password }, { language: request.language });

      const passwordHash = await hashPassword(password);
      await app.db.transaction().execute(async (tx) => {
        const now = new Date();
        if (!(await setPasswordTokens.markUsed(tx, usable.id, now))) throw tokenInvalid();
        await members.update(tx, member.id, {
          password_hash: passwordHash,
          ispasswordchanged: now,
          modifiedon: now,
          modifiedby: member.emailaddress,
        });
        await recordSecurityEvent(app, request, 'password-set', member.id, tx);
      });
      return ok(null, catalogueMessage('password-set-sign-in', {}, request.language));
    },
  );
}

/** The member's answer: the record, with the answers to the employer's own profile fields under their names. */
async function memberAnswer(app: FastifyInstance, member: members.MemberRow, language: Language): Promise<Record<string, unknown>> {
  return { ...(await memberOwnAnswers(app.content, member, language)), ...members.toWire(member) };
}

async function signedInMember(app: FastifyInstance, request: FastifyRequest): Promise<members.MemberRow> {
  const member = request.member ? await members.findById(app.db, request.member.memberId) : undefined;
  if (!member) throw unauthorized();
  return member;
}
