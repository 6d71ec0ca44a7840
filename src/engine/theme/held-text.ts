/**
 * Typed text held in its input while the person types. A key in a text field changes only what the input shows; the
 * form gets the text (rjsf works out the whole form's state again, the screen and the draft follow) once the person
 * pauses for HOLD_MS, and at once, before anything else happens, when anything could read or leave the form: a
 * press or a key that moves focus (a click on Next, Tab), Enter (a submit), a submit, the tab hidden or left, the
 * browser's Back. A key then renders the input alone, however long the form. A field that shows an error hands on
 * each key at once, so the error goes as soon as the text is right. The errors that text handed on by a press brings
 * wait for the press to end (engine/react's after-press), so the click still lands where it was aimed.
 */
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** How long typing must pause before the text reaches the form. */
export const HOLD_MS = 200;

/** The release of each input that holds text the form does not have yet. */
const holders = new Set<() => void>();

/** Hands every held text to its form now, rendering before returning. */
export function releaseHeldText(): void {
  for (const release of [...holders]) release();
}

// Capture listeners run before the page's own (React's and the router's included), so the form holds the text
// before a click, a submit or a navigation reads it.
if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'focusout', 'submit']) document.addEventListener(type, releaseHeldText, true);
  document.addEventListener('keydown', (event) => event.key === 'Enter' && releaseHeldText(), true);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && releaseHeldText(), true);
  window.addEventListener('pagehide', releaseHeldText, true);
  window.addEventListener('popstate', releaseHeldText, true);
}

type Shown = { text: string; given: string };

export type HeldText = {
  /** What the input shows. */
  shown: string;
  /** The input's change: held when `hold` is true, handed on at once otherwise. */
  type: (text: string) => void;
};

/**
 * What a text input shows for the form's `value`, with `report` handing a text to the form. A text is held while
 * `hold` is true; a new value from the form (a reset, a lookup filling the field, a modal's save) replaces what is
 * shown, held or not.
 */
export function useHeldText(value: string, report: (text: string) => void, hold: boolean): HeldText {
  const [state, setState] = useState<Shown>({ text: value, given: value });
  let shown = state;
  if (value !== state.given) {
    shown = { text: value, given: value };
    setState(shown);
  }

  const latest = useRef({ shown, report });
  latest.current = { shown, report };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const release = useRef(() => {
    clearTimeout(timer.current);
    holders.delete(release);
    const { shown: now, report: handOn } = latest.current;
    if (now.text !== now.given) flushSync(() => handOn(now.text));
  }).current;
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      holders.delete(release);
    },
    [release],
  );

  const type = (text: string) => {
    if (!hold) {
      release();
      setState((current) => ({ ...current, text }));
      report(text);
      return;
    }
    setState((current) => ({ ...current, text }));
    latest.current = { ...latest.current, shown: { ...latest.current.shown, text } };
    holders.add(release);
    clearTimeout(timer.current);
    timer.current = setTimeout(release, HOLD_MS);
  };
  return { shown: shown.text, type };
}
