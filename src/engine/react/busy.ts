/**
 * A press answered at most once per `ms` (spec: Next once a second), and the busy state a press within that time
 * shows until the time is over, so the press is seen to be refused rather than lost.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** The props that show a button busy and unavailable while it keeps the keyboard's focus (no `disabled`). */
export function nextBusyProps(busy: boolean) {
  return busy ? ({ 'aria-busy': true, 'aria-disabled': true, 'data-disabled': true } as const) : {};
}

/** `attempt()` is true when the press may go on; false within `ms` of the last one that went on, which sets `busy`. */
export function useThrottle(ms: number): { attempt: () => boolean; busy: boolean } {
  const last = useRef(Number.NEGATIVE_INFINITY);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const attempt = useCallback(() => {
    const now = Date.now();
    const since = now - last.current;
    if (since >= ms) {
      last.current = now;
      return true;
    }
    setBusy(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setBusy(false), ms - since);
    return false;
  }, [ms]);
  return { attempt, busy };
}
