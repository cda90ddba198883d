import { describe, expect, it } from 'vitest';
import {
  ROLE_RULES,
  STAFF_NAME_MESSAGES,
  staffInviteSchema,
  staffNameSchema,
  staffUpdateSchema,
} from './staff';

const UNSAFE = [
  'Ana\u0000Pérez',
  'Ana\u0007Pérez',
  'Ana\nPérez',
  'Ana\u007fPérez',
  'Ana\u0085Pérez',
  'Ana \u202eZEREP',
  '\u202aAna Pérez',
  'Ana\u2066 Pérez\u2069',
  'Ana\u200ePérez',
  'Ana\u200fPérez',
];

describe('staff names', () => {
  it('refuse NUL, control characters and bidi marks or overrides, with a Spanish message', () => {
    for (const name of UNSAFE) {
      const parsed = staffNameSchema.safeParse(name);
      expect(parsed.success, JSON.stringify(name)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(STAFF_NAME_MESSAGES.unsafe);
    }
  });

  it('in the invitation and the update alike', () => {
    const invite = staffInviteSchema.safeParse({
      email: 'ana@empresa.cl',
      nombre: 'Ana\u0000',
      rol: 'investigador',
      organizaciones: [],
    });
    expect(invite.success).toBe(false);
    expect(staffUpdateSchema.safeParse({ nombre: '\u202eAna' }).success).toBe(false);
  });

  it('accept names with accents, apostrophes and hyphens, trimmed', () => {
    expect(staffNameSchema.parse('  María-José O’Higgins Ñuñez ')).toBe(
      'María-José O’Higgins Ñuñez',
    );
    expect(staffNameSchema.safeParse('A').success).toBe(false);
  });
});

describe('who works on an organisation (decision 0033)', () => {
  const A = 'a';
  const B = 'b';
  it('is every organisation for an administrator who names none, and only those named otherwise', () => {
    expect(ROLE_RULES.worksOnEveryOrganization('administrador', [])).toBe(true);
    expect(ROLE_RULES.worksOn('administrador', [], B)).toBe(true);
    expect(ROLE_RULES.worksOnEveryOrganization('administrador', [A])).toBe(false);
    expect(ROLE_RULES.worksOn('administrador', [A], A)).toBe(true);
    expect(ROLE_RULES.worksOn('administrador', [A], B)).toBe(false);
    for (const role of ['investigador', 'auditor'] as const) {
      expect(ROLE_RULES.worksOnEveryOrganization(role, [])).toBe(false);
      expect(ROLE_RULES.worksOn(role, [], A)).toBe(false);
      expect(ROLE_RULES.worksOn(role, [A], A)).toBe(true);
    }
  });
});
