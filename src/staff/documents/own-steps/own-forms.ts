/**
 * A form of the employer's own, started in the console: its id (the server's documentid pattern) and the empty
 * form the editor starts from. It exists once its draft is saved; the server checks it as every own form.
 */
import { DOCUMENT_ID_PATTERN } from '#contracts/document-id.ts';
import type { Json } from '../document-edits.ts';

/** The ids the server takes for a document (staff-content.routes.ts documentParams), as an HTML pattern. */
export const OWN_FORM_ID_PATTERN = '[a-z][a-z0-9\\-]*';
const OWN_FORM_ID = new RegExp(DOCUMENT_ID_PATTERN);
/** The server's maxLength of a documentid (staff-content.routes.ts documentParams). */
const OWN_FORM_ID_MAX_LENGTH = 100;

/** Why `id` cannot name a new form of the employer's own (null: it can). */
export function ownFormIdProblem(id: string, taken: ReadonlySet<string>): string | null {
  if (!OWN_FORM_ID.test(id) || id.length > OWN_FORM_ID_MAX_LENGTH) return 'The form id takes lowercase letters, digits and hyphens, starts with a letter and has at most 100 characters.';
  if (taken.has(id)) return `'${id}' is taken: a document of that id exists already.`;
  return null;
}

/** The empty form a new form of the employer's own starts from: no field yet, nothing required. */
export function emptyOwnForm(id: string, title: string): Json {
  return { id, version: 1, kind: 'form', title, schema: { type: 'object', properties: {} }, uiSchema: {}, messages: {} };
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The event the step's call records the answers as (the event log is the only store of an own form's answers). */
export const ownStepEvent = (formId: string) => `${formId.toUpperCase()} ANSWERED`;

/**
 * The flow with a major step of the employer's own showing `form`, before the major step `before` (null: last).
 * Like every step the base flow does not lock it never stops anyone: no condition for Next, and its one call, which
 * records the answers in the event log, is optional (docs/staff.md, the override surface).
 */
export function addOwnStep(flow: Json, step: { form: string; title: string; before: string | null }): Json {
  const steps = isObject(flow.steps) ? flow.steps : {};
  const majors = Object.entries(steps)
    .filter((entry): entry is [string, Json] => isObject(entry[1]) && typeof entry[1].parent !== 'string')
    .map(([id, value]) => ({ id, order: typeof value.order === 'number' ? value.order : 0 }))
    .sort((a, b) => a.order - b.order);
  const at = step.before === null ? -1 : majors.findIndex((major) => major.id === step.before);
  const next = at === -1 ? null : majors[at]!;
  const previous = at === -1 ? majors.at(-1) : majors[at - 1];
  const order = next === null ? (previous?.order ?? 0) + 1 : previous === undefined ? next.order / 2 : (previous.order + next.order) / 2;
  const event = ownStepEvent(step.form);
  const added = {
    title: step.title,
    order,
    form: step.form,
    calls: {
      submit: [{ id: `record-${step.form}`, method: 'POST', optional: true, path: '/api/LogFact/v2', body: { '/title': { value: event }, '/action': { value: event }, '/data': '/data' } }],
    },
  };
  return { ...flow, steps: { ...steps, [step.form]: added } };
}
