/**
 * The staff console's employees and reports (docs/staff-employers.md): the census import, the set-password
 * invitation, each employee's standing, the enrollment and payroll reports and the event log (LogFact). Viewers
 * read; implementers and admins import and invite (src/server/services/staff-employees/). Every read of personal
 * data (the employees, the reports, the event log) is recorded in the audit trail before it is answered.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import {
  CENSUS_MAX_CHARACTERS,
  CensusBodySchema,
  CensusImportSchema,
  StaffEmployeeSchema,
  StaffEventSchema,
  StaffEventsQuerySchema,
} from '#contracts/staff/staff-employees.ts';
import { Uuid } from '#contracts/wire-schema.ts';
import { EmployeePageQuerySchema, EmployeePageSchema, EnrollmentReportPageSchema, type EmployeePageQuery } from '#contracts/staff/employee-pages.ts';
import { recordStaffRead } from '#db/repositories/staff/staff-audit.repository.ts';
import { visibleEmployers } from '#db/repositories/staff/staff-user.repository.ts';
import { refuseInvertedDays } from '../../errors.ts';
import { envelope, failures, ok } from '../../http/route-schemas.ts';
import { staffCookieSecurity } from './staff-auth.routes.ts';
import { employerOr404 } from '../../services/staff-employers/staff-employers.ts';
import { importCensus } from '../../services/staff-employees/census-import.ts';
import { inviteEmployee } from '../../services/staff-employees/employee-invitations.ts';
import { enrollmentReport, payrollCsv } from '../../services/staff-employees/employee-reports.ts';
import { employeePage } from '../../services/staff-employees/employee-roster.ts';
import { listEvents } from '../../services/staff-employees/event-log.ts';

/** What the audit trail records in place of a filter that is personal data. */
const NOT_RECORDED = '(given, not recorded)';

const accountParams = Type.Object({ accountid: Uuid });

/** A page's filters as the audit trail records them: the search is personal data, recorded only as given. */
const recordedPageFilters = ({ search, ...filters }: EmployeePageQuery) => (search === undefined ? filters : { ...filters, search: NOT_RECORDED });

export async function staffEmployeesRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const viewer = app.requireStaff('viewer');
  const implementer = app.requireStaff('implementer');
  const schema = <E extends object>(summary: string, response: TSchema, extra: E = {} as E) => ({
    tags: ['Staff'],
    summary,
    security: staffCookieSecurity,
    response: { 200: envelope(response), ...failures },
    ...extra,
  });

  app.post(
    '/api/staff/employers/:accountid/census',
    {
      onRequest: implementer,
      bodyLimit: 2 * CENSUS_MAX_CHARACTERS,
      schema: schema(
        'Import a census CSV, the first time or again (a row naming an employee of the employer by externalid or email updates them): every row checked first; any refused row answers 400 CENSUS_INVALID with data.rows [{line, reason}] and writes nothing',
        CensusImportSchema,
        { params: accountParams, body: CensusBodySchema },
      ),
    },
    async (request) => {
      const employer = await employerOr404(app.db, request.params.accountid);
      const context = { config: app.config, mail: app.mail, content: app.content, now: app.now() };
      return ok(await importCensus(app.db, context, request.staff!, employer, request.body.csv, request.body.invite));
    },
  );

  app.get(
    '/api/staff/employers/:accountid/employees',
    {
      onRequest: viewer,
      schema: schema(
        "A page of the employer's employees with their status, its date and the elected plan, by last name, first name; searched by name or e-mail and filtered by status, with the count of what the filter keeps",
        EmployeePageSchema,
        { params: accountParams, querystring: EmployeePageQuerySchema },
      ),
    },
    async (request) => {
      await employerOr404(app.db, request.params.accountid);
      // Read first, so a refused page (400) records nothing; recorded before it is answered.
      const page = await employeePage(app.db, app.content, request.params.accountid, request.query);
      await recordStaffRead(app.db, { staffId: request.staff!.id, entity: 'employees', entityId: request.params.accountid, filters: recordedPageFilters(request.query) });
      return ok(page);
    },
  );

  app.post(
    '/api/staff/employers/:accountid/employees/:memberid/invite',
    {
      onRequest: implementer,
      schema: schema('E-mail the employee a new set-password link (invite or resend); 409 once the password is set', StaffEmployeeSchema, {
        params: Type.Object({ accountid: Uuid, memberid: Uuid }),
      }),
    },
    async (request) => {
      const employer = await employerOr404(app.db, request.params.accountid);
      return ok(await inviteEmployee(app.db, { config: app.config, mail: app.mail, content: app.content }, request.staff!, employer, request.params.memberid));
    },
  );

  app.get(
    '/api/staff/employers/:accountid/reports/enrollment',
    {
      onRequest: viewer,
      schema: schema('Enrollment report: the employees counted by status, and a page of them (as GET .../employees)', EnrollmentReportPageSchema, {
        params: accountParams,
        querystring: EmployeePageQuerySchema,
      }),
    },
    async (request) => {
      await employerOr404(app.db, request.params.accountid);
      const report = await enrollmentReport(app.db, app.content, request.params.accountid, request.query);
      await recordStaffRead(app.db, { staffId: request.staff!.id, entity: 'enrollment_report', entityId: request.params.accountid, filters: recordedPageFilters(request.query) });
      return ok(report);
    },
  );

  app.get(
    '/api/staff/employers/:accountid/reports/payroll.csv',
    {
      onRequest: viewer,
      schema: {
        tags: ['Staff'],
        summary:
          "Payroll deduction report (text/csv): contribution, spend, pre-tax deduction, remaining contribution and effective date per enrolled or waived employee, then one column per own field of the employer",
        security: staffCookieSecurity,
        params: accountParams,
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'The CSV file' }), ...failures },
      },
    },
    async (request, reply) => {
      const employer = await employerOr404(app.db, request.params.accountid);
      await recordStaffRead(app.db, { staffId: request.staff!.id, entity: 'payroll_report', entityId: employer.accountid, filters: {} });
      const csv = payrollCsv(app.db, app.content, employer.accountid);
      const filename = `payroll-${employer.businessyear}-${employer.accountid}.csv`;
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
    },
  );

  app.get(
    '/api/staff/events',
    {
      onRequest: viewer,
      schema: schema(
        "The event log (LogFact) with each event's employer and member by name, newest first, filtered by employer (id or part of its name), member (id, or part of the name or e-mail), action and days (from and to included); a staff user of some employers gets only those employers' events",
        Type.Array(StaffEventSchema),
        { querystring: StaffEventsQuerySchema },
      ),
    },
    async (request) => {
      refuseInvertedDays(request.query);
      const { employee, ...filters } = request.query;
      // The name or e-mail typed to find an employee is personal data: the trail records only that one was given.
      const recorded = employee === undefined ? filters : { ...filters, employee: NOT_RECORDED };
      await recordStaffRead(app.db, { staffId: request.staff!.id, entity: 'event_log', entityId: filters.accountid ?? '', filters: recorded });
      return ok(await listEvents(app.db, { ...request.query, employers: await visibleEmployers(app.db, request.staff!) }));
    },
  );
}
