/**
 * The wire shapes of the staff console's document editor (/api/staff/content, /api/staff/employers/{accountid}/
 * content...; docs/staff.md). A document is any JSON object here: the server checks an edit against the document
 * it makes (services/staff-employers/document-overrides.ts), not by these schemas. TypeBox
 * (docs/decisions/038-route-schemas-are-their-types.md).
 */
import { Type, type Static } from 'typebox';
import { DOCUMENT_ID_PATTERN } from '../document-id.ts';
import { Nullable, OneOf, Uuid } from '../wire-schema.ts';

/** A form or flow document, or a merge patch of one. */
export const AnyDocumentSchema = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });
const DocumentKind = OneOf('string', ['form', 'flow']);

/** A base document as GET /api/staff/content lists it. */
export const ContentSummarySchema = Type.Object({ id: Type.String(), kind: DocumentKind, title: Type.String() });
/** An employer's document as GET .../content lists it: `own`, a form of the employer's own. */
export const EmployerContentSummarySchema = Type.Object({ ...ContentSummarySchema.properties, own: Type.Boolean() });
export type EmployerContentSummary = Static<typeof EmployerContentSummarySchema>;

export const DocumentParamsSchema = Type.Object({ accountid: Uuid, documentid: Type.String({ pattern: DOCUMENT_ID_PATTERN, maxLength: 100 }) });
export type DocumentParams = Static<typeof DocumentParamsSchema>;

/** A stored version; `etag` changes whenever it is saved (a save's If-Match and a publish name it). */
export const DocumentVersionSchema = Type.Object({
  version: Type.Integer(),
  status: OneOf('string', ['draft', 'published', 'retired']),
  document: AnyDocumentSchema,
  patch: AnyDocumentSchema,
  etag: Type.String({ description: "The version's tag: changes whenever it is saved; publish names it." }),
});
export type DocumentVersion = Static<typeof DocumentVersionSchema>;

/** A guarded text a version changes: where, why it is guarded, in which language, and its words before and after. */
export const GuardedTextChangeSchema = Type.Object({
  pointer: Type.String(),
  why: Type.String(),
  language: Type.String(),
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
});
export type GuardedTextChange = Static<typeof GuardedTextChangeSchema>;

/** The review of a draft's guarded texts, as GET .../content/:documentid answers it (null: no draft). */
export const DraftApprovalSchema = Type.Object(
  {
    guardedTexts: Type.Array(GuardedTextChangeSchema, { description: 'The guarded texts the draft changes from what employees get now (none: it needs no approval).' }),
    savedBy: Nullable(Type.String({ description: 'Who saved the draft last (their e-mail address): they may not approve it.' })),
    savedByYou: Type.Boolean({ description: 'Whether the staff user asking saved it last.' }),
    approvedBy: Nullable(Type.String({ description: 'Who approved the draft as it is now (an approval of an earlier save does not count).' })),
    approvedAt: Nullable(Type.String()),
  },
  { description: "The review of the draft's guarded texts (null: no draft): a draft that changes one is published only once a second staff member approved it as it is." },
);
export type DraftApproval = Static<typeof DraftApprovalSchema>;

/** GET .../content/{documentid}: the base, the published version, the draft and what employees get now. */
export const EmployerContentSchema = Type.Object({
  base: Type.Unsafe<Record<string, unknown> | null>({ ...AnyDocumentSchema, nullable: true, description: "The base document; null for a form of the employer's own." }),
  published: Nullable(DocumentVersionSchema),
  draft: Nullable(DocumentVersionSchema),
  resolved: Type.Unsafe<Record<string, unknown> | null>({
    ...AnyDocumentSchema,
    nullable: true,
    description: "What employees get now; null for a form of the employer's own not published yet.",
  }),
  publishedEtag: Type.String({ description: "The tag of what is published now (the base document's when nothing is): what a rollback names." }),
  approval: Nullable(DraftApprovalSchema),
});
export type EmployerContent = Static<typeof EmployerContentSchema>;

/** PUT .../draft: the whole edited document. */
export const DraftBodySchema = Type.Object({ document: AnyDocumentSchema }, { additionalProperties: false });

/** A publish or a rollback: the version and the tag it was read with. */
export const VersionChoiceSchema = (minimum: number, description: string, etag: string) =>
  Type.Object(
    { version: Type.Integer({ minimum, maximum: 1_000_000, description }), etag: Type.String({ maxLength: 100, description: etag }) },
    { additionalProperties: false },
  );

/** A version number of a document (0: the base document). */
const VersionNumber = Type.Integer({ minimum: 0, maximum: 1_000_000 });

/** A version as GET .../versions lists it, newest first. */
export const VersionRowSchema = Type.Object({
  version: Type.Integer(),
  status: Type.String(),
  createdon: Type.String(),
  publishedon: Nullable(Type.String()),
  staffEmail: Nullable(Type.String()),
  publishedByEmail: Nullable(Type.String()),
  /** The version a roll back copied (0: the base document). */
  copiedFrom: Nullable(Type.Integer()),
});
export type VersionRow = Static<typeof VersionRowSchema>;

export const VersionDiffQuerySchema = Type.Object({ from: VersionNumber, to: VersionNumber }, { additionalProperties: false });
export const DiffLineSchema = Type.Object({ op: OneOf('string', [' ', '+', '-']), text: Type.String() });
export type DiffLine = Static<typeof DiffLineSchema>;
export const VersionDiffSchema = Type.Object({ from: Type.Integer(), to: Type.Integer(), lines: Type.Array(DiffLineSchema) });
export type VersionDiff = Static<typeof VersionDiffSchema>;

export const DocumentPreviewQuerySchema = Type.Object({ version: Type.Optional(VersionNumber) }, { additionalProperties: false });
/** GET .../preview: a version's document with the employer's other documents as employees get them. */
export const DocumentPreviewSchema = Type.Object({
  documentid: Type.String(),
  version: Nullable(Type.Integer()),
  document: AnyDocumentSchema,
  etag: Type.String(),
  employer: Type.Object({ accountid: Uuid, accountname: Type.String(), hsaonly: Type.Integer(), employeazecustomer: Type.Integer() }),
  documents: Type.Unsafe<Record<string, Record<string, unknown>>>({ type: 'object', additionalProperties: AnyDocumentSchema }),
});
export type DocumentPreview = Static<typeof DocumentPreviewSchema>;
