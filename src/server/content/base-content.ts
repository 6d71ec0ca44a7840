/**
 * The base documents (schemas/forms, flows, with their definitions, meta-schemas and the operations catalogue),
 * read and checked once at start, so bad content stops the server instead of reaching a person; each language's
 * texts are put into its document's `translations` (docs/design.md Languages).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, LANGUAGES } from '#contracts/language.ts';
// The product configures the engine before any document is read: its patterns, operations and schema keywords.
import '#product/compile-setup.ts';
import '#product/engine-setup.ts';
import { assertDocument, guardDeclarationProblems, lockDeclarationProblems, type MetaSchemas } from '#engine/authoring/index.ts';
import { bundleDefinitions, createAjv } from '#engine/compile/index.ts';
import { EngineConfigError, translationProblems, type FlowDocument, type FormDocument, type JsonSchema } from '#engine/runtime/index.ts';
import { callProblems, personalDataOf, readCatalogue, type OperationCatalogue, type PersonalData } from '#product/index.ts';

/** The repository root: schemas/ and flows/ live there. */
export const defaultContentRoot = fileURLToPath(new URL('../../../', import.meta.url));

export type BaseContent = {
  forms: ReadonlyMap<string, FormDocument>;
  flows: ReadonlyMap<string, FlowDocument>;
  definitions: Readonly<Record<string, JsonSchema>>;
  meta: MetaSchemas;
  /** The product's operations a document may call (schemas/meta/operations.json). */
  operations: OperationCatalogue;
  /** What the base forms mark personal: no call of an operation that does not store it for the member gets it. */
  personal: PersonalData;
};

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const filesEndingWith = (dir: string, suffix: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .sort();

/**
 * Reads and checks every base document under `root` (schemas/defs, schemas/forms, schemas/meta, flows) and puts
 * each language's texts (schemas/translations/<language>/<document>.json) into the document's `translations`.
 * Throws EngineConfigError naming the document and the problems when any is invalid, when a flow names a form that
 * does not exist, or when a translation file is malformed, names no base document, or has a pointer that is no
 * text of its document or a text whose {placeholders} differ. A text a translation leaves out is no error here
 * (English shows); `npm run forms:check` and the content tests refuse it.
 */
export function loadBaseContent(root: string = defaultContentRoot): BaseContent {
  const metaDir = path.join(root, 'schemas', 'meta');
  const meta: MetaSchemas = {
    form: readJson(path.join(metaDir, 'form.schema.json')) as JsonSchema,
    flow: readJson(path.join(metaDir, 'flow.schema.json')) as JsonSchema,
    flags: readJson(path.join(metaDir, 'flags.schema.json')) as JsonSchema,
    formContext: readJson(path.join(metaDir, 'form-context.schema.json')) as JsonSchema,
    widgets: (readJson(path.join(metaDir, 'widgets.json')) as { widgets: string[] }).widgets,
  };

  const defsDir = path.join(root, 'schemas', 'defs');
  const definitions: Record<string, JsonSchema> = {};
  for (const file of filesEndingWith(defsDir, '.schema.json')) {
    definitions[file.slice(0, -'.schema.json'.length)] = readJson(path.join(defsDir, file)) as JsonSchema;
  }

  const forms = new Map<string, FormDocument>();
  const formsDir = path.join(root, 'schemas', 'forms');
  for (const file of filesEndingWith(formsDir, '.schema.json')) {
    const id = file.slice(0, -'.schema.json'.length);
    const raw = readJson(path.join(formsDir, file)) as FormDocument;
    if (raw.id !== id) throw new EngineConfigError(id, '/id', `the file ${file} holds document '${String(raw.id)}'`);
    forms.set(id, assertLocks(assertDocument<FormDocument>(bundleDefinitions(raw, definitions), meta)));
  }

  const flows = new Map<string, FlowDocument>();
  const flowsDir = path.join(root, 'flows');
  for (const file of filesEndingWith(flowsDir, '.flow.json')) {
    const id = file.slice(0, -'.flow.json'.length);
    const flow = assertLocks(assertDocument<FlowDocument>(readJson(path.join(flowsDir, file)), meta));
    if (flow.id !== id) throw new EngineConfigError(id, '/id', `the file ${file} holds document '${flow.id}'`);
    const missing = missingForms(flow, forms);
    if (missing.length > 0) throw new EngineConfigError(id, '/steps', missing.join('; '));
    flows.set(id, flow);
  }
  for (const id of forms.keys()) if (flows.has(id)) throw new EngineConfigError(id, '/id', 'a form and a flow share this id');
  addBaseTranslations(root, metaDir, forms, flows);

  const operations = readCatalogue(readJson(path.join(metaDir, 'operations.json')), readJson(path.join(metaDir, 'operations.schema.json')) as JsonSchema);
  const personal = personalDataOf(forms.values());
  for (const [id, document] of [...forms, ...flows]) {
    const problems = callProblems(document, { catalogue: operations, personal });
    if (problems.length > 0) throw new EngineConfigError(id, '', problems.join('; '));
  }
  return { forms, flows, definitions, meta, operations, personal };
}

/** The shape of a file under schemas/translations/<language>/ (schemas/meta/translation.schema.json). */
type TranslationFile = { language: string; document: string; texts: Record<string, string> };

/**
 * Puts each translation file's texts into its base document's `translations[language]`, checked against the
 * document as served (bundled). A language without a folder has no translations: every text shows in English.
 */
function addBaseTranslations(root: string, metaDir: string, forms: Map<string, FormDocument>, flows: Map<string, FlowDocument>): void {
  for (const document of [...forms.values(), ...flows.values()]) {
    if (document.translations) throw new EngineConfigError(document.id, '/translations', 'the base texts in other languages belong in schemas/translations, not in the document');
  }
  const validate = createAjv().compile(readJson(path.join(metaDir, 'translation.schema.json')) as JsonSchema);
  for (const language of LANGUAGES.filter((one) => one !== DEFAULT_LANGUAGE)) {
    const dir = path.join(root, 'schemas', 'translations', language);
    if (!existsSync(dir)) continue;
    for (const file of filesEndingWith(dir, '.json')) {
      const where = `translations/${language}/${file}`;
      const raw = readJson(path.join(dir, file));
      if (!validate(raw)) {
        const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? e.keyword}`);
        throw new EngineConfigError(where, '', problems.join('; '));
      }
      const { language: named, document: id, texts } = raw as TranslationFile;
      if (named !== language) throw new EngineConfigError(where, '/language', `the file is in the folder of '${language}' but names '${named}'`);
      if (`${id}.json` !== file) throw new EngineConfigError(where, '/document', `the file ${file} holds the texts of '${id}'`);
      const document = forms.get(id) ?? flows.get(id);
      if (!document) throw new EngineConfigError(where, '/document', `there is no base document '${id}'`);
      const problems = translationProblems(document, texts);
      if (problems.length > 0) throw new EngineConfigError(id, `/translations/${language}`, `${where}: ${problems.join('; ')}`);
      const translated = { ...document, translations: { ...document.translations, [language]: texts } };
      if (translated.kind === 'form') forms.set(id, translated);
      else flows.set(id, translated);
    }
  }
}

/**
 * A base document whose `locked` names a part it does not have, or whose `guarded` names no text, stops the start
 * (a typo would lock or guard nothing).
 */
function assertLocks<T extends FormDocument | FlowDocument>(doc: T): T {
  const problems = lockDeclarationProblems(doc);
  if (problems.length > 0) throw new EngineConfigError(doc.id, '/locked', problems.join('; '));
  const unguarded = guardDeclarationProblems(doc);
  if (unguarded.length > 0) throw new EngineConfigError(doc.id, '/guarded', unguarded.join('; '));
  return doc;
}

export function missingForms(flow: FlowDocument, forms: { has(id: string): boolean }): string[] {
  return Object.entries(flow.steps)
    .filter(([, step]) => step.form !== undefined && !forms.has(step.form))
    .map(([id, step]) => `step '${id}' names form '${step.form}', which does not exist`);
}
