/**
 * app.content: the content documents as each employer sees them. The base documents (schemas/forms, flows) are
 * read and checked against the meta-schemas once at start, so bad content stops the server instead of reaching a
 * person. An employer's published override (a JSON Merge Patch) is applied on request; the result and its etag are
 * cached per published version (which version is published is read on each request), and so is the result served
 * in each language (its texts in that language put in place from `translations`, docs/design.md Languages).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { FieldErrors } from '#contracts/api.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#contracts/language.ts';
import '#product/compile-setup.ts';
import '#product/engine-setup.ts';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import { todayUtc } from '#domain/values/dates.ts';
import { assertDocument, checkDocument, checkOverrideMessages, lockDeclarationProblems, overrideSurfaceProblems, unlockedStepProblems, ownFormSurfaceProblems, type MetaSchemas } from '#engine/authoring/index.ts';
import { bundleDefinitions, compileWithAjv, createAjv } from '#engine/compile/index.ts';
import { mergeDocument, patchLimitProblem, type PatchLimits } from '#engine/documents/index.ts';
import { EngineConfigError, escapeToken, firstMessage, installRuntimeCompiler, translatedDocument, translationProblems, validateForm, type FlowDocument, type FormDocument, type JsonSchema } from '#engine/runtime/index.ts';
import { callProblems, installPasswordScorer, ownFormProblems, personalDataOf, readCatalogue, withoutPersonalFields, type OperationCatalogue, type PersonalData } from '#product/index.ts';
import { zxcvbnScore } from '#product/zxcvbn-score.ts';
import { catalogueText } from '../content/catalogue-messages.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import type { CheckOptions, ContentService } from '../ports.ts';

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

/** A base document whose `locked` names a part it does not have stops the start (a typo would lock nothing). */
function assertLocks<T extends FormDocument | FlowDocument>(doc: T): T {
  const problems = lockDeclarationProblems(doc);
  if (problems.length > 0) throw new EngineConfigError(doc.id, '/locked', problems.join('; '));
  return doc;
}

function missingForms(flow: FlowDocument, forms: { has(id: string): boolean }): string[] {
  return Object.entries(flow.steps)
    .filter(([, step]) => step.form !== undefined && !forms.has(step.form))
    .map(([id, step]) => `step '${id}' names form '${step.form}', which does not exist`);
}

/**
 * How large an override may be: its JSON at most 64 KB, nested at most 32 levels (the deepest base document is
 * 13). Checked before anything merges it.
 */
export const OVERRIDE_LIMITS: PatchLimits = { maxBytes: 64 * 1024, maxDepth: 32 };

/** Why a patch is too large or too deep to consider (null when it is not). */
export const overrideLimitProblem = (patch: unknown): string | null => patchLimitProblem(patch, OVERRIDE_LIMITS);

/**
 * The document `patch` makes of base document `documentId`, with every problem that stops it being served
 * (empty problems: it may be published). The merge replaces whole every expression the meta-schema marks as JSON
 * Logic; the result is checked in full (meta-schema in strict mode, every expression allowed with its arity,
 * every message key used known), the patch may set only messages the base document has, and the result must stay
 * on the base document's override surface (its locked parts unchanged but for texts, its fields kept, required
 * ones required and shown, its rules kept: overrideSurfaceProblems). A patch over the
 * limits is not merged at all: the answer is the base document with that one problem.
 * An id that is no base document's names a form of one employer's own: the patch is then the whole form (its
 * `id` that id, its `kind` 'form'), checked like any form, with its own messages. A flow may name a base form or
 * one of `employerForms` (the forms the employer has published of its own).
 */
