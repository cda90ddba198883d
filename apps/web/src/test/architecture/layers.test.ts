// @vitest-environment node
// ESLint and its resolver read the file system; jsdom is not needed and gets in the way.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../../..');
let eslint: ESLint;

/** The rule ids ESLint reports for `code` as if it were the file at `filePath` (from the repo root). */
async function ruleIds(code: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((m) => m.ruleId);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('web layers (apps/web/eslint.layers.js)', () => {
  it('refuses an import from one feature into another', async () => {
    const code =
      "import { parseComplaintId } from '../follow-up/rules';\nexport const x = parseComplaintId;\n";
    expect(await ruleIds(code, 'apps/web/src/features/home/X.tsx')).toEqual([
      'import-x/no-restricted-paths',
    ]);
  }, 60_000);

  it('lets a feature import its own files, the shared layer and the design system', async () => {
    const code = [
      "import { useLoginForm } from './useLoginForm';",
      "import { paths } from '../../config/paths';",
      "import { useApi } from '../../lib/api/ApiProvider';",
      "import { Button } from '../../components/Button';",
      'export const x = [useLoginForm, paths, useApi, Button];',
      '',
    ].join('\n');
    expect(await ruleIds(code, 'apps/web/src/features/home/X.tsx')).toEqual([]);
  }, 60_000);

  it('lets a route compose two features', async () => {
    const code = [
      "import { FollowUpLogin } from '../features/home/FollowUpLogin';",
      "import { DocumentsSection } from '../features/documents/DocumentsSection';",
      'export const x = [FollowUpLogin, DocumentsSection];',
      '',
    ].join('\n');
    expect(await ruleIds(code, 'apps/web/src/routes/X.tsx')).toEqual([]);
  }, 60_000);

  it('keeps the shared layer off features and the design system off the shared layer', async () => {
    const fromLib =
      "import { paths } from '../../features/home/NewComplaintCard';\nexport const x = paths;\n";
    expect(await ruleIds(fromLib, 'apps/web/src/lib/api/X.ts')).toEqual([
      'import-x/no-restricted-paths',
    ]);
    const fromComponents =
      "import { useBrand } from '../lib/brand/BrandProvider';\nexport const x = useBrand;\n";
    expect(await ruleIds(fromComponents, 'apps/web/src/components/X.tsx')).toEqual([
      'import-x/no-restricted-paths',
    ]);
  }, 60_000);

  it('keeps the test helpers out of the source, and lets tests use them', async () => {
    const code =
      "import { renderPortal } from '../../test/render-portal';\nexport const x = renderPortal;\n";
    expect(await ruleIds(code, 'apps/web/src/features/home/X.tsx')).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await ruleIds(code, 'apps/web/src/features/home/X.test.tsx')).toEqual([]);
  }, 60_000);

  it('keeps the contract and its wire names in the data layer of the back office', async () => {
    const code =
      "import type { StaffUserWire } from '@canal/shared/contract';\nexport type X = StaffUserWire;\n";
    expect(await ruleIds(code, 'apps/web/src/features/back-office/UsersPage.tsx')).toEqual([
      'no-restricted-imports',
    ]);
    expect(await ruleIds(code, 'apps/web/src/features/back-office/case/X.tsx')).toEqual([
      'no-restricted-imports',
    ]);
    expect(await ruleIds(code, 'apps/web/src/features/back-office/api/users.ts')).toEqual([]);
    expect(await ruleIds(code, 'apps/web/src/features/back-office/UsersPage.test.tsx')).toEqual([]);
  }, 60_000);

  it('refuses an import cycle', async () => {
    // client.ts imports http.ts; http.ts importing client.ts back closes a cycle.
    const code = "import { createApiClient } from './client';\nexport const x = createApiClient;\n";
    expect(await ruleIds(code, 'apps/web/src/lib/api/http.ts')).toContain('import-x/no-cycle');
  }, 60_000);
});
