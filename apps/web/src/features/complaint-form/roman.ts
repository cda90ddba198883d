const NUMERALS: readonly [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

/** 1 → "I", 4 → "IV", 14 → "XIV": the numbering of the category headers (SPEC §2). */
export function toRoman(n: number): string {
  let rest = Math.floor(n);
  let text = '';
  for (const [value, numeral] of NUMERALS) {
    while (rest >= value) {
      text += numeral;
      rest -= value;
    }
  }
  return text;
}

/** "I. LEY N° 21.643 …": Roman numeral of the 1-based position, then the title in upper case. */
export function categoryHeading(position: number, title: string): string {
  return `${toRoman(position)}. ${title.toLocaleUpperCase('es-CL')}`;
}
