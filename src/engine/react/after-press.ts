/**
 * Work that would move the page (a field's error appearing or going under it) waits while a pointer is pressed: a
 * press on another field blurs the one left and hands on the text it held (theme/held-text.ts), and an error line
 * shown or removed then would shift the page under the pointer, so the release lands elsewhere and the click is lost.
 * Queued work runs just after the press ends (after its click); without a press it runs at once.
 * A tap on a touch screen ends later than its pointerup: the browser sends the tap's mousedown, the change of focus
 * and the click a little after, in a task of their own, so a tap's press lasts until its click (or TAP_CLICK_MS
 * without one, a long press say).
 */
let pressed = false;
const queued: Array<() => void> = [];

/** How long after a tap's pointerup its click may come. */
export const TAP_CLICK_MS = 300;
let tapTimer: ReturnType<typeof setTimeout> | undefined;

function released(): void {
  pressed = false;
  clearTimeout(tapTimer);
  window.removeEventListener('click', released, true);
  // After the click that follows the release.
  setTimeout(() => {
    for (const work of queued.splice(0)) work();
  }, 0);
}

function pointerUp(event: PointerEvent): void {
  if (event.pointerType !== 'touch') return released();
  window.addEventListener('click', released, true);
  tapTimer = setTimeout(released, TAP_CLICK_MS);
}

// On the window, capturing: the first listeners of a press, so whatever the press itself sets off (held text handed
// on by the document's listener) already sees it.
if (typeof window !== 'undefined') {
  window.addEventListener(
    'pointerdown',
    () => {
      clearTimeout(tapTimer);
      pressed = true;
    },
    true,
  );
  window.addEventListener('pointerup', pointerUp, true);
  window.addEventListener('pointercancel', released, true);
  // A release outside the window is never heard: leaving the window ends the press too.
  window.addEventListener('blur', () => pressed && released());
}

/** Whether a pointer is pressed now. */
export const isPressed = (): boolean => pressed;

export function afterPress(work: () => void): void {
  if (pressed) queued.push(work);
  else work();
}
