/**
 * The JSON code editor: CodeMirror 6 with completion, hover and lint from the document's meta-schema
 * (codemirror-json-schema), and the server's errors placed at their lines as lint diagnostics. Controlled: the
 * text comes in as `value` (the form-based edits change it too) and every keystroke goes out through onChange.
 * `notes` (the locked parts, with why) are shown as info at their lines.
 * The server's errors and the notes are kept in the editor's state (mapped through later edits) and given to the
 * lint by a source of their own: every run of the meta-schema linter replaces all diagnostics with what its sources
 * answer, so diagnostics set from outside alone were gone 750 ms after the last keystroke.
 * Built from @codemirror/view, language and lint directly: the `codemirror` package installed (6.65.7) is the
 * legacy CodeMirror 5 published under a 6 version, without the basicSetup of CodeMirror 6.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, foldGutter, syntaxHighlighting } from '@codemirror/language';
import { linter, lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { StateEffect, StateField } from '@codemirror/state';
import { EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { jsonSchema } from 'codemirror-json-schema';
import { useEffect, useRef } from 'react';
import type { LocatedError } from './pointer-lines.ts';

const NO_NOTES: LocatedError[] = [];

/** The diagnostics from outside the editor (the server's errors, the locked parts' notes), set as a whole. */
const setOutside = StateEffect.define<Diagnostic[]>();
const outsideDiagnostics = StateField.define<Diagnostic[]>({
  create: () => [],
  update(value, transaction) {
    for (const effect of transaction.effects) if (effect.is(setOutside)) return effect.value;
    if (!transaction.docChanged) return value;
    return value.map((d) => ({ ...d, from: transaction.changes.mapPos(d.from), to: transaction.changes.mapPos(d.to) }));
  },
});
/** The lint source answering them, so each run of the other linters keeps them; a new set runs the lint again. */
const outsideLint = [
  outsideDiagnostics,
  linter((view) => view.state.field(outsideDiagnostics), {
    needsRefresh: (update) => update.transactions.some((t) => t.effects.some((effect) => effect.is(setOutside))),
  }),
];

/** A JSON Schema as codemirror-json-schema takes it. */
export type EditorSchema = NonNullable<Parameters<typeof jsonSchema>[0]>;

type Props = {
  label: string;
  value: string;
  schema: EditorSchema;
  errors: LocatedError[];
  /** Notes shown at their lines beside the errors (the base document's locked parts, with why). */
  notes?: LocatedError[];
  readOnly?: boolean;
  onChange: (text: string) => void;
};

export function CodeEditor({ label, value, schema, errors, notes = NO_NOTES, readOnly, onChange }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latestChange = useRef(onChange);
  latestChange.current = onChange;
  const initial = useRef(value);
  // The text last given as `value`: the editor showing it is no edit of the person's, so it is not reported back.
  const given = useRef(value);
  given.current = value;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      doc: initial.current,
      extensions: [
        lineNumbers(),
        // Undo and redo, and the usual editing keys; Tab is left to move the focus on (no keyboard trap).
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        foldGutter(),
        bracketMatching(),
        syntaxHighlighting(defaultHighlightStyle),
        lintGutter(),
        jsonSchema(schema),
        outsideLint,
        EditorView.editable.of(!readOnly),
        // tabindex makes the text (read-only too) reachable by Tab and tells axe the scrolling region has a
        // keyboard way in (WCAG 2.1.1).
        EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          const text = update.state.doc.toString();
          if (text !== given.current) latestChange.current(text);
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [schema, label, readOnly]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const length = editor.state.doc.length;
    const diagnostic = (severity: Diagnostic['severity']) => (found: LocatedError): Diagnostic => ({
      from: Math.min(found.from, length),
      to: Math.min(found.to, length),
      severity,
      message: found.message,
      source: found.pointer,
    });
    const outside = [...notes.map(diagnostic('info')), ...errors.map(diagnostic('error'))];
    // Shown at once; kept by the lint source above when the linters run again.
    editor.dispatch({ effects: setOutside.of(outside) });
    editor.dispatch(setDiagnostics(editor.state, outside));
  }, [errors, notes]);

  return <div ref={host} style={{ border: '1px solid var(--mantine-color-gray-4)', maxHeight: '70vh', overflow: 'auto' }} />;
}
