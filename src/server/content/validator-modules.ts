/**
 * The browser's validators, compiled ahead: for a resolved form document, one ES module of Ajv standalone code
 * (engine/compile standaloneModule) holding a validator for every schema the browser validates with: the form's, each
 * of its parts' (documentPart) and each sub-schema rjsf asks about while rendering (a oneOf/anyOf option, an if;
 * found by rjsf's own schemaParser). Served from our origin at a content-addressed URL, so the
 * Content-Security-Policy needs no 'unsafe-eval'. A module is named by the SHA-256 of its schemas, kept without
 * their texts (so a form has one module in every language). The base forms' modules are compiled at build time
 * (writeBaseValidators, run by `npm run build`) into dist/validators/<hash>.js, which the server reads on a
 * module's first request; any other module (a published override's) is compiled on its first request or when the
 * override is published (precompileForPublish). Either way it is kept in memory by its
 * hash, and any instance can make it again from the document's id and the employer, so nothing is stored at run
 * time. A staff draft's module (compileDraft) is kept apart, for the console's preview of a form nobody gets yet.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE } from '#contracts/language.ts';
import { documentPart, EngineConfigError, schemaKey, withoutSchemaTexts, type FormDocument, type JsonSchema } from '#engine/runtime/index.ts';
import { schemasExport, standaloneModule } from '#engine/compile/index.ts';
import type { RJSFSchema } from '@rjsf/utils';
import { LRUCache } from 'lru-cache';

/**
 * Every schema the browser validates a form with, each once, the form's first. rjsf is imported on the first call:
 * its modules (React with them) took a quarter to half a second of a start, before the server listened.
 */
export async function validatedSchemas(document: FormDocument): Promise<JsonSchema[]> {
  const { schemaParser } = await import('@rjsf/utils');
  const roots = [document.schema, ...Object.keys(document.parts ?? {}).map((name) => documentPart(document, name)!.schema)];
  const schemas = new Map<string, JsonSchema>();
  // Kept without their texts (as schemaKey finds them): the module, and its hash, are those of every language.
  const add = (schema: JsonSchema) => {
    const key = schemaKey(schema);
    if (!schemas.has(key)) schemas.set(key, withoutSchemaTexts(schema) as JsonSchema);
  };
  for (const root of roots) {
    add(root);
    // schemaParser adds its hash as $id to each schema it records; rjsf asks about the schema without it.
    for (const [hash, recorded] of Object.entries(schemaParser(root as RJSFSchema))) {
      const { $id, ...rest } = recorded as JsonSchema;
      add($id === hash ? (rest as JsonSchema) : (recorded as JsonSchema));
    }
  }
  return [...schemas.values()];
}

/** Where `npm run build` writes the base forms' modules (writeBaseValidators) and the server reads them. */
export const defaultValidatorsRoot = fileURLToPath(new URL('../../../dist/validators', import.meta.url));

type Compiled = { hash: string; schemas: JsonSchema[] };

// Per resolved document object (the content store keeps them): which schemas, and their hash.
const byDocument = new WeakMap<FormDocument, Compiled>();

/** Module sources by hash; past its limit the least recently used is forgotten. */
type ModuleCache = LRUCache<string, string>;

/** The modules of the forms employees get: at most 500 (each a few to 40 KB). */
const published: ModuleCache = new LRUCache({ max: 500 });
/** How many draft modules are kept, and how many bytes (UTF-8) they may take together. */
export const DRAFT_MODULES_LIMIT = { count: 50, bytes: 8 * 1024 * 1024 };

/**
 * The modules of staff drafts being previewed (compileDraft): apart from the published ones, so a staff user
 * typing in the editor never pushes out a module employees need; bounded by count and by bytes, since a draft's
 * schema is whatever the editor sends.
 */
const drafts: ModuleCache = new LRUCache({
  max: DRAFT_MODULES_LIMIT.count,
  maxSize: DRAFT_MODULES_LIMIT.bytes,
  sizeCalculation: (code) => Buffer.byteLength(code),
});

async function compiledOf(document: FormDocument): Promise<Compiled> {
  let found = byDocument.get(document);
  if (!found) {
    const schemas = await validatedSchemas(document);
    const hash = createHash('sha256').update(JSON.stringify(schemas)).digest('hex');
    found = { hash, schemas };
    byDocument.set(document, found);
  }
  return found;
}

/** A module's file under a folder of prebuilt ones: named by its hash. */
const prebuiltFile = (root: string, hash: string) => path.join(root, `${hash}.js`);

