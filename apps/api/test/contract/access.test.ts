import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CSRF_HEADER, endpoints, type Access } from '@canal/shared/contract';
import { STAFF_ROLES, type StaffRole } from '@canal/shared';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { fileAndLogin, headers } from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';

/**
 * Each route's guards come from its contract entry's access (`route()`), so what the contract
 * declares is what the route checks: every endpoint is called here with exactly what its access
 * lacks, and must be refused, or with what it needs, and must pass the guard.
 */

let t: TestApp;
let endedBearer: string;
const clients = {} as Record<StaffRole, StaffClient>;

beforeAll(async () => {
  t = await buildTestApp();
  const { token } = await fileAndLogin(t.app);
  const out = await t.app.inject({
    method: 'DELETE',
    url: '/v1/denuncias/sesion',
    headers: { ...headers(), authorization: `Bearer ${token}` },
  });
  expect(out.statusCode).toBe(204);
  endedBearer = `Bearer ${token}`;
  for (const role of STAFF_ROLES) clients[role] = await staff(t, { role });
});
afterAll(() => t?.close());

// Every parameter is 1 (the case filed above), but a person's id names nobody: ending "their"
// sessions must not sign out the staff member the next calls are made as.
const url = (path: string) =>
  path.replace('/usuarios/:id/', '/usuarios/999999/').replace(/:(\w+)/g, '1');
const withAccess = (pick: (access: Access) => boolean) => endpoints.filter((e) => pick(e.access));

function callAs(e: (typeof endpoints)[number], extra: Record<string, string>) {
  return t.app.inject({ method: e.method, url: url(e.path), headers: extra });
}

describe('guards follow the contract', () => {
  it('refuses every organisation-bound portal call without x-filial (400)', async () => {
    const bound = withAccess((a) =>
      ['organization', 'human', 'bearer', 'complainant'].includes(a as string),
    );
    expect(bound.length).toBeGreaterThan(15);
    for (const e of bound) {
      const res = await callAs(e, {});
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(400);
      expect(res.json().message, `${e.method} ${e.path}`).toMatch(/filial|organizaci/i);
    }
  });

  it('refuses every complainant call with an ended session (401), sign-out included only as `bearer`', async () => {
    const complainant = withAccess((a) => a === 'complainant');
    expect(complainant.length).toBeGreaterThan(5);
    for (const e of complainant) {
      const res = await callAs(e, { ...headers(), authorization: endedBearer });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
    }
  });

  it('lets a `bearer` call through with an ended session, never without a token', async () => {
    const bearer = withAccess((a) => a === 'bearer');
    expect(bearer.map((e) => `${e.method} ${e.path}`)).toEqual(['DELETE /v1/denuncias/sesion']);
    for (const e of bearer) {
      expect((await callAs(e, headers())).statusCode).toBe(401);
      expect((await callAs(e, { ...headers(), authorization: 'Bearer corto' })).statusCode).toBe(
        401,
      );
      expect((await callAs(e, { ...headers(), authorization: endedBearer })).statusCode).toBe(204);
    }
  });

  it('refuses every back-office call without a session (401)', async () => {
    const staffOnly = withAccess((a) => a === 'staff' || typeof a === 'object');
    expect(staffOnly.length).toBeGreaterThan(40);
    for (const e of staffOnly) {
      const res = await callAs(e, {});
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
    }
  });

  it('lets exactly the declared roles past a role-bound call (others 403)', async () => {
    const byRole = withAccess((a) => typeof a === 'object');
    expect(byRole.length).toBeGreaterThan(10);
    for (const e of byRole) {
      const allowed = (e.access as { roles: readonly StaffRole[] }).roles;
      for (const role of STAFF_ROLES) {
        const client = clients[role];
        const res = await callAs(e, {
          cookie: client.cookie,
          ...(e.method === 'GET' ? {} : { [STAFF_CSRF_HEADER]: client.csrf }),
        });
        const name = `${role}: ${e.method} ${e.path}`;
        if (allowed.includes(role)) expect([401, 403], name).not.toContain(res.statusCode);
        else expect(res.statusCode, name).toBe(403);
      }
    }
  });
});
