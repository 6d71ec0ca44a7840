/**
 * The benches' side of bench/load-client.ts: one batch of requests run in the forked client, with the CPU time this
 * process (the server's; PostgreSQL's own work is not in it) spent per request meanwhile.
 */
import type { ChildProcess } from 'node:child_process';
import type { FirstAnswer, Figures, LoadAnswer, LoadRequest } from './load-client.ts';

export type Measured = Figures & { serverCpuMicros: number; first?: FirstAnswer };

/** Runs `count` requests with `concurrency` in flight in the load client; rejects with the client's error. */
export function runLoad(client: ChildProcess, request: Omit<LoadRequest, 'count' | 'concurrency'>, count: number, concurrency: number): Promise<Measured> {
  const cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    client.once('message', (answer: LoadAnswer) => {
      if ('error' in answer) return reject(new Error(answer.error));
      const spent = process.cpuUsage(cpu);
      resolve({ ...answer.figures, serverCpuMicros: (spent.user + spent.system) / count, first: answer.first });
    });
    client.send({ ...request, count, concurrency } satisfies LoadRequest);
  });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
