/**
 * Shared schema pieces live in their own files (`defs/date.schema.json`); a document names them with a relative
 * `$ref`. Bundling copies each piece it uses into the schema's `definitions` and points the `$ref` there, so a
 * resolved document is self-contained (the browser and rjsf need no files).
 */
import { EngineConfigError } from '#engine/runtime/errors.ts';
import type { FormDocument, JsonSchema } from '#engine/runtime/types.ts';

const FILE_REF = /(?:^|\/)([a-z0-9][a-z0-9-]*)\.schema\.json$/;

/** The definition name a file `$ref` stands for ('../defs/date.schema.json' -> 'date'), or null for local refs. */
export function definitionName(ref: string): string | null {
  if (ref.startsWith('#')) return null;
  return FILE_REF.exec(ref)?.[1] ?? null;
}

/**
 * A copy of `doc` whose schema holds every definition it uses from `definitions` (keyed by name) under
 * `definitions`, with file refs rewritten to `#/definitions/<name>`. Throws EngineConfigError for a ref that
 * names no known definition.
 */
export function bundleDefinitions(doc: FormDocument, definitions: Readonly<Record<string, JsonSchema>>): FormDocument {
  const used = new Map<string, unknown>();
  const rewrite = (node: unknown, where: string): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => rewrite(item, `${where}/${i}`));
    if (node === null || typeof node !== 'object') return node;
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) {
        const name = definitionName(value);
        const definition = name === null ? undefined : definitions[name];
        if (name === null || definition === undefined) throw new EngineConfigError(doc.id, where, `unknown $ref '${value}'`);
        if (!used.has(name)) {
          used.set(name, null);
          used.set(name, rewrite(definition, `/definitions/${name}`));
        }
        result[key] = `#/definitions/${name}`;
      } else {
        result[key] = rewrite(value, `${where}/${key}`);
      }
    }
    return result;
  };
  const schema = rewrite(doc.schema, '/schema') as JsonSchema;
  if (used.size === 0) return { ...doc, schema };
  const own = (schema.definitions ?? {}) as Record<string, unknown>;
  return { ...doc, schema: { ...schema, definitions: { ...own, ...Object.fromEntries(used) } } };
}
