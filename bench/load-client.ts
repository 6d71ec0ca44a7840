/**
 * The load generator of bench/quote.bench.ts, in a process of its own (forked, messages over IPC), so the
 * client's work (fetch, reading the answers) is not done on the server's event loop: what the bench compares is
 * what the server spends on each endpoint.
 *
 * Each message runs `count` requests of one endpoint with `concurrency` in flight over loopback (keep-alive) and
 * answers the figures. Every request says `Accept-Encoding: gzip, deflate, br, zstd`, as Chromium does, so an
 * endpoint that compresses is measured as a browser gets it. BENCH_CLIENT picks the client: `http` (the default)
 * sends with node:http and collects the answer's bytes as they arrive, compressed as they came (no inflating), as
 * load generators such as wrk or autocannon do, so the time is to the last byte and the client spends little of
 * the shared CPU; `fetch` uses Node's fetch (undici, web streams), which costs the client more per large answer
 * and inflates a compressed answer by itself. Every answer must be 200. The endpoint's first answer ever is sent
 * back with its Content-Encoding for the bench to check; every later one must be the same bytes (a comparison, no
 * parse, the same for every endpoint). A request with `variants` sends its n-th request with the n-th variant's
 * headers and body (in turn) and, with `idempotencyKeys`, a new Idempotency-Key each: such answers differ by nature
 * (the authorization bench), so only their status is checked.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';

export type LoadVariant = { headers: Record<string, string>; body?: string };
export type LoadRequest = {
  name: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  count: number;
  concurrency: number;
  variants?: LoadVariant[];
  idempotencyKeys?: boolean;
};
export type Figures = { p50: number; p95: number; p99: number; max: number; perSecond: number; load: number };
/**
 * An answer as the client got it: its bytes (base64 over IPC), its Content-Encoding (`identity` when it has none),
 * whether the client inflated the bytes already (fetch does), and how many bytes came over the wire.
 */
export type FirstAnswer = { base64: string; contentEncoding: string; inflated: boolean; wireBytes: number };
export type LoadAnswer = { figures: Figures; first?: FirstAnswer } | { error: string };

/** Chromium's Accept-Encoding, sent with every request. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const expected = new Map<string, Buffer>();

const CLIENT = process.env.BENCH_CLIENT ?? 'http';
if (CLIENT !== 'http' && CLIENT !== 'fetch') throw new Error(`BENCH_CLIENT must be http or fetch, not ${CLIENT}.`);

type Answered = { status: number; answer: Buffer } & Omit<FirstAnswer, 'base64'>;

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function sendHttp(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<Answered> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const request = http.request(url, { method, headers: { ...headers, ...length, 'accept-encoding': ACCEPT_ENCODING }, agent }, (response) => {
      const chunks: Buffer[] = [];
      const contentEncoding = response.headers['content-encoding'] ?? 'identity';
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const answer = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, answer, contentEncoding, inflated: false, wireBytes: answer.length });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function sendFetch(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<Answered> {
  const response = await fetch(url, { method, headers: { ...headers, 'accept-encoding': ACCEPT_ENCODING }, body });
  const answer = Buffer.from(await response.arrayBuffer());
  // fetch inflates the body by itself; the wire's size is the answer's Content-Length.
  const contentEncoding = response.headers.get('content-encoding') ?? 'identity';
  return { status: response.status, answer, contentEncoding, inflated: true, wireBytes: Number(response.headers.get('content-length') ?? answer.length) };
}

const send = CLIENT === 'http' ? sendHttp : sendFetch;

async function run(request: LoadRequest): Promise<{ figures: Figures; first?: FirstAnswer }> {
  const { name, url, method, headers, body, count, concurrency, variants, idempotencyKeys } = request;
  let first: FirstAnswer | undefined;
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const variant = variants?.[next % variants.length];
        next += 1;
        const sentHeaders = { ...headers, ...variant?.headers, ...(idempotencyKeys ? { 'idempotency-key': randomUUID() } : {}) };
        const start = performance.now();
        const { status, answer, ...received } = await send(url, method, sentHeaders, variant ? variant.body : body);
        times.push(performance.now() - start);
        if (status !== 200) throw new Error(`${name}: HTTP ${status}: ${answer.toString('utf8', 0, 300)}`);
        if (variants) continue;
        const same = expected.get(name);
        if (!same) {
          expected.set(name, answer);
          first = { base64: answer.toString('base64'), ...received };
        } else if (!answer.equals(same)) {
          throw new Error(`${name}: an answer differs from the first one`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const figures = {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1)!,
    perSecond: count / seconds,
    load: os.loadavg()[0]!,
  };
  return { figures, first };
}

process.on('message', (request: LoadRequest) => {
  run(request).then(
    (answer) => process.send!(answer satisfies LoadAnswer),
    (error: unknown) => process.send!({ error: String(error instanceof Error ? error.stack : error) } satisfies LoadAnswer),
  );
});
