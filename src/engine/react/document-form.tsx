/**
 * Renders a form document with rjsf and the engine theme. rjsf's own validation is off: the engine's validateForm
 * (the same rules the server runs) decides the errors, and the document decides their texts. A field shows its
 * errors once it has been touched (blurred), or from the first change it reports when its uiSchema says
 * 'ui:options': { liveErrors: true } (a plain text field reports what is typed when typing pauses, theme/held-text.ts);
 * every field does after a submit. Server field errors (pointer-keyed, as the
 * API answers them) mark the same fields until the field is edited. A refused submit moves focus to the first
 * field in error; so does a refused check of the screen's own (withoutSubmit): each new `focusRequest` value.
 * With `draft`, every change is also kept as the tab's draft (drafts.ts).
 */
import { getAtPointer, rules, setAtPointer, validateForm } from '#engine/runtime/index.ts';
import type { FieldErrors, FormData, FormDocument, JsonSchema } from '#engine/runtime/types.ts';
import { releaseHeldText, themedForm } from '#engine/theme/index.ts';
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { IChangeEvent } from '@rjsf/core';
import { deepEquals, type UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { afterPress, isPressed } from './after-press.ts';
import { nextBusyProps } from './busy.ts';
import { writeDraft, type DraftOptions } from './drafts.ts';
import { useEngine } from './engine-context.tsx';
import { focusFirstError, ID_SEPARATOR, idToPointer, mergeErrors, toErrorSchema } from './form-errors.ts';
import { engineRjsfValidator } from './rjsf-validator.ts';

/**
 * What the form passes to the widgets through rjsf's formContext: the document (its messages), the rule context,
 * setFields, with which a widget fills other fields of the same form (values keyed by their pointer into the form
 * data, e.g. a lookup's answer mapped by the widget's ui:options; the fields count as edited), and valuesAt, the
 * form's values now at such pointers, text still held in an input included (e.g. to leave alone what the person typed
 * while a lookup was on its way).
 */
export type DocumentFormContext = {
  document: FormDocument;
  context: Record<string, unknown>;
  setFields: (values: Record<string, unknown>) => void;
  valuesAt: (pointers: readonly string[]) => Record<string, unknown>;
};

export type DocumentFormProps = {
  document: FormDocument;
  /**
   * The schema shown instead of the document's, for a field whose choices are known only at run time (an enum of
   * the server's dates): the document's own schema and rules still decide what is valid, with the validators
   * compiled ahead for it.
   */
  renderedSchema?: JsonSchema;
  /**
   * The data the form starts from. The form keeps what is typed itself and reports it with onChange; a screen may
   * hand it back (a controlled form) or not, and a different object handed later (a Cancel, a modal's save) replaces it.
   */
  formData: FormData;
  /** The rule context (today, flags, choices) the document's rules read. */
  context: Record<string, unknown>;
  onChange: (data: FormData) => void;
  /** Called with valid data only; invalid data goes to onInvalid. */
  onSubmit: (data: FormData) => void;
  onInvalid?: (errors: FieldErrors, data: FormData) => void;
  /** Errors from the server, keyed by pointers into this form's data. */
  serverErrors?: FieldErrors;
  submitText?: string;
  submitDisabled?: boolean;
  submitLoading?: boolean;
  /** The submit button shows it is busy and unavailable, keeping the focus (a Next within its throttle). */
  submitBusy?: boolean;
  /** Extra actions shown beside the submit button (a Cancel). */
  children?: ReactNode;
  disabled?: boolean;
  /** No submit button of its own: the form is part of a screen whose Next checks it (with showAllErrors). */
  withoutSubmit?: boolean;
  /** Shows every error as after a submit (a screen that checks this form on its own Next sets it). */
  showAllErrors?: boolean;
  /**
   * A screen whose own Next refused this form gives a new value (a counter) each time: focus then moves to the
   * form's first field in error, as after a refused submit.
   */
  focusRequest?: number;
  /**
   * Keeps what is typed as a draft in the tab's sessionStorage (drafts.ts), handed over on every change (and with
   * any data the screen hands in after the start) and written shortly after without the `omit` fields; the screen
   * reads it back with readDraft and clears it with clearDraft once saved.
   */
  draft?: DraftOptions;
};

/** A required yes/no question starts unanswered (rjsf would answer it false), so 'required' can ask for it. */
const UNANSWERED_BOOLEANS = { requiredBooleanDefault: 'skip' } as const;

/** The ui:options only the engine reads (DocumentForm itself), never a widget. */
const ENGINE_UI_OPTIONS = ['liveErrors'];

/** The ui:options a widget is given: without the engine's own, which @rjsf/mantine would spread onto its input. */
function widgetOptions(options: unknown): unknown {
  if (!options || typeof options !== 'object' || Array.isArray(options)) return options;
  return Object.fromEntries(Object.entries(options).filter(([key]) => !ENGINE_UI_OPTIONS.includes(key)));
}

/**
 * The uiSchema rjsf is given: every field whose 'ui:showWhen' (JSON Logic over { data, context }) is falsy turned
 * into a hidden field, so visibility is decided by the document's logic, outside the JSON Schema. The engine's own
 * keys ('ui:showWhen', ui:options liveErrors) are consumed here and not passed on: rjsf hands unknown ui keys to
 * the widgets as options, and @rjsf/mantine's widgets spread those onto DOM elements.
 */
export function visibleUiSchema(uiSchema: unknown, scope: { data: unknown; context: unknown }): UiSchema {
  if (!uiSchema || typeof uiSchema !== 'object' || Array.isArray(uiSchema)) return (uiSchema ?? {}) as UiSchema;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === 'ui:showWhen') continue;
    if (key === 'ui:options') result[key] = widgetOptions(value);
    else result[key] = key.startsWith('ui:') ? value : visibleUiSchema(value, scope);
  }
  const condition = (uiSchema as Record<string, unknown>)['ui:showWhen'];
  if (condition !== undefined && !rules.truthy(rules.apply(condition, scope))) result['ui:widget'] = 'hidden';
  return result as UiSchema;
}

