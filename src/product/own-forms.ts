/**
 * What an employer's own form may ask. Its answers have no store for the member: its step can only record them in
 * the event log (log-fact), which every staff viewer reads. So it may not ask for personal data: no field marked
 * personal or named as a base form names one (personal.ts), and no field asking for it by its wording or its shape,
 * whatever its key (personal-questions.ts). Refused at save, publish and roll back (ownFormProblems); a version
 * stored before a check is served without such fields (withoutPersonalFields). Pure: the form and what the base
 * forms mark personal are passed in. Every problem is 'pointer: reason', the pointer into the document.
 */
import { resolvedNode } from '#engine/authoring/sample-values.ts';
import { escapeToken, parsePointer } from '#engine/runtime/pointer.ts';
import type { FormDocument } from '#engine/runtime/types.ts';
import { holdsPersonal, PERSONAL_WORDS, type PersonalData } from './personal.ts';
import { keyAsWords, personalQuestion, type FieldText } from './personal-questions.ts';

/** A field of an employer's own form holding personal data: where it is in the schema and in the data, and why. */
type PersonalField = { pointer: string; name: string; parent: Record<string, unknown>; ui: string[]; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const OWN_FORM_PERSONAL = `a form of one's own may not ask for it: its answers have no store but the log`;
const NO_STORE = "A form of the employer's own may not ask for personal data: its answers have no store but the event log, which every staff viewer reads.";

/** Every path a rule reads, at any depth (inside list operations too), as dotted text. */
function pathsRead(logic: unknown): string[] {
  if (Array.isArray(logic)) return logic.flatMap(pathsRead);
  if (!isRecord(logic)) return [];
  return Object.entries(logic).flatMap(([op, raw]) => {
    const args = Array.isArray(raw) ? raw : [raw];
    const named = op === 'var' ? [args[0]] : op === 'missing' ? args : op === 'missing_some' && Array.isArray(args[1]) ? args[1] : [];
    return [...named.filter((name) => typeof name === 'string' || typeof name === 'number').map(String), ...pathsRead(args)];
  });
}

/** Each `matches` of a rule: the paths its answer is read from and the named pattern it is matched against. */
function matchesOf(logic: unknown): Array<{ paths: string[]; pattern: string }> {
  if (Array.isArray(logic)) return logic.flatMap(matchesOf);
  if (!isRecord(logic)) return [];
  return Object.entries(logic).flatMap(([op, raw]) => {
    const inner = matchesOf(raw);
    if (op !== 'matches' || !Array.isArray(raw) || typeof raw[1] !== 'string') return inner;
    return [{ paths: pathsRead(raw[0]), pattern: raw[1] }, ...inner];
  });
}

const TEXT_PLACES: ReadonlyArray<[key: string, where: string]> = [
  ['title', 'title'],
  ['description', 'description'],
  ['ui:title', 'label'],
  ['ui:description', 'description'],
  ['ui:help', 'help text'],
  ['ui:placeholder', 'placeholder'],
];
const languageName = (language: string) => (language === 'es' ? 'Spanish ' : `${language} `);

/**
 * A field's texts as a person reads them: its schema's title and description, its uiSchema's label, description,
 * help and placeholder, the messages its answer may get, each of these in every translation the form carries, and
 * its key (as words).
 */
function textsOf(form: FormDocument, name: string, schemaPointer: string, schema: Record<string, unknown>, ui: string[], dataPointer: string): FieldText[] {
  const texts: FieldText[] = [];
  const translated = (pointer: string, where: string) => {
    for (const [language, translation] of Object.entries(form.translations ?? {})) {
      const text = (translation as Record<string, unknown> | undefined)?.[pointer];
      if (typeof text === 'string') texts.push({ where: `its ${languageName(language)}${where}`, text });
    }
  };
  const uiNode = ui.reduce<unknown>((node, token) => (isRecord(node) ? node[token] : undefined), form.uiSchema);
  const uiPointer = `/uiSchema/${ui.map(escapeToken).join('/')}`;
  for (const [key, where] of TEXT_PLACES) {
    const [node, pointer] = key.startsWith('ui:') ? [uiNode, uiPointer] : [schema, schemaPointer];
    const text = isRecord(node) ? node[key] : undefined;
    if (typeof text === 'string') texts.push({ where: `its ${where}`, text });
    translated(`${pointer}/${escapeToken(key)}`, where);
  }
  for (const key of Object.values(form.errorMessages?.[dataPointer] ?? {})) {
    const text = form.messages[key];
    if (typeof text === 'string') texts.push({ where: `its message '${key}'`, text });
    translated(`/messages/${escapeToken(key)}`, `message '${key}'`);
  }
  // The key last: what a person reads names the field better; a field without a title shows its key.
  return [...texts, { where: 'its key', text: keyAsWords(name) }];
}

/**
 * The fields of a form that hold personal data (marked personal, named as a base form names such a field,
 * reaching one through a `$ref`, or asking for it by wording or shape): each at its schema pointer, with the
 * schema node holding it, its uiSchema path and why. Not looked inside: a personal field is one whole.
 */
function personalFields(form: FormDocument, personal: PersonalData): PersonalField[] {
  const found: PersonalField[] = [];
  const rulePatterns = (form.rules ?? []).flatMap((rule) => [...matchesOf(rule.assert), ...matchesOf(rule.when)]);
  const walk = (node: unknown, at: string, ui: string[], data: string) => {
    if (!isRecord(node)) return;
    if (isRecord(node.properties)) {
      for (const [name, sub] of Object.entries(node.properties)) {
        const where = `${at}/properties/${escapeToken(name)}`;
        const field = { pointer: where, name, parent: node, ui: [...ui, name] };
        const dataPointer = `${data}/${escapeToken(name)}`;
        if (personal.names.has(name) || holdsPersonal(sub, form.schema)) {
          found.push({ ...field, reason: `'${name}' is personal data (${PERSONAL_WORDS}); ${OWN_FORM_PERSONAL}` });
          continue;
        }
        const schema = resolvedNode(form.schema, sub);
        const question = personalQuestion({
          texts: textsOf(form, name, where, schema, field.ui, dataPointer),
          schema,
          items: schema.items === undefined ? undefined : resolvedNode(form.schema, schema.items),
          namedPatterns: rulePatterns.filter(({ paths }) => paths.some((path) => path.split('.').includes(name))).map(({ pattern }) => pattern),
        });
        if (question === null) walk(sub, where, field.ui, dataPointer);
        else {
          const reason = `the field '${name}' asks for ${question.asks}: ${question.because}. ${NO_STORE} Remove the field and use the product's own instead: ${question.instead}. If the field asks for something else, reword it.`;
          found.push({ ...field, reason });
        }
      }
    }
    if (node.items !== undefined) walk(node.items, `${at}/items`, [...ui, 'items'], `${data}/*`);
  };
  walk(form.schema, '/schema', [], '');
  return found;
}

/**
 * What an employer's own form may not ask: personal data (a field marked personal, named as a base form names
 * one, or asking for it by its wording or shape), each at the field's pointer with why and what to do.
 */
export function ownFormProblems(form: FormDocument, personal: PersonalData): string[] {
  const problems = personalFields(form, personal).map(({ pointer, reason }) => `${pointer}: ${reason}`);
  if (problems.length === 0 && holdsPersonal(form.schema)) problems.push(`/schema: holds personal data (${PERSONAL_WORDS}); ${OWN_FORM_PERSONAL}`);
  return problems;
}

/**
 * An employer's own form as it may be served to employees: without the fields ownFormProblems names (a version
 * published before that check, or before a base form marked such a field personal), nor their `required` entries,
 * uiSchema hints, place in `ui:order` and the rules that read them or sit on them, so nothing asks for what is gone
 * and no answer holds personal data. Null when personal data is in the form in another way (its whole schema a
 * `$ref` to one): such a form is not served.
 */
export function withoutPersonalFields(form: FormDocument, personal: PersonalData): FormDocument | null {
  if (personalFields(form, personal).length === 0) return holdsPersonal(form.schema) ? null : form;
  const served = structuredClone(form);
  const fields = personalFields(served, personal);
  const names = new Set(fields.map((field) => field.name));
  for (const { name, parent, ui } of fields) {
    delete (parent.properties as Record<string, unknown>)[name];
    if (Array.isArray(parent.required)) parent.required = parent.required.filter((required) => required !== name);
    const hints = ui.slice(0, -1).reduce<unknown>((node, token) => (isRecord(node) ? node[token] : undefined), served.uiSchema);
    if (isRecord(hints)) {
      delete hints[name];
      if (Array.isArray(hints['ui:order'])) hints['ui:order'] = hints['ui:order'].filter((field) => field !== name);
    }
  }
  const touches = (pointer: string | undefined) => pointer !== undefined && parsePointer(pointer).some((token) => names.has(token));
  served.rules = served.rules?.filter(
    (rule) => !touches(rule.path) && !touches(rule.each) && ![rule.when, rule.assert].some((logic) => pathsRead(logic).some((path) => path.split('.').some((token) => names.has(token)))),
  );
  return holdsPersonal(served.schema) ? null : served;
}
