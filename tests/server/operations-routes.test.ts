/**
 * The operation catalogue (schemas/meta/operations.json) names only routes the server has, none of them a staff
 * route, and no DELETE of a member: a document's calls can reach nothing else (src/product/operations.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ContentStore } from '#server/content/content-store.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';

type Route = { method: string; pattern: RegExp };
const [database] = databases();

describe(`the operation catalogue (on ${database!.name})`, () => {
  const routes: Route[] = [];
  const t = useTestApp(database!, {
    beforeRoutes: (app) => {
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        // '/api/Dependent/:id' matches any one segment there.
        const pattern = new RegExp(`^${route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);
        for (const method of methods) routes.push({ method, pattern });
      });
    },
  });

  it('names a route of the server for every operation, never a staff route or a DELETE of a member', () => {
    const operations = Object.entries((t.app.content as ContentStore).base.operations.operations);
    expect(operations.length).toBeGreaterThan(10);
    for (const [id, operation] of operations) {
      const path = operation.path.split('?')[0]!.replace(/\{[^{}]+\}/g, 'x');
      expect(routes.some((route) => route.method === operation.method && route.pattern.test(path)), `${id}: ${operation.method} ${path}`).toBe(true);
      expect(path.startsWith('/api/staff'), id).toBe(false);
      expect(operation.method === 'DELETE' && path.startsWith('/api/Member'), id).toBe(false);
    }
  });
});
