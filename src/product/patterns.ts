/**
 * The product's named patterns for the rules' `matches` operation (registered with the engine: engine-setup.ts),
 * beside the engine's generic ones (digits, email). The server checks a stored identifier with the same pattern.
 */
export const PRODUCT_PATTERNS: Readonly<Record<string, RegExp>> = {
  /** A US Social Security Number that can be issued: 9 digits, area not 000, 666 or 900-999, group not 00, serial not 0000. */
  ssn: /^(?!000|666|9\d\d)\d{3}(?!00)\d{2}(?!0000)\d{4}$/,
  /** The masked form the API answers for a stored identifier: `***-**-1234`. */
  'masked-last-4': /^\*{3}-\*{2}-\d{4}$/,
  /** 8+ characters from [A-Za-z0-9@$!%*?&#] with a lower-case letter, a capital, a digit and a special. */
  'strong-password': /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&#])[A-Za-z\d@$!%*?&#]{8,}$/,
};
