/**
 * Between the member and dependent records and the profile form's data: the form's properties are the wire
 * names, so this only picks the fields the document has, turns empty values into absent ones, dates into their
 * date part, and the dependent's smoker flag between the server's boolean and the form's Yes/No.
 */
import type { Dependent, Member } from '#contracts/entities.ts';
import type { FormDocument, JsonSchema } from '#engine/runtime/types.ts';
import { rebaseDraft } from '#engine/documents/index.ts';
import { derefSchema, type Draft, type FormData } from '#engine/react/index.ts';

export const DEPENDENTS_FIELD = 'dependents';

/** The date the server uses for "no date". */
const NO_DATE = '0001-01-01';

function properties(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  return (schema?.properties ?? {}) as Record<string, JsonSchema>;
}

function dependentItemSchema(document: FormDocument): JsonSchema | undefined {
  const items = properties(document.schema)[DEPENDENTS_FIELD]?.items;
  return items && typeof items === 'object' && !Array.isArray(items) ? derefSchema(document.schema, items as JsonSchema) : undefined;
}

function formValue(value: unknown, schema: JsonSchema | undefined): unknown {
  // The server's null is the form's "not filled in"; rjsf shows an absent value as empty.
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T|$)/.test(value)) {
    const date = value.slice(0, 10);
    return date === NO_DATE ? undefined : date;
  }
  if (typeof value === 'boolean' && schema?.type === 'string') return value ? 'Yes' : 'No';
  return value;
}

function pick(record: Record<string, unknown>, schema: JsonSchema | undefined): FormData {
  const data: FormData = {};
  for (const [name, property] of Object.entries(properties(schema))) {
    const value = formValue(record[name], property);
    if (value !== undefined) data[name] = value;
  }
  return data;
}

/** The profile form's data for a member and their dependents (each dependent keeps its id for the update). */
export function profileFormData(document: FormDocument, member: Member, dependents: Dependent[]): FormData {
  const data = pick(member as unknown as Record<string, unknown>, document.schema);
  delete data[DEPENDENTS_FIELD];
  if (properties(document.schema)[DEPENDENTS_FIELD]) {
    const item = dependentItemSchema(document);
    data[DEPENDENTS_FIELD] = dependents.map((dependent) => ({
      ...pick(dependent as unknown as Record<string, unknown>, item),
      id: dependent.id,
    }));
  }
  return data;
}

/**
 * The profile's SSN fields (the member's and every dependent's): never written to the tab's draft, so a reload
 * shows them as saved (masked) or empty, never as typed.
 */
export const SSN_FIELDS = ['/additionalid', `/${DEPENDENTS_FIELD}/*/additionalid`];
const SSN = 'additionalid';

type Item = Record<string, unknown>;
const isItem = (value: unknown): value is Item => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/**
 * The profile form's data after a reload: what was typed and not saved (the draft) over what is saved now, the
 * SSNs as saved: the member's, and each dependent's by its id (a dependent added in the draft has none yet). Only
 * what the draft changed from the data it was typed over is applied (rebaseDraft), so what another tab or device
 * saved since stays: a dependent added there is not deleted by this tab's older draft.
 */
export function profileWithDraft(saved: FormData, kept: Draft | undefined): FormData {
  if (!kept) return saved;
  const draft = kept.base ? (rebaseDraft(kept.base, kept.data, saved) as FormData) : kept.data;
  const withSsn = (item: Item, from: Item | undefined): Item => {
    const { [SSN]: _typed, ...rest } = item;
    return from?.[SSN] !== undefined ? { ...rest, [SSN]: from[SSN] } : rest;
  };
  const restored = withSsn(draft, saved);
  const stored = Array.isArray(saved[DEPENDENTS_FIELD]) ? (saved[DEPENDENTS_FIELD] as unknown[]).filter(isItem) : [];
  const typed = draft[DEPENDENTS_FIELD];
  if (Array.isArray(typed)) {
    restored[DEPENDENTS_FIELD] = typed
      .filter(isItem)
      .map((dependent) => withSsn(dependent, stored.find((item) => item.id !== undefined && item.id === dependent.id)));
  }
  return restored;
}

/** Whether any order was placed this year (by its creation or its policy effective date). */
export function hasOrderThisYear(orders: ReadonlyArray<{ createdon?: string | null; policyeffectivedate?: string | null }>, today: string): boolean {
  const year = today.slice(0, 4);
  return orders.some((order) => order.createdon?.startsWith(year) || order.policyeffectivedate?.startsWith(year));
}

/** Where Next from the profile leads, after the member and the dependents were saved. */
export type AfterProfile = 'next' | 'welcome' | 'health-plan';

/**
 * Spec §4 and §2 /welcome: with no order this year, the next step; with an order this year, /welcome when the
 * member's current plan (planid = currentplanid) is in the next-year plan list, else /health-plan. A failed plan
 * search or order read is "nothing found" (undefined). A member who chose to change their elections goes on to the
 * next step whatever they ordered before.
 */
export function afterProfile(input: {
  today: string;
  changing?: boolean;
  currentplanid: string | null | undefined;
  plans: ReadonlyArray<{ planid: string }> | undefined;
  orders: ReadonlyArray<{ createdon?: string | null; policyeffectivedate?: string | null }> | undefined;
}): AfterProfile {
  if (input.changing || !hasOrderThisYear(input.orders ?? [], input.today)) return 'next';
  const current = Boolean(input.currentplanid) && (input.plans ?? []).some((plan) => plan.planid === input.currentplanid);
  return current ? 'welcome' : 'health-plan';
}
