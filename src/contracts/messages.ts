/** A catalogue text with its {name} marks filled in ('Rates from {year}', { year: 2024 } -> 'Rates from 2024'). */
export function fillMessage(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (mark, name: string) => (name in values ? String(values[name]) : mark));
}

/** A text's forms for a count, by the plural category of Intl.PluralRules ('one', 'few', 'other', ...); 'other' always. */
export type PluralTexts = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;

/**
 * The form of `texts` that `count` takes by the plural rules of `locale` (Intl.PluralRules), its {count} and the
 * other marks filled in: ({ one: '{count} plan', other: '{count} plans' }, 1, 'en-US') -> '1 plan'. The catalogue
 * keeps a count's forms as keys ending in the category ('plans-count-one' beside 'plans-count', the other form);
 * a text written in code (the staff console's, English only) names its forms where it is said.
 */
export function fillPlural(texts: PluralTexts, count: number, locale: string, values: Readonly<Record<string, string | number>> = {}): string {
  return fillMessage(texts[new Intl.PluralRules(locale).select(count)] ?? texts.other, { ...values, count });
}
