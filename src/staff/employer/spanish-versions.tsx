/**
 * The Spanish versions of texts staff write for an employer in English (an additional service's description and
 * options, an ICHRA document's name): which have none, said beside each text and counted for the panel. A text
 * without Spanish reaches employees reading Spanish in English, marked as English for screen readers.
 */
import { CONSOLE_LOCALE } from '#contracts/language.ts';
import { fillPlural } from '#contracts/messages.ts';
import { Text } from '@mantine/core';

export const SPANISH_TEXTS = {
  none: 'No Spanish version',
  noneHelp: 'employees reading Spanish get the English.',
  every: 'Every text has its Spanish version.',
} as const;

/** Whether an employer's text needs a Spanish version it has not got (a blank English text needs none). */
export function lacksSpanish(english: string, spanish: string | null | undefined): boolean {
  return english.trim() !== '' && (spanish ?? '').trim() === '';
}

/** "2 of 5 texts have no Spanish version: employees reading Spanish get the English." */
export function missingSpanishWords(missing: number, total: number): string {
  if (missing === 0) return SPANISH_TEXTS.every;
  const verb = fillPlural({ one: 'has', other: 'have' }, missing, CONSOLE_LOCALE);
  return fillPlural({ one: '{missing} of {count} text {verb} no Spanish version: {help}', other: '{missing} of {count} texts {verb} no Spanish version: {help}' }, total, CONSOLE_LOCALE, {
    missing,
    verb,
    help: SPANISH_TEXTS.noneHelp,
  });
}

/**
 * The badge beside a text without its Spanish version (a span: it sits in a field's description too). Drawn with
 * Text, not Mantine's Badge: the portal's shop uses Badge, and the console using it too made the build put it in a
 * chunk every wizard step loads.
 */
export function NoSpanishBadge() {
  return (
    <Text component="span" size="xs" fw={700} c="dark.8" bg="yellow.1" px={6} py={2} style={{ borderRadius: 4 }}>
      {SPANISH_TEXTS.none}
    </Text>
  );
}

/** The panel's count of its texts without Spanish, announced politely as it changes. */
export function MissingSpanishCount({ missing, total }: { missing: number; total: number }) {
  if (total === 0) return null;
  return (
    <Text size="sm" role="status">
      {missingSpanishWords(missing, total)}
    </Text>
  );
}
