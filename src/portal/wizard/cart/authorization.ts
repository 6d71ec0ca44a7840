/**
 * The Authorize Elections request (contract 4, POST /api/Enrollment/Authorize): the cart's choices only, never an
 * amount the server should compute; the Idempotency-Key that makes sending it again safe; and the question what
 * became of an authorization sent with a key (GET /api/Enrollment/Authorize), for a tab reloaded while it was sent.
 */
import type { Member } from '#contracts/entities.ts';
import { IDEMPOTENCY_HEADER, type AuthorizationState, type AuthorizeRequest } from '#contracts/requests.ts';
import type { ApiAnswer } from '#contracts/api.ts';
import { call } from '#portal/api/api-client.ts';
import { effectiveDate, healthOption, ichraAcknowledged, type WizardChoices } from '../wizard-context.tsx';
import { WAIVER_OTHER_FIELD, WAIVER_REASON_FIELD } from '../form-fields.ts';
import { chosenService, electedHsaCents } from './cart-summary.ts';

export function authorizeRequest(choices: WizardChoices, member: Pick<Member, 'postalcode'>): AuthorizeRequest {
  const waiving = healthOption(choices) === 'waive';
  const request: AuthorizeRequest = {
    effectivedate: effectiveDate(choices) ?? '',
    healthoption: waiving ? 'waive' : 'buy',
    postalcode: choices.location?.zipcode ?? member.postalcode ?? '',
    countycode: choices.location?.countycode ?? '',
    // Cents: the API client sends them as the wire's dollars (money-decoder.ts).
    hsamonthly: electedHsaCents(choices),
  };
  if (!waiving && choices.plan) request.planid = choices.plan.planid;
  // The server refuses a purchase without the ICHRA certification, whatever steps the flow showed.
  if (!waiving) request.ichraacknowledged = ichraAcknowledged(choices);
  if (waiving) {
    const reason = choices.waiver[WAIVER_REASON_FIELD];
    const other = choices.waiver[WAIVER_OTHER_FIELD];
    if (typeof reason === 'string' && reason !== '') request.waivecoveragereason = reason;
    if (typeof other === 'string' && other.trim() !== '') request.waivecoveragereasonother = other.trim();
  }
  const service = chosenService(choices);
  if (service) request.productoptionid = service.option.id;
  return request;
}

/**
 * A new random UUID (version 4). crypto.randomUUID exists only in secure contexts (https, localhost), so a plain
 * http deployment builds it from crypto.getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the server knows of the authorization sent with `idempotencyKey`: confirmed, pending or unknown. */
export function authorizationState(idempotencyKey: string): Promise<ApiAnswer<AuthorizationState>> {
  return call<AuthorizationState>('GET', '/api/Enrollment/Authorize', undefined, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}
