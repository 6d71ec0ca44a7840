/**
 * The publish proof (issue 33, docs/decisions/045-a-publish-is-a-proof.md): an employer's resolved configuration
 * walked as its employees would meet it, before any of it is published. For each case of the enrollment table
 * (src/domain/enrollment/enrollment-cases.ts: buy with an HSA-eligible plan, buy another, waive; each setting of
 * the employer) and each sample employee (the census' people, else the sample employee), the resolved flow is
 * walked step by step: each form a step shows is filled as a person could fill it (the fields they can see and
 * change, with values the field's schema accepts: engine/authoring sample-values.ts, the employee's own record
 * first) and judged with the validators the server uses (validateForm, on Next and as the server checks what is
 * saved); the profile is saved and read back as the server keeps it. The walk must reach the authorization of the
 * elections exactly once, as the last step, and then the welcome page. Besides, each screen of the product stays at the
 * place the base flow gives it, in the base flow's order, and no step of the employer's own shows one.
 * Pure: documents and samples in, the walk of each case and the problems (each naming its case, step and field,
 * in sentences a specialist reads, with the pointer into the document at fault) out. The same walk serves the
 * publish (services/staff-employers/document-overrides.ts), `npm run forms:check` and, through the cases, the
 * console's preview.
 */
import type { FieldErrors } from '#contracts/api.ts';
import type { ProofProblem } from '#contracts/publish-proof.ts';
import { DEPENDENT_NAMES, MEMBER_NAMES } from '#contracts/record-names.ts';
import { caseContext, type EnrollmentCase } from '#domain/enrollment/enrollment-cases.ts';
import { SAMPLE_ANSWERS, SAMPLE_DEPENDENT_ANSWERS } from '#domain/enrollment/sample-employee.ts';
import { candidateValues, resolvedNode } from '#engine/authoring/index.ts';
import { ownFields, sameJson } from '#engine/documents/index.ts';
import {
  EngineConfigError,
  escapeToken,
  evaluateFlow,
  formatMessage,
  message,
  rules,
  STEP_NOT_AVAILABLE,
  validateForm,
  type FlowDocument,
  type FlowStep,
  type FormDocument,
  type ResolvedStep,
} from '#engine/runtime/index.ts';
import { WELCOME_PAGE, WIZARD_SCREENS } from '#product/screens.ts';
import { answersToStore } from '../services/member/employer-fields.ts';
import { DEPENDENT_PROFILE_FIELDS, MEMBER_PROFILE_FIELDS } from '../services/member/profile-fields.ts';

/** The documents the walk reads the server's way: the profile (saved by PUT /api/Member) and each dependent's. */
const PROFILE = 'profile';
const DEPENDENT = 'dependent';
const DEPENDENTS_FIELD = 'dependents';
const SSN_FIELD = 'additionalid';
/** Forms the server checks again with the same document when their answers arrive (the waiver with the order). */
const SERVER_CHECKED = new Set([PROFILE, 'waiver']);
/** The call that authorizes the elections (the cart's, the only one the operations catalogue allows it). */
const AUTHORIZE = { method: 'POST', path: '/api/Enrollment/Authorize' } as const;
/** What a step is that is only a form: the wizard's one generic form screen. */
const FORM_SCREEN = 'form';
const SCREENS: ReadonlySet<string> = new Set(WIZARD_SCREENS);
/** A made-up payroll deduction the cart is walked with: more than the contribution, so the deduction must be acknowledged. */
const SAMPLE_DEDUCTION_CENTS = 10_000;

/** Someone the walk enrolls: what their profile loads (the form's names), their family, and how a problem names them. */
export type SampleEmployee = {
  label: string;
  loaded: Readonly<Record<string, unknown>>;
  family: ReadonlyArray<Readonly<Record<string, unknown>>>;
};

