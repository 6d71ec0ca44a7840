/**
 * The calls a document may declare: only the product's own operations (schemas/meta/operations.json), each named by
 * its method and exact path template, in its phase, from the steps (or form documents) it lists, binding only its
 * body fields and headers. An operation that does not store or use personal data for the member (the event log)
 * may not be given any: no source of such a call may reach a field the base forms mark personal (personal.ts).
 * Pure: the catalogue and what is personal are passed in. Every problem is 'pointer: reason', the pointer into the
 * document, as checkDocument answers.
 */
import Ajv from 'ajv';
import { EngineConfigError } from '#engine/runtime/errors.ts';
import { variablesOf } from '#engine/authoring/meta.ts';
import { holdsPersonal, PERSONAL_WORDS, personalNames, type PersonalData } from './personal.ts';
import { escapeToken, parsePointer } from '#engine/runtime/pointer.ts';
import type { CallDeclaration, FlowDocument, FormDocument, JsonSchema, Source } from '#engine/runtime/types.ts';

export type ApiOperation = {
  method: CallDeclaration['method'];
  /** The path template exactly as a call writes it, placeholders and query included. */
  path: string;
  phase: 'load' | 'submit';
  /** The flow steps that may call it ('*': any, an employer's own included). */
  steps?: string[];
  /** The form documents whose own calls may name it. */
  forms?: string[];
  /** The body fields a call may bind (or a field inside one); '' the whole body. */
  body?: string[];
  headers?: string[];
  /** It stores or uses the member's personal data for the member. */
  personal: boolean;
  /** Its answer holds personal data. */
  personalAnswer: boolean;
};

export type OperationCatalogue = {
  operations: Record<string, ApiOperation>;
  /** The call ids a runner gives every step's calls under `loaded`, whatever the document declares: each personal. */
  givenAnswers?: string[];
  /** The `params` of the call scope that hold nothing personal or secret (not a link's token). */
  plainParams?: string[];
};

/** What a check of calls needs besides the document. */
export type CallRules = {
  catalogue: OperationCatalogue;
  personal: PersonalData;
  /** The forms the employer has of its own; they never hold personal data (own-forms.ts refuses it). */
  ownForms?: ReadonlySet<string>;
};

/** The catalogue checked against its meta-schema (strict); EngineConfigError naming the fault otherwise. */
export function readCatalogue(raw: unknown, metaSchema: JsonSchema): OperationCatalogue {
  const ajv = new Ajv({ allErrors: true, strict: true });
  const validate = ajv.compile(metaSchema);
  if (!validate(raw)) {
    const first = validate.errors?.[0];
    throw new EngineConfigError('operations', first?.instancePath ?? '', first?.message ?? 'is not an operation catalogue');
  }
  return raw as OperationCatalogue;
}

/** Where the personal check stands for one source: what `data` and `item` are, and how to judge an answer or a form. */
type Scope = {
  plainParams: readonly string[];
  dataPersonal: boolean;
  /** How a problem names `data` (the step's form). */
  dataName: string;
  /** Whether `item` holds personal data: undefined where there is no `each` (nothing to read, judged as unknown). */
  itemPersonal?: boolean;
  answerPersonal: (callId: string) => boolean;
  formPersonal: (formId: string) => boolean;
  names: ReadonlySet<string>;
};

/**
 * Why a source pointer may reach personal data (null: it cannot). A pointer into a record holding personal data is
 * allowed only to a field of it whose name no base form uses for personal data (or a container of it): the record
 * itself, or a field we cannot tell from one of them, is refused. Unknown scope members count as personal.
 */
function personalReach(pointer: string, scope: Scope): string | null {
  const tokens = parsePointer(pointer);
  const [root, ...rest] = tokens;
  const record = (personal: boolean, what: string, inside: string[]): string | null => {
    if (!personal) return null;
    if (inside.length === 0) return `'${pointer}' is the whole of ${what}, which holds personal data (${PERSONAL_WORDS})`;
    const name = inside.find((token) => scope.names.has(token));
    return name === undefined ? null : `'${pointer}' reads '${name}', personal data (${PERSONAL_WORDS})`;
  };
  switch (root) {
    case 'context':
    case 'index':
      return null;
    case 'params':
      // The ids naming the caller pass; anything else (a link's token) is not for another operation.
      return rest.length === 1 && scope.plainParams.includes(rest[0]!) ? null : `'${pointer}' is none of the plain params (${scope.plainParams.join(', ')})`;
    case 'data':
      return record(scope.dataPersonal, scope.dataName, rest);
    case 'item':
      return record(scope.itemPersonal ?? true, 'the item', rest);
    case 'loaded':
    case 'results':
      if (rest.length === 0) return `'${pointer}' is every answer, personal ones among them`;
      return record(scope.answerPersonal(rest[0]!), `the answer '${rest[0]}'`, rest.slice(1));
    case 'forms':
      if (rest.length === 0) return `'${pointer}' is every form's data, personal ones among them`;
      return record(scope.formPersonal(rest[0]!), `form '${rest[0]}'`, rest.slice(1));
    case 'screens':
      // What a screen gives is computed in code from the member's data (the dependents' birthdates, the order).
      return `'${pointer}' is what a screen gives, made from personal data (${PERSONAL_WORDS})`;
    default:
      return `'${pointer}' is not a part of the call scope known to hold no personal data`;
  }
}

