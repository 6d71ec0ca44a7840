/** jsdom has no matchMedia; Mantine's color scheme and breakpoint hooks read it. A stand-in list that answers `matches`. */
import { vi } from 'vitest';

export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/** Every media query matches, as on a phone 840 px wide or less (undone by vi.unstubAllGlobals). */
export function narrowScreen(): void {
  vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, true));
}
