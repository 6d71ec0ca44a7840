/**
 * The forms whose stored answers screens outside them read or show (by their option labels), and those fields.
 */
/** The waiver form (step 2, when not buying). */
export const WAIVER_FORM = 'waiver';
export const WAIVER_REASON_FIELD = 'waivecoveragereason';
export const WAIVER_OTHER_FIELD = 'waivecoveragereasonother';

/** The dependent form: its label of a dependent's stored relationship ('child'). */
export const DEPENDENT_FORM = 'dependent';
export const RELATIONSHIP_FIELD = 'relationship';
