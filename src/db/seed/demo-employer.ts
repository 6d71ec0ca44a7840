/**
 * The demo employer "Acme Benefits Demo" (team plan): seeded on every start so a fresh install has an employer
 * link to register through. Idempotent: fixed ids, upserts, the contribution schedule and product options replaced.
 */
import type { Kysely } from 'kysely';
import { effectiveDateChoices } from '#domain/effective-dates.ts';
import { dollarsToCents } from '#domain/money.ts';
import type { ContributionRow } from '#domain/contribution.ts';
import type { Database } from '../database.ts';
import * as brokers from '../repositories/broker.repository.ts';
import * as contacts from '../repositories/contact.repository.ts';
import * as contributions from '../repositories/contribution.repository.ts';
import * as employers from '../repositories/employer.repository.ts';
import * as products from '../repositories/product.repository.ts';

export const DEMO_ACCOUNT_ID = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a11';
export const DEMO_TEAM_ID = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a12';
export const DEMO_PRODUCT_ID = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a31';
export const DEMO_ACCOUNT_NAME = 'Acme Benefits Demo';

/** Monthly amounts by age band, plus a per-dependent amount: oldest/youngest is 2:1, inside ICHRA's 3:1. */
export const DEMO_SCHEDULE: ReadonlyArray<ContributionRow & { id: string }> = [
  { id: '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a41', contributionclass: 'ALL', ageMin: 0, ageMax: 29, employeeCents: dollarsToCents('300.00'), dependentCents: dollarsToCents('150.00') },
  { id: '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a42', contributionclass: 'ALL', ageMin: 30, ageMax: 39, employeeCents: dollarsToCents('350.00'), dependentCents: dollarsToCents('150.00') },
  { id: '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a43', contributionclass: 'ALL', ageMin: 40, ageMax: 49, employeeCents: dollarsToCents('450.00'), dependentCents: dollarsToCents('150.00') },
  { id: '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a44', contributionclass: 'ALL', ageMin: 50, ageMax: 120, employeeCents: dollarsToCents('600.00'), dependentCents: dollarsToCents('150.00') },
];

/** The plan year the demo offers on `today`: the calendar year of the first effective-date choice. */
export function demoPlanYear(today: string): number {
  const [first] = effectiveDateChoices(today, { edocPeriod: null, planYearStart: '0001-01-01', planYearEnd: '9999-12-31' });
  return Number(first!.slice(0, 4));
}

/** The demo employer's own row for a plan year. */
export function demoEmployer(year: number): employers.NewEmployerRow {
  return {
    accountid: DEMO_ACCOUNT_ID,
    accountname: DEMO_ACCOUNT_NAME,
    teamid: DEMO_TEAM_ID,
    mediadata: null,
    emailaddress: 'benefits-help@acme-demo.example',
    employeazecustomer: 1,
    hsaonly: 1,
    edoc_period: null,
    planyearstart: `${year}-01-01`,
    planyearend: `${year}-12-31`,
    businessyear: year,
  };
}

/** Creates or refreshes the demo employer with its schedule, contacts, broker and product; answers its accountid. */
export async function seedDemoEmployer(db: Kysely<Database>, today: string): Promise<string> {
  const year = demoPlanYear(today);
  await db.transaction().execute(async (trx) => {
    await employers.upsert(trx, demoEmployer(year));
    await contributions.replaceSchedule(trx, DEMO_ACCOUNT_ID, DEMO_SCHEDULE);
    const contact = { accountid: DEMO_ACCOUNT_ID, middlename: null };
    await contacts.upsert(trx, {
      ...contact,
      id: '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a21',
      contacttype: 1,
      displaytoemployee: true,
      firstname: 'Jordan',
      lastname: 'Reyes',
      emailaddress: 'jordan.reyes@broker-demo.example',
      phonenumber: '(555) 010-2001',
    });
    await contacts.upsert(trx, {
      ...contact,
      id: '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a22',
      contacttype: 3,
      displaytoemployee: true,
      firstname: 'Priya',
      lastname: 'Shah',
      emailaddress: 'hr@acme-demo.example',
      phonenumber: '(555) 010-2002',
    });
    await contacts.upsert(trx, {
      ...contact,
      id: '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a23',
      contacttype: 4,
      displaytoemployee: false,
      firstname: 'Sam',
      lastname: 'Okafor',
      emailaddress: 'billing@acme-demo.example',
      phonenumber: '(555) 010-2003',
    });
    await brokers.upsert(trx, {
      id: '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a24',
      teamid: DEMO_TEAM_ID,
      firstname: 'Jordan',
      lastname: 'Reyes',
      emailaddress: 'jordan.reyes@broker-demo.example',
      phonenumber: '(555) 010-2001',
    });
    await products.upsertWithOptions(
      trx,
      {
        id: DEMO_PRODUCT_ID,
        productname: 'Telehealth Plus',
        vendorname: 'CareLine Virtual Health',
        description: 'Around-the-clock doctor visits by phone or video, for you and your family, with no visit fee.',
        category: 'additionalservices',
        subcategory: 'Telehealth',
        taxstatus: 'Pre-Tax',
        active: true,
      },
      [
        { id: '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a32', productid: DEMO_PRODUCT_ID, option: 'Individual', cost_cents: dollarsToCents('9.99'), sort: 1 },
        { id: '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a33', productid: DEMO_PRODUCT_ID, option: 'Family', cost_cents: dollarsToCents('19.99'), sort: 2 },
      ],
    );
  });
  return DEMO_ACCOUNT_ID;
}
