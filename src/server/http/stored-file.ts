/**
 * A stored file answered for the browser to show (inline), to members (their employer's ICHRA documents) and to
 * staff (a document or the logo) with the same headers.
 */
import path from 'node:path';
import type { FastifyReply } from 'fastify';

const CONTENT_TYPES: Record<string, string> = { '.pdf': 'application/pdf', '.jpg': 'image/jpeg', '.txt': 'text/plain; charset=utf-8' };

/**
 * Answers a stored file typed by its name's extension (a PDF's kind was checked by its first bytes when it was
 * stored). The file is shown by the browser's own viewer: the page CSP (scripts, styles of the web app) is not its
 * policy; nosniff and the content type keep it a document.
 */
export function sendStoredFile(reply: FastifyReply, filename: string, bytes: Buffer): FastifyReply {
  reply.removeHeader('content-security-policy');
  return reply
    .header('content-type', CONTENT_TYPES[path.extname(filename).toLowerCase()] ?? 'application/octet-stream')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
