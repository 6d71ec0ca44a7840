/** Which employer contacts /welcome shows (spec §2 /welcome, §3 Employer contact, §6). */
import { WELCOME_MAX_CONTACTS } from '../parameters/enrollment.ts';

/** Contact types 1..5 and their names (spec §3 Employer contact). */
export const CONTACT_TYPE_NAMES = {
  1: 'Insurance Broker',
  2: 'Premium Payments/Banking',
  3: 'HR',
  4: 'Billing/Accounting',
  5: 'Support',
} as const;

export type ContactType = keyof typeof CONTACT_TYPE_NAMES;

/** The name of a contact type; the type number as text when it is outside 1..5. */
export function contactTypeName(type: number): string {
  return type in CONTACT_TYPE_NAMES ? CONTACT_TYPE_NAMES[type as ContactType] : String(type);
}

export type ContactInput = {
  contacttype: number;
  displaytoemployee: boolean;
  firstname: string;
  middlename?: string | null;
  lastname: string;
  emailaddress: string | null;
  phonenumber: string | null;
};

export type BrokerInput = {
  firstName: string;
  lastName: string;
  emailAddress: string | null;
  phoneNumber: string | null;
};

/** One contact card of /welcome: titled 'Contact Your {contact type name}'. */
export type WelcomeContact = {
  title: string;
  contacttype: number;
  contacttypename: string;
  fullname: string;
  emailaddress: string | null;
  phonenumber: string | null;
};

const fullName = (...parts: Array<string | null | undefined>) =>
  parts.map((part) => part?.trim()).filter(Boolean).join(' ');

function fromContact(contact: ContactInput): WelcomeContact {
  const name = contactTypeName(contact.contacttype);
  return {
    title: `Contact Your ${name}`,
    contacttype: contact.contacttype,
    contacttypename: name,
    fullname: fullName(contact.firstname, contact.middlename, contact.lastname),
    emailaddress: contact.emailaddress,
    phonenumber: contact.phonenumber,
  };
}

function fromBroker(broker: BrokerInput): WelcomeContact {
  return fromContact({
    contacttype: 1,
    displaytoemployee: true,
    firstname: broker.firstName,
    lastname: broker.lastName,
    emailaddress: broker.emailAddress,
    phonenumber: broker.phoneNumber,
  });
}

/**
 * The contacts an employee may receive at all: those flagged displaytoemployee, plus the broker contacts (type 1),
 * which /welcome falls back to when none is flagged. The others (billing, banking...) stay with the employer.
 */
export function contactsForEmployees<T extends Pick<ContactInput, 'contacttype' | 'displaytoemployee'>>(contacts: readonly T[]): T[] {
  return contacts.filter((contact) => contact.displaytoemployee || contact.contacttype === 1);
}

/**
 * The cards /welcome shows: the contacts flagged displaytoemployee (at most 3, in the given order); when none
 * is flagged, the first broker contact (type 1); when the employer has no contacts at all, or none of type 1,
 * the broker record of the employer's team; nothing when there is no broker either.
 */
export function selectWelcomeContacts(
  contacts: readonly ContactInput[] | null | undefined,
  teamBroker: BrokerInput | null | undefined,
): WelcomeContact[] {
  const list = contacts ?? [];
  const shown = list.filter((contact) => contact.displaytoemployee).slice(0, WELCOME_MAX_CONTACTS.value);
  if (shown.length > 0) return shown.map(fromContact);
  const broker = list.find((contact) => contact.contacttype === 1);
  if (broker) return [fromContact(broker)];
  return teamBroker ? [fromBroker(teamBroker)] : [];
}
