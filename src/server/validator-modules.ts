/**
 * The browser's validators, compiled ahead: for a resolved form document, one ES module of Ajv standalone code
 * (engine/core standaloneModule) holding a validator for every schema the browser validates with: the form's, each
 * of its parts' (documentPart) and each sub-schema rjsf asks about while rendering (a oneOf/anyOf option, an if;
 * found by rjsf's own schemaParser). Served from our origin at a content-addressed URL, so the
 * Content-Security-Policy needs no 'unsafe-eval'. A module is compiled on its first request, or when an override
 * is published (precompileForPublish), and kept in memory by the SHA-256 of its schemas; any instance can compile
 * it again from the document's id and the employer, so nothing is stored.
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
/** Module sources by hash, the most recently compiled last; at most MODULE_LIMIT (each a few to 40 KB). */
const modules = new Map<string, string>();
const MODULE_LIMIT = 500;

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

/** The SHA-256 (hex) of the schemas a form's validators are compiled from: what names its module. */
export const validatorsHash = (document: FormDocument): string => compiledOf(document).hash;

/** The content-addressed path of a form's validators, for the employer the document was resolved for. */
export function validatorsPath(document: FormDocument, accountId: string | null): string {
  const query = accountId === null ? '' : `?accountid=${encodeURIComponent(accountId)}`;
  return `/api/content/validators/${document.id}.${validatorsHash(document)}.js${query}`;
}

/** The module source of a form's validators, compiled now unless already in memory. */
export function validatorModule(document: FormDocument): string {
  const { hash, schemas } = compiledOf(document);
  let code = modules.get(hash);
  if (code === undefined) {
    code = standaloneModule(document.id, schemas);
    if (modules.size >= MODULE_LIMIT) modules.delete(modules.keys().next().value!);
  } else modules.delete(hash);
  modules.set(hash, code);
  return code;
}

/**
 * Compiles the validators of the document an employer sees now, after an override of it was published, so the
 * first person to open the form does not wait for them. Call it after the content store forgot the old one.
 */
export async function precompileForPublish(app: Pick<FastifyInstance, 'content'>, accountId: string, documentId: string): Promise<void> {
  const { document } = await app.content.resolve(documentId, accountId);
  if ((document as FormDocument).kind === 'form') validatorModule(document as FormDocument);
}
