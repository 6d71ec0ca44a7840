/**
 * The product layer: what makes the generic engine this portal's. The words and policies of the product that the
 * engine must not know: which schema fields hold a person's personal data (personal.ts), the product's operations
 * a document may call and what may be sent to them (operations.ts), what an employer's own form may ask (no
 * personal data by mark, name, wording or shape: own-forms.ts, personal-questions.ts), the named patterns of its
 * identifiers (patterns.ts), the password scorer (password-score.ts), the names of the wizard's screens
 * (screens.ts, imported by its own path). Contract: it configures the engine through the engine's
 * parameters and registrations (engine-setup.ts and compile-setup.ts, imported by the entries), imports any engine
 * folder but no UI library, and reads no files: the catalogue and the documents are passed in.
 *
 * Not here: zxcvbn-score.ts (its dictionaries stay out of whatever imports this index) and the two setups (a side
 * effect each entry imports on purpose).
 */
export { callProblems, operationOf, readCatalogue, type ApiOperation, type CallRules, type OperationCatalogue } from './operations.ts';
export { ownFormProblems, withoutPersonalFields } from './own-forms.ts';
export { personalQuestion, personalShape, personalWording, type FieldQuestion, type PersonalKind, type PersonalQuestion } from './personal-questions.ts';
export { holdsPersonal, PERSONAL_KEYWORD, personalDataOf, personalNames, type PersonalData } from './personal.ts';
export { installPasswordScorer, loadPasswordScore, passwordScore, usesPasswordScore } from './password-score.ts';
export { PRODUCT_PATTERNS } from './patterns.ts';
