import { describe, expect, it } from 'vitest';
import { formatRut, isValidRut, rutCheckDigit } from './rut';

describe('formatRut (SPEC §3 helper)', () => {
  it('removes dots and hyphens and puts a hyphen before the check digit', () => {
    expect(formatRut('11.111.111-1')).toBe('11111111-1');
    expect(formatRut(' 12345678-5 ')).toBe('12345678-5');
    expect(formatRut('123456785')).toBe('12345678-5');
    expect(formatRut('7.654.321-6')).toBe('7654321-6');
    expect(formatRut('10.000.013-k')).toBe('10000013-k');
  });

  it('returns texts shorter than 8 characters as they are (after cleaning)', () => {
    expect(formatRut('1234567')).toBe('1234567');
    expect(formatRut('12.345-6')).toBe('123456');
    expect(formatRut('')).toBe('');
  });
});

describe('rutCheckDigit', () => {
  it.each([
    ['11111111', '1'],
    ['12345678', '5'],
    ['7654321', '6'],
    ['10000004', '0'],
    ['10000013', 'K'],
    ['8888888', 'K'],
    ['76086428', '5'],
  ])('%s → %s', (body, digit) => {
    expect(rutCheckDigit(body)).toBe(digit);
  });
});

describe('isValidRut', () => {
  it.each([
    '11.111.111-1',
    '11111111-1',
    '12345678-5',
    '123456785',
    '7654321-6',
    '7.654.321-6',
    '10000004-0',
    '10000013-K',
    '10000013-k',
    '8.888.888-k',
    '76.086.428-5',
  ])('accepts %s', (rut) => {
    expect(isValidRut(rut)).toBe(true);
  });

  it.each([
    ['wrong check digit', '11.111.111-2'],
    ['wrong check digit', '12345678-K'],
    ['0 instead of K', '10000013-0'],
    ['too short', '123456-0'],
    ['empty', ''],
    ['letters in the body', '1234a678-5'],
    ['not a check digit', '12345678-X'],
    ['body longer than 8 digits', '123456789-2'],
    ['two check digits', '12345678-55'],
  ])('refuses %s (%s)', (_why, rut) => {
    expect(isValidRut(rut)).toBe(false);
  });
});
