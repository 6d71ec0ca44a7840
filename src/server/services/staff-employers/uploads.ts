/**
 * Files staff upload inside a JSON body ({ filename, contentBase64 }): the text must be strict base64, the bytes
 * within the size limit and of the kind the field takes, told by their first bytes (magic numbers), never by the
 * name or a declared type.
 */
import { badRequest } from '../../errors.ts';

export type UploadKind = 'jpeg' | 'pdf';

const MAGIC: Record<UploadKind, { bytes: number[]; label: string }> = {
  jpeg: { bytes: [0xff, 0xd8, 0xff], label: 'a JPEG image' },
  pdf: { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], label: 'a PDF document (%PDF-)' },
};

// One character class and a length check: a grouped pattern would recurse once per group on megabytes of text.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The longest base64 text of `maxBytes` bytes (a route's schema limit). */
export const base64Length = (maxBytes: number) => Math.ceil(maxBytes / 3) * 4;

/** The bytes of an upload, or a 400 on `pointer` naming what is wrong (not base64, too large, another kind). */
export function decodeUpload(contentBase64: string, kind: UploadKind, maxBytes: number, pointer: string): Buffer {
  const text = contentBase64.replace(/\s+/g, '');
  const refuse = (message: string) => badRequest(message, { [pointer]: [message] });
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) throw refuse('The file is not base64 text.');
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > maxBytes) throw refuse(`The file is larger than ${Math.round(maxBytes / 1024)} KB.`);
  const { bytes: magic, label } = MAGIC[kind];
  if (bytes.length < magic.length || magic.some((byte, index) => bytes[index] !== byte)) throw refuse(`The file is not ${label}.`);
  return bytes;
}