/** The uiSchema of the field at a data pointer (array items under 'items'). */
function uiAt(uiSchema: unknown, pointer: string): Record<string, unknown> {
  let node = uiSchema;
  for (const segment of pointer.split('/').slice(1)) {
    if (!node || typeof node !== 'object') return {};
    const here = node as Record<string, unknown>;
    node = /^\d+$/.test(segment) && here.items !== undefined ? here.items : here[segment];
  }
  return node && typeof node === 'object' ? (node as Record<string, unknown>) : {};
}

/** Whether the document asks for the field's errors while typing (its change phase on every keystroke). */
function hasLiveErrors(uiSchema: unknown, pointer: string): boolean {
  const options = uiAt(uiSchema, pointer)['ui:options'];
  return Boolean(options && typeof options === 'object' && (options as Record<string, unknown>).liveErrors === true);
}

/** The previous value while the new one is deeply equal to it, so its identity changes only with its content. */
function useUnchanged<T>(value: T): T {
  const kept = useRef(value);
  if (kept.current !== value && !deepEquals(kept.current, value)) kept.current = value;
  return kept.current;
}

/**
 * The value as it was when no pointer was pressed: while one is, a new value waits for the press to end (after its
 * click), so errors appearing or going do not move the page under the pointer (after-press.ts).
 */
function useSteadyWhilePressed<T>(value: T): T {
  const [, wake] = useReducer((count: number) => count + 1, 0);
  const steady = useRef(value);
  if (!isPressed()) steady.current = value;
  useEffect(() => {
    if (steady.current !== value) afterPress(wake);
  });
  return steady.current;
}