/**
 * The module the build wrote for these schemas under `root`, or undefined when there is none (no build: tests,
 * dev; or a form the build did not have, such as an override). A file is found by the hash of the schemas and used
 * only when the schemas it names are these, so a file renamed by hand is compiled over, never served.
 */
function prebuilt(root: string, { hash, schemas }: Compiled): string | undefined {
  let code: string;
  try {
    code = readFileSync(prebuiltFile(root, hash), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // A module written before validators named their helpers ran patterns on the backtracking engine: compiled over.
  return code.includes(`\n${schemasExport(schemas)}\n`) && code.includes('\nexport const helpers = ') ? code : undefined;
}

/**
 * The module source of a form's validators from `cache`; unless already in it, read from the build's modules under
 * `prebuiltRoot` (when given) or else compiled now, and kept there.
 */
async function moduleIn(cache: ModuleCache, document: FormDocument, prebuiltRoot: string | null): Promise<{ hash: string; code: string }> {
  const compiled = await compiledOf(document);
  let code = cache.get(compiled.hash);
  if (code === undefined) {
    code = (prebuiltRoot === null ? undefined : prebuilt(prebuiltRoot, compiled)) ?? standaloneModule(document.id, compiled.schemas);
    cache.set(compiled.hash, code);
  }
  return { hash: compiled.hash, code };
}

/** The SHA-256 (hex) of the schemas a form's validators are compiled from: what names its module. */
export const validatorsHash = async (document: FormDocument): Promise<string> => (await compiledOf(document)).hash;

/** The content-addressed path of a form's validators, for the employer the document was resolved for. */
export async function validatorsPath(document: FormDocument, accountId: string | null): Promise<string> {
  const query = accountId === null ? '' : `?accountid=${encodeURIComponent(accountId)}`;
  return `/api/content/validators/${document.id}.${await validatorsHash(document)}.js${query}`;
}

/**
 * The module source of a form's validators: from memory, else the build's file under `prebuiltRoot` (the app's
 * validatorsRoot), else compiled now.
 */
export const validatorModule = async (document: FormDocument, prebuiltRoot: string): Promise<string> =>
  (await moduleIn(published, document, prebuiltRoot)).code;

/**
 * Writes the module of each form of `forms` (the base forms: what an employer without an override gets) to
 * `root`, emptied first, as `<hash>.js`, the hash and the source being those the server computes (validatorsHash,
 * validatorModule). Forms with the same schemas share one module, the first one's, as they do in memory.
 * `npm run build` runs it (scripts/build-validators.ts). Answers the hashes written.
 */
export async function writeBaseValidators(root: string, forms: Iterable<FormDocument>): Promise<string[]> {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const written = new Set<string>();
  for (const form of forms) {
    const { hash, schemas } = await compiledOf(form);
    if (written.has(hash)) continue;
    writeFileSync(prebuiltFile(root, hash), standaloneModule(form.id, schemas));
    written.add(hash);
  }
  return [...written];
}

/**
 * Compiles the validators of a staff draft (a checked form no employee gets yet) for the console's preview and
 * keeps the module among the drafts' ones; answers its hash (draftModule serves it). Throws EngineConfigError
 * when a schema does not compile or the module is too large to keep.
 */
export async function compileDraft(document: FormDocument): Promise<string> {
  const { hash, code } = await moduleIn(drafts, document, null);
  if (drafts.get(hash) === undefined) {
    const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    throw new EngineConfigError(document.id, '/schema', `its validators take ${megabytes(Buffer.byteLength(code))}, more than the ${megabytes(DRAFT_MODULES_LIMIT.bytes)} a preview may`);
  }
  return hash;
}

/** The module of a draft's validators compiled lately (compileDraft), or undefined once forgotten. */
export const draftModule = (hash: string): string | undefined => drafts.get(hash);

/** The bytes (UTF-8) the draft modules kept take together: at most DRAFT_MODULES_LIMIT.bytes. */
export const draftModulesBytes = (): number => drafts.calculatedSize;

/**
 * Compiles the validators of the document an employer sees now, after an override of it was published, so the
 * first person to open the form does not wait for them. Call it after the content store forgot the old one.
 */
export async function precompileForPublish(
  app: Pick<FastifyInstance, 'content' | 'validatorsRoot'>,
  accountId: string,
  documentId: string,
): Promise<void> {
  // One module serves every language (its schemas are kept without their texts): English names it.
  const { document } = await app.content.resolve(documentId, accountId, DEFAULT_LANGUAGE);
  if ((document as FormDocument).kind === 'form') await validatorModule(document as FormDocument, app.validatorsRoot);
}
