/**
 * The employer's ICHRA documents (spec §7 ICHRA documents): real files from the product's storage
 * (src/server/infra/storage.ts), container 'ichra-documents', one folder per employer.
 * - GET /api/media/getdocs?containerName=ichra-documents&folderName=<accountname> (bearer): folderName must be the
 *   caller's employer's account name (else 403); answers the folder's files, each named from its file name (or the
 *   Spanish name staff wrote, for a request in Spanish), with a signed link.
 * - GET /api/media/file/{container}/{accountid}/{filename}?member=&expires=&signature= (no bearer: a link opens in
 *   a new tab, which sends no header): serves the file when the signature (HMAC-SHA256 under a key derived from
 *   TOKEN_SECRET) covers exactly these values, the link has not expired (MEDIA_LINK_SECONDS), and the member it was
 *   issued to still belongs to that employer. Any other link answers 403.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MediaDocument } from '#contracts/entities.ts';
import { employerText } from '#contracts/language.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { ICHRA_DOCUMENTS_CONTAINER } from '#domain/parameters/enrollment.ts';
import type { Config } from '../../config.ts';
import { catalogueText } from '../../content/catalogue-messages.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { bearer, envelope, failures, ok, uuid } from '../../http/route-schemas.ts';
import { sendStoredFile } from '../../http/stored-file.ts';
import { documentName, isSafeSegment, storageIn, type Storage } from '../../infra/storage.ts';

/** How long a document link opens the file: long enough to read the list and click, short enough not to be shared. */
export const MEDIA_LINK_SECONDS = 15 * 60;

const CONTAINERS = [ICHRA_DOCUMENTS_CONTAINER.value] as const;

type LinkParts = { container: string; accountid: string; filename: string; member: string; expires: number };

/** A key only for document links, derived from the token secret so a link signature is never a token's. */
function linkKey(config: Config): Buffer {
  return createHmac('sha256', config.TOKEN_SECRET).update('media-link-v1').digest();
}

function sign(config: Config, parts: LinkParts): string {
  const text = [parts.container, parts.accountid, parts.filename, parts.member, String(parts.expires)].join('\n');
  return createHmac('sha256', linkKey(config)).update(text, 'utf8').digest('base64url');
}

/** The signed link to a stored file for one member, valid MEDIA_LINK_SECONDS from `now`. */
export function signedFileUrl(config: Config, parts: Omit<LinkParts, 'expires'>, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + MEDIA_LINK_SECONDS;
  const signature = sign(config, { ...parts, expires });
  const segments = [parts.container, parts.accountid, parts.filename].map(encodeURIComponent).join('/');
  const query = new URLSearchParams({ member: parts.member, expires: String(expires), signature });
  return `/api/media/file/${segments}?${query.toString()}`;
}

function validSignature(config: Config, parts: LinkParts, given: string): boolean {
  const expected = Buffer.from(sign(config, parts));
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/** A text that is one safe storage name, else a 400 on that field. */
function requireSafe(value: string, field: string): void {
  if (!isSafeSegment(value)) throw badRequest(catalogueText('request-check-field'), { [field]: [catalogueText('request-value-invalid')] });
}

const mediaDocumentSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', description: "In the request's language: the Spanish name staff wrote, else the file name without the extension" },
    namelang: { type: 'string', enum: ['en', 'es'], description: 'The language name is in' },
    filename: { type: 'string' },
    url: { type: 'string', description: `A signed link, valid ${MEDIA_LINK_SECONDS / 60} minutes, that needs no bearer` },
  },
} as const;

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const storage: Storage = storageIn(app.db);

  app.get<{ Querystring: { containerName: string; folderName: string } }>(
    '/api/media/getdocs',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Media'],
        summary: "The caller's employer's documents in a container, with signed links",
        security: bearer,
        querystring: {
          type: 'object',
          required: ['containerName', 'folderName'],
          properties: {
            containerName: { type: 'string', enum: [...CONTAINERS] },
            folderName: { type: 'string', minLength: 1, maxLength: 200, description: "The caller's employer's account name" },
          },
        },
        response: { 200: envelope({ type: 'object', properties: { documents: { type: 'array', items: mediaDocumentSchema } } }), ...failures },
      },
    },
    async (request) => {
      const caller = request.member!;
      const { containerName, folderName } = request.query;
      requireSafe(folderName, 'querystring/folderName');
      const employer = await employers.findById(app.db, caller.accountId);
      if (!employer || employer.accountname !== folderName) throw forbidden();
      const files = await storage.list(containerName, employer.accountid);
      const documents: MediaDocument[] = files.map(({ filename, name_es }) => {
        const name = employerText(documentName(filename), name_es, request.language);
        return {
          name: name.text,
          namelang: name.lang,
          filename,
          url: signedFileUrl(app.config, { container: containerName, accountid: employer.accountid, filename, member: caller.memberId }),
        };
      });
      return ok({ documents });
    },
  );

  app.get<{
    Params: { container: string; accountid: string; filename: string };
    Querystring: { member: string; expires: number; signature: string };
  }>(
    '/api/media/file/:container/:accountid/:filename',
    {
      schema: {
        tags: ['Media'],
        summary: 'A stored document through its signed link (no bearer; the member it was issued to must still belong to the employer)',
        params: {
          type: 'object',
          required: ['container', 'accountid', 'filename'],
          properties: { container: { type: 'string', enum: [...CONTAINERS] }, accountid: uuid, filename: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        querystring: {
          type: 'object',
          required: ['member', 'expires', 'signature'],
          properties: {
            member: uuid,
            expires: { type: 'integer', minimum: 0, maximum: 99_999_999_999 },
            signature: { type: 'string', minLength: 1, maxLength: 100 },
          },
        },
        response: { 200: { description: 'The file (application/pdf)', type: 'string', format: 'binary' }, ...failures },
      },
    },
    async (request, reply) => {
      const { container, accountid, filename } = request.params;
      const { member, expires, signature } = request.query;
      requireSafe(filename, 'params/filename');
      const parts = { container, accountid, filename, member, expires };
      if (!validSignature(app.config, parts, signature)) throw forbidden(catalogueText('document-link-invalid'));
      if (expires < Math.floor(Date.now() / 1000)) throw forbidden(catalogueText('document-link-expired'));
      const holder = await members.findById(app.db, member);
      if (!holder || holder.accountid !== accountid) throw forbidden();
      const bytes = await storage.read(container, accountid, filename);
      if (!bytes) throw notFound(catalogueText('document-gone'));
      return sendStoredFile(reply, filename, bytes);
    },
  );
}
