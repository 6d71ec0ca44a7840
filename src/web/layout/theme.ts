/** The portal's Mantine theme. The 840 px breakpoint is the spec's narrow-screen threshold (§9). */
import { createTheme } from '@mantine/core';

/** Narrow (mobile) screens: 840 px wide or less. */
export const NARROW_SCREEN = '(max-width: 840px)';

export const theme = createTheme({
  primaryColor: 'portal',
  primaryShade: 7,
  colors: {
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
});
