/**
 * The stored fields the profile and dependent documents speak about, the SSN apart (stored encrypted): what PUT
 * /api/Member and the dependent calls validate and store, and what Authorize checks again against the documents
 * in force (enrollment-invariants.ts).
 */
import type { MemberUpdate } from '#contracts/entities.ts';
import type { DependentRow } from '#db/repositories/member/dependent.repository.ts';
import type { MemberRow } from '#db/repositories/member/member.repository.ts';

/** The member's profile fields: PUT /api/Member changes only these (and the SSN). */
export const MEMBER_PROFILE_FIELDS = [
  'firstname',
  'lastname',
  'address1',
  'address2',
  'city',
  'stateorprovince',
  'postalcode',
  'county',
  'birthdate',
  'phonenumber',
  'istobaccouser',
  'gender',
  'pcpname',
  'pcpid',
  'existingpatient',
] as const satisfies readonly (keyof MemberRow & keyof MemberUpdate)[];

/** A dependent's fields: what the dependent calls take (and the SSN). */
export const DEPENDENT_PROFILE_FIELDS = [
  'firstname',
  'lastname',
  'dateofbirth',
  'gender',
  'relationship',
  'istobaccouser',
  'isdisabled',
  'pcpname',
  'pcpid',
  'existingpatient',
] as const satisfies readonly (keyof DependentRow)[];

export type DependentProfileField = (typeof DEPENDENT_PROFILE_FIELDS)[number];
