import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of apps/api/eslint.layers.js, run through the repository's own ESLint config.
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SRC = path.join(REPO, 'apps/api/src');
const eslint = new ESLint({ cwd: REPO });

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(SRC, file) });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('API layers', () => {
  it('refuses an import from the back-office side into the portal side', async () => {
    const messages = await lint(
      'back-office/cases/example.ts',
      "import { recoveryRoutes } from '../../portal/recovery/routes';\nexport const x = recoveryRoutes;\n",
    );
    expect(messages).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringMatching(/back-office side never imports the portal side/),
    });
  });

  it('refuses an import from the portal side into the back-office side', async () => {
    const messages = await lint(
      'portal/recovery/example.ts',
      "import { caseRoutes } from '../../back-office/cases/routes.js';\nexport const x = caseRoutes;\n",
    );
    expect(messages.map((m) => m.rule)).toContain('import-x/no-restricted-paths');
  });

  it('refuses an import from core into back-office', async () => {
    const messages = await lint(
      'core/complaints/example.ts',
      "import { requireStaff } from '../../back-office/staff/guard';\nexport const x = requireStaff;\n",
    );
    expect(messages).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringMatching(/core\/ is used by both sides/),
    });
  });

  it('refuses an import from the plumbing into core', async () => {
    const messages = await lint(
      'http/example.ts',
      "import { tokenDigest } from '../core/tokens/opaque-token';\nexport const x = tokenDigest;\n",
    );
    expect(messages.map((m) => m.rule)).toContain('import-x/no-restricted-paths');
  });

  it('keeps what only the back office uses out of core/ and the portal', async () => {
    const fromCore = await lint(
      'core/services.ts',
      "import type { StaffSessions } from '../back-office/staff/staff-sessions';\nexport type X = StaffSessions;\n",
    );
    expect(fromCore).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringMatching(/core\/ is used by both sides/),
    });
    const fromPortal = await lint(
      'portal/complaints/example.ts',
      "import { StaffThrottle } from '../../back-office/staff/staff-throttle';\nexport const x = StaffThrottle;\n",
    );
    expect(fromPortal.map((m) => m.rule)).toContain('import-x/no-restricted-paths');
  });

  it('refuses an import of the composition root (maintenance/ included) from below it', async () => {
    const messages = await lint(
      'core/files/example.ts',
      "import { fileKeysStore } from '../../maintenance/file-keys-store';\nexport const x = fileKeysStore;\n",
    );
    expect(messages).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringMatching(/composition root: no layer imports them/),
    });
  });

  it("refuses a side's own services outside that side", async () => {
    const inCore = await lint(
      'core/auth/example.ts',
      "import type { FastifyRequest } from 'fastify';\nexport const x = (r: FastifyRequest) => r.server.backOffice.sessions;\n",
    );
    expect(inCore).toContainEqual({
      rule: 'no-restricted-syntax',
      message: expect.stringMatching(/only back-office\/ reads them/),
    });
    const inBackOffice = await lint(
      'back-office/staff/example.ts',
      "import type { FastifyInstance } from 'fastify';\nexport const x = ({ portal }: FastifyInstance) => portal.sessions;\n",
    );
    expect(inBackOffice).toContainEqual({
      rule: 'no-restricted-syntax',
      message: expect.stringMatching(/only portal\/ reads them/),
    });
    const inPortal = await lint(
      'portal/complaints/example.ts',
      "import type { FastifyInstance } from 'fastify';\nexport const x = (app: FastifyInstance) => [app.portal.sessions, app.services.db];\n",
    );
    expect(inPortal).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // complaints/repository.ts is imported by notify.ts: importing notify back closes a cycle.
    const messages = await lint(
      'core/complaints/repository.ts',
      "import { notifyAssignee } from '../notifications/notify';\nexport const x = notifyAssignee;\n",
    );
    expect(messages.map((m) => m.rule)).toContain('import-x/no-cycle');
  });

  it('lets a use case import core and its own side', async () => {
    const messages = await lint(
      'back-office/cases/example.ts',
      [
        "import { appendAudit } from '../../core/audit/audit-log';",
        "import { casesRepository } from './repository';",
        "import { requireStaff } from '../staff/guard.js';",
        'export const x = [appendAudit, casesRepository, requireStaff];',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });
});
