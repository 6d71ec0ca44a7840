/**
 * Work that would move the page (a field's error appearing under it when it is left) waits while a pointer is
 * pressed: leaving a field by pressing on another one blurs it on the press, and an error line shown then would shift
 * the page under the pointer, so the release lands elsewhere and the click is lost. Queued work runs just after the
 * press ends (after its click); without a press it runs at once.
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

if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pressed = true), true);
  document.addEventListener('pointerup', released, true);
  document.addEventListener('pointercancel', released, true);
  // A release outside the window is never heard: leaving the window ends the press too.
  window.addEventListener('blur', () => pressed && released());
}

export function afterPress(work: () => void): void {
  if (pressed) queued.push(work);
  else work();
}
