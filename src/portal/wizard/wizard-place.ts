/**
 * Where the wizard is kept between reloads of a tab: the choices made so far (effective date, health option,
 * waiver, the plan in the cart, the compare list, the HSA amount, the additional service, the location) and the
 * furthest step reached by Next, in the tab's sessionStorage under the member's id (each tab has its own; signing
 * out clears it). The step shown is the address (/profile/<step>/<sub-step>), so only the furthest one is kept
 * here. The choices hold no SSN: the profile's draft is kept apart, without its SSN fields (profile-screen.tsx).
 * `changing` marks a member who has authorized and chose to change their elections (startChanging, from /welcome):
 * only then does the wizard open for an enrolled member instead of leading to /welcome.
 * Beside it, while Authorize Elections is sent, its Idempotency-Key (a random id, no personal data): a reload asks
 * the server what became of it (cart-screen.tsx), and clearPlace forgets it with the place.
 */
import type { FlowPosition } from '#engine/react/index.ts';
import { emptyChoices, type WizardChoices } from './wizard-context.tsx';

export type WizardPlace = { choices: WizardChoices; reached?: FlowPosition; changing?: true };

const keyOf = (memberId: string) => `wizard:${memberId}`;
const authorizingKeyOf = (memberId: string) => `authorizing:${memberId}`;

function isPosition(value: unknown): value is FlowPosition {
  if (!value || typeof value !== 'object') return false;
  const { step, substep } = value as Record<string, unknown>;
  return typeof step === 'string' && (substep === undefined || typeof substep === 'string');
}

export function readPlace(memberId: string): WizardPlace {
  try {
    const text = sessionStorage.getItem(keyOf(memberId));
    const stored: unknown = text ? JSON.parse(text) : undefined;
    if (!stored || typeof stored !== 'object') return { choices: emptyChoices() };
    const { choices, reached, changing } = stored as { choices?: unknown; reached?: unknown; changing?: unknown };
    const kept = choices && typeof choices === 'object' && !Array.isArray(choices) ? (choices as Partial<WizardChoices>) : {};
    return { choices: { ...emptyChoices(), ...kept }, ...(isPosition(reached) ? { reached } : {}), ...(changing === true ? { changing } : {}) };
  } catch {
    return { choices: emptyChoices() };
  }
}

export function writePlace(memberId: string, place: WizardPlace): void {
  try {
    sessionStorage.setItem(keyOf(memberId), JSON.stringify(place));
  } catch {
    // No room or no storage: the wizard still works, it only forgets on reload.
  }
}

export function clearPlace(memberId: string): void {
  forgetAuthorizing(memberId);
  try {
    sessionStorage.removeItem(keyOf(memberId));
  } catch {
    // Nothing to clear.
  }
}

/** Keeps the Idempotency-Key of the authorization being sent, until the server's answer is known. */
export function keepAuthorizing(memberId: string, idempotencyKey: string): void {
  try {
    sessionStorage.setItem(authorizingKeyOf(memberId), idempotencyKey);
  } catch {
    // No storage: a reload then shows the cart, and sending it again is a new authorization.
  }
}

/** The Idempotency-Key of an authorization sent from this tab whose answer it never saw, if any. */
export function authorizingKey(memberId: string): string | null {
  try {
    return sessionStorage.getItem(authorizingKeyOf(memberId));
  } catch {
    return null;
  }
}

export function forgetAuthorizing(memberId: string): void {
  try {
    sessionStorage.removeItem(authorizingKeyOf(memberId));
  } catch {
    // Nothing to forget.
  }
}

/** An enrolled member chose to change their elections: the wizard opens afresh at step 1 for them in this tab. */
export function startChanging(memberId: string): void {
  forgetAuthorizing(memberId);
  writePlace(memberId, { choices: emptyChoices(), changing: true });
}
