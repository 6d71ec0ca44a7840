/**
 * Every name of a member's answer (GetMember) and of a dependent's (the dependents call). A field an employer adds
 * under one of these names is none of its own (its answer would shadow the record's), so the server never stores it
 * apart and the console's field builder never names a new field so.
 */
import type { Dependent, Member } from './entities.ts';

export const MEMBER_NAMES: Record<keyof Member, true> = {
  id: true, accountid: true, priormemberid: true, externalid: true, firstname: true, lastname: true, address1: true, address2: true,
  city: true, stateorprovince: true, postalcode: true, county: true, emailaddress: true, personalemailaddress: true, birthdate: true,
  hiredate: true, phonenumber: true, origination: true, relationship: true, primarymemberid: true, istobaccouser: true, isdisabled: true,
  gender: true, additionalid: true, pcpname: true, pcpid: true, existingpatient: true, status: true, terminationdate: true, division: true,
  currentplanid: true, currentplanyear: true, contributionclass: true, irsdependent: true, ispasswordchanged: true, language: true, createdon: true,
  createdby: true, modifiedon: true, modifiedby: true,
};

export const DEPENDENT_NAMES: Record<keyof Dependent, true> = {
  id: true, memberid: true, firstname: true, lastname: true, dateofbirth: true, age: true, contributionamt: true, istobaccouser: true,
  isdisabled: true, gender: true, isonhealthpolicy: true, relationship: true, additionalid: true, irsdependent: true, pcpname: true,
  pcpid: true, existingpatient: true, createdon: true, createdby: true, modifiedon: true, modifiedby: true,
};
