/**
 * Typing that paints in the keystroke's own frame. A text input shows what is typed at once, from its own state,
 * and hands it on to the form in a transition: rjsf re-derives the whole form's state on every change and the
 * screen re-renders with it, work React then does in slices between frames instead of before the next paint.
 * What is still on its way is handed on synchronously (`urgently`) whenever it must be the form's before anything
 * else happens: when the field loses focus (a click on Next or Save), on Enter (a submit) and when the page is left
 * (the tab's draft).
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

let urgentDepth = 0;

/**
 * Runs `report` and every render it causes before returning; while it runs, isUrgent() says so, and DocumentForm
 * hands the form's change to the screen synchronously too.
 */
export function urgently(report: () => void): void {
  urgentDepth += 1;
  try {
    flushSync(report);
  } finally {
    urgentDepth -= 1;
  }
}

/** Whether the change being reported must reach the screen now (see `urgently`). */
export const isUrgent = (): boolean => urgentDepth > 0;

/** The fields (rjsf ids) whose typed text was handed on in a transition and whose change has not reached the form. */
const typedFields = new Set<string>();

/**
 * Hands a change of the field `id` on to the screen: in a transition when it is typed text handed on in one,
 * otherwise (a choice, a date, a lookup's fill, an urgent hand-on) now, so a click right after it reads it.
 */
export function reportChange(id: string | undefined, report: () => void): void {
  const typed = id !== undefined && typedFields.delete(id);
  if (typed && !isUrgent()) startTransition(report);
  else report();
}

/** The inputs holding typed text not yet handed on. */
const unreported = new Set<() => void>();

/** Hands on the text of every input that holds some not yet handed on (before a submit by Enter, say). */
export function flushTyping(): void {
  unreported.forEach((flush) => flush());
}

// The tab's draft must hold what was typed when the page is left (a reload).
if (typeof window !== 'undefined') window.addEventListener('pagehide', flushTyping);

type Typed = {
  /** What the input shows. */
  shown: string;
  /** The value last given by the form. */
  given: string;
  /** The texts handed on that the form has not given back yet, oldest first. */
  pending: string[];
};

export type TypedText = {
  shown: string;
  /** The input's change: shows `text` now, hands it on in a transition. */
  type: (text: string) => void;
  /** Hands on what is shown now, if the form does not hold it yet. */
  flush: () => void;
};

/**
 * The text the input of field `id` shows for the form's `value` ('' for none), with `report` handing a typed text
 * on to the form.
 * A `value` that is one of the texts handed on is the form catching up and changes nothing on screen; any other
 * value (a reset, a lookup filling the field, a saved profile) replaces what is shown.
 */
export function useTypedText(id: string, value: string, report: (text: string) => void): TypedText {
  const [typed, setTyped] = useState<Typed>({ shown: value, given: value, pending: [] });
  let current = typed;
  if (value !== typed.given) {
    const caughtUp = typed.pending.indexOf(value);
    current =
      caughtUp >= 0
        ? { shown: typed.shown, given: value, pending: typed.pending.slice(caughtUp + 1) }
        : { shown: value, given: value, pending: [] };
    setTyped(current);
  }

  const latest = useRef({ current, report });
  latest.current = { current, report };
  const flush = useRef(() => {
    const { current: now, report: handOn } = latest.current;
    if (now.pending.length === 0) return;
    urgently(() => {
      setTyped({ shown: now.shown, given: now.shown, pending: [] });
      handOn(now.shown);
    });
  }).current;

  const hasPending = current.pending.length > 0;
  useEffect(() => {
    if (!hasPending) return;
    unreported.add(flush);
    return () => {
      unreported.delete(flush);
    };
  }, [hasPending, flush]);

  const type = (text: string) => {
    setTyped((state) => ({ ...state, shown: text, pending: [...state.pending, text] }));
    typedFields.add(id);
    startTransition(() => report(text));
  };
  return { shown: current.shown, type, flush };
}
