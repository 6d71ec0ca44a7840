/**
 * Reading a meta-schema as a map of a document: which meta-schema node describes the value at a path, and where a
 * document holds JSON Logic. A meta-schema marks an expression with the annotation keyword `"logic": true`
 * (usually through `{ "$ref": "#/definitions/logic" }`), so the engine learns where conditions live from the
 * document's kind, never from what the documents are about. Followed: local `$ref`s, `properties`,
 * `patternProperties`, `additionalProperties` and `items` (a single schema); anything else describes no child.
 */
import type { JsonSchema } from '#engine/runtime/types.ts';

/** The annotation keyword that marks JSON Logic in a meta-schema. */
export const LOGIC_KEYWORD = 'logic';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export type MetaNode = Record<string, unknown>;

const patterns = new Map<string, RegExp>();
const patternOf = (source: string) => {
  let pattern = patterns.get(source);
  if (!pattern) {
    pattern = new RegExp(source, 'u');
    patterns.set(source, pattern);
  }
  return pattern;
};

/** The node a (possibly `$ref`) meta-schema node stands for; undefined when it leads nowhere. */
export function resolveMetaNode(node: unknown, root: JsonSchema): MetaNode | undefined {
  let current = node;
  for (let guard = 0; isObject(current) && typeof current.$ref === 'string'; guard += 1) {
    const ref = current.$ref;
    if (guard > 32 || !ref.startsWith('#')) return undefined;
    current = ref
      .slice(2)
      .split('/')
      .filter((part) => part !== '')
      .reduce<unknown>((n, key) => (isObject(n) ? n[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root);
  }
  return isObject(current) ? current : undefined;
}

/** The meta-schema node describing the value at `key` of an object the node describes. */
export function metaChild(node: MetaNode | undefined, key: string, root: JsonSchema): MetaNode | undefined {
  if (!node) return undefined;
  if (isObject(node.properties) && Object.hasOwn(node.properties, key)) return resolveMetaNode(node.properties[key], root);
  if (isObject(node.patternProperties)) {
    for (const [source, sub] of Object.entries(node.patternProperties)) if (patternOf(source).test(key)) return resolveMetaNode(sub, root);
  }
  return isObject(node.additionalProperties) ? resolveMetaNode(node.additionalProperties, root) : undefined;
}

/** The meta-schema node describing each item of a list the node describes. */
export function metaItem(node: MetaNode | undefined, root: JsonSchema): MetaNode | undefined {
  return node && isObject(node.items) ? resolveMetaNode(node.items, root) : undefined;
}

export const isLogicNode = (node: MetaNode | undefined): boolean => node?.[LOGIC_KEYWORD] === true;

const escape = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Every JSON Logic expression a document holds where its meta-schema says there is one, as [pointer, expression],
 * in document order. Iterative: a deep document cannot overflow the stack.
 */
export function logicIn(doc: unknown, metaSchema: JsonSchema): Array<[pointer: string, logic: unknown]> {
  const found: Array<[string, unknown]> = [];
  const stack: Array<[value: unknown, node: MetaNode | undefined, pointer: string]> = [[doc, resolveMetaNode(metaSchema, metaSchema), '']];
  while (stack.length > 0) {
    const [value, node, pointer] = stack.pop()!;
    if (!node) continue;
    if (isLogicNode(node)) {
      found.push([pointer, value]);
      continue;
    }
    if (Array.isArray(value)) {
      const item = metaItem(node, metaSchema);
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push([value[i], item, `${pointer}/${i}`]);
    } else if (isObject(value)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, sub] = entries[i]!;
        stack.push([sub, metaChild(node, key, metaSchema), `${pointer}/${escape(key)}`]);
      }
    }
  }
  return found;
}
