/**
 * The product as operators run it: `src/server/main.ts` in a child process (node with tsx), on a loopback port
 * of its own (PORT=0, the address read from its "listening on" line; ready after its demo link line), with the environment given and nothing
 * else of the test's. Used by the kill test (tests/server/kill.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export type ChildServer = {
  url: string;
  /** Every line it printed (stdout and stderr). */
  output: string[];
  process: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export async function startServer(env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = await new Promise<string>((resolve, reject) => {
    let pending = '';
    let address = '';
    const read = (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        const found = /listening on (http:\/\/[^\s)]+)/.exec(line);
        if (found) address = found[1]!;
        // main.ts prints the demo link last, once it is ready.
        if (address && line.startsWith('Demo registration link:')) resolve(address);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(({ code, signal }) => reject(new Error(`The server ended before listening (${code ?? signal}):\n${output.join('\n')}`)));
  });
  return { url, output, process: child, exited };
}

/** SIGTERM and wait for the exit. */
export async function stopServer(server: ChildServer): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGTERM');
  return server.exited;
}
