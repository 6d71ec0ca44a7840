import { describe, expect, it } from 'vitest';
import { CONTACT_TYPE_NAMES, contactsForEmployees, contactTypeName, selectWelcomeContacts, type ContactInput } from '#domain/employer/contacts.ts';

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
    [1, 'Insurance Broker'],
    [2, 'Premium Payments/Banking'],
    [3, 'HR'],
    [4, 'Billing/Accounting'],
    [5, 'Support'],
    [9, '9'],
  ])('%i -> %s', (type, name) => {
    expect(contactTypeName(type)).toBe(name);
  });

  it('has exactly five types', () => {
    expect(Object.keys(CONTACT_TYPE_NAMES)).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('selectWelcomeContacts (spec §2 /welcome)', () => {
  it.each([
    ['the flagged ones', [contact(1, true, 'Ann'), contact(3, true, 'Bob'), contact(4, false, 'Cy')], ['Ann Doe', 'Bob Doe']],
    ['at most 3 flagged', [contact(1, true, 'A'), contact(2, true, 'B'), contact(3, true, 'C'), contact(5, true, 'D')], ['A Doe', 'B Doe', 'C Doe']],
    ['none flagged: the broker contact', [contact(3, false, 'Hr'), contact(1, false, 'Bro'), contact(1, false, 'Second')], ['Bro Doe']],
    ['none flagged and no broker contact: the team broker', [contact(3, false, 'Hr')], ['Team Broker']],
    ['no contacts: the team broker', [], ['Team Broker']],
    ['no contact list: the team broker', null, ['Team Broker']],
  ])('%s', (_label, contacts, shown) => {
    expect(names(selectWelcomeContacts(contacts, broker))).toEqual(shown);
  });

  it('shows nothing when there is neither a contact nor a broker', () => {
    expect(selectWelcomeContacts(null, null)).toEqual([]);
  });

  it('titles each card with the contact type name', () => {
    const [hr] = selectWelcomeContacts([{ ...contact(3, true, 'Hana'), middlename: 'Q' }], null);
    expect(hr).toEqual({
      title: 'Contact Your HR',
      contacttype: 3,
      contacttypename: 'HR',
      fullname: 'Hana Q Doe',
      emailaddress: 'hana@example.com',
      phonenumber: '555-0100',
    });
    expect(selectWelcomeContacts(undefined, broker)[0]).toMatchObject({ title: 'Contact Your Insurance Broker', emailaddress: 'broker@example.com' });
  });
});

describe('contactsForEmployees (spec §2 /welcome, §6: the flag controls whether employees see a contact)', () => {
  const flagged = (contacttype: number, displaytoemployee: boolean) => ({ contacttype, displaytoemployee, id: `${contacttype}-${displaytoemployee}` });

  it.each([
    { name: 'flagged contacts of any type are kept', input: [flagged(3, true), flagged(5, true)], expected: ['3-true', '5-true'] },
    { name: 'an unflagged broker is kept for the fallback card', input: [flagged(1, false), flagged(4, false)], expected: ['1-false'] },
    { name: 'unflagged contacts of other types are left out', input: [flagged(2, false), flagged(4, false)], expected: [] },
  ])('$name', ({ input, expected }) => {
    expect(contactsForEmployees(input).map((c) => c.id)).toEqual(expected);
  });
});
