/**
 * The shapes of the engine's documents. Generic: nothing here knows what the forms are about.
 * Implementations live beside this file; the public surface is ./index.ts.
 */

/** A JSON Logic expression (only operations on the engine's allow-list run). */
export type JsonLogic = unknown;

/** The data of a form as it is edited: its fields by name. */
export type FormData = Record<string, unknown>;

/** A JSON object schema (the draft @rjsf/validator-ajv8 supports: draft-07). */
export type JsonSchema = Record<string, unknown>;

/** Messages keyed by a field's JSON pointer into the form data (`/items/0/date`); '' is the form. */
export type FieldErrors = Record<string, string[]>;

/**
 * A rule says what JSON Schema cannot: `assert` is evaluated over `{ data, context, item?, index? }`; when it is
 * falsy the message `message` (a key of the document's messages) is put on `path`. With `each` the rule runs once
 * per item of the array at that pointer, with `item`, `index` and `number` (index + 1) in scope, and `{number}`
 * in the message is replaced. `phases` limits when a rule runs (default: every phase).
 */
export type FormRule = {
  id: string;
  when?: JsonLogic;
  assert: JsonLogic;
  path: string;
  message: string;
  each?: string;
  phases?: string[];
};

/** A JSON Pointer (RFC 6901): '' is the whole value, '/a/0' key 'a', then item 0. */
export type JsonPointer = string;

/**
 * Where a value of a request comes from (calls.ts resolveSource): a JSON Pointer into the call scope, a value
 * as written, the first of some pointers with a value (less some keys, else a default), or a list mapped
 * item by item with a binding.
 */
export type Source =
  | JsonPointer
  | { value: unknown }
  | { from: JsonPointer | JsonPointer[]; omit?: JsonPointer[]; default?: unknown }
  | { each: JsonPointer; bind: Binding };

/** A request value built field by field: each key is the field's pointer in the result, each value its source. */
export type Binding = { [target: JsonPointer]: Source };

/**
 * An API call a document declares; `{name}` placeholders in path are filled from the call scope (dotted names
 * such as `{user.id}` walk into it, or `params` name their source) and URL-encoded.
 */
export type CallDeclaration = {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** The request body: a binding from the scope (`{ "/person": "/data" }`). */
  body?: Binding;
  /** Named values the path may use, each a source (e.g. a class with a default). */
  params?: Record<string, Source>;
  /** When falsy (JSON Logic over the scope, with `item` for `each`), the call is not made. */
  when?: JsonLogic;
  /** A pointer to a list in the scope: the call is made once per item, with `item` and `index` in scope. */
  each?: JsonPointer;
  /**
   * Request headers by name, each a source giving a plain value (sent as its string), e.g. a key the screen made
   * once so a repeated request is recognised.
   */
  headers?: Record<string, Source>;
  /** A submit call whose failure does not stop the list: it has no answer, and the calls after it still run. */
  optional?: boolean;
};

export type FormDocument = {
  id: string;
  version: number;
  kind: 'form';
  title?: string;
  schema: JsonSchema;
  uiSchema?: Record<string, unknown>;
  rules?: FormRule[];
  /** Texts keyed by message key: every text a person reads comes from here. */
  messages: Record<string, string>;
  /** Which message a failed JSON Schema keyword shows: pointer (items as `/items/*`) -> keyword -> key. */
  errorMessages?: Record<string, Record<string, string>>;
  calls?: { load?: CallDeclaration[]; submit?: CallDeclaration[] };
  /** Named groups of top-level fields a screen may show on their own (see documentPart). */
  parts?: Record<string, FormPart>;
  /** What no override may change (a base document's declaration): JSON pointer -> why (override-surface.ts). */
  locked?: LockedParts;
  /** The texts that state money, law or a person's choice (a base document's declaration; guarded-texts.ts). */
  guarded?: GuardedTexts;
  /** The document's texts in other languages: language -> JSON pointer of a text -> the text (texts.ts). */
  translations?: Translations;
};

/** language (a BCP 47 tag) -> JSON pointer of a text -> the text in that language */
export type Translations = Record<string, Record<string, string>>;

/** The texts of a base document an override keeps the meaning of and a second person approves: JSON pointer -> why. */
export type GuardedTexts = Record<string, string>;

/** The parts of a base document no override may change but for their texts: JSON pointer -> why, as staff read it. */
export type LockedParts = Record<string, string>;

/** A part of a form: its top-level fields, and the messages a screen shows with it (role -> message key). */
export type FormPart = {
  fields: string[];
  messages?: Record<string, string>;
};

/** A step or sub-step of a flow; `when` is JSON Logic over the flow context. */
export type FlowStep = {
  title: string;
  order: number;
  /** The major step this sub-step belongs to; absent on a major step. */
  parent?: string;
  /**
   * On a major step: consecutive major steps naming the same row show their sub-steps as one row of tabs,
   * numbered on across them (a choice made on one major step can be tab I of the next one's row).
   */
  tabRow?: string;
  when?: JsonLogic;
  /** The form document the step shows, if it is a form. */
  form?: string;
  /** JSON Logic over the context: when present and falsy, the step shows no form (only its screen). */
  formWhen?: JsonLogic;
  /** The screen component the step names, for steps that are not forms. */
  screen?: string;
  calls?: { load?: CallDeclaration[]; submit?: CallDeclaration[] };
  /** A JSON Logic expression over the context: when falsy, the step's Next is disabled. */
  canProceed?: JsonLogic;
};

export type FlowDocument = {
  id: string;
  version: number;
  kind: 'flow';
  title?: string;
  /** Steps keyed by id (an object, so a merge patch can change or hide one step). */
  steps: Record<string, FlowStep>;
  /** What no override may change (override-surface.ts). */
  locked?: LockedParts;
  /** The texts that state money, law or a person's choice (guarded-texts.ts). */
  guarded?: GuardedTexts;
  /** The document's texts in other languages (texts.ts). */
  translations?: Translations;
};

export type ResolvedStep = {
  id: string;
  title: string;
  form?: string;
  screen?: string;
  calls?: FlowStep['calls'];
  canProceed: boolean;
  /** On a sub-step: the id of its major step. */
  parent?: string;
  /** The step's own visible sub-steps. */
  substeps: ResolvedStep[];
  /**
   * On a major step: the row of tabs it shows, its own sub-steps joined with those of the consecutive major
   * steps sharing its `tabRow` (each tab's `parent` says which major step it belongs to).
   */
  tabs?: ResolvedStep[];
};

/** A call filled from its declaration and a scope: ready to send. */
export type FilledCall = {
  id: string;
  method: CallDeclaration['method'];
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
};

/** Any document the engine serves. */
export type EngineDocument = FormDocument | FlowDocument;
