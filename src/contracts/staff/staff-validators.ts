/**
 * The wire shapes of the validators compiled for a staff draft's preview (/api/staff/validators; docs/staff.md).
 * TypeBox (docs/decisions/038-route-schemas-are-their-types.md).
 */
import { Type, type Static } from 'typebox';
import { DOCUMENT_ID_PATTERN } from '../document-id.ts';
import { OneOf } from '../wire-schema.ts';

/** POST /api/staff/validators: a draft form (checked as a saved draft is, not by this schema). */
export const DraftValidatorsBodySchema = Type.Object(
  {
    document: Type.Object(
      {
        id: Type.String({ pattern: DOCUMENT_ID_PATTERN, maxLength: 100 }),
        kind: OneOf('string', ['form'], { description: 'Only a form has validators' }),
      },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: false },
);

/** The path of the draft's validators module and the form they are for, as checked (definitions bundled). */
export const DraftValidatorsSchema = Type.Object({
  path: Type.String({ description: '/api/staff/validators/<sha256>.js' }),
  document: Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, description: 'The form the validators are for, as checked (definitions bundled)' }),
});
export type DraftValidators = Static<typeof DraftValidatorsSchema>;
