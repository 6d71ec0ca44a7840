/**
 * The browser's validators, compiled ahead: for a resolved form document, one ES module of Ajv standalone code
 * (engine/core standaloneModule) holding a validator for every schema the browser validates with: the form's, each
 * of its parts' (documentPart) and each sub-schema rjsf asks about while rendering (a oneOf/anyOf option, an if;
 * found by rjsf's own schemaParser). Served from our origin at a content-addressed URL, so the
 * Content-Security-Policy needs no 'unsafe-eval'. A module is compiled on its first request, or when an override
 * is published (precompileForPublish), and kept in memory by the SHA-256 of its schemas; any instance can compile
 * it again from the document's id and the employer, so nothing is stored. A staff draft's module (compileDraft) is
 * kept apart, for the console's preview of a form nobody gets yet.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { documentPart, schemaKey, standaloneModule, type FormDocument, type JsonSchema } from '#engine/core/index.ts';
import { schemaParser, type RJSFSchema } from '@rjsf/utils';

/** Every schema the browser validates a form with, each once, the form's first. */
export function validatedSchemas(document: FormDocument): JsonSchema[] {
  const roots = [document.schema, ...Object.keys(document.parts ?? {}).map((name) => documentPart(document, name)!.schema)];
  const schemas = new Map<string, JsonSchema>();
  for (const root of roots) {
    schemas.set(schemaKey(root), root);
    // schemaParser adds its hash as $id to each schema it records; rjsf asks about the schema without it.
    for (const [hash, recorded] of Object.entries(schemaParser(root as RJSFSchema))) {
      const { $id, ...rest } = recorded as JsonSchema;
      const schema = $id === hash ? (rest as JsonSchema) : (recorded as JsonSchema);
      if (!schemas.has(schemaKey(schema))) schemas.set(schemaKey(schema), schema);
    }
  }
  return [...schemas.values()];
}

type Compiled = { hash: string; schemas: JsonSchema[] };

// Per resolved document object (the content store keeps them): which schemas, and their hash.
const byDocument = new WeakMap<FormDocument, Compiled>();

/** Module sources by hash, the most recently used last; past `limit` the least recently used is forgotten. */
class ModuleCache {
  private readonly sources = new Map<string, string>();
  constructor(private readonly limit: number) {}

  get(hash: string): string | undefined {
    const code = this.sources.get(hash);
    if (code !== undefined) this.set(hash, code);
    return code;
  }

  set(hash: string, code: string): void {
    this.sources.delete(hash);
    if (this.sources.size >= this.limit) this.sources.delete(this.sources.keys().next().value!);
    this.sources.set(hash, code);
  }
}

/** The modules of the forms employees get: at most 500 (each a few to 40 KB). */
const published = new ModuleCache(500);
/**
 * The modules of staff drafts being previewed (compileDraft): apart from the published ones, so a staff user
 * typing in the editor never pushes out a module employees need; at most 50.
 */
const drafts = new ModuleCache(50);

function compiledOf(document: FormDocument): Compiled {
  let found = byDocument.get(document);
  if (!found) {
    const schemas = validatedSchemas(document);
    const hash = createHash('sha256').update(JSON.stringify(schemas)).digest('hex');
    found = { hash, schemas };
    byDocument.set(document, found);
  }
  return found;
}

/** The module source of a form's validators from `cache`, compiled now (and kept there) unless already in it. */
function moduleIn(cache: ModuleCache, document: FormDocument): { hash: string; code: string } {
  const { hash, schemas } = compiledOf(document);
  let code = cache.get(hash);
  if (code === undefined) {
    code = standaloneModule(document.id, schemas);
    cache.set(hash, code);
  }
  return { hash, code };
}

/** The SHA-256 (hex) of the schemas a form's validators are compiled from: what names its module. */
export const validatorsHash = (document: FormDocument): string => compiledOf(document).hash;

/** The content-addressed path of a form's validators, for the employer the document was resolved for. */
export function validatorsPath(document: FormDocument, accountId: string | null): string {
  const query = accountId === null ? '' : `?accountid=${encodeURIComponent(accountId)}`;
  return `/api/content/validators/${document.id}.${validatorsHash(document)}.js${query}`;
}

/** The module source of a form's validators, compiled now unless already in memory. */
export const validatorModule = (document: FormDocument): string => moduleIn(published, document).code;

/**
 * Compiles the validators of a staff draft (a checked form no employee gets yet) for the console's preview and
 * keeps the module among the drafts' ones; answers its hash (draftModule serves it). Throws EngineConfigError
 * when a schema does not compile.
 */
export const compileDraft = (document: FormDocument): string => moduleIn(drafts, document).hash;

/** The module of a draft's validators compiled lately (compileDraft), or undefined once forgotten. */
export const draftModule = (hash: string): string | undefined => drafts.get(hash);

/**
 * Compiles the validators of the document an employer sees now, after an override of it was published, so the
 * first person to open the form does not wait for them. Call it after the content store forgot the old one.
 */
export async function precompileForPublish(app: Pick<FastifyInstance, 'content'>, accountId: string, documentId: string): Promise<void> {
  const { document } = await app.content.resolve(documentId, accountId);
  if ((document as FormDocument).kind === 'form') validatorModule(document as FormDocument);
}
