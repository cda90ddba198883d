import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The size rule of eslint.config.js (issue 23), run through the repository's own ESLint config: a
// production file past 400 lines is refused; tests and the two data tables are not.
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: REPO });

/** A module of `lines` lines, each a statement lint has nothing else to say about. */
const moduleOf = (lines: number) =>
  Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';

async function rules(file: string, lines: number) {
  const [result] = await eslint.lintText(moduleOf(lines), { filePath: path.join(REPO, file) });
  return result!.messages.map((m) => m.ruleId);
}

describe('file size', () => {
  it('refuses a production file of the API, the web app or the shared package past 400 lines', async () => {
    for (const file of [
      'apps/api/src/core/example.ts',
      'apps/web/src/features/home/Example.tsx',
      'packages/shared/src/example.ts',
    ]) {
      expect(await rules(file, 401), file).toContain('max-lines');
      expect(await rules(file, 400), file).not.toContain('max-lines');
    }
  });

  it('lets tests and the data tables be longer', async () => {
    for (const file of [
      'apps/api/test/back-office/example.test.ts',
      'apps/web/src/features/home/Example.test.tsx',
      'apps/web/src/lib/brand/assets.ts',
      'apps/api/src/db/seed/master-data.ts',
    ]) {
      expect(await rules(file, 401), file).not.toContain('max-lines');
    }
  });
});
