import type { FolderMigration } from '../storage/migrate-folder';

type OnFile = (key: string, action: 'copied' | 'skipped') => void;

/**
 * Runs a copy of files between stores (`storage:migrate`, `storage:backup`): one line per file, a
 * summary, and on failure the reason and exit code 1 (what was copied stays; run it again).
 */
export async function reportCopy(copy: (onFile: OnFile) => Promise<FolderMigration>) {
  try {
    const result = await copy((key, action) =>
      console.log(`${action === 'copied' ? 'copiado ' : 'ya estaba'} ${key}`),
    );
    console.log(
      `Archivos copiados: ${result.copied} (${result.bytes} bytes); ya presentes: ${result.skipped}.`,
    );
  } catch (error) {
    console.error('La copia se detuvo:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
