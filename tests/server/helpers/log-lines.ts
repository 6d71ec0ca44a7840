/** A logger stream that keeps what the app logs: each line as written, and the whole text. */
import { Writable } from 'node:stream';

export function logLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream, text: () => lines.join('') };
}
