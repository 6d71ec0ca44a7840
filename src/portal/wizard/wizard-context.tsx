/**
 * What the wizard's screens share: the person's records, the employer's settings, today, and the choices made so
 * far (effective date, health option, waiver, additional service, contribution amounts). The screens read and
 * change it through useWizard; the flow's rule context is derived from it.
 */
import type { Dependent, Employer, HealthPlan, Location, Member, Product } from '#contracts/entities.ts';
import type { Cents } from '#domain/values/money.ts';
import type { FormData } from '#engine/react/index.ts';
import { createContext, useContext } from 'react';

export type HealthOption = 'buy' | 'waive';

export type ServiceChoice = { product: Product; optionId: string | null; added: boolean };

export type WizardChoices = {
  contributions: FormData;
  waiver: FormData;
  /** The ICHRA acknowledgment step's form data (its certification box); a purchase sends it to Authorize. */
  ichra: FormData;
  /** The monthly employer contribution for the chosen date (class-aware), in cents; a waiver receives none of it. */
  contributionCents: Cents | null;
  service: ServiceChoice | null;
  /** The one plan in the cart (spec §4 Cart), as the quote answered it; null when none. */
  plan: HealthPlan | null;
  /** Plans ticked for comparison, at most three. */
  compare: HealthPlan[];
  /** The monthly HSA contribution the person chose, in cents (0 when none). */
  hsaMonthlyCents: Cents;
  /**
   * The ZIP code and county the plans were quoted for (set by the shop screens); null until chosen. The
   * authorization sends them; without one the member's stored ZIP code goes with an empty county.
   */
  location: Location | null;
};

export type WizardShared = {
  member: Member;
  employer: Employer;
  dependents: Dependent[];
  today: string;
  choices: WizardChoices;
  /** The member has authorized and chose to change their elections (wizard-place.ts startChanging). */
  changing: boolean;
  update: (change: (choices: WizardChoices) => WizardChoices) => void;
  /**
   * Logs an action event (POST /api/LogFact/v2) with the account, member, label and effective date: the chosen
   * one, or `effectiveDate` when given (a screen that has just chosen it).
   */
  log: (action: string, effectiveDate?: string | null) => Promise<void>;
  /** Reloads the member and dependents after they were saved. */
  reload: () => Promise<void>;
};

export const WizardContext = createContext<WizardShared | null>(null);

/**
 * The scope a step's declared calls read (schemas/README.md, Calls and their scope): the step's form data, the
 * rule context, the session's ids, what is loaded and what the step's screen gives under its own name. Unless the
 * step gives its own `loaded`, that is the records the wizard loaded, by the ids of the profile step's load calls
 * that read them (the same paths, so one read: reloaded after the profile is saved).
 */
export function callScope(
  shared: WizardShared,
  own: { data?: FormData; loaded?: Record<string, unknown>; screens?: Record<string, unknown> } = {},
): Record<string, unknown> {
  const { member, dependents, today } = shared;
  return {
    data: own.data ?? {},
    context: { today },
    params: { accountid: member.accountid, memberid: member.id },
    loaded: own.loaded ?? { member, dependents: { dependents } },
    screens: own.screens ?? {},
  };
}

export function useWizard(): WizardShared {
  const shared = useContext(WizardContext);
  if (!shared) throw new Error('Wizard screens render inside the EnrollmentWizard.');
  return shared;
}

/** The contributions form's field names (the wire names the 'contributions' document uses). */
export const EFFECTIVE_DATE_FIELD = 'effectivedate';
export const HEALTH_OPTION_FIELD = 'healthoption';
/** The ICHRA acknowledgment form's certification box (the 'ichra-acknowledgment' document's field). */
export const ICHRA_CERTIFIED_FIELD = 'ichracertified';

/** Whether the person ticked the ICHRA certification in this tab. */
export function ichraAcknowledged(choices: WizardChoices): boolean {
  return choices.ichra[ICHRA_CERTIFIED_FIELD] === true;
}

export function healthOption(choices: WizardChoices): HealthOption {
  return choices.contributions[HEALTH_OPTION_FIELD] === 'waive' ? 'waive' : 'buy';
}

export function effectiveDate(choices: WizardChoices): string | null {
  const value = choices.contributions[EFFECTIVE_DATE_FIELD];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * What entering step 2 (the health option) resets (spec §4 Entering step 2 resets): the selected plan cleared (plan
 * cost 0), the compare list cleared, the HSA amount 0, the additional service not added (amount 0). The flow
 * shows step 2 as sub-step 1, so the sub-step index is 1 there. The effective date, option and waiver stay.
 */
export function resetOnEnteringStepTwo(choices: WizardChoices): WizardChoices {
  return {
    ...choices,
    plan: null,
    compare: [],
    hsaMonthlyCents: 0,
    service: choices.service && { ...choices.service, added: false },
  };
}

export const emptyChoices = (): WizardChoices => ({
  contributions: {},
  waiver: {},
  ichra: {},
  contributionCents: null,
  service: null,
  plan: null,
  compare: [],
  hsaMonthlyCents: 0,
  location: null,
});