export type ProofInput = {
  flow: FlowDocument;
  baseFlow: FlowDocument;
  /** Every form as the employer's employees would get it (English), the employer's own included. */
  forms: ReadonlyMap<string, FormDocument>;
  baseForms: ReadonlyMap<string, FormDocument>;
  cases: readonly EnrollmentCase[];
  employees: readonly SampleEmployee[];
  today: string;
  /** The coverage effective dates offered now (the first is chosen); none: the first of next month. */
  effectiveDates: readonly string[];
};

export type { ProofProblem };

/** A case as the proof walked it: its steps (as the wizard shows them) and whether it reached Authorize. */
export type CaseWalk = { case: EnrollmentCase; steps: ResolvedStep[]; authorized: boolean };

export type Proof = { walks: CaseWalk[]; problems: ProofProblem[] };

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const quoted = (text: string) => `"${text}"`;

/** The screen a step shows, as the wizard picks it: its `screen`, else its form's when a screen has that name, else the form screen. */
function screenOf(step: Pick<FlowStep, 'screen' | 'form'>): string | null {
  if (step.screen !== undefined) return step.screen;
  if (step.form !== undefined) return SCREENS.has(step.form) ? step.form : FORM_SCREEN;
  return null;
}

/** A step as a person stands on it: the major step, the step shown (a sub-step or the major itself), the forms it shows. */
type Visit = { major: ResolvedStep; shown: ResolvedStep; forms: string[]; title: string };

/** The steps a person stands on, in order: each sub-step (the first also shows its major step's form), or the major step itself. */
function visitsOf(steps: ResolvedStep[]): Visit[] {
  return steps.flatMap((major) => {
    if (major.substeps.length === 0) return [{ major, shown: major, forms: major.form ? [major.form] : [], title: major.title }];
    return major.substeps.map((sub, index) => ({
      major,
      shown: sub,
      forms: [...(index === 0 && major.form ? [major.form] : []), ...(sub.form ? [sub.form] : [])],
      title: `${major.title} › ${sub.title}`,
    }));
  });
}

const authorizes = (step: ResolvedStep) => (step.calls?.submit ?? []).some((call) => call.method === AUTHORIZE.method && call.path === AUTHORIZE.path);

/** The first of next month: the effective date a person is offered when the plan year offers none now. */
function nextMonth(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** A form field's place: its path in the data and where the document declares it and its hints. */
type Field = { path: string[]; pointer: string; title: string; schemaPointer: string; uiPointer: string; required: boolean };

/** Why a field can never be answered by the person (null: they can, when it is shown). */
function lockedOut(ui: unknown, schema: Record<string, unknown>): 'hidden' | 'read-only' | null {
  const hints = isObject(ui) ? ui : {};
  if (hints['ui:widget'] === 'hidden') return 'hidden';
  if (hints['ui:readonly'] === true || hints['ui:disabled'] === true || schema.readOnly === true) return 'read-only';
  return null;
}

/** Whether a field is shown for the answers so far (its ui:showWhen, over { data, context }). */
const shown = (slot: { showWhen?: unknown }, data: Record<string, unknown>, context: Record<string, unknown>) =>
  slot.showWhen === undefined || rules.truthy(rules.apply(slot.showWhen, { data, context }));

const ABSENT = Symbol('absent');

type Slot = Field & { candidates: unknown[]; next: number; fact: boolean; showWhen?: unknown };
type Fixed = Field & { why: string };

const valueAt = (data: Record<string, unknown>, path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined), data);

function setAt(data: Record<string, unknown>, path: string[], value: unknown): void {
  const parent = valueAt(data, path.slice(0, -1)) as Record<string, unknown>;
  const key = path.at(-1)!;
  if (value === ABSENT) delete parent[key];
  else parent[key] = structuredClone(value);
}

/** The schema of a form's list items ($ref followed), when the field is a list of objects. */
function itemSchemaOf(root: FormDocument['schema'], property: Record<string, unknown>): { node: Record<string, unknown>; pointer: string } | null {
  if (!isObject(property.items)) return null;
  const ref = property.items.$ref;
  const node = resolvedNode(root, property.items);
  if (!isObject(node.properties)) return null;
  const pointer = typeof ref === 'string' && ref.startsWith('#/') ? `/schema${ref.slice(1)}` : null;
  return { node, pointer: pointer ?? '' };
}

