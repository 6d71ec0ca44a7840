/**
 * Answers kept as bytes and sent compressed when the client accepts it: the quote's answer (136 KB of JSON at
 * the densest ZIP, about 7 KB in brotli) is kept per rating inputs (routes/enrollment/health-plan-quote.json.ts), so each
 * coding is compressed once, on the first request that asks for it, and kept beside the JSON bytes.
 *
 * The coding is chosen from the request's Accept-Encoding as RFC 9110 §12.5.3 reads it: a coding with q=0 is
 * refused, `*` stands for every coding the header does not name, identity is acceptable unless refused (when
 * neither it nor `*` is named, it weighs as the lightest coding named, as jshttp's negotiator reads it), and the
 * highest weight wins, brotli before gzip before identity on a tie. No header, or nothing acceptable, answers
 * identity (what every client reads). Brotli at quality 5 compresses the 136 KB answer in under a millisecond to
 * a size close to the slow qualities' (bench/RESULTS.md, The quote's answer compressed).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** The codings an answer is sent in, in the order of preference on equal weights. */
const CONTENT_CODINGS = ['br', 'gzip', 'identity'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/** RFC 9110's qvalue: 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The weight the header gives each coding it names (`*` included); a coding with a malformed weight is left out. */
function weightsOf(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((text) => text.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='))?.slice(2).trim() ?? '1';
    if (!QVALUE.test(q)) continue;
    // RFC 9110 §8.4.1.3: x-gzip is gzip.
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number(q));
  }
  return weights;
}

/** The coding to answer in for a request's Accept-Encoding. */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding {
  if (acceptEncoding === undefined) return 'identity';
  const weights = weightsOf(acceptEncoding);
  const any = weights.get('*');
  const lightest = Math.min(1, ...[...weights.values()].filter((weight) => weight > 0));
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? any ?? (coding === 'identity' ? lightest : 0);
  let best: ContentCoding = 'identity';
  let bestWeight = 0;
  for (const coding of CONTENT_CODINGS) {
    const weight = weightOf(coding);
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}

type Compressed = Exclude<ContentCoding, 'identity'>;

/** The bytes compressed in a coding: brotli at a fast quality tuned for text, gzip at zlib's default level. */
export function compress(coding: Compressed, bytes: Buffer): Buffer {
  if (coding === 'gzip') return gzipSync(bytes);
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** An answer's bytes with the compressed copies made so far: each coding is compressed once, when first asked. */
export class EncodedAnswer {
  private readonly compressed = new Map<Compressed, Buffer>();
  constructor(readonly identity: Buffer) {}

  in(coding: ContentCoding): Buffer {
    if (coding === 'identity') return this.identity;
    let bytes = this.compressed.get(coding);
    if (!bytes) this.compressed.set(coding, (bytes = compress(coding, this.identity)));
    return bytes;
  }
}

/**
 * The bytes to send for this request, with Content-Encoding when compressed and always Vary: Accept-Encoding (a
 * cache between must not give one client's coding to another).
 */
export function encodedFor(request: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer): Buffer {
  const coding = codingFor(request.headers['accept-encoding']);
  reply.header('vary', 'Accept-Encoding');
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return answer.in(coding);
}

/** preferredCoding of the few headers browsers send, each read once (bounded: a header is the client's to choose). */
const codingOfHeader = new LRUCache<string, ContentCoding>({ max: 64 });

function codingFor(acceptEncoding: string | undefined): ContentCoding {
  if (acceptEncoding === undefined) return 'identity';
  let coding = codingOfHeader.get(acceptEncoding);
  if (!coding) codingOfHeader.set(acceptEncoding, (coding = preferredCoding(acceptEncoding)));
  return coding;
}
