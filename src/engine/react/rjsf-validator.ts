/**
 * rjsf's validator, on the engine's validators. rjsf validates no form itself (DocumentForm sets noValidate: the
 * engine's validateForm decides the errors); it only asks whether data fits a sub-schema when it picks a
 * oneOf/anyOf option or an if/then branch. Those answers come from compileSchema: in the browser, the validators
 * compiled ahead for the document (the server compiles every sub-schema rjsf asks about), so nothing compiles at
 * run time. rjsf's own precompiled validator is not used: it is bound to one root schema, and a screen may render a
 * variant of its document's schema (DocumentForm's renderedSchema).
 */
import { compileSchema, type JsonSchema } from '#engine/runtime/index.ts';
import type { ValidatorType } from '@rjsf/utils';

export const engineRjsfValidator: ValidatorType = {
  isValid: (schema, formData) => compileSchema(schema as JsonSchema, 'sub-schema')(formData),
  // rjsf's form validation is off (noValidate); these answer "nothing found" should rjsf ever ask.
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  rawValidation: () => ({ errors: [] }),
};
