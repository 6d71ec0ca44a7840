/**
 * JSON-schema building blocks every routes module uses, so each route declares its answer in the envelope and
 * the OpenAPI document shows it. Usage:
 *   schema: { body, response: { 200: envelope(memberSchema), ...failures } }
 *   return ok(data)  // { success: true, data, message: '' }
 */
import type { ApiSuccess } from '#contracts/api.ts';

export const uuid = { type: 'string', format: 'uuid' } as const;
/** A real calendar date, 'YYYY-MM-DD': the validator's `date` format refuses 2026-02-30 and year 0000 (security/input-limits.ts). */
export const isoDate = { type: 'string', format: 'date' } as const;
export const nullable = <T extends object>(schema: T) => ({ ...schema, nullable: true }) as T & { nullable: true };
export const nullableString = nullable({ type: 'string' });

/** Several properties of one schema: `properties: { ...propertiesOf(nullableString, 'city', 'county') }`. */
export function propertiesOf<S extends object, N extends string>(schema: S, ...names: N[]): Record<N, S> {
  return Object.fromEntries(names.map((name) => [name, schema])) as Record<N, S>;
}

/** `{ success: true, data, message }` around a data schema. */
export function envelope(data: object) {
  return {
    type: 'object',
    required: ['success', 'data', 'message'],
    properties: { success: { type: 'boolean' }, data, message: { type: 'string' } },
  } as const;
}

/** The failure envelope (errors.plugin.ts registers the schema) for every error status. */
export const failures = {
  '4xx': { $ref: 'ApiFailure#' },
  '5xx': { $ref: 'ApiFailure#' },
} as const;

/** Bearer-protected routes say so in the OpenAPI document. */
export const bearer = [{ bearer: [] }];

export function ok<T>(data: T, message = ''): ApiSuccess<T> {
  return { success: true, data, message };
}

/** The per-client-address limit of the sign-in, registration and password calls (AUTH_RATE_LIMIT a minute). */
export const authRateLimit = (app: { config: { AUTH_RATE_LIMIT: number } }) => ({
  rateLimit: { max: app.config.AUTH_RATE_LIMIT, timeWindow: 60_000 },
});
