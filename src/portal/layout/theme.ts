/**
 * The portal's Mantine theme. The 840 px breakpoint is the spec's narrow-screen threshold (§9).
 *
 * Accessibility (WCAG 2.1 AA, 1.4.3, text contrast of at least 4.5:1): Mantine's default dimmed text (gray 6) and
 * error text (red 6) reach only about 3.3:1 on white; the portal's are gray 7 and red 8. Mantine fills with shade 7
 * (white text on it, and `c="red"` text on white) and writes light variants in shade 9 on a pale tint: the default
 * red, teal, green, yellow and orange are too light there, so the portal's palettes keep their shades 0-6 and darken
 * 7-9 (tests/portal/layout/theme.test.ts checks every ratio). Every close button of a modal, drawer or alert is named
 * from the catalogue (4.1.2); field errors are alerts, announced as they appear (4.1.3); a table's scroll container takes focus, so the keyboard scrolls it (2.1.1).
 */
import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { messages } from '#portal/messages.ts';

/** Narrow (mobile) screens: 840 px wide or less. */
export const NARROW_SCREEN = '(max-width: 840px)';

/**
 * A Button's props for a label that may be longer than its row (a long label, a longer language): the label wraps
 * onto another line instead of being cut, and the button grows to hold it.
 */
export const WRAPPING_LABEL = { h: 'auto', mih: 36, py: 6, styles: { label: { whiteSpace: 'normal', textAlign: 'center' } } } as const;

/** A default palette with its shades 7, 8 and 9 replaced by darker ones. */
function darkened(name: 'red' | 'teal' | 'green' | 'yellow' | 'orange', dark: [string, string, string]): MantineColorsTuple {
  return [...DEFAULT_THEME.colors[name].slice(0, 7), ...dark] as unknown as MantineColorsTuple;
}

/** The palettes whose filled and light variants carry text. */
export const accessibleColors = {
  red: darkened('red', ['#d13636', '#b83030', '#a02828']),
  teal: darkened('teal', ['#09815e', '#087253', '#066046']),
  green: darkened('green', ['#288037', '#237130', '#1d5f28']),
  yellow: darkened('yellow', ['#9a6400', '#885800', '#724a00']),
  orange: darkened('orange', ['#be4f05', '#a74604', '#8d3b03']),
};

// Read when a close button renders, not when the theme is made (before the catalogue is loaded).
const closeButtonProps = {
  get 'aria-label'() {
    return messages['close'];
  },
};

export const theme = createTheme({
  primaryColor: 'portal',
  primaryShade: 7,
  colors: {
    ...accessibleColors,
    portal: [
      '#e8f1fc',
      '#cfe0f6',
      '#a0bfec',
      '#6d9ce2',
      '#447fd9',
      '#2b6cd4',
      '#1c62d3',
      '#1c5fb8',
      '#0f4796',
      '#003d85',
    ],
  },
  fontFamily: 'Inter, "Segoe UI", Helvetica, Arial, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", Helvetica, Arial, sans-serif' },
  defaultRadius: 'md',
  // Plain objects, not Modal.extend(...): importing a component to extend it would put it (and Mantine's overlays,
  // focus trap and scroll area with it) on the landing page, which shows none of them.
  components: {
    Modal: { defaultProps: { closeButtonProps } },
    Drawer: { defaultProps: { closeButtonProps } },
    Alert: {
      defaultProps: {
        get closeButtonLabel() {
          return messages['close'];
        },
      },
    },
    // A field's error text is announced when it appears (4.1.3), wherever Mantine writes it; a field at fault for
    // several reasons shows each on its own line (rjsf joins them with a line break).
    InputError: { defaultProps: { role: 'alert', style: { whiteSpace: 'pre-line' } } },
    // A table wider than the screen scrolls in its container: the keyboard reaches it too (2.1.1).
    TableScrollContainer: { defaultProps: { type: 'native', tabIndex: 0 } },
  },
});

/** Text colours with at least 4.5:1 contrast on the portal's light backgrounds. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
