/**
 * The staff console's employee list and enrollment report, a page at a time
 * (docs/decisions/050-rosters-in-pages-reports-streamed.md): what GET .../employees and GET .../reports/enrollment
 * take (a cursor, a page size, a search, a status) and answer (the page, the next cursor, the count of the filter).
 * TypeBox (docs/decisions/038-route-schemas-are-their-types.md).
 */
import { Type, type Static } from 'typebox';
import { Nullable, OneOf, Uuid } from '../wire-schema.ts';
import { EmployeeCountsSchema, EMPLOYEE_STATUS_NAMES } from './staff-employers.ts';
import { StaffEmployeeSchema } from './staff-employees.ts';

/** A page's employees when the request names no size, and the most it may ask for. */
export const EMPLOYEE_PAGE_SIZE = 50;
export const EMPLOYEE_PAGE_MAX = 200;
/** The longest search text. */
const SEARCH_MAX = 100;

export const EmployeePageQuerySchema = Type.Object(
  {
    after: Type.Optional(Type.String({ format: 'uuid', description: "The page's cursor: the previous page's `next` (none: the first page)" })),
    // The maximum is the server's own check, so a page too large is refused in words that say the most (400).
    limit: Type.Optional(Type.Integer({ minimum: 1, default: EMPLOYEE_PAGE_SIZE, description: `Employees a page, at most ${EMPLOYEE_PAGE_MAX} (more: 400)` })),
    search: Type.Optional(Type.String({ minLength: 1, maxLength: SEARCH_MAX, description: 'Part of the name (first and last) or of the e-mail address, any case' })),
    status: Type.Optional(OneOf('string', EMPLOYEE_STATUS_NAMES, { description: 'Only the employees of this status' })),
  },
  { additionalProperties: false },
);
export type EmployeePageQuery = Static<typeof EmployeePageQuerySchema>;

/** A page of employees, in order of last name, first name and id. */
export const EmployeePageSchema = Type.Object({
  employees: Type.Array(StaffEmployeeSchema),
  next: Nullable(Type.String({ format: 'uuid', description: "The next page's cursor (its `after`); null on the last page" })),
  total: Type.Integer({ description: 'How many employees the search and status keep, on every page' }),
});
export type EmployeePage = Static<typeof EmployeePageSchema>;

/** The enrollment report: the employer's employees counted by status (whatever the filter), and a page of them. */
export const EnrollmentReportPageSchema = Type.Object({ counts: EmployeeCountsSchema, ...EmployeePageSchema.properties });
export type EnrollmentReportPage = Static<typeof EnrollmentReportPageSchema>;
