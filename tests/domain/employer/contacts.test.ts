import { describe, expect, it } from 'vitest';
import { CONTACT_TYPE_NAMES, contactsForEmployees, contactTypeName, selectWelcomeContacts, type BrokerInput, type ContactInput, type WelcomeContact } from '#domain/employer/contacts.ts';
import type { RuleCase } from '../rule-case.ts';

const contact = (contacttype: number, displaytoemployee: boolean, firstname: string): ContactInput => ({
  contacttype,
  displaytoemployee,
  firstname,
  middlename: null,
  lastname: 'Doe',
  emailaddress: `${firstname.toLowerCase()}@example.com`,
  phonenumber: '555-0100',
});
const broker = { firstName: 'Team', lastName: 'Broker', emailAddress: 'broker@example.com', phoneNumber: '555-0199' };
const names = (cards: ReturnType<typeof selectWelcomeContacts>) => cards.map((card) => card.fullname);

describe('contact type names (spec §3)', () => {
  it.each([
    { name: '1 is Insurance Broker', period: '', input: 1, output: 'Insurance Broker' },
    { name: '2 is Premium Payments/Banking', period: '', input: 2, output: 'Premium Payments/Banking' },
    { name: '3 is HR', period: '', input: 3, output: 'HR' },
    { name: '4 is Billing/Accounting', period: '', input: 4, output: 'Billing/Accounting' },
    { name: '5 is Support', period: '', input: 5, output: 'Support' },
    { name: 'an unknown type is said by its number', period: '', input: 9, output: '9' },
  ] satisfies RuleCase<number, string>[])('$name', ({ input, output }) => {
    expect(contactTypeName(input)).toBe(output);
  });

  it('has exactly five types', () => {
    expect(Object.keys(CONTACT_TYPE_NAMES)).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('selectWelcomeContacts (spec §2 /welcome)', () => {
  type Given = { contacts: ContactInput[] | null | undefined; broker: BrokerInput | null };
  it.each([
    { name: 'the flagged ones', period: '', input: { contacts: [contact(1, true, 'Ann'), contact(3, true, 'Bob'), contact(4, false, 'Cy')], broker }, output: ['Ann Doe', 'Bob Doe'] },
    { name: 'at most 3 flagged', period: '', input: { contacts: [contact(1, true, 'A'), contact(2, true, 'B'), contact(3, true, 'C'), contact(5, true, 'D')], broker }, output: ['A Doe', 'B Doe', 'C Doe'] },
    { name: 'none flagged: the broker contact', period: '', input: { contacts: [contact(3, false, 'Hr'), contact(1, false, 'Bro'), contact(1, false, 'Second')], broker }, output: ['Bro Doe'] },
    { name: 'none flagged and no broker contact: the team broker', period: '', input: { contacts: [contact(3, false, 'Hr')], broker }, output: ['Team Broker'] },
    { name: 'no contacts: the team broker', period: '', input: { contacts: [], broker }, output: ['Team Broker'] },
    { name: 'no contact list: the team broker', period: '', input: { contacts: null, broker }, output: ['Team Broker'] },
    { name: 'neither a contact nor a broker: nothing', period: '', input: { contacts: null, broker: null }, output: [] },
  ] satisfies RuleCase<Given, string[]>[])('$name', ({ input, output }) => {
    expect(names(selectWelcomeContacts(input.contacts, input.broker))).toEqual(output);
  });

  // Each card is titled with the contact type name.
  it.each([
    {
      name: "a contact's card",
      period: '',
      input: { contacts: [{ ...contact(3, true, 'Hana'), middlename: 'Q' }], broker: null },
      output: { title: 'Contact Your HR', contacttype: 3, contacttypename: 'HR', fullname: 'Hana Q Doe', emailaddress: 'hana@example.com', phonenumber: '555-0100' },
    },
    {
      name: "the team broker's card",
      period: '',
      input: { contacts: undefined, broker },
      output: expect.objectContaining({ title: 'Contact Your Insurance Broker', emailaddress: 'broker@example.com' }),
    },
  ] satisfies RuleCase<Given, WelcomeContact>[])('titles $name with the contact type name', ({ input, output }) => {
    expect(selectWelcomeContacts(input.contacts, input.broker)[0]).toEqual(output);
  });
});

describe('contactsForEmployees (spec §2 /welcome, §6: the flag controls whether employees see a contact)', () => {
  const flagged = (contacttype: number, displaytoemployee: boolean) => ({ contacttype, displaytoemployee, id: `${contacttype}-${displaytoemployee}` });

  it.each([
    { name: 'flagged contacts of any type are kept', period: '', input: [flagged(3, true), flagged(5, true)], output: ['3-true', '5-true'] },
    { name: 'an unflagged broker is kept for the fallback card', period: '', input: [flagged(1, false), flagged(4, false)], output: ['1-false'] },
    { name: 'unflagged contacts of other types are left out', period: '', input: [flagged(2, false), flagged(4, false)], output: [] },
  ] satisfies RuleCase<ReturnType<typeof flagged>[], string[]>[])('$name', ({ input, output }) => {
    expect(contactsForEmployees(input).map((c) => c.id)).toEqual(output);
  });
});