const requiredOf = (node: Record<string, unknown>) => (Array.isArray(node.required) ? node.required.filter((name): name is string => typeof name === 'string') : []);
const titleOf = (node: Record<string, unknown>, name: string) => (typeof node.title === 'string' && node.title.trim() !== '' ? node.title : name);

/**
 * What the walk knows of the person, by field path: what they answer where their record holds nothing (the sample
 * employee's answers, the case's choices), and whether a value is a fact of their record (a census employee's
 * birthdate or ZIP), which they keep: a form refusing it refuses them.
 */
type Known = { answers: (path: string[]) => unknown[]; isFact: (path: string[]) => boolean };

/**
 * The fields of a form a person answers (slots, each with the values to try, the record's own first; an optional
 * field may be left empty) and those they cannot (fixed: hidden, not shown or read-only), over `data`.
 */
function fieldsOf(form: FormDocument, data: Record<string, unknown>, known: Known, today: string): { slots: Slot[]; fixed: Fixed[] } {
  const root = form.schema;
  const top = resolvedNode(root, root);
  const properties = isObject(top.properties) ? top.properties : {};
  const ui = isObject(form.uiSchema) ? form.uiSchema : {};
  const slots: Slot[] = [];
  const fixed: Fixed[] = [];
  const place = (field: Field, node: Record<string, unknown>, hints: unknown, current: unknown) => {
    const why = lockedOut(hints, node);
    if (why) return void fixed.push({ ...field, why });
    const showWhen = isObject(hints) ? hints['ui:showWhen'] : undefined;
    if (current !== undefined && known.isFact(field.path)) return void slots.push({ ...field, candidates: [current], next: 0, fact: true, ...(showWhen === undefined ? {} : { showWhen }) });
    const tries = [...known.answers(field.path), ...candidateValues(root, node, { today })];
    const first = current !== undefined ? [current] : field.required ? [] : [ABSENT];
    const candidates = [...first, ...(field.required || current === undefined ? [] : [ABSENT]), ...tries].filter(
      (value, index, all) => all.findIndex((other) => other === value || (value !== ABSENT && other !== ABSENT && sameJson(other, value))) === index,
    );
    slots.push({ ...field, candidates, next: 0, fact: false, ...(showWhen === undefined ? {} : { showWhen }) });
  };
  for (const [name, raw] of Object.entries(properties)) {
    const node = resolvedNode(root, raw);
    const hints = ui[name];
    const field: Field = {
      path: [name],
      pointer: `/${escapeToken(name)}`,
      title: titleOf(node, name),
      schemaPointer: `/schema/properties/${escapeToken(name)}`,
      uiPointer: `/uiSchema/${escapeToken(name)}`,
      required: requiredOf(top).includes(name),
    };
    const items = itemSchemaOf(root, node);
    const list = data[name];
    if (items && Array.isArray(list)) {
      if (lockedOut(hints, node)) continue;
      const itemHints = isObject(hints) && isObject(hints.items) ? hints.items : {};
      const itemTitle = isObject(hints) && isObject(hints['ui:options']) && typeof hints['ui:options'].itemTitle === 'string' ? hints['ui:options'].itemTitle : `${field.title} #{number}`;
      const itemProperties = isObject(items.node.properties) ? items.node.properties : {};
      list.forEach((item, index) => {
        for (const [itemName, itemRaw] of Object.entries(itemProperties)) {
          const itemNode = resolvedNode(root, itemRaw);
          place(
            {
              path: [name, String(index), itemName],
              pointer: `/${escapeToken(name)}/${index}/${escapeToken(itemName)}`,
              title: `${formatMessage(itemTitle, { number: index + 1 })}: ${titleOf(itemNode, itemName)}`,
              schemaPointer: `${items.pointer || `${field.schemaPointer}/items`}/properties/${escapeToken(itemName)}`,
              uiPointer: `${field.uiPointer}/items/${escapeToken(itemName)}`,
              required: requiredOf(items.node).includes(itemName),
            },
            itemNode,
            itemHints[itemName],
            isObject(item) ? item[itemName] : undefined,
          );
        }
      });
      continue;
    }
    place(field, node, hints, data[name]);
  }
  return { slots, fixed };
}

