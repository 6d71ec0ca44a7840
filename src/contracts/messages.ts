/** A catalogue text with its {name} marks filled in ('Rates from {year}', { year: 2024 } -> 'Rates from 2024'). */
export function fillMessage(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (mark, name: string) => (name in values ? String(values[name]) : mark));
}
