import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// A complaint's record — its row in `complaints`, its log `complaint_log`, its files' rows
// `complaint_files` — has one writer, core/complaints/complaint-store.ts (ARCHITECTURE.md, "Parts";
// decision 0036): the erasure of a case will be one more method there, and nothing else may
// write what it erases. The sources are scanned, and the lint rule of apps/api/eslint.layers.js
// refuses such SQL in any other file.
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SRC = path.join(REPO, 'apps/api/src');
const OWNER = 'core/complaints/complaint-store.ts';
const WRITE =
  /\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+(?:complaints|complaint_log|complaint_files)\b/gi;

/** `file: statement` for every write to a complaint's record in the API's TypeScript sources. */
function complaintWrites(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, text]) =>
    [...text.matchAll(WRITE)].map((m) => `${file}: ${m[0].replace(/\s+/g, ' ')}`),
  );
}

function sources(): Record<string, string> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  return Object.fromEntries(
    files.map((f) => [f.split(path.sep).join('/'), readFileSync(path.join(SRC, f), 'utf8')]),
  );
}

describe('the complaint store is the one writer of a complaint', () => {
  it('finds no write to complaints, complaint_log or complaint_files outside it', () => {
    const { [OWNER]: owner, ...others } = sources();
    expect(complaintWrites(others)).toEqual([]);
    // The scan sees the writes where they are.
    expect(complaintWrites({ [OWNER]: owner! })).toContain(`${OWNER}: UPDATE complaints`);
  });

  it('the scan catches a forbidden write, on one line or across lines', () => {
    expect(
      complaintWrites({
        'back-office/cases/example.ts':
          "db.query('UPDATE complaints SET status = $2 WHERE id = $1')",
        'portal/example.ts': 'db.query(`INSERT INTO\n  complaint_log (complaint_id) VALUES ($1)`)',
      }),
    ).toEqual([
      'back-office/cases/example.ts: UPDATE complaints',
      'portal/example.ts: INSERT INTO complaint_log',
    ]);
  });

  const eslint = new ESLint({ cwd: REPO });
  async function lint(file: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(SRC, file) });
    return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
  }

  it('lint refuses such SQL outside the store, in a string or a template', async () => {
    for (const code of [
      "export const sql = 'UPDATE complaints SET priority = $2 WHERE id = $1';\n",
      'export const sql = `DELETE FROM complaint_files WHERE id = $1`;\n',
      'export const sql = (t: string) => `INSERT INTO complaint_log (event) VALUES (${t})`;\n',
    ]) {
      expect(await lint('back-office/cases/example.ts', code)).toContainEqual({
        rule: 'no-restricted-syntax',
        message: expect.stringMatching(/core\/complaints\/complaint-store\.ts/),
      });
    }
    // Reading them is anyone's.
    expect(
      await lint(
        'back-office/cases/example.ts',
        "export const sql = 'SELECT 1 FROM complaints WHERE id = $1 FOR NO KEY UPDATE';\n",
      ),
    ).toEqual([]);
  });
});
