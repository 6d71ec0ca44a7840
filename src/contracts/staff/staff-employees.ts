/**
 * The wire shapes of an employer's employees and reports in the staff console (/api/staff/employers/{accountid}/
 * census, .../employees, .../reports, /api/staff/events; docs/staff-employers.md). TypeBox
 * (docs/decisions/038-route-schemas-are-their-types.md).
 */
import { Type, type Static } from 'typebox';
import { Defaulted, FilterDay, IsoDate, Nullable, OneOf, Uuid } from '../wire-schema.ts';
import { EMPLOYEE_STATUS_NAMES } from './staff-employers.ts';

/** The largest census text: 5,000 rows of a few hundred characters. */
export const CENSUS_MAX_CHARACTERS = 1_500_000;
/** The longest text of a filter by name or e-mail. */
const FILTER_TEXT_MAX = 100;

/** POST .../census. */
export const CensusBodySchema = Type.Object(
  {
    csv: Type.String({ maxLength: CENSUS_MAX_CHARACTERS, description: 'The file text (docs/staff-employers.md, Census file)' }),
    invite: Defaulted(Type.Boolean({ default: false, description: 'Also e-mail each new employee the set-password link' })),
  },
  { additionalProperties: false },
);

/** A refused census row (400 CENSUS_INVALID's data.rows). */
export type CensusRowProblem = { line: number; reason: string };

/**
 * A census written: `added` new employees (their ids in `memberids`), `updated` ones the employer had (each with
 * the line that names it and the fields it changed, in the census's words), `unchanged` ones; `imported` is added
 * plus updated; `invited` the new employees e-mailed.
 */
export const CensusImportSchema = Type.Object({
  imported: Type.Integer({ description: 'added + updated' }),
  added: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  invited: Type.Integer(),
  memberids: Type.Array(Uuid, { description: 'The new employees' }),
  updates: Type.Array(Type.Object({ line: Type.Integer(), memberid: Uuid, changed: Type.Array(Type.String()) })),
});
export type CensusImport = Static<typeof CensusImportSchema>;

/**
 * The employee's answer to one of the employer's own fields (a field its profile or dependent document adds):
 * `label` the field's title in the employer's document ('<title> (dependents)' for a dependent field), `answer` the
 * answer as text ('' when none: a number as written, yes/no as Yes or No). A dependent field's answer names each
 * dependent who answered: 'Jane Doe: S-1; Tom Doe: S-2'.
 */
export const StaffEmployerFieldSchema = Type.Object({ name: Type.String(), of: OneOf('string', ['member', 'dependent']), label: Type.String(), answer: Type.String() });
export type StaffEmployerField = Static<typeof StaffEmployerFieldSchema>;

export const StaffEmployeeSchema = Type.Object({
  memberid: Uuid,
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  contributionclass: Type.String(),
  status: OneOf('string', EMPLOYEE_STATUS_NAMES),
  statusdate: IsoDate,
  plan: Nullable(Type.String()),
  /** In the order of its documents (member fields first). */
  employerfields: Type.Array(StaffEmployerFieldSchema, {
    description: "The answers to the employer's own fields (those its profile and dependent documents add)",
  }),
});
export type StaffEmployee = Static<typeof StaffEmployeeSchema>;


/** An event of the log, with its employer's name and its member's name and e-mail (null when it has none). */
export const StaffEventSchema = Type.Object({
  id: Uuid,
  title: Type.String(),
  accountid: Nullable(Uuid),
  employername: Nullable(Type.String()),
  memberid: Nullable(Uuid),
  membername: Nullable(Type.String()),
  memberemail: Nullable(Type.String()),
  action: Nullable(Type.String()),
  effectivedate: Nullable(Type.String()),
  data: Type.Unknown(),
  createdon: Type.String(),
});
export type StaffEvent = Static<typeof StaffEventSchema>;

/** GET /api/staff/events's filters: employer (id or part of its name), member (id, part of the name or e-mail), action, days. */
export const StaffEventsQuerySchema = Type.Object(
  {
    accountid: Type.Optional(Uuid),
    memberid: Type.Optional(Uuid),
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    from: Type.Optional(FilterDay),
    to: Type.Optional(FilterDay),
    employee: Type.Optional(Type.String({ minLength: 1, maxLength: FILTER_TEXT_MAX, description: "Part of the member's name or e-mail address (any case)" })),
    employer: Type.Optional(Type.String({ minLength: 1, maxLength: FILTER_TEXT_MAX, description: "Part of the employer's name (any case)" })),
    limit: Defaulted(Type.Integer({ minimum: 1, maximum: 1000, default: 200 })),
  },
  { additionalProperties: false },
);
export type StaffEventsQuery = Static<typeof StaffEventsQuerySchema>;
