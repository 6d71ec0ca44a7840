/** The waiver form (step 2, when not buying) and its fields, as the screens that read its answers name them. */
export const WAIVER_FORM = 'waiver';
export const WAIVER_REASON_FIELD = 'waivecoveragereason';
export const WAIVER_OTHER_FIELD = 'waivecoveragereasonother';