/** A field's faults as the person meets them: on Next (the screen's check) and, for a form the server checks again, on saving. */
type Faults = { screen: FieldErrors; server: FieldErrors };

/** The form's answers after the person tried what they could, with the faults left. */
type Filled = { data: Record<string, unknown>; context: Record<string, unknown>; faults: Faults; slots: Slot[]; fixed: Fixed[] };

/**
 * Fills a form as a person would: each field they can answer its first value, then, while the form refuses some,
 * each refused field its next value, until it accepts them all or no refused field has a value left to try.
 */
function fill(form: FormDocument, start: Record<string, unknown>, context: Record<string, unknown>, known: Known, today: string, serverFaults: (data: Record<string, unknown>) => FieldErrors): Filled {
  const data = structuredClone(start) as Record<string, unknown>;
  const { slots, fixed } = fieldsOf(form, data, known, today);
  for (const slot of slots) if (slot.candidates.length > 0) setAt(data, slot.path, slot.candidates[0]);
  const faultsOf = (): Faults => ({ screen: safely(() => validateForm(form, data, context, 'submit')), server: safely(() => serverFaults(data)) });
  let faults = faultsOf();
  for (;;) {
    const refused = new Set([...Object.keys(faults.screen), ...Object.keys(faults.server)]);
    let moved = false;
    for (const slot of slots) {
      if (!refused.has(slot.pointer) || slot.next + 1 >= slot.candidates.length || !shown(slot, data, context)) continue;
      slot.next += 1;
      setAt(data, slot.path, slot.candidates[slot.next]);
      moved = true;
    }
    if (!moved) return { data, context, faults, slots, fixed };
    faults = faultsOf();
  }
}

/** A rule that cannot run on an answer is the form's fault where the person meets it: the whole form refuses. */
function safely(validate: () => FieldErrors): FieldErrors {
  try {
    return validate();
  } catch (error) {
    if (error instanceof EngineConfigError) return { '': [error.message] };
    throw error;
  }
}

/** A stored SSN as answers give it back: masked but for its last four digits. */
const masked = (ssn: unknown) => (typeof ssn === 'string' && /^\d{9}$/.test(ssn) ? `***-**-${ssn.slice(5)}` : ssn);

const pick = (data: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.filter((name) => data[name] !== undefined && data[name] !== null && data[name] !== '').map((name) => [name, data[name]]));

