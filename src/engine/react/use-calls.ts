/**
 * The call binder: runs a step's declared calls in order, each filled by the engine (fillCalls: placeholders,
 * params, body, headers, `when`), through the injected API port. A call with `each` runs once per item, so a failure can
 * say which item it was about. It stops at the first failure and answers it, so a step can show the message and
 * mark the fields. Answers are kept in the scope's `results` by call id (a list for `each` calls), so a later call
 * can use an earlier one's answer. An `optional` call that fails has no answer and does not stop the list (a
 * lookup whose failure means "nothing found").
 */
import { callScopes, fillCalls } from '#engine/runtime/index.ts';
import type { CallDeclaration } from '#engine/runtime/types.ts';
import { useCallback, useState } from 'react';
import { useEngine, type PortAnswer } from './engine-context.tsx';

type Failure = Extract<PortAnswer<unknown>, { success: false }>;

export type CallsOutcome =
  | { ok: true; results: Record<string, unknown> }
  | { ok: false; failed: string; index?: number; answer: Failure; results: Record<string, unknown> };

type Scope = Record<string, unknown>;

function expand(declaration: CallDeclaration, scope: Scope): Array<{ scope: Scope; index?: number }> {
  const scopes = callScopes(declaration, scope);
  return declaration.each === undefined ? [{ scope }] : scopes.map((itemScope, index) => ({ scope: itemScope, index }));
}

export function useCalls(calls: CallDeclaration[] | undefined) {
  const { api } = useEngine();
  const [running, setRunning] = useState(false);
  const run = useCallback(
    async (scope: Scope): Promise<CallsOutcome> => {
      setRunning(true);
      const results: Record<string, unknown> = {};
      try {
        for (const declaration of calls ?? []) {
          const single = { ...declaration, each: undefined };
          const answers: unknown[] = [];
          for (const target of expand(declaration, { ...scope, results })) {
            for (const request of fillCalls([single], target.scope)) {
              const answer = await api.call<unknown>(request.method, request.path, request.body, request.headers);
              if (!answer.success) {
                if (declaration.optional) continue;
                return { ok: false, failed: request.id, index: target.index, answer, results };
              }
              answers.push(answer.data);
            }
          }
          results[declaration.id] = declaration.each === undefined ? answers[0] : answers;
        }
        return { ok: true, results };
      } finally {
        setRunning(false);
      }
    },
    [api, calls],
  );
  return { run, running };
}
