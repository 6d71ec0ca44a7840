/**
 * The theme's text colours meet WCAG 2.1 AA (1.4.3: 4.5:1 for normal text) where Mantine puts text: white on a
 * filled colour (shade 7), a filled colour's text on white and on gray 0 (`c="red"`), a light variant's text
 * (shade 9) on its tint, dimmed and error text on white and on gray 0; close buttons have a name; field errors are
 * alerts.
 */
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '#portal/layout/theme.ts';
import { messages } from '#portal/messages.ts';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** A colour `alpha` of the way from white to `hex` (a light variant's tint over the white page). */
function tint(hex: string, alpha: number): string {
  const mixed = [1, 3, 5].map((i) => Math.round(255 - (255 - parseInt(hex.slice(i, i + 2), 16)) * alpha));
  return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

const WHITE = '#ffffff';
const GRAY_0 = resolved.colors.gray[0];
const shade = (name: string, index: number) => resolved.colors[name]![index]!;
const cssVariable = (name: string) => {
  const value = (cssVariablesResolver(resolved).light as Record<string, string>)[name]!;
  const [, color, index] = /var\(--mantine-color-([a-z]+)-(\d)\)/.exec(value)!;
  return shade(color!, Number(index));
};

describe('theme contrast', () => {
  const filled = typeof resolved.primaryShade === 'number' ? resolved.primaryShade : resolved.primaryShade.light;

  it.each(['portal', 'red', 'teal', 'green', 'yellow', 'orange'])('%s: filled, text and light variants reach 4.5:1', (name) => {
    expect(contrast(WHITE, shade(name, filled))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(GRAY_0, shade(name, filled))).toBeGreaterThanOrEqual(4.5);
    // Mantine's light background: shade 6 at 10% over white.
    expect(contrast(tint(shade(name, 6), 0.1), shade(name, 9))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shade(name, 1), shade(name, 9))).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed and error texts reach 4.5:1 on white and on gray 0', () => {
    for (const variable of ['--mantine-color-dimmed', '--mantine-color-error']) {
      expect(contrast(WHITE, cssVariable(variable))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(GRAY_0, cssVariable(variable))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("names every modal's and drawer's close button and the alerts' close button from the catalogue", () => {
    const props = (component: string) => resolved.components[component]!.defaultProps as Record<string, unknown>;
    expect(props('Modal').closeButtonProps).toEqual({ 'aria-label': messages['close'] });
    expect(props('Drawer').closeButtonProps).toEqual({ 'aria-label': messages['close'] });
    expect(props('Alert').closeButtonLabel).toBe(messages['close']);
  });

  it('makes field error texts alerts (announced when they appear)', () => {
    expect((resolved.components.InputError!.defaultProps as Record<string, unknown>).role).toBe('alert');
  });
});
