import { describe, expect, it } from 'vitest';
import { categoryHeading, toRoman } from './roman';

describe('category numbering', () => {
  it('writes Roman numerals', () => {
    expect([1, 2, 3, 4, 5, 9, 10, 14, 40, 49].map(toRoman)).toEqual([
      'I',
      'II',
      'III',
      'IV',
      'V',
      'IX',
      'X',
      'XIV',
      'XL',
      'XLIX',
    ]);
  });

  it('numbers a category and writes its title in upper case', () => {
    expect(categoryHeading(1, 'Ley N° 21.643 (Ley Karin): acoso y violencia en el trabajo')).toBe(
      'I. LEY N° 21.643 (LEY KARIN): ACOSO Y VIOLENCIA EN EL TRABAJO',
    );
    expect(categoryHeading(4, 'Código de ética')).toBe('IV. CÓDIGO DE ÉTICA');
  });
});
