import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CallDeclaration } from '#engine/runtime/index.ts';
import { useCalls, type CallsOutcome, type EngineServices, type PortAnswer } from '#engine/react/index.ts';
import { noServices, renderWithEngine } from './engine-harness.tsx';

type Sent = { method: string; path: string; body: unknown; headers: Record<string, string> | undefined };

function servicesRecording(answer: (sent: Sent) => PortAnswer<unknown>) {
  const sent: Sent[] = [];
  const services: EngineServices = {
    ...noServices,
    api: {
      call: async <T,>(method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
        const request = { method, path, body, headers };
        sent.push(request);
        return answer(request) as PortAnswer<T>;
      },
    },
  };
  return { services, sent };
}

function Runner({ calls, scope }: { calls: CallDeclaration[]; scope: Record<string, unknown> }) {
  const { run } = useCalls(calls);
  const [outcome, setOutcome] = useState<CallsOutcome | null>(null);
  return (
    <>
      <button onClick={() => void run(scope).then(setOutcome)}>Run</button>
      <pre data-testid="outcome">{outcome ? JSON.stringify(outcome) : ''}</pre>
    </>
  );
}

const send: CallDeclaration = {
  id: 'send',
  method: 'POST',
  path: '/api/thing',
  body: { '': '/screens/s/body' },
  headers: { 'Idempotency-Key': '/screens/s/key' },
};

describe('useCalls', () => {
  it('sends the declared headers, filled from the scope, through the API port', async () => {
    const { services, sent } = servicesRecording(() => ({ success: true, data: { id: 1 } }));
    renderWithEngine(<Runner calls={[send]} scope={{ screens: { s: { body: { a: 1 }, key: 'k-1' } } }} />, services);
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText(/"ok":true/)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/api/thing', body: { a: 1 }, headers: { 'Idempotency-Key': 'k-1' } }]);
    expect(JSON.parse(screen.getByTestId('outcome').textContent!)).toEqual({ ok: true, results: { send: { id: 1 } } });
  });

  it('sends no headers for a call that declares none, and answers the first failure', async () => {
    const { services, sent } = servicesRecording(() => ({ success: false, message: 'refused' }));
    const plain: CallDeclaration = { id: 'plain', method: 'PUT', path: '/api/thing', body: { '': '/data' } };
    renderWithEngine(<Runner calls={[plain, send]} scope={{ data: { b: 2 } }} />, services);
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText(/"ok":false/)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PUT', path: '/api/thing', body: { b: 2 }, headers: undefined }]);
    expect(JSON.parse(screen.getByTestId('outcome').textContent!)).toMatchObject({ ok: false, failed: 'plain', answer: { message: 'refused' } });
  });
});