/** Each problem of a source given to an operation that may not have personal data, at `where`. */
function sourceProblems(source: Source, where: string, scope: Scope, refuse: (where: string, reason: string) => void): void {
  if (typeof source === 'string') {
    const reason = personalReach(source, scope);
    if (reason !== null) refuse(where, reason);
    return;
  }
  if ('value' in source) return;
  if ('each' in source) {
    // The list itself is not sent: each item is built by `bind`, so what matters is what `item` holds.
    const inner = { ...scope, itemPersonal: personalReach(source.each, scope) !== null };
    for (const [target, sub] of Object.entries(source.bind)) sourceProblems(sub, `${where}/bind/${escapeToken(target)}`, inner, refuse);
    return;
  }
  // `omit` is not counted: a record less some members may still hold personal data under another.
  const pointers = typeof source.from === 'string' ? [source.from] : source.from;
  pointers.forEach((pointer, i) => {
    const reason = personalReach(pointer, scope);
    if (reason !== null) refuse(typeof source.from === 'string' ? `${where}/from` : `${where}/from/${i}`, reason);
  });
}

const label = (call: Pick<CallDeclaration, 'method' | 'path'>) => `${call.method} ${call.path}`;
const within = (target: string, declared: string) => declared === '' || target === declared || target.startsWith(`${declared}/`);

/** Where a call is declared: a step of a flow, or a form document's own calls. */
type Place = { kind: 'step' | 'form'; id: string };
const placeName = (place: Place) => (place.kind === 'step' ? `step '${place.id}'` : `form '${place.id}'`);
const allows = (operation: ApiOperation, place: Place) => {
  const listed = place.kind === 'step' ? operation.steps : operation.forms;
  return listed !== undefined && (listed.includes(place.id) || (place.kind === 'step' && listed.includes('*')));
};

/** The operation a call names (by method and exact path), or undefined when it names none. */
export function operationOf(call: Pick<CallDeclaration, 'method' | 'path'>, catalogue: OperationCatalogue): ApiOperation | undefined {
  return Object.values(catalogue.operations).find((operation) => operation.method === call.method && operation.path === call.path);
}

