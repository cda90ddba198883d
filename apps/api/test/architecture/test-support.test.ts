import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The test-support boundary of eslint.test-support.js (decision 0069), run through the repository's
// own ESLint config: outside apps/api the API is reached through @canal/api/testing and the shared
// helpers through @canal/test-support, and production code imports neither.
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: REPO });

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO, file) });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

const crossesPackage = {
  rule: 'import-x/no-relative-packages',
  message: expect.stringMatching(/Relative import from another package is not allowed/),
};
const testOnly = (name: RegExp) => ({
  rule: 'no-restricted-imports',
  message: expect.stringMatching(name),
});

describe('test-support boundary', () => {
  it("refuses a relative import from the end-to-end suite into the API's source", async () => {
    const messages = await lint(
      'apps/web/e2e/example.e2e.ts',
      "import { loadConfig } from '../../api/src/config';\nexport const x = loadConfig;\n",
    );
    expect(messages).toContainEqual(crossesPackage);
  });

  it("refuses a relative import from the benchmarks into the API's test helpers", async () => {
    const messages = await lint(
      'bench/example.ts',
      "import { startSmtp } from '../apps/api/test/support/smtp';\nexport const x = startSmtp;\n",
    );
    expect(messages).toContainEqual(crossesPackage);
  });

  it("refuses a relative import from the benchmarks into the web app's source", async () => {
    const messages = await lint(
      'bench/example.ts',
      "import { rasterize } from '../apps/web/src/lib/brand/raster-logo';\nexport const x = rasterize;\n",
    );
    expect(messages).toContainEqual(crossesPackage);
  });

  it("refuses a relative import from the shared test helpers into the API's source", async () => {
    const messages = await lint(
      'packages/test-support/src/example.ts',
      "import { buildApp } from '../../../apps/api/src/app';\nexport const x = buildApp;\n",
    );
    expect(messages).toContainEqual(crossesPackage);
  });

  it('lets the end-to-end suite and the benchmarks import the declared entries', async () => {
    const code = [
      "import { loadConfig } from '@canal/api/testing';",
      "import { pdf } from '@canal/test-support/files';",
      "import { detalle } from '@canal/test-support/fixtures';",
      'export const x = [loadConfig, pdf, detalle];',
      '',
    ].join('\n');
    expect(await lint('apps/web/e2e/example.e2e.ts', code)).toEqual([]);
    expect(await lint('bench/example.ts', code)).toEqual([]);
  });

  it('refuses the test helpers and fixtures in production code', async () => {
    const api = await lint(
      'apps/api/src/core/files/example.ts',
      "import { pdf } from '@canal/test-support/files';\nexport const x = pdf;\n",
    );
    expect(api).toContainEqual(testOnly(/production code never imports it/));
    const shared = await lint(
      'packages/shared/src/example.ts',
      "import { detalle } from '@canal/test-support/fixtures';\nexport const x = detalle;\n",
    );
    expect(shared).toContainEqual(testOnly(/production code never imports it/));
    // A back-office screen has a restricted-imports list of its own (the contract): both hold.
    const screen = await lint(
      'apps/web/src/features/back-office/example.tsx',
      "import { detalle } from '@canal/test-support/fixtures';\nexport const x = detalle;\n",
    );
    expect(screen).toContainEqual(testOnly(/production code never imports it/));
  });

  it("refuses the apps' testing entries in production code", async () => {
    const web = await lint(
      'apps/web/src/lib/brand/example.ts',
      "import { loadConfig } from '@canal/api/testing';\nexport const x = loadConfig;\n",
    );
    expect(web).toContainEqual(testOnly(/@canal\/api\/testing is the API's entry for tests/));
    const fromWeb = await lint(
      'apps/web/src/features/home/example.ts',
      "import { rasterize } from '@canal/web/testing';\nexport const x = rasterize;\n",
    );
    expect(fromWeb).toContainEqual(testOnly(/@canal\/web\/testing is the web app's entry/));
    const inApi = await lint(
      'apps/api/src/core/example.ts',
      "import { buildApp } from '../testing';\nexport const x = buildApp;\n",
    );
    expect(inApi).toContainEqual({
      rule: 'import-x/no-restricted-paths',
      message: expect.stringMatching(/composition root: no layer imports them/),
    });
  });

  it('lets a test beside production code import the fixtures', async () => {
    const messages = await lint(
      'packages/shared/src/example.test.ts',
      "import { detalle } from '@canal/test-support/fixtures';\nexport const x = detalle;\n",
    );
    expect(messages).toEqual([]);
  });

  it("keeps test files out of the shared package's exports", () => {
    const { exports } = JSON.parse(
      readFileSync(path.join(REPO, 'packages/shared/package.json'), 'utf8'),
    ) as { exports: Record<string, string> };
    const testFiles = Object.entries(exports).filter(([name, file]) =>
      /test|fixture/i.test(`${name} ${file}`),
    );
    expect(testFiles).toEqual([]);
  });
});
