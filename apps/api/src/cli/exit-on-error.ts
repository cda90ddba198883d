import { ConfigError } from '../config';
import { KeyMismatchError } from '../crypto/key-check';
import { FolderLockedError } from '../db/folder-lock';
import { LiveInstancesError } from '../runtime';

/**
 * Ends a command or the server that could not start: a known refusal (bad setting, another
 * encryption key, a data folder in use, `sweep --all` while instances run) prints its one clear line naming the cause; anything else
 * its stack. Exit code 1 either way.
 */
export function exitOnError(error: unknown): never {
  const known =
    error instanceof ConfigError ||
    error instanceof KeyMismatchError ||
    error instanceof FolderLockedError ||
    error instanceof LiveInstancesError;
  process.stderr.write(
    `${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
}