/** Every problem of one call declared at `at` (a pointer into the document). */
function checkCall(call: CallDeclaration, at: string, phase: 'load' | 'submit', place: Place, scope: Scope, rules: CallRules, problems: string[]): void {
  const matches = Object.values(rules.catalogue.operations).filter((operation) => operation.method === call.method && operation.path === call.path);
  if (matches.length === 0) {
    // Only the product's own paths: no other origin ('//host/...'), no staff route, no DELETE of a member.
    problems.push(`${at}/path: ${label(call)} is not one of the product's operations (schemas/meta/operations.json)`);
    return;
  }
  const placed = matches.filter((operation) => allows(operation, place));
  if (placed.length === 0) {
    problems.push(`${at}/path: ${label(call)} is not an operation ${placeName(place)} may call`);
    return;
  }
  const operation = placed.find((candidate) => candidate.phase === phase);
  if (!operation) {
    problems.push(`${at}/path: ${label(call)} is a ${placed[0]!.phase} call, not a ${phase} call`);
    return;
  }
  for (const target of Object.keys(call.body ?? {})) {
    if ((operation.body ?? []).some((declared) => within(target, declared))) continue;
    const takes = operation.body?.length ? `it takes ${operation.body.map((field) => `'${field}'`).join(', ')}` : 'it takes no body';
    problems.push(`${at}/body/${escapeToken(target)}: ${label(call)} takes no field '${target}' (${takes})`);
  }
  for (const name of Object.keys(call.headers ?? {})) {
    if ((operation.headers ?? []).some((declared) => declared.toLowerCase() === name.toLowerCase())) continue;
    problems.push(`${at}/headers/${escapeToken(name)}: ${label(call)} takes no header '${name}'`);
  }
  if (operation.personal) return;

  // An operation that does not store personal data for the member (the event log, which staff read) is given
  // none: every value it can be sent is checked, and so is its condition (a call made or not tells a bit).
  const refuse = (where: string, reason: string) =>
    problems.push(`${where}: ${reason}, and ${label(call)} does not store personal data for the person it is about (not 'personal' in operations.json), so it may not be sent there`);
  const callScope = call.each === undefined ? scope : { ...scope, itemPersonal: personalReach(call.each, scope) !== null };
  for (const [, name] of call.path.matchAll(/\{([^{}]+)\}/g)) {
    if (call.params?.[name!] !== undefined) continue;
    const reason = personalReach(`/${name!.split('.').map(escapeToken).join('/')}`, callScope);
    if (reason !== null) refuse(`${at}/path`, reason);
  }
  for (const [name, source] of Object.entries(call.params ?? {})) sourceProblems(source, `${at}/params/${escapeToken(name)}`, callScope, refuse);
  for (const [name, source] of Object.entries(call.headers ?? {})) sourceProblems(source, `${at}/headers/${escapeToken(name)}`, callScope, refuse);
  for (const [target, source] of Object.entries(call.body ?? {})) sourceProblems(source, `${at}/body/${escapeToken(target)}`, callScope, refuse);
  if (call.when !== undefined) {
    for (const name of variablesOf(call.when)) {
      const reason = personalReach(`/${name.split('.').map(escapeToken).join('/')}`, callScope);
      if (reason !== null) refuse(`${at}/when`, reason);
    }
  }
}

type Calls = { load?: CallDeclaration[]; submit?: CallDeclaration[] };
const allCalls = (calls: Calls | undefined) => [...(calls?.load ?? []), ...(calls?.submit ?? [])];

/**
 * Every problem of the calls a document declares: a flow's steps' calls and a form's own calls. What `data` is:
 * a step's form (a base form as the base marks it; an employer's own form holds none; no form or an unknown one
 * counts as personal), and personal whenever a load call of the step or form answers personal data (a form step
 * starts from its first load call's answer).
 */
export function callProblems(doc: FlowDocument | FormDocument, rules: CallRules): string[] {
  const problems: string[] = [];
  const declared = doc.kind === 'flow' ? Object.values(doc.steps).flatMap((step) => allCalls(step.calls)) : allCalls(doc.calls);
  const answerPersonal = (callId: string) => {
    if (doc.kind === 'flow' && rules.catalogue.givenAnswers?.includes(callId)) return true;
    const call = declared.find((candidate) => candidate.id === callId);
    return call === undefined || (operationOf(call, rules.catalogue)?.personalAnswer ?? true);
  };
  const plainParams = rules.catalogue.plainParams ?? [];
  const formPersonal = (formId: string) => rules.personal.forms.get(formId) ?? !rules.ownForms?.has(formId);
  const loadsPersonal = (calls: Calls | undefined) => (calls?.load ?? []).some((call) => answerPersonal(call.id));
  const check = (calls: Calls | undefined, where: string, place: Place, scope: Scope) => {
    for (const phase of ['load', 'submit'] as const) {
      (calls?.[phase] ?? []).forEach((call, i) => checkCall(call, `${where}/calls/${phase}/${i}`, phase, place, scope, rules, problems));
    }
  };
  if (doc.kind === 'flow') {
    for (const [id, step] of Object.entries(doc.steps)) {
      const dataPersonal = (step.form === undefined || formPersonal(step.form)) || loadsPersonal(step.calls);
      const dataName = step.form === undefined ? "the step's data" : `the step's data (form '${step.form}')`;
      check(step.calls, `/steps/${escapeToken(id)}`, { kind: 'step', id }, { plainParams, dataPersonal, dataName, answerPersonal, formPersonal, names: rules.personal.names });
    }
  } else {
    const names = new Set([...rules.personal.names, ...personalNames(doc.schema)]);
    const dataPersonal = formPersonal(doc.id) || holdsPersonal(doc.schema) || loadsPersonal(doc.calls);
    check(doc.calls, '', { kind: 'form', id: doc.id }, { plainParams, dataPersonal, dataName: `the form's data`, answerPersonal, formPersonal, names });
  }
  return problems;
}
