import { describe, expect, it } from 'vitest';
import { HEAD_OFFICE_ID } from '../organizations';
import { apiDateFromParts, todayInChile } from '../dates';
import { MESSAGES as M } from '../messages';
import {
  EMAIL_PATTERN,
  PASSWORD_SPECIAL_CHARACTERS,
  commentSchema,
  descriptionSchema,
  emailSchema,
  knowledgeSourceSchema,
  loginPasswordSchema,
  nameSchema,
  occurrenceDateSchema,
  optionalNameSchema,
  organizationIdSchema,
  otherPlaceSchema,
  passwordSchema,
  phoneSchema,
  placeSchema,
  requiredCommentSchema,
  rutSchema,
  selectSchema,
  ticketNumberSchema,
  ticketTextSchema,
} from './fields';
import { messagesOf } from './test-helpers';

describe('selectSchema', () => {
  it.each([undefined, null, '', Number.NaN, 'abc'])('empty value %s → select message', (value) => {
    expect(messagesOf(selectSchema, value)).toEqual([M.selectRequired]);
  });

  it('accepts positive ids, also from a native select string', () => {
    expect(selectSchema.parse(5)).toBe(5);
    expect(selectSchema.parse(' 12 ')).toBe(12);
  });

  it.each([0, -1, 1.5, 2_147_483_648])('refuses id %s', (value) => {
    expect(messagesOf(selectSchema, value)).toEqual([M.optionUnknown]);
  });
});

describe('knowledgeSourceSchema and placeSchema', () => {
  it('accepts 1 to 7 only', () => {
    for (let id = 1; id <= 7; id += 1) expect(knowledgeSourceSchema.parse(id)).toBe(id);
    expect(messagesOf(knowledgeSourceSchema, 0)).toEqual([M.optionUnknown]);
    expect(messagesOf(knowledgeSourceSchema, 8)).toEqual([M.optionUnknown]);
    expect(messagesOf(knowledgeSourceSchema, Number.NaN)).toEqual([M.selectRequired]);
  });

  it('accepts a place id or -1', () => {
    expect(placeSchema.parse(-1)).toBe(-1);
    expect(placeSchema.parse('-1')).toBe(-1);
    expect(placeSchema.parse(40)).toBe(40);
    expect(messagesOf(placeSchema, 0)).toEqual([M.optionUnknown]);
    expect(messagesOf(placeSchema, -2)).toEqual([M.optionUnknown]);
    expect(messagesOf(placeSchema, null)).toEqual([M.selectRequired]);
  });
});

describe('occurrenceDateSchema', () => {
  const today = todayInChile();
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  const tomorrowApi = apiDateFromParts({
    day: tomorrow.getUTCDate(),
    month: tomorrow.getUTCMonth() + 1,
    year: tomorrow.getUTCFullYear(),
  });

  it('accepts 01/01/2023, 29/02/2024 and today', () => {
    expect(occurrenceDateSchema.parse('01/01/2023')).toBe('01/01/2023');
    expect(occurrenceDateSchema.parse('29/02/2024')).toBe('29/02/2024');
    expect(occurrenceDateSchema.parse(apiDateFromParts(today))).toBe(apiDateFromParts(today));
  });

  it('refuses 31/12/2022 and tomorrow as out of range', () => {
    expect(messagesOf(occurrenceDateSchema, '31/12/2022')).toEqual([M.dateOutOfRange]);
    expect(messagesOf(occurrenceDateSchema, tomorrowApi)).toEqual([M.dateOutOfRange]);
  });

  it('refuses impossible or badly written dates', () => {
    expect(messagesOf(occurrenceDateSchema, '29/02/2023')).toEqual([M.dateInvalid]);
    expect(messagesOf(occurrenceDateSchema, '2024-01-01')).toEqual([M.dateInvalid]);
  });

  it('asks to choose a date when empty', () => {
    for (const empty of [undefined, null, '']) {
      expect(messagesOf(occurrenceDateSchema, empty)).toEqual([M.selectRequired]);
    }
    expect(messagesOf(occurrenceDateSchema, new Date(Number.NaN))).toEqual([M.selectRequired]);
  });

  it('accepts a date-picker Date', () => {
    expect(occurrenceDateSchema.parse(new Date(2024, 1, 29))).toBe('29/02/2024');
  });
});

