import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/** Another live process holds the data folder (PGlite is single-process). */
export class FolderLockedError extends Error {
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(
      `La base de datos embebida (PGlite) de ${file.replace(/\.lock$/, '')} está en uso por el proceso ${pid}: ` +
        'solo un proceso puede abrirla. Detenga el servidor antes de ejecutar admin:create, sweep o migrate, ' +
        'o use PostgreSQL (DATABASE_URL) para varias instancias.',
    );
    this.name = 'FolderLockedError';
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes `file` as an exclusive lock: created with O_EXCL holding this process's pid. A lock whose
 * process is gone (a crash, a SIGKILL) is stale and taken over. Returns the release function.
 */
export function lockFolder(file: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let pid: number;
      try {
        pid = Number(readFileSync(file, 'utf8').trim());
      } catch {
        continue; // released meanwhile: try again
      }
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new FolderLockedError(file, pid);
      rmSync(file, { force: true }); // stale (or half-written by a process that died)
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      rmSync(file, { force: true });
    };
  }
  throw new Error(`No se pudo tomar el bloqueo ${file}`);
}
