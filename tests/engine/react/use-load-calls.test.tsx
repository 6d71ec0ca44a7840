import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import useSWR from 'swr';
import { describe, expect, it } from 'vitest';
import type { CallDeclaration } from '#engine/runtime/index.ts';
import { useLoadCalls, type EngineServices, type PortAnswer } from '#engine/react/index.ts';
import { noServices, renderWithEngine } from './engine-harness.tsx';

/** An API port answering GETs from a table by path (a missing path fails), recording the reads. */
function servicesFor(answers: Record<string, unknown>) {
  const reads: string[] = [];
  const services: EngineServices = {
    ...noServices,
    api: {
      call: async <T,>(method: string, path: string): Promise<PortAnswer<T>> => {
        reads.push(`${method} ${path}`);
        return path in answers ? { success: true, data: answers[path] as T } : { success: false, message: `no ${path}` };
      },
    },
  };
  return { services, reads };
}

function Probe({ calls, scope }: { calls: CallDeclaration[]; scope: Record<string, unknown> }) {
  const state = useLoadCalls(calls, scope);
  return <pre data-testid="state">{JSON.stringify(state)}</pre>;
}

const shown = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as Record<string, unknown>;

describe('useLoadCalls', () => {
  it('reads the calls in order, a later one with an earlier answer, each call as a list, leaving out `when` false', async () => {
    const calls: CallDeclaration[] = [
      { id: 'owner', method: 'GET', path: '/api/owner/{params.id}' },
      { id: 'skipped', method: 'GET', path: '/api/never', when: false },
      { id: 'items', method: 'GET', path: '/api/item/{item}', each: '/loaded/owner/items' },
      { id: 'detail', method: 'GET', path: '/api/detail/{loaded.owner.name}' },
    ];
    const { services, reads } = servicesFor({
      '/api/owner/o%201': { name: 'ann', items: ['a', 'b'] },
      '/api/item/a': 1,
      '/api/item/b': 2,
      '/api/detail/ann': 'done',
    });
    renderWithEngine(<Probe calls={calls} scope={{ params: { id: 'o 1' }, loaded: { given: true } }} />, services);
    await waitFor(() => expect(shown().loading).toBe(false));
    expect(shown()).toEqual({
      loaded: { given: true, owner: { name: 'ann', items: ['a', 'b'] }, items: [1, 2], detail: 'done' },
      loading: false,
      errors: {},
    });
    expect(reads).toEqual(['GET /api/owner/o%201', 'GET /api/item/a', 'GET /api/item/b', 'GET /api/detail/ann']);
  });

  it('runs the calls after one that cannot be filled yet or whose read failed', async () => {
    const calls: CallDeclaration[] = [
      { id: 'waiting', method: 'GET', path: '/api/x/{data.missing}' },
      { id: 'broken', method: 'GET', path: '/api/broken' },
      { id: 'later', method: 'GET', path: '/api/later' },
    ];
    const { services, reads } = servicesFor({ '/api/later': 'ok' });
    renderWithEngine(<Probe calls={calls} scope={{ data: {} }} />, services);
    await waitFor(() => expect(shown().loading).toBe(false));
    expect(shown()).toEqual({ loaded: { later: 'ok' }, loading: false, errors: { broken: { success: false, message: 'no /api/broken' } } });
    expect(reads).toEqual(['GET /api/broken', 'GET /api/later']);
  });

  it('reads again only the paths a changed scope has not read, and not what another reader already has', async () => {
    const calls: CallDeclaration[] = [
      { id: 'shared', method: 'GET', path: '/api/shared' },
      { id: 'dated', method: 'GET', path: '/api/dated/{data.day}' },
    ];
    const { services, reads } = servicesFor({ '/api/shared': 's', '/api/dated/1': 'one', '/api/dated/2': 'two' });
    function Page() {
      const [day, setDay] = useState(1);
      // Another reader of the same path, as the page's own SWR reads are: its answer is in the cache under the path.
      const other = useSWR('/api/shared', async (path: string) => {
        const answer = await services.api.call('GET', path);
        return answer.success ? answer.data : null;
      });
      return (
        <>
          <button type="button" onClick={() => setDay((d) => (d === 1 ? 2 : 1))}>
            switch
          </button>
          {other.data !== undefined && <Probe calls={calls} scope={{ data: { day } }} />}
        </>
      );
    }
    renderWithEngine(<Page />, services);
    await waitFor(() => expect(shown().loaded).toEqual({ shared: 's', dated: 'one' }));
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    await waitFor(() => expect(shown().loaded).toEqual({ shared: 's', dated: 'two' }));
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    expect(shown().loaded).toEqual({ shared: 's', dated: 'one' });
    expect(reads).toEqual(['GET /api/shared', 'GET /api/dated/1', 'GET /api/dated/2']);
  });
});

describe('useLoadCalls retry', () => {
  it('reads a failed call again on retry, and its answer then fills the state', async () => {
    const calls: CallDeclaration[] = [
      { id: 'first', method: 'GET', path: '/api/first' },
      { id: 'second', method: 'GET', path: '/api/second' },
    ];
    const answers: Record<string, unknown> = { '/api/second': 'two' };
    const { services, reads } = servicesFor(answers);
    function Page() {
      const state = useLoadCalls(calls, {});
      return (
        <>
          <pre data-testid="state">{JSON.stringify(state)}</pre>
          <button type="button" onClick={state.retry}>
            again
          </button>
        </>
      );
    }
    renderWithEngine(<Page />, services);
    await waitFor(() => expect(shown().loading).toBe(false));
    expect(shown()).toEqual({ loaded: { second: 'two' }, loading: false, errors: { first: { success: false, message: 'no /api/first' } } });
    // The network is back.
    answers['/api/first'] = 'one';
    await userEvent.click(screen.getByRole('button', { name: 'again' }));
    await waitFor(() => expect(shown()).toEqual({ loaded: { first: 'one', second: 'two' }, loading: false, errors: {} }));
    expect(reads).toEqual(['GET /api/first', 'GET /api/second', 'GET /api/first']);
  });
});
