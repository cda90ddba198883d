import { describe, expect, it } from 'vitest';
import { MESSAGES as M } from '../messages';
import { detailCommentSchema } from './detail';
import {
  codeRecoverySchema,
  loginSchema,
  passwordRecoverySchema,
  resetPasswordSchema,
  saveModalSchema,
} from './account';
import { issuesOf } from './test-helpers';

const valid = {
  email: 'persona@empresa.cl',
  repeatEmail: 'persona@empresa.cl',
  password: 'Clave#2024',
  repeatPassword: 'Clave#2024',
};

describe('saveModalSchema', () => {
  it('accepts matching e-mails and passwords', () => {
    expect(issuesOf(saveModalSchema, valid)).toEqual([]);
    expect(issuesOf(saveModalSchema, { ...valid, repeatEmail: ' Persona@Empresa.CL ' })).toEqual(
      [],
    );
  });

  it('puts the mismatch errors on the repeat fields', () => {
    expect(issuesOf(saveModalSchema, { ...valid, repeatEmail: 'otra@empresa.cl' })).toEqual([
      `repeatEmail: ${M.emailsMatch}`,
    ]);
    expect(issuesOf(saveModalSchema, { ...valid, repeatPassword: 'Clave#2025' })).toEqual([
      `repeatPassword: ${M.passwordsMatch}`,
    ]);
  });

  it('shows field errors and mismatches together', () => {
    expect(
      issuesOf(saveModalSchema, {
        email: 'malo',
        repeatEmail: '',
        password: 'abc',
        repeatPassword: '',
      }),
    ).toEqual([
      `email: ${M.email}`,
      `password: ${M.passwordNumber}`,
      `password: ${M.passwordUppercase}`,
      `password: ${M.passwordSpecial}`,
      `password: ${M.passwordMin}`,
      `repeatEmail: ${M.emailsMatch}`,
      `repeatPassword: ${M.passwordsMatch}`,
    ]);
    expect(issuesOf(saveModalSchema, {})).toEqual([`email: ${M.empty}`, `password: ${M.empty}`]);
  });
});

describe('other forms', () => {
  it('login: code and password required, code made of digits', () => {
    expect(issuesOf(loginSchema, { ticket: '', password: '' })).toEqual([
      `ticket: ${M.empty}`,
      `password: ${M.empty}`,
    ]);
    expect(issuesOf(loginSchema, { ticket: '12x', password: 'x' })).toEqual([
      `ticket: ${M.ticketDigits}`,
    ]);
    expect(loginSchema.parse({ ticket: ' 123456789012 ', password: 'x' }).ticket).toBe(
      '123456789012',
    );
  });

  it('code recovery: e-mail required and valid', () => {
    expect(issuesOf(codeRecoverySchema, { email: '' })).toEqual([`email: ${M.empty}`]);
    expect(issuesOf(codeRecoverySchema, { email: 'x@y' })).toEqual([`email: ${M.email}`]);
    expect(issuesOf(codeRecoverySchema, { email: 'x@y.cl' })).toEqual([]);
  });

  it('password recovery: code and e-mail required, e-mail valid', () => {
    expect(issuesOf(passwordRecoverySchema, { codigo: '', email: '' })).toEqual([
      `codigo: ${M.empty}`,
      `email: ${M.empty}`,
    ]);
    expect(issuesOf(passwordRecoverySchema, { codigo: '123', email: 'x@y' })).toEqual([
      `email: ${M.email}`,
    ]);
  });

  it('reset password: rules of the save modal', () => {
    expect(
      issuesOf(resetPasswordSchema, { password: 'Clave#1', repeatPassword: 'Clave#1' }),
    ).toEqual([]);
    expect(issuesOf(resetPasswordSchema, { password: 'Clave1', repeatPassword: 'x' })).toEqual([
      `password: ${M.passwordSpecial}`,
      `repeatPassword: ${M.passwordsMatch}`,
    ]);
  });

  it('detail comment: at most 3500, may be empty', () => {
    expect(issuesOf(detailCommentSchema, { comment: '' })).toEqual([]);
    expect(issuesOf(detailCommentSchema, { comment: 'a'.repeat(3501) })).toEqual([
      `comment: ${M.commentMax}`,
    ]);
  });
});