describe('rutSchema', () => {
  it('normalises with the formatting helper and upper-cases K', () => {
    expect(rutSchema.parse('11.111.111-1')).toBe('11111111-1');
    expect(rutSchema.parse('10.000.013-k')).toBe('10000013-K');
    expect(rutSchema.parse('76543216')).toBe('7654321-6');
  });

  it('gives the RUT message for a bad RUT and the empty message when empty', () => {
    expect(messagesOf(rutSchema, '12.345.678-9')).toEqual([M.rut]);
    expect(messagesOf(rutSchema, '123456-0')).toEqual([M.rut]);
    expect(messagesOf(rutSchema, '')).toEqual([M.empty]);
    expect(messagesOf(rutSchema, '  ')).toEqual([M.empty]);
    expect(messagesOf(rutSchema, undefined)).toEqual([M.empty]);
  });
});

describe('phoneSchema', () => {
  it('accepts exactly 9 digits', () => {
    expect(phoneSchema.parse(' 912345678 ')).toBe('912345678');
  });

  it('gives the digits message first, then the length', () => {
    expect(messagesOf(phoneSchema, '12a')).toEqual([M.phoneDigits, M.phoneLength]);
    expect(messagesOf(phoneSchema, '+56912345678')).toEqual([M.phoneDigits, M.phoneLength]);
    expect(messagesOf(phoneSchema, '9123 4567')).toEqual([M.phoneDigits]);
    expect(messagesOf(phoneSchema, '12345678')).toEqual([M.phoneLength]);
    expect(messagesOf(phoneSchema, '1234567890')).toEqual([M.phoneLength]);
  });

  it('only says empty when empty', () => {
    expect(messagesOf(phoneSchema, '')).toEqual([M.empty]);
    expect(messagesOf(phoneSchema, undefined)).toEqual([M.empty]);
  });
});

describe('emailSchema', () => {
  it('uses the regex of SPEC §5', () => {
    expect(EMAIL_PATTERN.source).toBe('^[\\w.-]+@[\\w-]+(\\.[\\w-]+)*\\.[A-Za-z]{2,7}$');
  });

  it.each([
    'a@b.cl',
    'nombre.apellido@empresa.com',
    'first-last_1@sub.domain-x.org',
    'x@dominio.museum',
    'x@d.abcdefg',
    'UPPER@EXAMPLE.CL',
  ])('accepts %s', (email) => {
    expect(emailSchema.parse(email)).toBe(email);
  });

  it('trims', () => {
    expect(emailSchema.parse('  a@b.cl ')).toBe('a@b.cl');
  });

  it.each([
    'a@b',
    'a@b.c',
    'a@b.abcdefgh',
    'a b@c.cl',
    'ñandú@c.cl',
    '@c.cl',
    'a@.cl',
    'a@@b.cl',
    'a@b.cl.',
    'a@b.c1',
    'a@b_c..cl',
    'sin-arroba.cl',
    `${'a'.repeat(250)}@b.cl`,
  ])('refuses %s with one message', (email) => {
    expect(messagesOf(emailSchema, email)).toEqual([M.email]);
  });

  it('only says empty when empty', () => {
    expect(messagesOf(emailSchema, '')).toEqual([M.empty]);
    expect(messagesOf(emailSchema, null)).toEqual([M.empty]);
  });
});

describe('passwordSchema', () => {
  it('accepts a password meeting every rule', () => {
    expect(passwordSchema.parse('Abc!12')).toBe('Abc!12');
  });

  it.each([
    ['Abcdef!', M.passwordNumber],
    ['abc!12', M.passwordUppercase],
    ['Abc123', M.passwordSpecial],
    ['A!1', M.passwordMin],
    ['A!1bc', M.passwordMin],
  ])('%s breaks one rule', (password, message) => {
    expect(messagesOf(passwordSchema, password)).toEqual([message]);
  });

  it('lists the broken rules in the order number, uppercase, special, minimum', () => {
    expect(messagesOf(passwordSchema, 'abc')).toEqual([
      M.passwordNumber,
      M.passwordUppercase,
      M.passwordSpecial,
      M.passwordMin,
    ]);
  });

  it('only says empty when empty, and bounds the length', () => {
    expect(messagesOf(passwordSchema, '')).toEqual([M.empty]);
    expect(messagesOf(passwordSchema, `Ab1!${'x'.repeat(200)}`)).toEqual([M.passwordMax]);
  });

  it.each([...PASSWORD_SPECIAL_CHARACTERS])('accepts the special character %s', (c) => {
    expect(messagesOf(passwordSchema, `Abc12${c}`)).toEqual([]);
  });

  it('knows exactly the special characters of SPEC §5', () => {
    expect([...PASSWORD_SPECIAL_CHARACTERS].join(' ')).toBe(
      '! " # $ % & ( ) * , . : < > ? @ ^ { | }',
    );
  });

  it.each(['-', '_', '+', '=', "'", '/', '[', ']', '~', ';', '`', '\\', ' ', '¡'])(
    'does not count %s as special',
    (c) => {
      expect(messagesOf(passwordSchema, `Abc12${c}`)).toEqual([M.passwordSpecial]);
    },
  );

  it('login password is only required', () => {
    expect(loginPasswordSchema.parse('x')).toBe('x');
    expect(messagesOf(loginPasswordSchema, '')).toEqual([M.empty]);
  });
});

