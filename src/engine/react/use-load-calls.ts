/**
 * The load binder: what a step's declared load calls read, while the screen shows. The calls are read in
 * declaration order, each filled by the engine (fillCalls: placeholders, params, `when`, `each`) from the
 * screen's scope with the answers before it in `loaded`, by call id (a list for `each` calls), so a later call
 * can use an earlier one's answer. Load calls are GETs (checkDocument refuses others): they go through the
 * injected API port (as submit calls do: with the person's credentials) and SWR, keyed by their path, so an answer
 * another part of the page already read under that path is not read again, and a scope that changes (another
 * chosen date) reads only the paths it has not read yet.
 * One read is on its way at a time, since a later call may need its answer. A call left out by `when`, one whose
 * placeholder has no value yet and one whose read failed have no answer; the calls after them still run.
 * `retry()` reads the failed calls again (a screen offers it with the failure's message: a network failure is
 * never silent).
 */
import { CallError, fillCalls } from '#engine/runtime/index.ts';
import type { CallDeclaration } from '#engine/runtime/types.ts';
import { useCallback, useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useEngine, type ApiPort } from './engine-context.tsx';

export type LoadState = {
  /** The scope's own `loaded` joined with the answers read so far, by call id. */
  loaded: Record<string, unknown>;
  /** A read is on its way (the calls after it wait for it). */
  loading: boolean;
  /** The failed answer of a call whose read failed, by call id. */
  errors: Record<string, unknown>;
  /** Reads the failed calls again. */
  retry: () => void;
};

type Scope = Record<string, unknown>;

/** An SWR fetcher over the API port: the answer's data, or the failed answer thrown. */
const read = (api: ApiPort) => async (path: string) => {
  const answer = await api.call<unknown>('GET', path);
  if (!answer.success) throw answer;
  return answer.data;
};

/** The state of the calls for the answers at hand: what is loaded, what failed, and the path to read next. */
function settle(
  calls: CallDeclaration[],
  scope: Scope,
  answerOf: (path: string) => unknown,
  failed: Record<string, unknown>,
): { loaded: Record<string, unknown>; errors: Record<string, unknown>; pending: string | null } {
  const loaded: Record<string, unknown> = { ...(scope.loaded as Record<string, unknown> | undefined) };
  const errors: Record<string, unknown> = {};
  for (const declaration of calls) {
    let paths: string[];
    try {
      paths = fillCalls([declaration], { ...scope, loaded }).map((request) => request.path);
    } catch (error) {
      if (error instanceof CallError) continue;
      throw error;
    }
    const pending = paths.find((path) => answerOf(path) === undefined && !(path in failed));
    if (pending !== undefined) return { loaded, errors, pending };
    // Nothing is pending, so a path without an answer is one whose read failed.
    const failure = paths.find((path) => answerOf(path) === undefined);
    if (failure !== undefined) errors[declaration.id] = failed[failure];
    else if (declaration.each !== undefined) loaded[declaration.id] = paths.map(answerOf);
    else if (paths.length > 0) loaded[declaration.id] = answerOf(paths[0]!);
  }
  return { loaded, errors, pending: null };
}

export function useLoadCalls(calls: CallDeclaration[] | undefined, scope: Scope): LoadState {
  const { api } = useEngine();
  const { cache } = useSWRConfig();
  // Failed reads of this screen, by path: left without an answer until the screen is shown again.
  const [failed, setFailed] = useState<Record<string, unknown>>({});
  const { loaded, errors, pending } = settle(calls ?? [], scope, (path) => cache.get(path)?.data, failed);

  // SWR re-renders a component only for the fields it reads: reading `data` re-renders this one when the pending
  // answer arrives, and that render finds it in the cache and goes on to the next call.
  const { data: _arrived, error } = useSWR(pending, read(api), { shouldRetryOnError: false });
  useEffect(() => {
    if (pending !== null && error !== undefined) setFailed((current) => ({ ...current, [pending]: error }));
  }, [pending, error]);

  // The failed paths leave the cache (their errors with them) and the list of failures, so they are pending again.
  const retry = useCallback(() => {
    setFailed((current) => {
      for (const path of Object.keys(current)) cache.delete(path);
      return {};
    });
  }, [cache]);

  return { loaded, loading: pending !== null, errors, retry };
}