export function applyOverride(
  base: BaseContent,
  documentId: string,
  patch: unknown,
  employerForms: ReadonlySet<string> = new Set(),
): { document: FormDocument | FlowDocument; problems: string[] } {
  const original = base.forms.get(documentId) ?? base.flows.get(documentId);
  if (!original) return ownForm(base, documentId, patch);
  const limit = overrideLimitProblem(patch);
  if (limit !== null) return { document: original, problems: [limit] };
  let document = mergeDocument(original, patch, original.kind === 'form' ? base.meta.form : base.meta.flow) as FormDocument | FlowDocument;
  const problems: string[] = checkOverrideMessages(original, patch, document);
  if (document.id !== original.id) problems.push('/id: an override may not change the id');
  if (document.kind !== original.kind) problems.push('/kind: an override may not change the kind');
  if (document.kind === 'form') {
    try {
      document = bundleDefinitions(document, base.definitions);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length === 0) problems.push(...checkDocument(document, base.meta));
  if (problems.length === 0) problems.push(...overrideTranslationProblems(document, patch));
  // What the base document locks, and the fields and rules it keeps (override-surface.ts).
  if (problems.length === 0) problems.push(...overrideSurfaceProblems(original, document));
  if (problems.length === 0 && document.kind === 'flow') {
    const known = new Set([...base.forms.keys(), ...employerForms]);
    problems.push(...missingForms(document, known));
  }
  // Only the product's own operations, as the catalogue allows them here; no personal data where it is not kept.
  if (problems.length === 0) problems.push(...callProblems(document, { catalogue: base.operations, personal: base.personal, ownForms: employerForms }));
  // The optional steps and the employer's own never stop a person on the way to Authorize.
  if (problems.length === 0 && original.kind === 'flow' && document.kind === 'flow') problems.push(...unlockedStepProblems(original, document, employerForms));
  return { document, problems };
}

/** An employer's own form: the patch is the whole document (merged over nothing, so a null member is left out). */
function ownForm(base: BaseContent, documentId: string, patch: unknown): { document: FormDocument; problems: string[] } {
  const limit = overrideLimitProblem(patch);
  // A patch over the limits is not merged at all (as for a base document).
  let document = mergeDocument({}, limit === null ? patch : {}, base.meta.form) as FormDocument;
  const problems: string[] = limit === null ? [] : [limit];
  if (document.kind !== 'form') problems.push(`/kind: '${documentId}' is no base document, so the override must be a whole form (kind 'form')`);
  if (document.id !== documentId) problems.push(`/id: an employer's own form must have the id '${documentId}'`);
  if (problems.length === 0) {
    try {
      document = bundleDefinitions(document, base.definitions);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length === 0) problems.push(...checkDocument(document, base.meta));
  if (problems.length === 0) problems.push(...overrideTranslationProblems(document, patch));
  if (problems.length === 0) problems.push(...ownFormSurfaceProblems(document), ...ownFormProblems(document, base.personal));
  if (problems.length === 0) problems.push(...callProblems(document, { catalogue: base.operations, personal: base.personal }));
  return { document, problems };
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * What is wrong with the texts an override sets in another language (translationProblems, not asking for every
 * text), each at its pointer into the override: '/translations/<language>/<the text's pointer, escaped>: reason'.
 * Only the texts the override sets (a null removes one) are its author's to mend; the base documents' own
 * translations are checked where they are written (npm run forms:check).
 */
function overrideTranslationProblems(document: FormDocument | FlowDocument, patch: unknown): string[] {
  const set = isRecord(patch) && isRecord(patch.translations) ? patch.translations : {};
  const problems: string[] = [];
  for (const [language, texts] of Object.entries(set)) {
    if (!isRecord(texts)) continue;
    const translation = Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    for (const problem of translationProblems(document, translation)) {
      // 'pointer: reason', and a pointer may hold ': ' itself: the longest of the translation's pointers that begins it.
      let pointer = '';
      for (let at = problem.indexOf(': '); at !== -1; at = problem.indexOf(': ', at + 1)) if (Object.hasOwn(translation, problem.slice(0, at))) pointer = problem.slice(0, at);
      const where = `/translations/${escapeToken(language)}`;
      problems.push(pointer === '' ? `${where}: ${problem}` : `${where}/${escapeToken(pointer)}: ${problem.slice(pointer.length + 2)}`);
    }
  }
  return problems;
}

/** A stable tag of a document's content (quoted, as HTTP wants it). */
export function etagOf(document: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(document)).digest('base64url').slice(0, 27)}"`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ContentStore = ContentService & {
  readonly base: BaseContent;
};

/** Cached resolutions at most: the routes are public, so any employer id can be asked for (oldest go first). */
const CACHE_LIMIT = 2000;

/** `version`: the employer's published override version in force, 0 for the base document. */
type Resolved = { document: FormDocument | FlowDocument; etag: string; version: number };

/**
 * A resolved document as served in `language`: that language's texts in place (English: the document's own) and no
 * `translations`. Another language's tag names it, so a tag never matches the same document in another language.
 */
function servedIn({ document, version }: Resolved, language: Language): Resolved {
  const translation = language === DEFAULT_LANGUAGE ? undefined : document.translations?.[language];
  const served = translatedDocument(document, translation);
  return { document: served, etag: etagOf(language === DEFAULT_LANGUAGE ? served : { language, document: served }), version };
}

/** The store of documents; `now` is the clock a form's date rules take today from (a birth date not in the future). */
export function createContentStore(app: Pick<FastifyInstance, 'db' | 'now'>, base: BaseContent): ContentStore {
  // Keyed by the published version's id: a version never changes, so an entry is never stale. Which version is
  // published is read from the database on every request, so a publish on any instance reaches the employer's
  // employees on their next page load. Entries hold the document with its translations (what staff edit).
  const cache = new Map<string, Promise<Resolved>>();
  const baseEntries = new Map<string, Resolved>();
  // The document of an entry as served in each language, kept as long as the entry is.
  const served = new WeakMap<Resolved, Map<Language, Resolved>>();

  const baseResolved = (documentId: string): Resolved => {
    let entry = baseEntries.get(documentId);
    if (!entry) {
      const document = (base.forms.get(documentId) ?? base.flows.get(documentId))!;
      entry = { document, etag: etagOf(document), version: 0 };
      baseEntries.set(documentId, entry);
    }
    return entry;
  };

  const resolveWithTranslations = async (documentId: string, accountId: string | null): Promise<Resolved> => {
    const isBase = base.forms.has(documentId) || base.flows.has(documentId);
    // Without an employer only base documents exist; an employer's own form exists once published.
    if (!isBase && accountId === null) throw notFound(catalogueText('content-no-document', { id: documentId }));
    if (accountId !== null && !UUID.test(accountId)) throw badRequest(catalogueText('content-employer-id-invalid'), { '/accountid': [catalogueText('content-employer-id-invalid')] });
    const publishedId = accountId === null ? undefined : await overrides.findPublishedId(app.db, accountId, documentId);
    if (publishedId === undefined) {
      if (!isBase) throw notFound(catalogueText('content-no-document', { id: documentId }));
      return baseResolved(documentId);
    }
    let entry = cache.get(publishedId);
    if (!entry) {
      entry = (async () => {
        const published = await overrides.findById(app.db, publishedId);
        if (!isBase && !published) throw notFound(catalogueText('content-no-document', { id: documentId }));
        if (!published) return baseResolved(documentId);
        const { document } = applyOverride(base, documentId, published.patch);
        if (isBase || document.kind !== 'form') return { document, etag: etagOf(document), version: published.version };
        // An own form published before today's checks is served without the personal fields they refuse.
        const served = withoutPersonalFields(document, base.personal);
        if (!served) throw notFound(catalogueText('content-no-document', { id: documentId }));
        return { document: served, etag: etagOf(served), version: published.version };
      })();
      cache.set(publishedId, entry);
      if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      // A failed read (the database was away) must not stay cached.
      entry.catch(() => cache.delete(publishedId));
    }
    return entry;
  };

  const resolveDoc = async (documentId: string, accountId: string | null, language: Language): Promise<Resolved> => {
    const entry = await resolveWithTranslations(documentId, accountId);
    let languages = served.get(entry);
    if (!languages) served.set(entry, (languages = new Map()));
    let found = languages.get(language);
    if (!found) languages.set(language, (found = servedIn(entry, language)));
    return found;
  };

  const form = async (documentId: string, accountId: string | null, language: Language): Promise<FormDocument> => {
    const { document } = await resolveDoc(documentId, accountId, language);
    if (document.kind !== 'form') throw new AppError('INTERNAL', 500, `'${documentId}' is not a form.`);
    return document;
  };

  const check = async (documentId: string, accountId: string | null, data: unknown, options: CheckOptions): Promise<FieldErrors> => {
    const document = await form(documentId, accountId, options.language);
    const errors = validateForm(document, data, { today: todayUtc(app.now()), ...options.context }, 'server');
    const prefix = options.pointerPrefix ?? '';
    return Object.fromEntries(Object.entries(errors).map(([pointer, messages]) => [`${prefix}${pointer}`, messages]));
  };

  return {
    base,
    resolve: resolveDoc,
    resolveWithTranslations,
    async versions(accountId) {
      const versions: Record<string, number> = {};
      for (const id of [...base.forms.keys(), ...base.flows.keys()].sort()) versions[id] = 0;
      return { ...versions, ...(await overrides.listPublishedVersions(app.db, accountId)) };
    },
    form,
    check,
    baseForm(documentId) {
      const form = base.forms.get(documentId);
      if (!form) throw new AppError('INTERNAL', 500, `'${documentId}' is not a form.`);
      return form;
    },
    async validate(documentId, accountId, data, options) {
      const errors = await check(documentId, accountId, data, options);
      const first = firstMessage(errors);
      if (first !== null) throw new AppError('VALIDATION_FAILED', 400, first, errors);
    },
  };
}

/**
 * Decorates app.content (register it without encapsulation, as app.ts does, so every routes module sees it).
 * `root` points at another content tree (tests).
 */
export async function contentPlugin(app: FastifyInstance, options: { root?: string } = {}): Promise<void> {
  // The server validates request bodies with Ajv compiled at run time; only the browser needs validators compiled
  // ahead (validator-modules.ts), its Content-Security-Policy allowing no eval.
  installRuntimeCompiler(compileWithAjv);
  installPasswordScorer(zxcvbnScore);
  app.decorate('content', createContentStore(app, loadBaseContent(options.root)));
}