/** The rule whose message a fault shows at `pointer` (its pointer in the document), if a rule says it. */
function ruleOf(form: FormDocument, pointer: string, text: string): string | null {
  const starred = pointer.replace(/\/\d+(?=\/|$)/g, '/*');
  const index = (form.rules ?? []).findIndex((rule) => (rule.path === pointer || rule.path === starred) && message(form, rule.message, { number: Number(/\/(\d+)\//.exec(pointer)?.[1] ?? 0) + 1 }) === text);
  return index === -1 ? null : `/rules/${index}`;
}

/** What one employee would meet on one case's step: its faults as problems (without the case, added by the walk). */
type Met = Omit<ProofProblem, 'case' | 'cases' | 'step' | 'stepId'>;

/** A field at `pointer` the form does not show for the answers given (its ui:showWhen), as one the person cannot fill. */
function notShown(filled: Filled, pointer: string): Fixed | undefined {
  const slot = filled.slots.find((field) => field.pointer === pointer);
  return slot ? { ...slot, why: 'not shown' } : undefined;
}

/** The problems of a form filled as far as a person could. */
function faultProblems(form: FormDocument, filled: Filled, employee: string | null): Met[] {
  const met: Met[] = [];
  const pointers = new Set([...Object.keys(filled.faults.screen), ...Object.keys(filled.faults.server)]);
  for (const pointer of pointers) {
    const onScreen = filled.faults.screen[pointer] ?? [];
    const text = onScreen[0] ?? filled.faults.server[pointer]![0]!;
    const saying = `(${quoted(text)})`;
    const slot = filled.slots.find((field) => field.pointer === pointer && shown(field, filled.data, filled.context));
    const lockedField = filled.fixed.find((field) => field.pointer === pointer) ?? (slot ? undefined : notShown(filled, pointer));
    const where = onScreen.length > 0 ? `the form asks for it on Next ${saying}` : `the server refuses it when the answers are saved ${saying}, though the screen does not say so`;
    if (lockedField) {
      const state = lockedField.why === 'read-only' ? 'read-only, so no employee can change it,' : `${lockedField.why === 'hidden' ? 'hidden' : 'not shown'}, so no employee can fill it in,`;
      met.push({ field: lockedField.title, document: form.id, pointer: lockedField.uiPointer, employee, message: `Field ${quoted(lockedField.title)} is ${state} and ${where}: nobody can go on.` });
    } else if (slot?.fact) {
      met.push({
        field: slot.title,
        document: form.id,
        pointer: ruleOf(form, pointer, text) ?? slot.schemaPointer,
        employee,
        message: `Field ${quoted(slot.title)} refuses what the employee's record holds (${JSON.stringify(slot.candidates[0])}): ${where}, so this employee cannot go on without giving a false answer.`,
      });
    } else if (slot) {
      const tried = slot.candidates.filter((value) => value !== ABSENT).slice(0, 3).map((value) => JSON.stringify(value));
      met.push({
        field: slot.title,
        document: form.id,
        pointer: ruleOf(form, pointer, text) ?? slot.schemaPointer,
        employee,
        message: `No answer to field ${quoted(slot.title)} is accepted: ${where}, for every value its schema allows${tried.length > 0 ? ` (the proof tried ${tried.join(', ')}${slot.candidates.length > 3 ? ', ...' : ''})` : ''}, so nobody can go on. If a valid answer exists, give one in the field's "examples".`,
      });
    } else {
      met.push({ field: pointer === '' ? null : pointer, document: form.id, pointer: ruleOf(form, pointer, text), employee, message: `The form refuses every answer: ${where}, so nobody can go on.` });
    }
  }
  return met;
}

export function provePublish(input: ProofInput): Proof {
  const { flow, baseFlow, forms, baseForms, today } = input;
  const effectiveDate = input.effectiveDates[0] ?? nextMonth(today);
  const effectiveDates = input.effectiveDates.length > 0 ? [...input.effectiveDates] : [effectiveDate];
  const problems = new Map<string, ProofProblem>();
  const add = (flowCase: EnrollmentCase | null, visit: { title: string; shown: { id: string } } | null, met: Met) => {
    const key = JSON.stringify([met.document, met.pointer, visit?.shown.id ?? null, met.field, met.message]);
    const found = problems.get(key);
    if (found) {
      if (flowCase && !found.cases.includes(flowCase.name)) found.cases.push(flowCase.name);
      return;
    }
    problems.set(key, { case: flowCase?.name ?? null, cases: flowCase ? [flowCase.name] : [], step: visit?.title ?? null, stepId: visit?.shown.id ?? null, ...met });
  };

  // Each screen of the product at the place the base flow gives it; none on a step of the employer's own.
  const misplaced = new Set<string>();
  const baseOfScreen = (screen: string) => Object.entries(baseFlow.steps).find(([, step]) => screenOf(step) === screen)?.[0];
  for (const [id, step] of Object.entries(flow.steps)) {
    const screen = screenOf(step);
    const base = baseFlow.steps[id];
    const at = `/steps/${escapeToken(id)}`;
    const place = { title: step.title, shown: { id } };
    const own = base === undefined;
    const pointer = step.screen !== undefined ? `${at}/screen` : `${at}/form`;
    const problem = (text: string) => {
      misplaced.add(id);
      add(null, place, { field: null, document: flow.id, pointer, employee: null, message: text });
    };
    if (!own && screen !== screenOf(base)) {
      problem(`Step ${quoted(step.title)} shows ${screen === null ? 'no screen' : `screen ${quoted(screen)}`} where the base flow shows ${quoted(String(screenOf(base)))}: each screen of the product stays at the place the base flow gives it.`);
    } else if (own && screen === WELCOME_PAGE) {
      problem(`Screen ${quoted(WELCOME_PAGE)} is the page the authorization of the elections leads to, not a step's: every employee would stop at this step reading ${quoted(STEP_NOT_AVAILABLE)}`);
    } else if (own && screen !== null && screen !== FORM_SCREEN) {
      const home = baseOfScreen(screen);
      problem(
        home
          ? `Screen ${quoted(screen)} is the product's ${quoted(baseFlow.steps[home]!.title)}, at its place in the base flow (step ${quoted(home)}); a step of the employer's own cannot show it (a second one would pretend to be it).`
          : `The product has no screen ${quoted(screen)}: every employee would stop at this step reading ${quoted(STEP_NOT_AVAILABLE)}`,
      );
    }
  }

  // What the server keeps of a profile: the record's fields, the employer's own fields, the SSN (masked when read).
  const profileForm = forms.get(PROFILE);
  const dependentForm = forms.get(DEPENDENT);
  const ownProfile = profileForm && baseForms.get(PROFILE) ? ownFields(baseForms.get(PROFILE)!, profileForm, Object.keys(MEMBER_NAMES)) : [];
  const ownDependent = dependentForm && baseForms.get(DEPENDENT) ? ownFields(baseForms.get(DEPENDENT)!, dependentForm, Object.keys(DEPENDENT_NAMES)) : [];

  /** The profile's faults on saving: PUT /api/Member with the member's part, each dependent's call with the dependent document. */
  const profileServerFaults = (data: Record<string, unknown>): FieldErrors => {
    const { [DEPENDENTS_FIELD]: family, ...member } = data;
    const faults = validateForm(profileForm!, member, { today }, 'server');
    if (dependentForm && Array.isArray(family)) {
      family.forEach((item, index) => {
        const sent = Object.fromEntries(Object.entries(isObject(item) ? item : {}).filter(([, value]) => value !== null && value !== undefined));
        const context = { today, effectiveDate, ...(typeof data.birthdate === 'string' ? { employeeBirthdate: data.birthdate } : {}) };
        for (const [pointer, texts] of Object.entries(validateForm(dependentForm, sent, context, 'server'))) faults[`/${DEPENDENTS_FIELD}/${index}${pointer}`] ??= texts;
      });
    }
    return faults;
  };

  /** The profile as the server keeps it and the next page load reads it back. */
  const readBack = (loaded: SampleEmployee['loaded'], data: Record<string, unknown>): Record<string, unknown> => {
    const member = { ...loaded, ...pick(data, MEMBER_PROFILE_FIELDS), ...answersToStore(ownProfile, data, {}).answers };
    if (data[SSN_FIELD] !== undefined) member[SSN_FIELD] = masked(data[SSN_FIELD]);
    const family = Array.isArray(data[DEPENDENTS_FIELD]) ? (data[DEPENDENTS_FIELD] as unknown[]) : undefined;
    if (family) {
      member[DEPENDENTS_FIELD] = family.map((item, index) => {
        const sent = isObject(item) ? item : {};
        const kept: Record<string, unknown> = { id: sent.id ?? `read-back-${index}`, ...pick(sent, DEPENDENT_PROFILE_FIELDS), ...answersToStore(ownDependent, sent, {}).answers };
        if (sent[SSN_FIELD] !== undefined) kept[SSN_FIELD] = masked(sent[SSN_FIELD]);
        return kept;
      });
    }
    return member;
  };

  /** What one employee meets on one form (memoized: most forms read nothing of who fills them, and no form reads the case). */
  const memo = new Map<string, Met[]>();
  const meet = (formId: string, employee: SampleEmployee, screen: string | null, flowCase: EnrollmentCase): Met[] => {
    const form = forms.get(formId);
    if (!form) return [{ field: null, document: flow.id, pointer: null, employee: null, message: `The flow shows form ${quoted(formId)}, which the employer does not have.` }];
    const isProfile = formId === PROFILE;
    const contexts: Record<string, Record<string, unknown>> = {
      profile: { today, effectiveDate },
      contributions: { today, effectiveDates },
      cart: { today, payrollDeductionCents: SAMPLE_DEDUCTION_CENTS, coverageChosen: true },
    };
    const context = contexts[screen ?? ''] ?? { today };
    // What the screen starts the form with: the schema's defaults, the employee's record (the profile), the choices of the case.
    const top = resolvedNode(form.schema, form.schema);
    const defaults = Object.fromEntries(
      Object.entries(isObject(top.properties) ? top.properties : {}).flatMap(([name, node]) => {
        const resolved = resolvedNode(form.schema, node);
        return Object.hasOwn(resolved, 'default') ? [[name, resolved.default]] : [];
      }),
    );
    const start: Record<string, unknown> = { ...defaults, ...(isProfile ? employee.loaded : {}) };
    if (isProfile && isObject(top.properties) && top.properties[DEPENDENTS_FIELD] !== undefined) start[DEPENDENTS_FIELD] = employee.family.map((item) => ({ ...item }));
    const choices: Record<string, unknown> = screen === 'contributions' ? { effectivedate: effectiveDate, healthoption: flowCase.choice.option } : {};
    const key = JSON.stringify([formId, start, context, choices]);
    const known = memo.get(key);
    if (known) return known;
    const knownValues: Known = {
      answers: (path) => {
        if (path.length === 1 && Object.hasOwn(choices, path[0]!)) return [choices[path[0]!]];
        if (!isProfile) return [];
        const answer = path.length === 1 ? SAMPLE_ANSWERS[path[0]!] : path.length === 3 ? SAMPLE_DEPENDENT_ANSWERS[path[2]!] : undefined;
        return answer === undefined ? [] : [answer];
      },
      isFact: (path) =>
        isProfile &&
        (path.length === 1 ? Object.hasOwn(employee.loaded, path[0]!) : path.length === 3 && path[0] === DEPENDENTS_FIELD && Object.hasOwn(employee.family[Number(path[1])] ?? {}, path[2]!)),
    };
    const serverFaults = isProfile ? profileServerFaults : SERVER_CHECKED.has(formId) ? (data: Record<string, unknown>) => validateForm(form, data, context, 'server') : () => ({});
    const filled = fill(form, start, context, knownValues, today, serverFaults);
    const met = faultProblems(form, filled, employee.label);
    if (isProfile && met.length === 0) {
      // Saved and read back: what the server does not keep is asked for again, on every page load.
      const again = validateForm(form, readBack(employee.loaded, filled.data), context, 'submit');
      for (const [pointer, texts] of Object.entries(again)) {
        const field = filled.slots.find((slot) => slot.pointer === pointer) ?? filled.fixed.find((slot) => slot.pointer === pointer);
        const title = field?.title ?? pointer;
        const ofDependent = pointer.startsWith(`/${DEPENDENTS_FIELD}/`);
        met.push({
          field: title,
          document: form.id,
          pointer: field?.schemaPointer ?? null,
          employee: employee.label,
          message: ofDependent
            ? `The server does not keep field ${quoted(title)} (the dependent document has no such field): it is dropped when the profile is saved, and the profile asks for it again (${quoted(texts[0]!)}), so no employee with a dependent can finish the profile. Add the field to the dependent document too.`
            : `The server does not keep field ${quoted(title)}: it is dropped when the profile is saved, and the profile asks for it again (${quoted(texts[0]!)}), so nobody can finish the profile.`,
        });
      }
    }
    memo.set(key, met);
    return met;
  };

  const walks: CaseWalk[] = [];
  for (const flowCase of input.cases) {
    const context = caseContext({ hsaonly: 0, employeazecustomer: 1 }, flowCase, today);
    const steps = evaluateFlow(flow, context);
    const visits = visitsOf(steps);
    const baseOrder = visitsOf(evaluateFlow(baseFlow, context)).map((visit) => visit.shown.id);

    // The product's steps in the base flow's order (Additional Services never after the cart).
    let latest: Visit | null = null;
    for (const visit of visits) {
      const at = baseOrder.indexOf(visit.shown.id);
      if (at === -1) continue;
      if (latest && at < baseOrder.indexOf(latest.shown.id)) {
        add(flowCase, visit, {
          field: null,
          document: flow.id,
          pointer: `/steps/${escapeToken(visit.shown.id)}/order`,
          employee: null,
          message: `${quoted(visit.shown.title)} comes after ${quoted(latest.shown.title)} here, while the base flow puts it before: the product's steps keep the base flow's order.`,
        });
      } else latest = visit;
    }

    let authorized: Visit | null = null;
    let stopped = false;
    for (const visit of visits) {
      const at = `/steps/${escapeToken(visit.shown.id)}`;
      if (authorized) {
        add(flowCase, visit, {
          field: null,
          document: flow.id,
          pointer: `${at}/order`,
          employee: null,
          message: `Step ${quoted(visit.title)} comes after ${quoted(authorized.title)}, whose authorization of the elections leads to the welcome page: no employee ever reaches it.`,
        });
        continue;
      }
      if (misplaced.has(visit.shown.id)) {
        stopped = true;
        break;
      }
      const screen = screenOf(visit.shown);
      if (screen === null || (screen !== FORM_SCREEN && !SCREENS.has(screen))) {
        add(flowCase, visit, {
          field: null,
          document: flow.id,
          pointer: at,
          employee: null,
          message: `${screen === null ? 'The step has no screen and no form' : `The product has no screen ${quoted(screen)}`}: employees read ${quoted(STEP_NOT_AVAILABLE)} and cannot go on.`,
        });
        stopped = true;
        break;
      }
      let blocked = false;
      for (const formId of visit.forms) {
        // Only the profile reads who fills it: any other form is met the same by everyone.
        for (const employee of formId === PROFILE ? input.employees : input.employees.slice(0, 1)) {
          for (const met of meet(formId, employee, screen, flowCase)) {
            add(flowCase, visit, met);
            blocked = true;
          }
        }
      }
      if (!visit.shown.canProceed || !visit.major.canProceed) {
        const owner = visit.shown.canProceed ? visit.major : visit.shown;
        add(flowCase, visit, { field: null, document: flow.id, pointer: `/steps/${escapeToken(owner.id)}/canProceed`, employee: null, message: 'Next is disabled on this step in this case (its condition for Next is false): nobody can leave it.' });
        blocked = true;
      }
      if (blocked) {
        stopped = true;
        break;
      }
      if (authorizes(visit.shown)) authorized = visit;
    }
    if (!stopped && !authorized) {
      add(flowCase, null, { field: null, document: flow.id, pointer: null, employee: null, message: 'No step of this case authorizes the elections (the cart\'s authorize call): no employee can finish enrolling.' });
    }
    walks.push({ case: flowCase, steps, authorized: authorized !== null && !stopped });
  }
  return { walks, problems: [...problems.values()] };
}

/** A problem in one sentence: where (case, step, field) and why. */
export function problemSentence(problem: ProofProblem): string {
  const cases = problem.cases.length === 0 ? 'In every case' : problem.cases.length === 1 ? `In case ${quoted(problem.cases[0]!)}` : `In ${problem.cases.length} cases (${quoted(problem.cases[0]!)} and ${problem.cases.length - 1} more)`;
  const step = problem.step === null ? '' : `, at step ${quoted(problem.step)}`;
  const field = problem.field === null ? '' : `, field ${quoted(problem.field)}`;
  const who = problem.employee === null ? '' : ` (employee: ${problem.employee})`;
  return `${cases}${step}${field}${who}: ${problem.message}`;
}
