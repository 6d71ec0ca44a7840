/**
 * The demo employer "Acme Benefits Demo" (team plan): seeded on every start so a fresh install has an employer
 * link to register through. Idempotent: fixed ids, upserts, the contribution rules and product options replaced.
 */
import type { Kysely } from 'kysely';
import { effectiveDateChoices } from '#domain/enrollment/effective-dates.ts';
import { dollarsToCents } from '#domain/values/money.ts';
import { tierRules, type ContributionRule } from '#domain/enrollment/contribution.ts';
import type { Database } from '../database.ts';
import * as brokers from '../repositories/employer/broker.repository.ts';
import * as contacts from '../repositories/employer/contact.repository.ts';
import * as contributions from '../repositories/employer/contribution.repository.ts';
import * as employers from '../repositories/employer/employer.repository.ts';
import * as products from '../repositories/employer/product.repository.ts';

export const DEMO_ACCOUNT_ID = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a11';
export const DEMO_TEAM_ID = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a12';
export const DEMO_PRODUCT_ID = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a31';
export const DEMO_ACCOUNT_NAME = 'Acme Benefits Demo';

/**
 * The demo's contribution rules: class ALL, four age bands of the employee, each with a tier table (employee,
 * + spouse, + children, family). In every tier the oldest band gets 2 times the youngest, inside ICHRA's 3:1;
 * the tiers scale the employee amount by 2, 1.8 and 2.8.
 */
const DEMO_BANDS: ReadonlyArray<[ageMin: number, ageMax: number, employee: string, spouse: string, children: string, family: string]> = [
  [0, 29, '300.00', '600.00', '540.00', '840.00'],
  [30, 39, '350.00', '700.00', '630.00', '980.00'],
  [40, 49, '450.00', '900.00', '810.00', '1260.00'],
  [50, 120, '600.00', '1200.00', '1080.00', '1680.00'],
];

export const DEMO_RULES: ReadonlyArray<ContributionRule & { id: string }> = DEMO_BANDS.flatMap(([ageMin, ageMax, employee, spouse, children, family]) =>
  tierRules('ALL', ageMin, ageMax, {
    employee: dollarsToCents(employee),
    'employee-spouse': dollarsToCents(spouse),
    'employee-children': dollarsToCents(children),
    family: dollarsToCents(family),
  }),
).map((rule, index) => ({ ...rule, id: `5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a${(0x40 + index).toString(16)}` }));

/** The plan year the demo offers on `today`: the calendar year of the first effective-date choice. */
export function demoPlanYear(today: string): number {
  const [first] = effectiveDateChoices(today, { edocPeriod: null, planYearStart: '0001-01-01', planYearEnd: '9999-12-31' });
  return Number(first!.slice(0, 4));
}

/** The demo's HSA administrator (fictional), the vendor its employees' HSA orders name. */
export const DEMO_HSA_ADMINISTRATOR = 'Summit HSA Services';

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
    hsaadministrator: DEMO_HSA_ADMINISTRATOR,
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
    await contributions.replaceRules(trx, DEMO_ACCOUNT_ID, DEMO_RULES);
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
        accountid: DEMO_ACCOUNT_ID,
        productname: 'Telehealth Plus',
        vendorname: 'CareLine Virtual Health',
        description: 'Around-the-clock doctor visits by phone or video, for you and your family, with no visit fee.',
        description_es: 'Consultas médicas a toda hora por teléfono o video, para usted y su familia, sin costo por consulta.',
        category: 'additionalservices',
        subcategory: 'Telehealth',
        taxstatus: 'Pre-Tax',
        active: true,
      },
      [
        { id: '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a32', productid: DEMO_PRODUCT_ID, option: 'Individual', option_es: 'Individual', cost_cents: dollarsToCents('9.99'), sort: 1 },
        { id: '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a33', productid: DEMO_PRODUCT_ID, option: 'Family', option_es: 'Familiar', cost_cents: dollarsToCents('19.99'), sort: 2 },
      ],
    );
  });
  return DEMO_ACCOUNT_ID;
}
