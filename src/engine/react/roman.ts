/** Roman numerals for the sub-step tabs (1 -> I, 4 -> IV). */
const NUMERALS: ReadonlyArray<[number, string]> = [
  [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
  [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
];

export function toRoman(value: number): string {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`No Roman numeral for ${value}`);
  let rest = value;
  let text = '';
  for (const [amount, numeral] of NUMERALS) {
    while (rest >= amount) {
      text += numeral;
      rest -= amount;
    }
  }
  return text;
}
