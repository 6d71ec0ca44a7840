/** The profile form's data carries the answers to an employer's own fields, as GetMember and the dependents call give them. */
import { describe, expect, it } from 'vitest';
import type { Dependent, Member } from '#contracts/entities.ts';
import type { FormDocument } from '#engine/runtime/index.ts';
import { profileFormData } from '#portal/wizard/profile-data.ts';
import { baseForm } from '../../web/layout/test-app.tsx';

describe('profileFormData', () => {
  it("takes the employer's own fields of the member and of each dependent from their answers", () => {
    const base = baseForm('profile');
    const definitions = base.schema.definitions as Record<string, { properties: object }>;
    const document: FormDocument = {
      ...base,
      schema: {
        ...base.schema,
        properties: { ...(base.schema.properties as object), employeeid: { type: 'string', maxLength: 20, title: 'Employee ID' } },
        definitions: { ...definitions, dependent: { ...definitions.dependent!, properties: { ...definitions.dependent!.properties, studentid: { type: 'string', maxLength: 12 } } } },
      },
    };
    const member = { id: 'm-1', firstname: 'Ada', employeeid: 'E-1234', shoesize: 44 } as unknown as Member;
    const dependent = { id: 'd-1', firstname: 'Jane', relationship: 'child', istobaccouser: false, studentid: 'S-1' } as unknown as Dependent;
    const data = profileFormData(document, member, [dependent]);
    expect(data).toMatchObject({ firstname: 'Ada', employeeid: 'E-1234', dependents: [{ id: 'd-1', firstname: 'Jane', studentid: 'S-1' }] });
    expect(data).not.toHaveProperty('shoesize');
  });
});
