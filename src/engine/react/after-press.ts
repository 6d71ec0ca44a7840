/**
 * Work that would move the page (a field's error appearing or going under it) waits while a pointer is pressed: a
 * press on another field blurs the one left and hands on the text it held (theme/held-text.ts), and an error line
 * shown or removed then would shift the page under the pointer, so the release lands elsewhere and the click is lost.
 * Queued work runs just after the press ends (after its click); without a press it runs at once.
 */
let pressed = false;
const queued: Array<() => void> = [];

function released(): void {
  pressed = false;
  // After the click that follows the release.
  setTimeout(() => {
    for (const work of queued.splice(0)) work();
  }, 0);
}

// On the window, capturing: the first listeners of a press, so whatever the press itself sets off (held text handed
// on by the document's listener) already sees it.
if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => (pressed = true), true);
  window.addEventListener('pointerup', released, true);
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
