import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributionCents, ruleSetProblems } from '#domain/enrollment/contribution.ts';
import { effectiveDateChoices } from '#domain/enrollment/effective-dates.ts';
import * as contributions from '#db/repositories/employer/contribution.repository.ts';
import * as contacts from '#db/repositories/employer/contact.repository.ts';
import * as brokers from '#db/repositories/employer/broker.repository.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import * as products from '#db/repositories/employer/product.repository.ts';
import { DEMO_ACCOUNT_ID, DEMO_TEAM_ID, DEMO_RULES, demoPlanYear, seedDemoEmployer } from '#db/seed/demo-employer.ts';
import { everyDatabase, type TestDb } from '../../server/helpers/databases.ts';

describe('demoPlanYear', () => {
  it.each([
    ['2025-05-01', 2025],
    ['2025-11-19', 2025],
    ['2025-11-20', 2026],
    ['2025-12-05', 2026],
  ])('on %s the plan year is %i', (today, year) => {
    expect(demoPlanYear(today)).toBe(year);
  });
});

describe.each(everyDatabase())('seedDemoEmployer on $name', (database) => {
  let handle: TestDb;
  beforeAll(async () => {
    handle = await database.create();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('creates the demo employer, idempotently', async () => {
    const { db } = handle;
    expect(await seedDemoEmployer(db, '2025-11-25')).toBe(DEMO_ACCOUNT_ID);
    expect(await seedDemoEmployer(db, '2025-11-25')).toBe(DEMO_ACCOUNT_ID);

    const employer = await employers.findById(db, DEMO_ACCOUNT_ID);
    expect(employers.toWire(employer!)).toEqual({
      accountid: DEMO_ACCOUNT_ID,
      accountname: 'Acme Benefits Demo',
      teamid: DEMO_TEAM_ID,
      mediadata: null,
      emailaddress: 'benefits-help@acme-demo.example',
      employeazecustomer: 1,
      hsaonly: 1,
      edoc_period: null,
      hsaadministrator: 'Summit HSA Services',
      planyearstart: '2026-01-01',
      planyearend: '2026-12-31',
      businessyear: 2026,
    });
    const schedule = await contributions.listByAccount(db, DEMO_ACCOUNT_ID);
    expect(schedule).toHaveLength(DEMO_RULES.length);
    expect((await contacts.listByAccount(db, DEMO_ACCOUNT_ID)).map((row) => [row.contacttype, row.displaytoemployee])).toEqual([
      [1, true],
      [3, true],
      [4, false],
    ]);
    expect((await brokers.listByTeam(db, DEMO_TEAM_ID)).map(brokers.toWire)).toEqual([
      { firstName: 'Jordan', lastName: 'Reyes', emailAddress: 'jordan.reyes@broker-demo.example', phoneNumber: '(555) 010-2001' },
    ]);
    const [product, ...others] = await products.listActive(db, DEMO_ACCOUNT_ID, 'en');
    expect(others).toEqual([]);
    expect(product).toMatchObject({ productname: 'Telehealth Plus', category: 'additionalservices', taxstatus: 'Pre-Tax' });
    // The repository answers cents; the wire's dollars are the edge's (money-wire.ts).
    expect(product!.options.map((option) => [option.option, option.cost])).toEqual([
      ['Individual', 999],
      ['Family', 1999],
    ]);
  });

  it('moves the plan year with the day it is seeded on, so the wizard always offers a date', async () => {
    const { db } = handle;
    await seedDemoEmployer(db, '2025-05-10');
    const employer = (await employers.findById(db, DEMO_ACCOUNT_ID))!;
    expect([employer.planyearstart, employer.planyearend, employer.businessyear]).toEqual(['2025-01-01', '2025-12-31', 2025]);
    const choices = effectiveDateChoices('2025-05-10', { edocPeriod: employer.edoc_period, planYearStart: employer.planyearstart, planYearEnd: employer.planyearend });
    expect(choices).toEqual(['2025-06-01', '2025-07-01']);
  });

  it('has contribution rules within the ICHRA 3:1 age limit, one amount per age and tier', async () => {
    const rows = (await contributions.listByAccount(handle.db, DEMO_ACCOUNT_ID)).map(contributions.toDomain);
    expect(ruleSetProblems(rows)).toEqual([]);
    const at = (birthdate: string, tier: 'employee' | 'employee-spouse' | 'employee-children' | 'family') =>
      contributionCents(rows, { contributionclass: 'ALL', birthdate, effectiveDate: '2026-01-01', tier, location: { state: 'VA', ratingArea: null } });
    // A realistic tier table: every tier pays more than the employee alone; family the most.
    expect(['employee', 'employee-spouse', 'employee-children', 'family'].map((tier) => at('1980-06-01', tier as 'family'))).toEqual([45000, 90000, 81000, 126000]);
    expect(at('2000-06-01', 'family')).toBe(84000);
    expect(at('1950-06-01', 'family')).toBe(168000);
  });
});