export function DocumentForm(props: DocumentFormProps) {
  const { document, formData, context, serverErrors } = props;
  const { widgets } = useEngine();
  const Form = useMemo(() => themedForm(widgets), [widgets]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [ownSubmit, setSubmitted] = useState(false);
  const submitted = ownSubmit || Boolean(props.showAllErrors);
  const [editedSinceServer, setEditedSinceServer] = useState<{ source?: FieldErrors; pointers: Set<string> }>({
    pointers: new Set(),
  });

  const idPrefix = document.id;
  // The form keeps what is typed itself, so a screen that only needs the data on its own actions does not render
  // again on each keystroke; a screen that hands it a different formData (a controlled one, a Cancel, a modal's
  // save) sets it.
  const [typed, setTyped] = useState(formData);
  const handed = useRef(formData);
  // Data the screen handed in after the start (a modal's save) is part of the draft, as typed data is.
  const handedDraft = useRef<FormData | null>(null);
  let data = typed;
  if (formData !== handed.current) {
    handed.current = formData;
    if (formData !== typed) {
      data = formData;
      setTyped(formData);
      handedDraft.current = formData;
    }
  }
  useEffect(() => {
    if (handedDraft.current && props.draft) writeDraft(props.draft, handedDraft.current);
    handedDraft.current = null;
  });
  // The newest data, for setFields called after an await (a lookup answering later than the keystroke).
  const latestData = useRef(data);
  latestData.current = data;
  const container = useRef<HTMLDivElement>(null);
  // After a refused submit, focus goes to the first field in error (once the errors are on screen).
  const [refused, setRefused] = useState<{ errors: FieldErrors } | null>(null);
  useEffect(() => {
    if (refused) focusFirstError(container.current, idPrefix, refused.errors);
  }, [refused, idPrefix]);
  const latestCheck = useRef({ document, context });
  latestCheck.current = { document, context };
  useEffect(() => {
    if (!props.focusRequest) return;
    const { document: doc, context: ctx } = latestCheck.current;
    focusFirstError(container.current, idPrefix, validateForm(doc, latestData.current, ctx, 'submit'));
  }, [props.focusRequest, idPrefix]);
  // A new uiSchema object makes rjsf compare every field's part of it again; while typing it rarely changes.
  const uiSchema = useUnchanged(
    useMemo(() => visibleUiSchema(document.uiSchema, { data, context }), [document.uiSchema, data, context]),
  );
  // Before a submit only touched fields are checked, each in its own change phase (the engine then reports only
  // that field's faults and runs the rules meant for typing); after a submit, the whole form as on Next.
  const ownErrors = useMemo(
    () =>
      submitted
        ? validateForm(document, data, context, 'submit')
        : mergeErrors(...[...touched].map((pointer) => validateForm(document, data, context, `change:${pointer}`))),
    [document, data, context, submitted, touched],
  );
  const editedPointers = editedSinceServer.source === serverErrors ? editedSinceServer.pointers : new Set<string>();
  const liveServerErrors = Object.fromEntries(
    Object.entries(serverErrors ?? {}).filter(([pointer]) => !editedPointers.has(pointer)),
  );
  const shown = mergeErrors(ownErrors, liveServerErrors);
  // rjsf re-merges its errors whenever extraErrors changes identity, so it changes only when the content does.
  const shownKey = useSteadyWhilePressed(JSON.stringify(shown));
  const extraErrors = useMemo(() => toErrorSchema(JSON.parse(shownKey) as FieldErrors), [shownKey]);
  const formErrors = useMemo(() => (JSON.parse(shownKey) as FieldErrors)[''] ?? [], [shownKey]);

  // What the form shows under its fields (its own errors, the submit button, the screen's actions) is rendered into
  // a box rjsf is given once, through a portal: a new element as rjsf's children would make it compare its props.
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const footerBox = useMemo(() => <Stack gap="sm" mt="md" ref={setFooter} />, []);
  // rjsf keeps its own copy of the data. Given back what it just reported, it would compare the whole form and work
  // out its state a second time per keystroke, so it keeps the props of the last render (data included) until the
  // screen changes the data otherwise (Cancel, a widget's setFields, a modal's save) or another of its props
  // changes: with any other prop new, it must get the newest data, or it would go back to the data it was given.
  const reported = useRef<FormData | null>(null);
  const rjsfData = useRef(data);
  const otherProps = [document.schema, uiSchema, extraErrors, props.disabled, idPrefix];
  const lastOtherProps = useRef(otherProps);
  if (data !== reported.current || otherProps.some((value, index) => value !== lastOtherProps.current[index])) {
    rjsfData.current = data;
  }
  lastOtherProps.current = otherProps;

  const touchPointer = (pointer: string) => {
    if (pointer !== '') setTouched((current) => (current.has(pointer) ? current : new Set([...current, pointer])));
  };
  // A field left by pressing on another is touched at once; its errors show once the press is over (useSteadyWhilePressed).
  const touch = (id: string) => touchPointer(idToPointer(id, idPrefix));

  const changed = (changedData: FormData) => {
    setTyped(changedData);
    if (props.draft) writeDraft(props.draft, changedData);
    props.onChange(changedData);
  };

  const change = (event: IChangeEvent, id?: string) => {
    reported.current = (event.formData ?? {}) as FormData;
    if (id) {
      const pointer = idToPointer(id, idPrefix);
      const pointers = new Set(editedPointers).add(pointer);
      setEditedSinceServer({ source: serverErrors, pointers });
      if (hasLiveErrors(document.uiSchema, pointer)) touchPointer(pointer);
    }
    changed(reported.current);
  };

  // setFields reads the newest props through a ref, so the formContext keeps one identity while the person types:
  // rjsf compares each field's props deeply before re-rendering it, and an unchanged object is compared at once.
  const latestProps = useRef({ serverErrors, changed });
  latestProps.current = { serverErrors, changed };
  const setFields = useCallback((values: Record<string, unknown>) => {
    const { serverErrors: source, changed } = latestProps.current;
    let filled: unknown = latestData.current;
    for (const [pointer, value] of Object.entries(values)) filled = setAtPointer(filled, pointer, value);
    latestData.current = filled as FormData;
    setEditedSinceServer((current) => {
      const pointers = new Set(current.source === source ? current.pointers : []);
      for (const pointer of Object.keys(values)) pointers.add(pointer);
      return { source, pointers };
    });
    changed(filled as FormData);
  }, []);
  const valuesAt = useCallback((pointers: readonly string[]) => {
    releaseHeldText();
    return Object.fromEntries(pointers.map((pointer) => [pointer, getAtPointer(latestData.current, pointer)]));
  }, []);
  const formContext = useMemo(
    () => ({ document, context, setFields, valuesAt }) satisfies DocumentFormContext,
    [document, context, setFields, valuesAt],
  );

  const submit = (event: IChangeEvent) => {
    const data = (event.formData ?? {}) as FormData;
    setSubmitted(true);
    setEditedSinceServer({ source: serverErrors, pointers: new Set() });
    const errors = validateForm(document, data, context, 'submit');
    if (Object.keys(errors).length > 0) {
      setRefused({ errors });
      props.onInvalid?.(errors, data);
    } else props.onSubmit(data);
  };

  return (
    <div ref={container}>
      <Form
        schema={props.renderedSchema ?? document.schema}
        uiSchema={uiSchema}
        formData={rjsfData.current}
        formContext={formContext}
        validator={engineRjsfValidator}
        idPrefix={idPrefix}
        idSeparator={ID_SEPARATOR}
        noValidate
        noHtml5Validate
        experimental_defaultFormStateBehavior={UNANSWERED_BOOLEANS}
        showErrorList={false}
        extraErrors={extraErrors}
        disabled={props.disabled}
        onChange={change}
        onBlur={touch}
        onSubmit={submit}
      >
        {footerBox}
      </Form>
      {footer &&
        createPortal(
          <>
            {formErrors.map((error) => (
              <Alert key={error} color="red" role="alert">
                {error}
              </Alert>
            ))}
            <Group>
              {!props.withoutSubmit && (
                <Button type="submit" disabled={props.submitDisabled} loading={props.submitLoading} {...nextBusyProps(props.submitBusy === true)}>
                  {props.submitText}
                </Button>
              )}
              {props.children}
            </Group>
          </>,
          footer,
        )}
    </div>
  );
}
