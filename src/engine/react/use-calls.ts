/**
 * The call binder: runs a step's declared calls (in order, each filled by the engine's fillCalls, which also
 * applies their `when` and `each`) through the injected API port. It stops at the first failure and answers it,
 * so a step can show the message or mark fields. Each answer's data is put in the scope's `results` by call id,
 * so a later call can use an earlier one's answer.
 */
import { fillCalls } from '#engine/core/index.ts';
import type { CallDeclaration } from '#engine/core/types.ts';
import { useCallback, useState } from 'react';
import { useEngine, type PortAnswer } from './engine-context.tsx';

export type CallsOutcome =
  | { ok: true; results: Record<string, unknown> }
  | { ok: false; failed: string; answer: Extract<PortAnswer<unknown>, { success: false }>; results: Record<string, unknown> };

export function useCalls(calls: CallDeclaration[] | undefined) {
  const { api } = useEngine();
  const [running, setRunning] = useState(false);
  const run = useCallback(
    async (scope: Record<string, unknown>): Promise<CallsOutcome> => {
      setRunning(true);
      const results: Record<string, unknown> = {};
      try {
        for (const declaration of calls ?? []) {
          for (const request of fillCalls([declaration], { ...scope, results })) {
            const answer = await api.call<unknown>(request.method, request.path, request.body);
            if (!answer.success) return { ok: false, failed: request.id, answer, results };
            results[request.id] = answer.data;
          }
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
