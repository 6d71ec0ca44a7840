/**
 * app.content: the content store (content/content-store.ts) over the base documents read and checked at start
 * (content/base-content.ts), so bad content stops the server instead of reaching a person.
 */
import type { FastifyInstance } from 'fastify';
import { compileWithAjv } from '#engine/compile/index.ts';
import { installRuntimeCompiler } from '#engine/runtime/index.ts';
import { installPasswordScorer } from '#product/index.ts';
import { zxcvbnScore } from '#product/zxcvbn-score.ts';
import { loadBaseContent } from '../content/base-content.ts';
import { createContentStore } from '../content/content-store.ts';

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