describe('texts', () => {
  it('description: required, 10 to 3500', () => {
    expect(messagesOf(descriptionSchema, '')).toEqual([M.empty]);
    expect(messagesOf(descriptionSchema, '    ')).toEqual([M.empty]);
    expect(messagesOf(descriptionSchema, undefined)).toEqual([M.empty]);
    expect(messagesOf(descriptionSchema, 'corto')).toEqual([M.descriptionMin]);
    expect(messagesOf(descriptionSchema, '  123456789  ')).toEqual([M.descriptionMin]);
    expect(descriptionSchema.parse('1234567890')).toBe('1234567890');
    expect(messagesOf(descriptionSchema, 'a'.repeat(3500))).toEqual([]);
    expect(messagesOf(descriptionSchema, 'a'.repeat(3501))).toEqual([M.descriptionMax]);
  });

  it('comment: may be empty, at most 3500', () => {
    expect(commentSchema.parse('')).toBe('');
    expect(messagesOf(commentSchema, 'a'.repeat(3500))).toEqual([]);
    expect(messagesOf(commentSchema, 'a'.repeat(3501))).toEqual([M.commentMax]);
    expect(messagesOf(requiredCommentSchema, '  ')).toEqual([M.commentRequired]);
    expect(messagesOf(requiredCommentSchema, 'a'.repeat(3501))).toEqual([M.commentMax]);
  });

  it('names and other place', () => {
    expect(messagesOf(nameSchema, '')).toEqual([M.empty]);
    expect(nameSchema.parse('  María José ')).toBe('María José');
    expect(messagesOf(nameSchema, 'a'.repeat(101))).toEqual([M.nameMax]);
    expect(optionalNameSchema.parse(null)).toBeUndefined();
    expect(optionalNameSchema.parse('')).toBe('');
    expect(otherPlaceSchema.parse(undefined)).toBeUndefined();
    expect(messagesOf(otherPlaceSchema, 'a'.repeat(201))).toEqual([M.otherPlaceMax]);
  });
});

describe('codes and ids', () => {
  it('ticket typed in a form: required, digits', () => {
    expect(ticketTextSchema.parse(' 123456789012 ')).toBe('123456789012');
    expect(messagesOf(ticketTextSchema, '')).toEqual([M.empty]);
    expect(messagesOf(ticketTextSchema, '12a')).toEqual([M.ticketDigits]);
  });

  it('ticket on the wire: number or string of digits → number', () => {
    expect(ticketNumberSchema.parse(123456789012)).toBe(123456789012);
    expect(ticketNumberSchema.parse('123456789012')).toBe(123456789012);
    expect(messagesOf(ticketNumberSchema, undefined)).toEqual([M.empty]);
    expect(messagesOf(ticketNumberSchema, '')).toEqual([M.empty]);
    for (const bad of ['12a', 1.5, -3, 0, '1e5', 2 ** 60]) {
      expect(messagesOf(ticketNumberSchema, bad)).toEqual([M.ticketDigits]);
    }
  });

  it('organisation id: one of the registry', () => {
    expect(organizationIdSchema.parse(HEAD_OFFICE_ID.toUpperCase())).toBe(HEAD_OFFICE_ID);
    expect(messagesOf(organizationIdSchema, '00000000-0000-0000-0000-000000000000')).toEqual([
      M.organizationInvalid,
    ]);
    expect(messagesOf(organizationIdSchema, 3)).toEqual([M.organizationInvalid]);
  });
});
