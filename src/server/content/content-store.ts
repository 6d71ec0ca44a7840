/**
 * The content documents as each employer sees them (app.content): an employer's published override is applied on
 * request; the result and its etag are cached per published version (which version is published is read on each
 * request), and so is the result served in each language (its texts in that language put in place from
 * `translations`, docs/design.md Languages).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FieldErrors } from '#contracts/api.ts';
import { DEFAULT_LANGUAGE, type Language } from '#contracts/language.ts';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import { todayUtc } from '#domain/values/dates.ts';
import { firstMessage, translatedDocument, validateForm, type FlowDocument, type FormDocument } from '#engine/runtime/index.ts';
import { withoutPersonalFields } from '#product/index.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import type { CheckOptions, ContentService } from '../ports.ts';
import { applyOverride } from './apply-override.ts';
import type { BaseContent } from './base-content.ts';
import { catalogueText } from './catalogue-messages.ts';

/** A stable tag of a document's content (quoted, as HTTP wants it). */
export function etagOf(document: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(document)).digest('base64url').slice(0, 27)}"`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ContentStore = ContentService & {
  readonly base: BaseContent;
};

/** Cached resolutions at most: the routes are public, so any employer id can be asked for (oldest go first). */
const CACHE_LIMIT = 2000;

/** `version`: the employer's published override version in force, 0 for the base document. */
type Resolved = { document: FormDocument | FlowDocument; etag: string; version: number };

/**
 * A resolved document as served in `language`: that language's texts in place (English: the document's own) and no
 * `translations`. Another language's tag names it, so a tag never matches the same document in another language.
 */
function servedIn({ document, version }: Resolved, language: Language): Resolved {
  const translation = language === DEFAULT_LANGUAGE ? undefined : document.translations?.[language];
  const served = translatedDocument(document, translation);
  return { document: served, etag: etagOf(language === DEFAULT_LANGUAGE ? served : { language, document: served }), version };
}

/** The store of documents; `now` is the clock a form's date rules take today from (a birth date not in the future). */
export function createContentStore(app: Pick<FastifyInstance, 'db' | 'now'>, base: BaseContent): ContentStore {
  // Keyed by the published version's id: a version never changes, so an entry is never stale. Which version is
  // published is read from the database on every request, so a publish on any instance reaches the employer's
  // employees on their next page load. Entries hold the document with its translations (what staff edit).
  const cache = new Map<string, Promise<Resolved>>();
  const baseEntries = new Map<string, Resolved>();
  // The document of an entry as served in each language, kept as long as the entry is.
  const served = new WeakMap<Resolved, Map<Language, Resolved>>();

  const baseResolved = (documentId: string): Resolved => {
    let entry = baseEntries.get(documentId);
    if (!entry) {
      const document = (base.forms.get(documentId) ?? base.flows.get(documentId))!;
      entry = { document, etag: etagOf(document), version: 0 };
      baseEntries.set(documentId, entry);
    }
    return entry;
  };

  const resolveWithTranslations = async (documentId: string, accountId: string | null): Promise<Resolved> => {
    const isBase = base.forms.has(documentId) || base.flows.has(documentId);
    // Without an employer only base documents exist; an employer's own form exists once published.
    if (!isBase && accountId === null) throw notFound(catalogueText('content-no-document', { id: documentId }));
    if (accountId !== null && !UUID.test(accountId)) throw badRequest(catalogueText('content-employer-id-invalid'), { '/accountid': [catalogueText('content-employer-id-invalid')] });
    const publishedId = accountId === null ? undefined : await overrides.findPublishedId(app.db, accountId, documentId);
    if (publishedId === undefined) {
      if (!isBase) throw notFound(catalogueText('content-no-document', { id: documentId }));
      return baseResolved(documentId);
    }
    let entry = cache.get(publishedId);
    if (!entry) {
      entry = (async () => {
        const published = await overrides.findById(app.db, publishedId);
        if (!isBase && !published) throw notFound(catalogueText('content-no-document', { id: documentId }));
        if (!published) return baseResolved(documentId);
        const { document } = applyOverride(base, documentId, published.patch);
        if (isBase || document.kind !== 'form') return { document, etag: etagOf(document), version: published.version };
        // An own form published before today's checks is served without the personal fields they refuse.
        const served = withoutPersonalFields(document, base.personal);
        if (!served) throw notFound(catalogueText('content-no-document', { id: documentId }));
        return { document: served, etag: etagOf(served), version: published.version };
      })();
      cache.set(publishedId, entry);
      if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      // A failed read (the database was away) must not stay cached.
      entry.catch(() => cache.delete(publishedId));
    }
    return entry;
  };

  const resolveDoc = async (documentId: string, accountId: string | null, language: Language): Promise<Resolved> => {
    const entry = await resolveWithTranslations(documentId, accountId);
    let languages = served.get(entry);
    if (!languages) served.set(entry, (languages = new Map()));
    let found = languages.get(language);
    if (!found) languages.set(language, (found = servedIn(entry, language)));
    return found;
  };

  const form = async (documentId: string, accountId: string | null, language: Language): Promise<FormDocument> => {
    const { document } = await resolveDoc(documentId, accountId, language);
    if (document.kind !== 'form') throw new AppError('INTERNAL', 500, `'${documentId}' is not a form.`);
    return document;
  };

  const check = async (documentId: string, accountId: string | null, data: unknown, options: CheckOptions): Promise<FieldErrors> => {
    const document = await form(documentId, accountId, options.language);
    const errors = validateForm(document, data, { today: todayUtc(app.now()), ...options.context }, 'server');
    const prefix = options.pointerPrefix ?? '';
    return Object.fromEntries(Object.entries(errors).map(([pointer, messages]) => [`${prefix}${pointer}`, messages]));
  };

  return {
    base,
    resolve: resolveDoc,
    resolveWithTranslations,
    async versions(accountId) {
      const versions: Record<string, number> = {};
      for (const id of [...base.forms.keys(), ...base.flows.keys()].sort()) versions[id] = 0;
      return { ...versions, ...(await overrides.listPublishedVersions(app.db, accountId)) };
    },
    form,
    check,
    baseForm(documentId) {
      const form = base.forms.get(documentId);
      if (!form) throw new AppError('INTERNAL', 500, `'${documentId}' is not a form.`);
      return form;
    },
    async validate(documentId, accountId, data, options) {
      const errors = await check(documentId, accountId, data, options);
      const first = firstMessage(errors);
      if (first !== null) throw new AppError('VALIDATION_FAILED', 400, first, errors);
    },
  };
}
